import CLua
import InbetweenEngine

/// How to sample a script's scene; unset fields fall back to what the script's `scene{...}`
/// said, then to the defaults (60 fps, from 0 to the natural end).
package struct SamplingRequest: Sendable {
    package var fps: Double?
    package var from: Double?
    package var to: Double?
    /// Frames the request may produce (0 = no limit); nil takes the host's `limits.frames`.
    package var maxFrames: Int?
    /// Sample exactly these tracks (every layer named must exist when sampling starts) instead
    /// of discovering the animated ones as they appear; the preview and the Lottie export draw whole layers this way.
    package var tracks: [Track]?
    /// Sample these key paths of every layer, layer by layer in scene order, including layers
    /// that callbacks add once sampling has started (their tracks come after the others, from
    /// the frame where the layer first exists). Takes precedence over `tracks`.
    package var keyPathsOfEveryLayer: [String]?
    package static let defaultFPS = 60.0
    /// The highest frame rate a script or `--fps` may ask for (as `keyframes.generate`).
    package static let maximumFPS = 100_000.0
    /// How long after the start animations that never end (infinite repeats, speed 0) are
    /// sampled when neither `--to` nor `scene{ cap = }` says (seconds of scene time). Only
    /// they are cut: a scene whose animations all end is sampled to its end, however late.
    package static let defaultCap = 60.0
    package init(fps: Double? = nil, from: Double? = nil, to: Double? = nil) {
        self.fps = fps
        self.from = from
        self.to = to
    }
}

extension Runtime {
    /// The first frame time and the fixed end (nil: the natural end) this request and the
    /// script's `scene{...}` settings give, before they are checked (for errors that name the
    /// option at fault).
    package func sampleBounds(for request: SamplingRequest) -> (start: Double, end: Double?) {
        (request.from ?? state.settings.from ?? 0, request.to ?? state.settings.to)
    }

    /// The frame clock for this request and the script's own `scene{...}` settings.
    package func clock(for request: SamplingRequest) throws(LuaError) -> FrameClock {
        let settings = state.settings
        let fps = request.fps ?? settings.fps ?? SamplingRequest.defaultFPS
        let from = request.from ?? settings.from ?? 0
        let end: FrameClock.End
        if let to = request.to ?? settings.to {
            end = .time(to)
        } else {
            end = .natural(cap: settings.cap ?? max(from, 0) + SamplingRequest.defaultCap)
        }
        do {
            // A window (`--from`) of the run that starts at the script's own start, on its grid.
            return try FrameClock(start: from, fps: fps, end: end, grid: settings.from ?? 0)
        } catch {
            throw FrameStream.luaError(error)
        }
    }

    /// The frames of the scene the script built, to pull one at a time (see `FrameStream`).
    package func frames(_ request: SamplingRequest = SamplingRequest()) throws(LuaError) -> FrameStream {
        try FrameStream(runtime: self, request: request)
    }

    /// Pulls every frame of `frames(request)` into `onFrame`; returns the run's summary.
    @discardableResult
    package func sampleScene(
        _ request: SamplingRequest = SamplingRequest(),
        onFrame: (SampledFrame) throws -> Void
    ) throws -> SamplingSummary {
        let stream = try frames(request)
        while let frame = try stream.next() { try onFrame(frame) }
        return stream.summary
    }

    func frameLimitError(_ maxFrames: Int, frames: Int?) -> LuaError {
        let detail = frames.map { ": the request asks for \($0) frames" } ?? ""
        return LuaError(kind: .limit, message: "frame limit (\(maxFrames)) exceeded\(detail)", limit: .frames)
    }

    /// Runs the callbacks an event is for.
    func deliver(_ event: AnimationEvent) throws {
        let key = SceneState.callbackKey(layer: event.layer, key: event.key)
        switch event.kind {
        // The lists changed in place: a copy taken out, changed and stored back made a new
        // array for every start event (30,000 at the start of a 10,000-layer scene).
        case .start:
            if let i = state.callbacks[key]?.firstIndex(where: { !$0.started }) {
                state.callbacks[key]![i].started = true
                if let f = state.callbacks[key]![i].onStart { try call(f, []) }
            }
        case .stop(let finished):
            if state.callbacks[key]?.isEmpty == false {
                let entry = state.callbacks[key]!.removeFirst()
                if state.callbacks[key]!.isEmpty { state.callbacks[key] = nil }
                if let f = entry.onStop { try call(f, [.bool(finished)]) }
            }
        case .transactionCompleted:
            break
        case .cue(let id):
            try runCue(id)
        }
        if let token = event.completionToken, let f = state.completions.removeValue(forKey: token) {
            try call(f, [])
        }
        try sceneObserver?(event, state.scene)
    }

    /// Whether the script registered a callback or a timeline cue that has yet to run: only
    /// they can add animations (and so tracks) once sampling has started.
    var hasPendingCallbacks: Bool {
        !state.completions.isEmpty || !state.cues.isEmpty
            || state.callbacks.values.contains { $0.contains { $0.onStart != nil || $0.onStop != nil } }
    }

    enum CallbackArgument {
        case bool(Bool)
        case number(Double)
    }

    /// Calls a Lua callback from Swift (protected, with a traceback).
    func call(_ f: LuaReference, _ arguments: [CallbackArgument]) throws {
        let s = host.stack
        f.push()
        for a in arguments {
            switch a {
            case .bool(let b): s.push(b)
            case .number(let n): s.push(n)
            }
        }
        try host.call(arguments: Int32(arguments.count), results: 0)
    }
}
