import CLua
import CLuaSupport
import InbetweenEngine

/// The frames of a script's scene, pulled one at a time from the engine's frame loop (`FrameLoop`).
/// `inbetween run`, the batch worker, `plot` and every writer read from it, and so can an
/// app:
///
///     let stream = try runtime.frames(SamplingRequest(fps: 30))
///     while let frame = try stream.next() {
///         draw(frame.time, frame.tracks, frame.values)
///     }
///     print(stream.summary.frameCount)
///
/// It wraps the engine's `FrameLoop` (which frames, events in order, tracks, sampling ahead,
/// the checks before a frame is handed out) with the runtime: events run their Lua callbacks,
/// and the Lua limits and errors are checked where the loop asks. A Lua easing may run up to
/// `FrameLoop.framesAhead(tracks:) - 1` frames before its frame is handed out: inside it,
/// `now()` reads the time of the first frame of the run, and a change it makes to the scene
/// shows from the next run of frames on (one frame at a time, from the next frame).
///
/// Errors come out as `LuaError`s, worded in one place (`FrameStream.luaError`). After an
/// error or the last frame, `next()` returns nil. Memory stays flat in the run's length:
/// the stream keeps only the state of its tracks, never past frames.
package final class FrameStream {
    /// The frame times and where the run ends.
    package var clock: FrameClock { loop.clock }
    package var fps: Double { loop.clock.fps }
    /// How many frames the run makes, when that is known before it starts (a fixed end,
    /// `--to`); nil for a natural end, which callbacks may push later as the run goes.
    package var total: Int? { loop.total }
    /// The tracks so far, in output order.
    package var tracks: [Track] { loop.tracks }
    /// What the run did so far (complete once `next()` returned nil).
    package var summary: SamplingSummary { loop.summary }

    private let runtime: Runtime
    private let loop: FrameLoop
    private var done = false

    init(runtime: Runtime, request: SamplingRequest) throws(LuaError) {
        self.runtime = runtime
        let clock = try runtime.clock(for: request)
        do {
            loop = try FrameLoop(
                host: RuntimeLoopHost(runtime), clock: clock, tracks: request.tracks,
                keyPathsOfEveryLayer: request.keyPathsOfEveryLayer,
                maxFrames: request.maxFrames ?? runtime.host.limits.frames,
                scriptStart: runtime.state.settings.from ?? 0)
        } catch {
            throw FrameStream.luaError(error)
        }
        loop.adoptRows(runtime.spareRows)
        runtime.spareRows = []
    }

    deinit {
        runtime.spareRows = loop.takeRows()
    }

    /// Throws the limit that fired, if one did: for a reader that does its own work between
    /// frames (the renderer), where no Lua runs to see it.
    package func throwIfStopped() throws(LuaError) { try runtime.host.throwIfStopped() }

    /// What the reader does between frames ("drawing frames"; nil: nothing), named by a limit
    /// that fires there (LuaHost.setActivity).
    package func setActivity(_ what: String?) { runtime.host.setActivity(what) }

    /// The next frame, or nil after the last one (and after an error).
    package func next() throws(LuaError) -> SampledFrame? {
        guard !done else { return nil }
        do {
            // Returned as it comes: binding it with `guard let` copied the frame (its two
            // arrays retained and released) on every frame.
            let frame = try loop.next()
            if frame == nil { finish() }
            return frame
        } catch {
            done = true
            throw FrameStream.luaError(error, scriptName: runtime.scriptName)
        }
    }

    /// The frames computed together at most (see `FrameLoop.framesAhead(tracks:)`).
    static func framesAhead(tracks: Int) -> Int { FrameLoop.framesAhead(tracks: tracks) }

    /// Reports an animation that never ends and was cut at the cap (Lua's warning channel,
    /// shown after the run as `inbetween: warning: ...`).
    private func finish() {
        guard !done else { return }
        done = true
        guard loop.cutByCap, case .natural(let cap) = loop.clock.end else { return }
        let endless = runtime.state.scene.naturalEnd.endless
        let what =
            endless.map { "animation '\($0.key)' on layer '\($0.layer)' never ends" }
            ?? "an animation never ends"
        let text =
            "\(runtime.scriptName.map { $0 + ": " } ?? "")\(what); sampled up to the cap at "
            + "t = \(LuaFormat.number(cap)) s (set the end with --to T or scene{ cap = T })"
        lua_warning(runtime.host.L, text, 0)
    }

    /// Where engine errors become Lua-style errors, for everything the stream does.
    static func luaError(_ error: Error, scriptName: String? = nil) -> LuaError {
        switch error {
        case let e as LuaError: return e
        case let e as EngineError: return LuaError(kind: .runtime, message: e.description)
        case let e as FrameLoop.NonFiniteValue:
            let what = e.value.isNaN ? "not a number (NaN)" : "infinite"
            return LuaError(
                kind: .runtime,
                message: "\(scriptName.map { $0 + ": " } ?? "")layer '\(e.track.layer)' "
                    + "\(e.track.keyPath)\(e.component) is \(what) at t = \(LuaFormat.number(e.time)) s")
        case let e as FrameLoop.EndOutOfReach:
            let culprit = e.layer.map { "animation '\(e.key ?? "?")' on layer '\($0)'" } ?? "the scene"
            return LuaError(
                kind: .runtime,
                message:
                    "\(scriptName.map { $0 + ": " } ?? "")\(culprit) ends at t = \(LuaFormat.number(e.stop)) s, "
                    + "more than \(FrameTimes.maximumCount) frames away at \(LuaFormat.number(e.fps)) fps "
                    + "(a huge beginTime, duration or repeatCount, or a tiny speed); set the end with --to T or scene{ to = T }"
            )
        // A binding's error met outside a Lua call (a timeline's cue delivered while
        // sampling): its text, never the enum's description.
        case .argument(_, let message) as LuaRaise, .message(let message) as LuaRaise:
            return LuaError(kind: .runtime, message: message)
        case .type(_, let expected) as LuaRaise:
            return LuaError(kind: .runtime, message: "\(expected) expected")
        default: return LuaError(kind: .runtime, message: String(describing: error))
        }
    }
}

