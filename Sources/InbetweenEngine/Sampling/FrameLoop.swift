/// What a `FrameLoop` needs of whoever runs the scene's handlers (the Lua runtime, or a test's
/// Swift handlers): the scene itself, kept by the host because the handlers change it, and the
/// host's own checks. Called per event and per run of frames, and `setTime` per frame.
package protocol FrameLoopHost: AnyObject {
    /// The scene as it is now (read once per run of frames).
    var scene: Scene { get }
    /// Sets the scene's clock (`Scene.time`).
    func setTime(_ time: Double)
    /// Takes the next event due by `time` from the scene's queue (`Scene.popEvent(upTo:)`).
    func popEvent(upTo time: Double) -> AnimationEvent?
    /// The time of the scene's next event (`Scene.nextEventTime()`).
    func nextEventTime() -> Double?
    /// Runs the handlers an event is for, on the host's scene, at the event's time.
    func deliver(_ event: AnimationEvent) throws
    /// After the handlers of a frame's events: throws what they raised or a limit that fired.
    func checkAfterEvents() throws
    /// Asked while frames are computed ahead: true when the value just computed must not be
    /// used (an easing failed, a limit fired); the host keeps the reason.
    func samplingFailed() -> Bool
    /// The error of the frame at `time`, whose computation `samplingFailed` stopped.
    func samplingError(at time: Double) -> Error
    /// Whether handlers that have yet to run may add tracks once sampling has started.
    var mayAddTracks: Bool { get }
    /// More frames than `maxFrames`; `frames`: how many the request asks for, when known.
    func frameLimitError(_ maxFrames: Int, frames: Int?) -> Error
}

