/// Where an animation reads the value beneath it and writes its own. The layer's whole
/// property set (`PropertyValues`) is one; a single root property's value (`RootSlot`) is the
/// other, for a track whose animations touch nothing else: it gives the same values without a
/// dictionary lookup, copy and hash per animation per frame (issue 10, goal 8).
public protocol PropertyStore {
    /// The value at a parsed key path, nil when the property has none.
    func value(at path: KeyPathAccessor) throws -> Value?
    /// Replaces the value at a parsed key path (a part of a root writes into the root).
    mutating func set(_ value: Value, at path: KeyPathAccessor) throws
}

extension PropertyValues: PropertyStore {}

/// One root property's value (`position`, `transform`, `opacity`...) standing in for a layer's
/// property set. Reads and writes go through the same `KeyPathAccessor` as `PropertyValues`, so
/// an animation applied here produces exactly what it produces there, provided every key path
/// used has this root: `TrackColumns` only builds one for such tracks.
struct RootSlot: PropertyStore {
    var root: Value

    func value(at path: KeyPathAccessor) throws -> Value? { try path.read(root) }

    mutating func set(_ value: Value, at path: KeyPathAccessor) throws {
        root = path.isRoot ? value : try path.write(value, into: root)
    }
}