/// The runtime as the frame loop's host: events run their Lua callbacks on the runtime's
/// scene, and the Lua limits and errors are checked where the loop asks.
private final class RuntimeLoopHost: FrameLoopHost {
    let runtime: Runtime
    let state: SceneState
    let host: LuaHost
    /// The error a Lua easing raised while frames were computed ahead.
    private var samplingFailure: LuaError?

    init(_ runtime: Runtime) {
        self.runtime = runtime
        state = runtime.state
        host = runtime.host
    }

    var scene: Scene { state.scene }
    func setTime(_ time: Double) { state.scene.time = time }
    func popEvent(upTo time: Double) -> AnimationEvent? { state.scene.popEvent(upTo: time) }
    func nextEventTime() -> Double? { state.scene.nextEventTime() }
    func deliver(_ event: AnimationEvent) throws { try runtime.deliver(event) }

    func checkAfterEvents() throws {
        try host.throwIfStopped()
        try host.throwPendingError()
    }

    func samplingFailed() -> Bool {
        // A later failure is always at an earlier frame (later tracks stop before the first
        // failure): the error kept is the one of the frame that failed first.
        if let error = host.pendingError {
            host.pendingError = nil
            samplingFailure = error
            return true
        }
        return ib_stopreason(host.L) != 0
    }

    func samplingError(at time: Double) -> Error {
        do {
            try host.throwIfStopped()
        } catch {
            return error
        }
        defer { samplingFailure = nil }
        return samplingFailure
            ?? LuaError(kind: .runtime, message: "sampling stopped at t = \(LuaFormat.number(time)) s")
    }

    var mayAddTracks: Bool { runtime.hasPendingCallbacks }

    func frameLimitError(_ maxFrames: Int, frames: Int?) -> Error {
        runtime.frameLimitError(maxFrames, frames: frames)
    }
}
