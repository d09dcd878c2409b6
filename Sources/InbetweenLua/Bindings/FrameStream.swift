import CLua
import CLuaSupport
import InbetweenEngine

/// The frames of a script's scene, pulled one at a time: the one sampling loop of Inbetween.
/// `inbetween run`, the batch worker, `plot` and every writer read from it, and so can an
/// app:
///
///     let stream = try runtime.frames(SamplingRequest(fps: 30))
///     while let frame = try stream.next() {
///         draw(frame.time, frame.tracks, frame.values)
///     }
///     print(stream.summary.frameCount)
///
/// For each frame time t (see `FrameClock`):
/// 1. every event due by t is taken from the scene's queue in time order (equal times in the
///    order scheduled) and its callbacks (`onStart`, `onStop`, a transaction's `completion`)
///    run on the runtime's scene, at the event's time; what they add or change is part of
///    the same frame if it is due;
/// 2. the tracks are sampled at t (a track appears from the frame its first animation is
///    added in and keeps its position). Up to `framesAhead` frames before the next event are
///    sampled together, track by track (the scene cannot change between events), with the
///    values each would get alone. A Lua easing may so run up to `framesAhead(tracks:) - 1`
///    frames (7 from 64 tracks up, at most 63) before its frame is handed out: inside it,
///    `now()` reads the time of the first frame of the run, and a change it makes to the
///    scene shows from the next run of frames on (one frame at a time, from the next frame);
/// 3. before the frame is handed out: the limits (frames, instructions, memory, time), an
///    error a Lua easing raised while sampling it, and every value being finite are checked,
///    so a failing frame never reaches an output, and every frame before it does.
///
/// Errors come out as `LuaError`s, worded in one place (`FrameStream.luaError`). After an
/// error or the last frame, `next()` returns nil. Memory stays flat in the run's length:
/// the stream keeps only the state of its tracks, never past frames.
public final class FrameStream {
    /// The frame times and where the run ends.
    public let clock: FrameClock
    public var fps: Double { clock.fps }
    /// How many frames the run makes, when that is known before it starts (a fixed end,
    /// `--to`); nil for a natural end, which callbacks may push later as the run goes.
    public let total: Int?
    /// The tracks so far, in output order.
    public var tracks: [Track] { columns.tracks }
    /// What the run did so far (complete once `next()` returned nil).
    public var summary: SamplingSummary {
        SamplingSummary(
            frameCount: index, startTime: clock.start, endTime: lastTime, tracks: columns.tracks,
            eventCount: eventCount)
    }

    private let runtime: Runtime
    // Unchecked (columns, index, lastIndex, lastTime, ahead): read and written on every frame
    // on the stream's one thread, and never reached by the Lua code a frame runs; their
    // run-time exclusivity checks cost a small batch job more than the rest of `advance`.
    @exclusivity(unchecked) private var columns: TrackColumns
    private let maxFrames: Int
    @exclusivity(unchecked) private var index = 0
    @exclusivity(unchecked) private var lastIndex: Int
    @exclusivity(unchecked) private var lastTime: Double
    private var eventCount = 0
    private var seenChanges = -1
    private var cutByCap = false
    private var done = false
    /// Fixed once the first frame is out (see `SampledFrame.widestValue`).
    private var widest = 1
    /// Tracks are discovered as they appear (not fixed by the request).
    private let discovers: Bool

    init(runtime: Runtime, request: SamplingRequest) throws(LuaError) {
        self.runtime = runtime
        clock = try runtime.clock(for: request)
        maxFrames = request.maxFrames ?? runtime.host.limits.frames
        total = clock.frameCount
        discovers = request.tracks == nil && request.keyPathsOfEveryLayer == nil
        lastIndex = (total ?? 1) - 1
        lastTime = clock.start
        do {
            if let keyPaths = request.keyPathsOfEveryLayer {
                columns = try TrackColumns(keyPathsOfEveryLayer: keyPaths, scene: runtime.state.scene)
            } else {
                columns = try TrackColumns(fixed: request.tracks, scene: runtime.state.scene)
            }
        } catch {
            throw FrameStream.luaError(error)
        }
        if let total, maxFrames > 0, total > maxFrames {
            throw runtime.frameLimitError(maxFrames, frames: total)
        }
    }

    /// The next frame, or nil after the last one (and after an error).
    public func next() throws(LuaError) -> SampledFrame? {
        guard !done else { return nil }
        do {
            // Returned as it comes: binding it with `guard let` copied the frame (its two
            // arrays retained and released) on every frame.
            let frame = try advance()
            if frame == nil { finish() }
            return frame
        } catch {
            done = true
            throw FrameStream.luaError(error)
        }
    }

