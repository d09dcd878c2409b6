import CLua
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
///    added in and keeps its position);
/// 3. before the frame is handed out: the limits (frames, instructions, memory, time), an
///    error a Lua easing raised while sampling, and every value being finite are checked, so
///    a failing frame never reaches an output.
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
    private var columns: TrackColumns
    private let maxFrames: Int
    private var index = 0
    private var lastIndex: Int
    private var lastTime: Double
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
            guard let frame = try advance() else {
                finish()
                return nil
            }
            return frame
        } catch {
            done = true
            throw FrameStream.luaError(error)
        }
    }

    private func advance() throws -> SampledFrame? {
        guard index <= lastIndex else { return nil }
        let state = runtime.state
        let host = runtime.host
        let time = clock.time(ofFrame: index)

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
        if case .natural = clock.end, state.scene.changeCount != seenChanges {
            seenChanges = state.scene.changeCount
            let last = try clock.lastFrame(for: state.scene.naturalEnd)
            if last.index >= lastIndex {
                lastIndex = last.index
                cutByCap = last.cutByCap
            }
            if maxFrames > 0, lastIndex >= maxFrames { throw runtime.frameLimitError(maxFrames, frames: nil) }
        }

        // One copy of the scene for both (each read of the class's property copied it, a
        // retain per field: a tenth of a small batch job's sampling).
        let scene = state.scene
        columns.discover(in: scene)
        try columns.sample(scene, at: time)
        try host.throwIfStopped()
        try host.throwPendingError()
        try checkFinite(at: time)
        if index == 0 {
            widest = columns.values.reduce(1) { max($0, $1.componentCount) }
            if discovers, runtime.hasPendingCallbacks { widest = max(widest, 16) }
        }
        let frame = SampledFrame(
            index: index, time: time, tracks: columns.tracks, values: columns.values,
            widestValue: widest)
        lastTime = time
        index += 1
        return frame
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
    private func checkFinite(at time: Double) throws {
        let values = columns.values
        for i in values.indices {
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
