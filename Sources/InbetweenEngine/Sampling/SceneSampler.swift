/// Walks a scene frame by frame: delivers its events to the host, then hands each frame's
/// track values to a sink. Streaming: nothing is kept from one frame to the next but the
/// reused buffers, so a ten-minute run holds as much as a one-second one.
///
/// For each frame time t (see `FrameTimes` for how t is computed):
/// 1. every event with time <= t is popped in time order and given to `onEvent` with
///    `scene.time` set to the event's time; the handler may add or remove animations or set
///    values, and the events that creates are popped in the same loop if they are due;
/// 2. with `scene.time = t`, the presentation value of each track is read and the frame goes
///    to `onFrame`.
public struct SceneSampler: Sendable {
    public enum End: Hashable, Sendable {
        /// Up to and including this scene time (`--to T`).
        case time(Double)
        /// Until the first frame at or after the latest time any animation is still changing,
        /// re-evaluated after each frame's events (handlers chain new animations), and never
        /// past `cap` seconds of scene time, which bounds animations that repeat forever.
        case natural(cap: Double)
    }

    /// A handler that keeps adding animations that stop at once would otherwise never let
    /// the clock move; a frame with this many events is taken to be such a loop.
    public static let maximumEventsPerFrame = 1_000_000

    public let start: Double
    public let fps: Double
    public let end: End
    /// Fixed tracks, or nil to sample every animated (layer, key path) as it appears.
    public let fixedTracks: [Track]?

    public init(start: Double = 0, fps: Double = 60, end: End, tracks: [Track]? = nil) throws {
        try EngineError.requireFinite(start, "start")
        switch end {
        case .time(let t): _ = try FrameTimes(start: start, end: t, fps: fps)
        case .natural(let cap): _ = try FrameTimes(start: start, end: cap, fps: fps)
        }
        self.start = start
        self.fps = fps
        self.end = end
        self.fixedTracks = tracks
    }

    /// Runs the scene from `start` to the end, mutating it as its events are delivered.
    @discardableResult
    public func run(
        _ scene: inout Scene,
        onEvent: (AnimationEvent, inout Scene) throws -> Void,
        onFrame: (SampledFrame) throws -> Void
    ) throws -> SamplingSummary {
        var columns = try TrackColumns(fixed: fixedTracks, scene: scene)
        var eventCount = 0
        var lastIndex = try initialLastIndex()
        var latestEnd = start
        var index = 0
        var time = start
        while index <= lastIndex {
            time = FrameTimes.time(ofFrame: index, start: start, fps: fps)
            if case .time(let t) = end { time = min(time, t) }

            var eventsThisFrame = 0
            while let event = scene.popEvent(upTo: time) {
                eventsThisFrame += 1
                guard eventsThisFrame <= SceneSampler.maximumEventsPerFrame else {
                    throw EngineError(
                        parameter: "events", value: Double(eventsThisFrame),
                        rule: "more than \(SceneSampler.maximumEventsPerFrame) events at t = \(time) s; a handler keeps adding animations that end at once")
                }
                scene.time = event.time
                try onEvent(event, &scene)
            }
            eventCount += eventsThisFrame
            scene.time = time

            if case .natural(let cap) = end {
                latestEnd = max(latestEnd, scene.naturalEnd(cap: cap) ?? start)
                lastIndex = try naturalLastIndex(latestEnd: latestEnd, cap: cap)
            }
            if fixedTracks == nil { columns.discover(in: scene) }
            try columns.sample(scene, at: time)
            try onFrame(SampledFrame(index: index, time: time, tracks: columns.tracks,
                                     values: columns.values))
            index += 1
        }
        return SamplingSummary(frameCount: index, startTime: start, endTime: time,
                               tracks: columns.tracks, eventCount: eventCount)
    }

    private func initialLastIndex() throws -> Int {
        switch end {
        case .time(let t): return try FrameTimes(start: start, end: t, fps: fps).count - 1
        case .natural: return 0
        }
    }

    /// The first frame at or after `latestEnd`, but not past the last frame within `cap`.
    private func naturalLastIndex(latestEnd: Double, cap: Double) throws -> Int {
        let covering = try FrameTimes.index(covering: latestEnd - start, fps: fps, rounding: .up)
        let capped = try FrameTimes.index(covering: cap - start, fps: fps, rounding: .down)
        return min(covering, capped)
    }
}