    private func advance() throws -> SampledFrame? {
        guard index <= lastIndex else { return nil }
        if ahead.isEmpty { try sampleAhead() }
        let k = ahead.taken
        ahead.taken += 1
        let time = ahead.times[k]
        if k == ahead.good {
            // A Lua easing failed or a limit fired while this frame was computed.
            try runtime.host.throwIfStopped()
            throw ahead.error
                ?? LuaError(kind: .runtime, message: "sampling stopped at t = \(LuaFormat.number(time)) s")
        }
        runtime.state.scene.time = time
        let values = columns.frames[k]
        try checkFinite(values, at: time)
        if index == 0 {
            widest = values.reduce(1) { max($0, $1.componentCount) }
            if discovers, runtime.hasPendingCallbacks { widest = max(widest, 16) }
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
        /// The Lua easing's error at frame `good`.
        var error: LuaError?
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
    static func framesAhead(tracks: Int) -> Int {
        min(mostFramesAhead, max(fewestFramesAhead, valuesAhead / max(1, tracks)))
    }
    static let fewestFramesAhead = 8
    static let mostFramesAhead = 64
    static let valuesAhead = 512

    /// Delivers the events due by the next frame's time, then computes that frame and the
    /// following ones up to the next event, the last frame or `framesAhead` frames.
    private func sampleAhead() throws {
        let state = runtime.state
        let host = runtime.host
        let time = clock.time(ofFrame: index)

        if index == 0 { try replayBeforeStart() }
        try deliverEvents(upTo: time)
        if case .natural = clock.end, state.scene.changeCount != seenChanges {
            seenChanges = state.scene.changeCount
            let last = try clock.lastFrame(for: state.scene.naturalEnd)
            if last.index >= lastIndex {
                lastIndex = last.index
                cutByCap = last.cutByCap
            }
            if maxFrames > 0, lastIndex >= maxFrames { throw runtime.frameLimitError(maxFrames, frames: nil) }
        }
        // Callbacks ran: what they raised or tripped belongs to this frame.
        try host.throwIfStopped()
        try host.throwPendingError()

        // Only events change the scene (their callbacks are the only Lua code that can), so
        // the frames before the next one see the same scene.
        let nextEvent = state.scene.nextEventTime() ?? .infinity
        // One copy of the scene for both (each read of the class's property copied it, a
        // retain per field: a tenth of a small batch job's sampling).
        let scene = state.scene
        columns.discover(in: scene)
        let framesAhead = FrameStream.framesAhead(tracks: columns.tracks.count)
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
        ahead.error = nil
        let luaState = host.L
        ahead.good = try columns.sample(scene, at: ahead.times) {
            // A later failure is always at an earlier frame (later tracks stop before the
            // first failure): the error kept is the one of the frame that failed first.
            if let error = host.pendingError {
                host.pendingError = nil
                ahead.error = error
                return true
            }
            return ib_stopreason(luaState) != 0
        }
    }

    /// Delivers the events due by `time`, in order, each at its own time; leaves the scene at
    /// `time`.
    private func deliverEvents(upTo time: Double) throws {
        let state = runtime.state
        var eventsThisFrame = 0
        while let event = state.scene.popEvent(upTo: time) {
            eventsThisFrame += 1
            guard eventsThisFrame <= FrameClock.maximumEventsPerFrame else {
                throw EngineError(
                    parameter: "events", value: Double(eventsThisFrame),
                    rule:
                        "more than \(FrameClock.maximumEventsPerFrame) events at t = \(time) s; a handler keeps adding animations that end at once"
                )
            }
            state.scene.time = event.time
            try runtime.deliver(event)
        }
        eventCount += eventsThisFrame
        state.scene.time = time
    }

    /// A window that starts after the script's own start (`--from`) gets the tracks the whole
    /// run has by then: the whole run finds a track at the first of its frames where the
    /// track's animation is on its layer, and keeps it to the end with the model value once
    /// the animation is gone. So the frames of the whole run before the window are walked, at
    /// the run's frame times, but only where something can change: at its first frame and at
    /// the first frame after each event (only events change the scene). Nothing is sampled.
    private func replayBeforeStart() throws {
        let state = runtime.state
        let grid = clock.gridIndex > 0 ? clock.grid : (state.settings.from ?? 0)
        guard discovers, grid < clock.start else { return }
        var frame = 0
        while true {
            let time = FrameTimes.time(ofFrame: frame, start: grid, fps: clock.fps)
            guard time < clock.start, clock.gridIndex == 0 || frame < clock.gridIndex else { return }
            try deliverEvents(upTo: time)
            try runtime.host.throwIfStopped()
            try runtime.host.throwPendingError()
            columns.discover(in: state.scene)
            guard let next = state.scene.nextEventTime(), next < clock.start else { return }
            // The whole run's first frame at or after the next event.
            frame = max(frame + 1, try FrameTimes.index(covering: next - grid, fps: clock.fps, rounding: .up))
        }
    }

    /// Reports an animation that never ends and was cut at the cap (Lua's warning channel,
    /// shown after the run as `inbetween: warning: ...`).
    private func finish() {
        guard !done else { return }
        done = true
        guard cutByCap, case .natural(let cap) = clock.end else { return }
        let endless = runtime.state.scene.naturalEnd.endless
        let what =
            endless.map { "animation '\($0.key)' on layer '\($0.layer)' never ends" }
            ?? "an animation never ends"
        let text =
            "\(runtime.scriptName.map { $0 + ": " } ?? "")\(what); sampled up to the cap at "
            + "t = \(LuaFormat.number(cap)) s (set the end with --to T or scene{ cap = T })"
        lua_warning(runtime.host.L, text, 0)
    }

    /// Infinite or NaN values end the run here, before any output sees them.
    private func checkFinite(_ values: [Value], at time: Double) throws {
        for i in values.indices {
            // Scalars (most tracks) tested in place: asking the value copied it out of the array.
            if case .scalar(let v) = values[i], v.isFinite { continue }
            guard let c = values[i].firstNonFiniteComponent else { continue }
            let track = columns.tracks[i]
            let bad: Double = values[i].components[c]
            let what = bad.isNaN ? "not a number (NaN)" : "infinite"
            throw LuaError(
                kind: .runtime,
                message: "\(runtime.scriptName.map { $0 + ": " } ?? "")layer '\(track.layer)' "
                    + "\(track.keyPath)\(values[i].componentName(c)) is \(what) at t = \(LuaFormat.number(time)) s"
            )
        }
    }

    /// Where engine errors become Lua-style errors, for everything the stream does.
    static func luaError(_ error: Error) -> LuaError {
        switch error {
        case let e as LuaError: return e
        case let e as EngineError: return LuaError(kind: .runtime, message: e.description)
        default: return LuaError(kind: .runtime, message: String(describing: error))
        }
    }
}
