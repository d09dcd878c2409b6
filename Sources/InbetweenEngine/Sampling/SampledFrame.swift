/// One sampled frame: the time and every track's value. The host's frame loop hands it out
/// sharing its buffers (copy-on-write): read it before asking for the next frame, or keep a
/// copy of what you need.
package struct SampledFrame: Sendable {
    /// 0-based frame number.
    public var index: Int
    /// Scene time in seconds (start + index / fps).
    public var time: Double
    /// The tracks known so far; a discovered track keeps its position once it has one, new
    /// ones are appended when an animation on a new (layer, key path) is added.
    public var tracks: [Track]
    /// `values[i]` is the presentation value of `tracks[i]` at `time`.
    public var values: [Value]
    /// The most numbers a value of this run can hold, as far as the host knows at this frame:
    /// the widest value so far or, while callbacks may still add tracks, at least 16 (a
    /// transform, the widest kind of fixed size). Tabular writers size their columns by it.
    public var widestValue: Int

    /// Frames come from the host's frame loop; hosts make their own only to drive writers
    /// (benchmarks).
    public init(index: Int, time: Double, tracks: [Track], values: [Value], widestValue: Int? = nil) {
        self.index = index
        self.time = time
        self.tracks = tracks
        self.values = values
        self.widestValue = widestValue ?? values.reduce(1) { Swift.max($0, $1.componentCount) }
    }
}

/// What a sampling run did, for the host's output header or trailer.
package struct SamplingSummary: Hashable, Sendable {
    public var frameCount: Int
    /// Time of the first and the last frame written.
    public var startTime: Double
    public var endTime: Double
    /// Every track, in the order frames listed them.
    public var tracks: [Track]
    public var eventCount: Int

    public init(frameCount: Int, startTime: Double, endTime: Double, tracks: [Track], eventCount: Int) {
        self.frameCount = frameCount
        self.startTime = startTime
        self.endTime = endTime
        self.tracks = tracks
        self.eventCount = eventCount
    }
}
