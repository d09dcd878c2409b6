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
    /// The value last written at a `transform.*` part, as written. Read back from the matrix,
    /// a rotation comes out in (−π, π] and a scale with rounding noise (0.9999999999999999):
    /// a turn from 0 to 2π would jump from π to −π halfway. The track of an animated part is
    /// what the animation says, as Core Animation's key-path animation is of that value (the
    /// matrix is read back only for a part no animation drives).
    private(set) var animatedPart: Value?

    init(root: Value, accessor: KeyPathAccessor) {
        self.root = root
        self.accessor = accessor
    }

    func value(at path: KeyPathAccessor) throws -> Value? { try animatedPart ?? accessor.read(root) }

    mutating func set(_ value: consuming Value, at path: KeyPathAccessor) throws {
        if accessor.isRoot {
            root = value
            return
        }
        if accessor.animatedPartKey != nil { animatedPart = copy value }
        root = try accessor.write(value, into: root)
    }

    /// The track's value: the part as last animated, or read from the root.
    func trackValue() throws -> Value { try animatedPart ?? accessor.read(root) }
}