/// The frame loop of Inbetween: the one place that decides which frames a run has and what
/// each one holds. The Lua layer's `FrameStream` wraps it (with Lua's handlers and limits),
/// and so do the engine's tests (with Swift handlers).
///
/// For each frame time t (see `FrameClock`):
/// 1. every event due by t is taken from the scene's queue in time order (equal times in the
///    order scheduled) and delivered to the host, at the event's time; what its handlers add
///    or change is part of the same frame if it is due;
/// 2. the tracks are sampled at t (a track appears from the frame its first animation is
///    added in and keeps its position). Up to `framesAhead` frames before the next event are
///    sampled together, track by track (the scene cannot change between events), with the
///    values each would get alone;
/// 3. before the frame is handed out: the host's checks, an error raised while sampling it,
///    and every value being finite, so a failing frame never reaches an output, and every
///    frame before it does.
package final class FrameLoop {
    /// The frame times and where the run ends.
    package let clock: FrameClock
    /// How many frames the run makes, when known before it starts (a fixed end).
    package let total: Int?
    /// The tracks so far, in output order.
    package var tracks: [Track] { columns.tracks }
    /// What the run did so far (complete once `next()` returned nil).
    package var summary: SamplingSummary {
        SamplingSummary(
            frameCount: index, startTime: clock.start, endTime: lastTime, tracks: columns.tracks,
            eventCount: eventCount)
    }
    /// The natural end was cut at the clock's cap (an animation that never ends).
    package private(set) var cutByCap = false

    /// Held strongly: the host is the loop's own (the Lua wrapper keeps the runtime, not it).
    private let host: FrameLoopHost
    // Unchecked (columns, index, lastIndex, lastTime, ahead): read and written on every frame
    // on the loop's one thread, and never reached by the handlers a frame runs; their
    // run-time exclusivity checks cost a small batch job more than the rest of `advance`.
    @exclusivity(unchecked) private var columns: TrackColumns
    private let maxFrames: Int
    @exclusivity(unchecked) private var index = 0
    @exclusivity(unchecked) private var lastIndex: Int
    @exclusivity(unchecked) private var lastTime: Double
    private var eventCount = 0
    private var seenChanges = -1
    private var naturalEnds = NaturalEndTracker()
    /// Fixed once the first frame is out (see `SampledFrame.widestValue`).
    private var widest = 1
    /// Tracks are discovered as they appear (not fixed by the request).
    private let discovers: Bool
    /// Where the script's own run starts (its `from`), for a window that starts later.
    private let scriptStart: Double

    /// - Parameters:
    ///   - tracks: fixed tracks; nil discovers them as the run goes.
    ///   - keyPathsOfEveryLayer: these key paths of every layer instead (`plot`).
    ///   - maxFrames: the most frames the run may make (0: no limit).
    ///   - scriptStart: the start of the script's own run, when a window (`clock.start`) starts
    ///     later: the frames before it are walked for their events and tracks.
    package init(
        host: FrameLoopHost, clock: FrameClock, tracks: [Track]? = nil, keyPathsOfEveryLayer: [String]? = nil,
        maxFrames: Int = 0, scriptStart: Double = 0
    ) throws {
        self.host = host
        self.clock = clock
        self.maxFrames = maxFrames
        self.scriptStart = scriptStart
        total = clock.frameCount
        discovers = tracks == nil && keyPathsOfEveryLayer == nil
        lastIndex = (total ?? 1) - 1
        lastTime = clock.start
        if let keyPathsOfEveryLayer {
            columns = try TrackColumns(keyPathsOfEveryLayer: keyPathsOfEveryLayer, scene: host.scene)
        } else {
            columns = try TrackColumns(fixed: tracks, scene: host.scene)
        }
        if let total, maxFrames > 0, total > maxFrames {
            throw host.frameLimitError(maxFrames, frames: total)
        }
    }

    /// The rows of values an earlier loop left (`TrackColumns.adoptRows`), and this one's for
    /// the next (`TrackColumns.takeRows`).
    package func adoptRows(_ rows: [[Value]]) { columns.adoptRows(rows) }
    package func takeRows() -> [[Value]] { columns.takeRows() }

    /// The next frame, or nil after the last one. After an error the loop must not be asked
    /// again.
    package func next() throws -> SampledFrame? {
        guard index <= lastIndex else { return nil }
        if ahead.isEmpty { try sampleAhead() }
        let k = ahead.taken
        ahead.taken += 1
        let time = ahead.times[k]
        if k == ahead.good {
            // An easing failed or a limit fired while this frame was computed.
            throw host.samplingError(at: time)
        }
        host.setTime(time)
        let values = columns.frames[k]
        try checkFinite(values, at: time)
        if index == 0 {
            widest = values.reduce(1) { max($0, $1.componentCount) }
            if discovers, host.mayAddTracks { widest = max(widest, 16) }
        }
        let frame = SampledFrame(
            index: index, time: time, tracks: columns.tracks, values: values, widestValue: widest)
        lastTime = time
        index += 1
        return frame
    }

    /// Frames computed ahead, up to the next event (`TrackColumns.sample(_:at:failed:)`).
    private struct Ahead {
        var times: [Double] = []
        /// How many of `times` have every value; the frame at `good` (if any) failed.
        var good = 0
        /// How many frames have been handed out.
        var taken = 0
        var isEmpty: Bool { taken >= times.count }
    }
    @exclusivity(unchecked) private var ahead = Ahead()

    /// How many frames are computed together at most: enough that a track's state, fetched
    /// once for all of them, costs little per frame; few enough that their values (40 bytes a
    /// track each) stay in the cache until written. That is about `valuesAhead` values: 8
    /// frames from 64 tracks up, and up to 64 frames for a scene of one track. Each run of
    /// frames also costs its own work whatever its length (the events due, the tracks'
    /// discovery and plans, the rows made to fit: 4-5K instructions), and with 8 frames a
    /// run, a small batch job (one track, 60 frames) spent 9 runs on its 60 frames, 6% of
    /// the job; now 2.
    package static func framesAhead(tracks: Int) -> Int {
        min(mostFramesAhead, max(fewestFramesAhead, valuesAhead / max(1, tracks)))
    }
    package static let fewestFramesAhead = 8
    package static let mostFramesAhead = 64
    package static let valuesAhead = 512

    /// Delivers the events due by the next frame's time, then computes that frame and the
    /// following ones up to the next event, the last frame or `framesAhead` frames.
    private func sampleAhead() throws {
        let time = clock.time(ofFrame: index)

        if index == 0 { try replayBeforeStart() }
        try deliverEvents(upTo: time)
        // Only events change the scene (their handlers are the only code that can), so the
        // frames before the next one see the same scene.
        let nextEvent = host.nextEventTime() ?? .infinity
        // One copy of the scene for all that follows (each read of the host's property
        // copies it, a retain per field).
        let scene = host.scene
        if case .natural = clock.end, scene.changeCount != seenChanges {
            seenChanges = scene.changeCount
            let natural = naturalEnds.naturalEnd(of: scene)
            let last: (index: Int, cutByCap: Bool)
            do {
                last = try clock.lastFrame(for: natural)
            } catch {
                // Too far to count: blamed on what sets the end, not on the frame rate.
                guard let stop = natural.latestStop, stop.isFinite else { throw error }
                let culprit = scene.latestStopping.flatMap { $0.stop == stop ? $0 : nil }
                throw EndOutOfReach(stop: stop, fps: clock.fps, layer: culprit?.layer, key: culprit?.key)
            }
            if last.index >= lastIndex {
                lastIndex = last.index
                cutByCap = last.cutByCap
            }
            if maxFrames > 0, lastIndex >= maxFrames { throw host.frameLimitError(maxFrames, frames: nil) }
        }
        // Handlers ran: what they raised or tripped belongs to this frame.
        try host.checkAfterEvents()

        columns.discover(in: scene)
        let framesAhead = FrameLoop.framesAhead(tracks: columns.tracks.count)
        ahead.times.removeAll(keepingCapacity: true)
        // Room for the run at once: grown one append at a time, the first run of a stream
        // reallocated it 7 times on its way to 64 (a tiny batch job's stream has one run).
        ahead.times.reserveCapacity(framesAhead)
        ahead.times.append(time)
        while ahead.times.count < framesAhead, index + ahead.times.count <= lastIndex {
            let t = clock.time(ofFrame: index + ahead.times.count)
            guard t < nextEvent else { break }
            ahead.times.append(t)
        }
        ahead.taken = 0
        let host = self.host
        ahead.good = try columns.sample(scene, at: ahead.times) { host.samplingFailed() }
    }

    /// Delivers the events due by `time`, in order, each at its own time; leaves the scene at
    /// `time`.
    private func deliverEvents(upTo time: Double) throws {
        var eventsThisFrame = 0
        while let event = host.popEvent(upTo: time) {
            eventsThisFrame += 1
            guard eventsThisFrame <= FrameClock.maximumEventsPerFrame else {
                throw EngineError(
                    parameter: "events", value: Double(eventsThisFrame),
                    rule:
                        "more than \(FrameClock.maximumEventsPerFrame) events at t = \(time) s; a handler keeps adding animations that end at once"
                )
            }
            host.setTime(event.time)
            try host.deliver(event)
        }
        eventCount += eventsThisFrame
        host.setTime(time)
    }

    /// A window that starts after the script's own start (`--from`) gets the tracks the whole
    /// run has by then: the whole run finds a track at the first of its frames where the
    /// track's animation is on its layer, and keeps it to the end with the model value once
    /// the animation is gone. So the frames of the whole run before the window are walked, at
    /// the run's frame times, but only where something can change: at its first frame and at
    /// the first frame after each event (only events change the scene). Nothing is sampled.
    private func replayBeforeStart() throws {
        let grid = clock.gridIndex > 0 ? clock.grid : scriptStart
        guard discovers, grid < clock.start else { return }
        var frame = 0
        while true {
            let time = FrameTimes.time(ofFrame: frame, start: grid, fps: clock.fps)
            guard time < clock.start, clock.gridIndex == 0 || frame < clock.gridIndex else { return }
            try deliverEvents(upTo: time)
            try host.checkAfterEvents()
            columns.discover(in: host.scene)
            guard let next = host.nextEventTime(), next < clock.start else { return }
            // The whole run's first frame at or after the next event.
            frame = max(frame + 1, try FrameTimes.index(covering: next - grid, fps: clock.fps, rounding: .up))
        }
    }

    /// Infinite or NaN values end the run here, before any output sees them.
    private func checkFinite(_ values: [Value], at time: Double) throws {
        for i in values.indices {
            // Scalars (most tracks) tested in place: asking the value copied it out of the array.
            if case .scalar(let v) = values[i], v.isFinite { continue }
            guard let c = values[i].firstNonFiniteComponent else { continue }
            throw NonFiniteValue(
                track: columns.tracks[i], component: values[i].componentName(c),
                value: values[i].components[c], time: time)
        }
    }

    /// A natural end more than `FrameTimes.maximumCount` frames away: the animation `key` on
    /// `layer` (nil when a cue sets it) stops at `stop` (a huge beginTime or duration, a tiny
    /// speed).
    package struct EndOutOfReach: Error {
        package var stop: Double
        package var fps: Double
        package var layer: String?
        package var key: String?
    }

    /// A value that is not finite: `track`'s `component` (".x", or "" for a number) is `value`
    /// at `time`.
    package struct NonFiniteValue: Error {
        package var track: Track
        package var component: String
        package var value: Double
        package var time: Double
    }
}
