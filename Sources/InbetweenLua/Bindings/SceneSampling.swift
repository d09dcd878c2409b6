import CLua
import InbetweenEngine

/// How to sample a script's scene; unset fields fall back to what the script's `scene{...}`
/// said, then to the defaults (60 fps, from 0 to the natural end, capped at 60 s).
public struct SamplingRequest: Sendable {
    public var fps: Double?
    public var from: Double?
    public var to: Double?
    /// Frames the request may produce (0 = no limit); nil takes the host's `limits.frames`.
    public var maxFrames: Int?
    /// Sample exactly these tracks (every layer named must exist when sampling starts) instead
    /// of discovering the animated ones as they appear; the preview and the Lottie export draw whole layers this way.
    public var tracks: [Track]?
    public static let defaultFPS = 60.0
    /// The highest frame rate a script or `--fps` may ask for (as `keyframes.generate`).
    public static let maximumFPS = 100_000.0
    /// Where the natural end stops when animations repeat forever (seconds of scene time).
    public static let defaultCap = 60.0
    public init(fps: Double? = nil, from: Double? = nil, to: Double? = nil) {
        self.fps = fps
        self.from = from
        self.to = to
    }
}

extension Runtime {
    /// The sampler for this request and the script's own settings.
    public func sampler(for request: SamplingRequest) throws -> SceneSampler {
        let settings = state.settings
        let fps = request.fps ?? settings.fps ?? SamplingRequest.defaultFPS
        let from = request.from ?? settings.from ?? 0
        let end: SceneSampler.End
        if let to = request.to ?? settings.to {
            end = .time(to)
        } else {
            end = .natural(cap: settings.cap ?? max(from, 0) + SamplingRequest.defaultCap)
        }
        return try SceneSampler(start: from, fps: fps, end: end, tracks: request.tracks)
    }

    /// Samples the scene the script built, running its `onStart`/`onStop` and transaction
    /// `completion` callbacks at their times; each frame goes to `onFrame` as it is made.
    @discardableResult
    public func sampleScene(_ request: SamplingRequest = SamplingRequest(),
                            onFrame: (SampledFrame) throws -> Void) throws -> SamplingSummary {
        let sampler: SceneSampler
        do {
            sampler = try self.sampler(for: request)
        } catch let e as EngineError {
            throw LuaError(kind: .runtime, message: e.description)
        }
        let maxFrames = request.maxFrames ?? host.limits.frames
        try checkFrameLimit(sampler, maxFrames)
        var scene = state.scene
        defer { state.scene = scene }
        do {
            return try sampler.run(&scene, onEvent: { event, scene in
                // Handlers see and change the runtime's copy of the scene.
                state.scene = scene
                defer { scene = state.scene }
                try deliver(event)
            }, onFrame: { frame in
                if maxFrames > 0, frame.index >= maxFrames { throw frameLimitError(maxFrames, frames: nil) }
                try host.throwIfStopped()
                try onFrame(frame)
                try host.throwPendingError()
            })
        } catch let e as EngineError {
            throw LuaError(kind: .runtime, message: e.description)
        }
    }

    /// Checked before sampling when the frame count is known (`--to`, or a natural end whose
    /// cap is within the limit); a natural end is otherwise checked frame by frame, since
    /// it usually stops long before its cap.
    func checkFrameLimit(_ sampler: SceneSampler, _ maxFrames: Int) throws {
        guard maxFrames > 0, case .time(let to) = sampler.end else { return }
        let count = try FrameTimes(start: sampler.start, end: to, fps: sampler.fps).count
        if count > maxFrames { throw frameLimitError(maxFrames, frames: count) }
    }

    func frameLimitError(_ maxFrames: Int, frames: Int?) -> LuaError {
        let detail = frames.map { ": the request asks for \($0) frames" } ?? ""
        return LuaError(kind: .limit, message: "frame limit (\(maxFrames)) exceeded\(detail)", limit: .frames)
    }

    /// Runs the callbacks an event is for.
    func deliver(_ event: AnimationEvent) throws {
        let key = SceneState.callbackKey(layer: event.layer, key: event.key)
        switch event.kind {
        case .start:
            if var list = state.callbacks[key], let i = list.firstIndex(where: { !$0.started }) {
                list[i].started = true
                state.callbacks[key] = list
                if let f = list[i].onStart { try call(f, []) }
            }
        case .stop(let finished):
            if var list = state.callbacks[key], !list.isEmpty {
                let entry = list.removeFirst()
                state.callbacks[key] = list.isEmpty ? nil : list
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
    }

    enum CallbackArgument { case bool(Bool), number(Double) }

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
