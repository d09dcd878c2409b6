/// One animated property of one layer: a column of sampled values (one JSON track, one group
/// of CSV rows).
public struct Track: Hashable, Sendable, CustomStringConvertible {
    public var layer: String
    /// The animation's key path as written (`position`, `position.x`, `transform.scale`).
    public var keyPath: String

    public init(layer: String, keyPath: String) {
        self.layer = layer
        self.keyPath = keyPath
    }

    public var description: String { "\(layer).\(keyPath)" }
}
