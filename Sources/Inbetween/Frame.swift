/// One sampled frame: the time and the presentation value of every animated property.
public struct Frame: Hashable, Sendable {
    /// 0-based frame number.
    public var index: Int
    /// Scene time in seconds.
    public var time: Double
    /// One entry per animated (layer, key path), in the order the tracks appeared; a track
    /// added by a callback joins from the frame its animation starts in.
    public var values: [TrackValue]

    /// The value of `keyPath` on `layer` in this frame, or nil when nothing animates it.
    public func value(layer: String, keyPath: String) -> Value? {
        values.first { $0.layer == layer && $0.keyPath == keyPath }?.value
    }
}

/// The value of one animated property of one layer in a frame.
public struct TrackValue: Hashable, Sendable {
    /// The layer's name.
    public var layer: String
    /// The key path as the animation wrote it (`position`, `transform.scale`).
    public var keyPath: String
    /// The presentation value.
    public var value: Value
}
