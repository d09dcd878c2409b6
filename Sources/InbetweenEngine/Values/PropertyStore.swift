/// Where an animation reads the value beneath it and writes its own. The layer's whole
/// property set (`PropertyValues`) is one; a single root property's value (`RootSlot`) is the
/// other, for a track whose animations touch nothing else: it gives the same values without a
/// dictionary lookup, copy and hash per animation per frame (issue 10, goal 8).
package protocol PropertyStore {
    /// The value at a parsed key path, nil when the property has none.
    func value(at path: KeyPathAccessor) throws -> Value?
    /// Replaces the value at a parsed key path (a part of a root writes into the root).
    /// Consuming: the caller's value (most often a fresh interpolation) is moved in, not
    /// copied, on every frame.
    mutating func set(_ value: consuming Value, at path: KeyPathAccessor) throws
}

extension PropertyValues: PropertyStore {}

/// One root property's value (`position`, `transform`, `opacity`...) standing in for a layer's
/// property set, for one key path: `TrackPlan` makes one for a track whose animations all animate
/// exactly that key path, so every read and write here is at `accessor` (the same parsing and
/// the same reads and writes as `PropertyValues`, hence the same values), whatever accessor the
/// animation passes: that one is equal to it, and reading it was one more object fetched from
/// memory per animation per frame in large scenes.
struct RootSlot: PropertyStore {
    var root: Value
    /// The track's key path; the plan that makes the slot keeps it alive.
    unowned(unsafe) let accessor: KeyPathAccessor

    func value(at path: KeyPathAccessor) throws -> Value? { try accessor.read(root) }

    mutating func set(_ value: consuming Value, at path: KeyPathAccessor) throws {
        root = accessor.isRoot ? value : try accessor.write(value, into: root)
    }
}
