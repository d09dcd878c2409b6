/// The values of one layer, addressed by Core Animation key paths. Sub-paths such as
/// `position.x`, `bounds.size.width`, `transform.scale`, `transform.scale.x`,
/// `transform.rotation.z` and `transform.translation` read and write a part of the root value
/// (`transform` key paths decompose the matrix like Core Animation does; see
/// `Transform3D+Decomposition.swift`).
///
/// The root is the key path's first component (every CALayer property name is a single
/// identifier). Reading a root that was never stored gives its CALayer default
/// (`PropertyValues.defaultValue(forKeyPath:)`), so an animation of `opacity` on a fresh layer
/// starts from 1 as it would in Core Animation.
package struct PropertyValues: Hashable, Sendable {
    public var values: [String: Value]
    /// What an animation last wrote at a `transform.*` part, by key path, as written: read
    /// back from the matrix, a rotation comes out in (−π, π] and a scale with rounding noise,
    /// so a turn from 0 to 2π jumped from π to −π halfway. A part an animation drives reads
    /// as its animated value (`RootSlot` does the same for a track computed alone); a part
    /// nothing drives reads from the matrix, as the model layer's `valueForKeyPath:` does
    /// (`Layer.setModelValue` leaves no record). Writing the whole root forgets its parts.
    var animatedParts: [String: Value] = [:]
    public init(_ values: [String: Value] = [:]) { self.values = values }

    /// The value at `keyPath`, or nil when the root is neither stored nor has a default, or
    /// the sub-path does not exist for the root's kind. Setting a sub-path whose root has no
    /// value and no default, or with a value of the wrong kind, does nothing; use
    /// `set(_:forKeyPath:)` to get the error instead. Setting nil on a root removes it.
    public subscript(keyPath: String) -> Value? {
        get { try? value(forKeyPath: keyPath) }
        set {
            if let newValue {
                try? set(newValue, forKeyPath: keyPath)
            } else if !keyPath.contains(".") {
                values[keyPath] = nil
            }
        }
    }

    /// Like the subscript's getter, but a sub-path the root's kind does not have is an error.
    public func value(forKeyPath keyPath: String) throws -> Value? {
        try value(at: KeyPathAccessor(keyPath))
    }

    /// Writes `value` at `keyPath`, recomposing the root when it is a sub-path. Throws when the
    /// sub-path does not exist for the root's kind, when the value's kind does not fit there,
    /// or when a sub-path is written on a root that has neither a value nor a default.
    public mutating func set(_ value: Value, forKeyPath keyPath: String) throws {
        try set(value, at: KeyPathAccessor(keyPath))
    }

    static func split(_ keyPath: String) -> (root: String, rest: [String]) {
        // Most key paths are a bare root (`position`), read and written for every frame: no
        // generic split and no arrays for them.
        // Through the contiguous bytes: the generic `utf8.contains` walked the view a code
        // unit at a time through index checks (2-3% of a batch job).
        let dot = UInt8(ascii: ".")
        let hasDot =
            keyPath.utf8.withContiguousStorageIfAvailable { $0.contains(dot) }
            ?? keyPath.utf8.contains(dot)
        if !hasDot { return (keyPath, []) }
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        return (parts[0], Array(parts.dropFirst()))
    }
}
