/// One frame handed to a sampler's sink. It borrows the sampler's buffers: read it inside the
/// sink (copying what you keep); the sampler reuses the storage for the next frame.
public struct SampledFrame: Sendable {
    /// 0-based frame number.
    public var index: Int
    /// Scene time in seconds (start + index / fps).
    public var time: Double
    /// The tracks known so far; a discovered track keeps its position once it has one, new
    /// ones are appended when an animation on a new (layer, key path) is added.
    public var tracks: [Track]
    /// `values[i]` is the presentation value of `tracks[i]` at `time`.
    public var values: [Value]

    /// Frames come from `SceneSampler`; hosts make their own only to drive writers (benchmarks).
    public init(index: Int, time: Double, tracks: [Track], values: [Value]) {
        self.index = index
        self.time = time
        self.tracks = tracks
        self.values = values
    }
}

/// What a sampling run did, for the host's output header or trailer.
public struct SamplingSummary: Hashable, Sendable {
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
