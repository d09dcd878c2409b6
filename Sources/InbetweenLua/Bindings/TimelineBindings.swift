import CLua
import InbetweenEngine

/// `timeline{...}` and its methods: `tl:add`, `tl:label`, `tl:call`, `tl:labels()`,
/// `tl:children()`, and the fields `tl.duration` and `tl.totalDuration`. A timeline enters the
/// scene with `scene{ timeline = tl }` (see `Runtime.startTimeline`).
enum TimelineBindings {
    static let typeName = "timeline"
    /// What a timeline's child costs in memory, its share of the copies nesting makes
    /// included. Measured (MemoryAccountingTests, peak RSS of the debug build): nesting by
    /// doubling (see `timelineAdd`) 17 levels deep, 393,214 children counted, peaked 228.7 MB
    /// above a timeline of one, 582 bytes a child (595 at 14 levels). The estimate is kept at
    /// 1 KiB, 1.76 times that, so that a run stopped by the limit stays within it with the
    /// process's own memory besides (LimitOptionTests: 64M stops the doubling at 70 MB).
    static let childBytes = 1024
    static let methodsKey = "inbetween.timelinemethods"

    static func install(in runtime: Runtime) {
        let host = runtime.host
        host.pushLibrary(typeName, runtime.bind(methods))
        host.stack.push(methodsKey)
        clua_insert(host.L, -2)
        lua_rawset(host.L, clua_registryindex())
        host.registerClass(typeName, metamethods: runtime.bind(metamethods))
        runtime.setGlobals([("timeline", { runtime, s in try runtime.makeTimeline(s) })])
    }

    /// A timeline's methods, found by `__index` in a registry table.
    static let methods: [(String, RuntimeFunction)] = [
        ("add", { runtime, s in try runtime.timelineAdd(s) }),
        ("label", { runtime, s in try runtime.timelineLabel(s) }),
        ("call", { runtime, s in try runtime.timelineCall(s) }),
        ("labels", labels),
        (
            "children",
            { runtime, _ in
                let box: TimelineBox = try runtime.host.checkObject(1, typeName)
                runtime.pushChildren(box.timeline)
                return 1
            }
        ),
    ]
    static let methodNames = Set(methods.map(\.0))
    /// Every name `tl.key` reads, for the did-you-mean of an unknown one.
    static let fieldNames = (Array(methodNames) + ["duration", "totalDuration"]).sorted()

    static let metamethods: [(String, RuntimeFunction)] = [
        ("__index", index),
        (
            "__tostring",
            { runtime, s in
                let box: TimelineBox = try runtime.host.checkObject(1, typeName)
                s.push(
                    "timeline(\(box.timeline.children.count) children, \(LuaFormat.number(box.timeline.duration)) s)"
                )
                return 1
            }
        ),
    ]

    /// `tl:labels()`: label name -> time.
    static func labels(_ runtime: Runtime, _ s: LuaStack) throws -> Int32 {
        let box: TimelineBox = try runtime.host.checkObject(1, typeName)
        s.newTable()
        for (name, time) in box.timeline.labels {
            s.push(time)
            s.setRawField(-2, name)
        }
        return 1
    }

    /// `tl.key`: a method, `duration` or `totalDuration`.
    static func index(_ runtime: Runtime, _ s: LuaStack) throws -> Int32 {
        let box: TimelineBox = try runtime.host.checkObject(1, typeName)
        let key = try s.checkString(2)
        if methodNames.contains(key) {
            s.push(methodsKey)
            lua_rawget(s.L, clua_registryindex())
            s.rawField(-1, key)
            return 1
        }
        switch key {
        case "duration": s.push(box.timeline.duration)
        case "totalDuration": s.push(box.timeline.totalDuration)
        default:
            throw LuaRaise.message(
                "timeline has no field '\(key)'\(Suggestions.phrase(Suggestions.closest(to: key, in: fieldNames)))"
            )
        }
        return 1
    }
}

extension Runtime {
    /// `timeline{ defaults = {duration = 0.5, timingFunction = "easeOut"}, repeatCount = 0,
    /// autoreverses = false, repeatDelay = 0, speed = 1 }`; the table may be omitted.
    func makeTimeline(_ s: LuaStack) throws -> Int32 {
        var clock = try TimelineClock()
        var defaults = Timeline.Defaults()
        if !s.isNoneOrNil(1) {
            let r = try TableReader(s, at: 1)
            let repeats = try r.number(
                "repeatCount", where: { $0 >= 0 && $0 == $0.rounded() },
                rule: "must be a whole number >= 0")
            let delay = try r.number("repeatDelay", where: { $0 >= 0 }, rule: "must be >= 0")
            let reverses = try r.bool("autoreverses")
            let speed = try r.number("speed", where: { $0 > 0 }, rule: "must be > 0")
            try r.with("defaults") { i in
                let d = try TableReader(s, at: i, argument: 1)
                defaults.duration = try d.number(
                    "duration", where: { $0 >= 0 }, rule: "must be 0 or positive")
                defaults.timingFunction = try timingFunctionField(d)
                try d.finish()
            }
            try r.finish()
            clock = try engineField {
                try TimelineClock(
                    repeatCount: Int(repeats ?? 0), repeatDelay: delay ?? 0,
                    autoreverses: reverses ?? false, speed: speed ?? 1)
            }
        }
        host.pushObject(TimelineBox(Timeline(clock: clock, defaults: defaults)), TimelineBindings.typeName)
        return 1
    }

    /// `tl:add(layer | {layers...}, animation [, position [, options]])` or
    /// `tl:add(otherTimeline [, position])`; returns tl.
    func timelineAdd(_ s: LuaStack) throws -> Int32 {
        let box: TimelineBox = try host.checkObject(1, TimelineBindings.typeName)
        if let nested: TimelineBox = host.object(at: 2, TimelineBindings.typeName) {
            guard nested !== box else { throw LuaRaise.argument(2, "a timeline cannot contain itself") }
            let position = try timelinePosition(at: 3)
            // A nested timeline is a copy, held outside Lua's heap: its children count against
            // the memory limit too (at `childBytes` each), so doubling by nesting stops at the
            // limit with an error naming it rather than when the machine runs out.
            let size = box.timeline.size + 1 + nested.timeline.size
            let limit = host.limits.memory
            if limit > 0, size * TimelineBindings.childBytes > limit {
                throw LuaRaise.argument(
                    2,
                    "the timeline would hold \(size) children (nested ones counted, about "
                        + "\(TimelineBindings.childBytes) bytes each), more than the memory limit of \(limit) bytes allows"
                )
            }
            let offset = box.nextTag
            try positioned(3) {
                _ = try box.timeline.add(nested.timeline.offsettingTags(by: offset), at: position)
            }
            for (tag, callback) in nested.callbacks { box.callbacks[tag + offset] = callback }
            box.nextTag += nested.nextTag
            s.pushValue(1)
            return 1
        }
        let layers = try timelineLayers(at: 2)
        let animation: AnimationBox = try host.checkObject(3, AnimationBindings.typeName)
        let position = try timelinePosition(at: 4)
        var key: String?
        var stagger: Stagger?
        if !s.isNoneOrNil(5) {
            let r = try TableReader(s, at: 5)
            key = try r.string("key")
            stagger = try r.with("stagger") { i in try staggerOption(at: i, count: layers.count, reader: r) }
            try r.finish()
        }
        for layer in layers { try admit(animation.animation, toLayer: layer, argument: 3) }
        // Tags are taken only once the add succeeded, so a failed add leaves no trace.
        let first = box.nextTag
        let tags = Array(first..<first + layers.count)
        try positioned(4) {
            _ = try box.timeline.add(
                animation.animation, toLayers: layers, key: key, tags: tags, at: position,
                stagger: stagger)
        }
        for _ in layers {
            _ = box.newTag(
                .animation(
                    onStart: animation.onStart, onStop: animation.onStop,
                    beginFromCurrentState: animation.beginFromCurrentState,
                    handOffVelocity: animation.handOffVelocity))
        }
        // In a timeline counts as added (no "never added to a layer" warning).
        state.animationsNotAdded[animation.serial] = nil
        s.pushValue(1)
        return 1
    }

    /// `tl:label(name [, position])`; returns tl.
    func timelineLabel(_ s: LuaStack) throws -> Int32 {
        let box: TimelineBox = try host.checkObject(1, TimelineBindings.typeName)
        let name = try s.checkString(2)
        let position = try timelinePosition(at: 3)
        do {
            _ = try box.timeline.label(name, at: position)
        } catch let e as EngineError where e.parameter == "label" {
            throw LuaRaise.argument(2, e.luaText(.named))
        } catch let e as EngineError {
            throw positionError(e, 3)
        }
        s.pushValue(1)
        return 1
    }

    /// `tl:call(fn [, position])`; returns tl.
    func timelineCall(_ s: LuaStack) throws -> Int32 {
        let box: TimelineBox = try host.checkObject(1, TimelineBindings.typeName)
        try s.checkFunction(2)
        let position = try timelinePosition(at: 3)
        let tag = box.nextTag
        try positioned(3) { _ = try box.timeline.call(tag: tag, at: position) }
        _ = box.newTag(.call(LuaReference(host: host, index: 2, name: "call")))
        s.pushValue(1)
        return 1
    }

    /// Runs a timeline change, reporting a bad position as `bad argument #n`.
    private func positioned(_ argument: Int32, _ body: () throws -> Void) throws {
        do { try body() } catch let e as EngineError { throw positionError(e, argument) }
    }

    private func positionError(_ e: EngineError, _ argument: Int32) -> LuaRaise {
        if e.parameter == "position" || e.parameter == "label" {
            return .argument(argument, e.luaText(.named))
        }
        return .message(e.description)
    }

    /// nil (the end), a number (a time) or a position string.
    func timelinePosition(at i: Int32) throws -> TimelinePosition {
        let s = host.stack
        if s.isNoneOrNil(i) { return .end }
        switch s.type(at: i) {
        case LUA_TNUMBER:
            let t = s.number(at: i)!
            guard t.isFinite, t >= 0 else {
                throw LuaRaise.argument(i, "position must be a finite time >= 0, got \(LuaFormat.number(t))")
            }
            return .time(t)
        case LUA_TSTRING:
            return .text(s.string(at: i)!)
        default:
            throw LuaRaise.argument(
                i, "position expected (a time or a string like \"+=1\" or \"<\"), got \(s.typeName(at: i))")
        }
    }

    /// A layer or an array of layers, as layer names.
    func timelineLayers(at i: Int32) throws -> [String] {
        let s = host.stack
        if let layer: LayerHandle = host.object(at: i, SceneBindings.layerType) { return [layer.name] }
        guard s.type(at: i) == LUA_TTABLE else {
            throw LuaRaise.argument(
                i, "layer, array of layers or timeline expected, got \(s.typeName(at: i))")
        }
        var names: [String] = []
        for n in 1..<s.rawLength(i) + 1 {
            s.rawIndex(i, Int64(n))
            defer { s.pop() }
            guard let layer: LayerHandle = host.object(at: -1, SceneBindings.layerType) else {
                throw LuaRaise.argument(i, "item \(n) must be a layer, got \(s.typeName(at: -1))")
            }
            names.append(layer.name)
        }
        guard !names.isEmpty else { throw LuaRaise.argument(i, "the array of layers is empty") }
        return names
    }

    /// `{ {start = s, finish = e, kind = "animation" | "timeline" | "call", layer = name}, ... }`
    /// in insertion order, times in the timeline's own time.
    func pushChildren(_ timeline: Timeline) {
        let s = host.stack
        s.newTable(arrayCount: Int32(timeline.children.count))
        for (i, child) in timeline.children.enumerated() {
            s.newTable(fieldCount: 4)
            s.push(child.start)
            s.setRawField(-2, "start")
            s.push(child.end)
            s.setRawField(-2, "finish")
            switch child.content {
            case .animation(let layer, _, _, _):
                s.push("animation")
                s.setRawField(-2, "kind")
                s.push(layer)
                s.setRawField(-2, "layer")
            case .timeline:
                s.push("timeline")
                s.setRawField(-2, "kind")
            case .call:
                s.push("call")
                s.setRawField(-2, "kind")
            }
            s.setRawIndex(-2, Int64(i + 1))
        }
    }

    // MARK: Entering the scene

    /// Compiles the timeline into cues starting at the scene's current time (0 at the top of
    /// a script, the event's time inside a callback). Later changes to `box` do not affect the
    /// copy that plays.
    func startTimeline(_ box: TimelineBox) throws {
        let actions = try engineCall { try box.timeline.schedule(startingAt: state.scene.time) }
        for action in actions {
            let callback: TimelineCallback?
            switch action.kind {
            case .add(_, _, _, let tag), .call(let tag): callback = box.callbacks[tag]
            }
            let id = state.nextCue
            state.nextCue += 1
            state.cues[id] = TimelineCue(kind: action.kind, callback: callback)
            try engineCall { try state.scene.schedule(cue: id, at: action.time) }
        }
    }

    /// A cue's delivery: the add a timeline scheduled (with the animation's callbacks
    /// registered as `layer:add` does), or its callback.
    func runCue(_ id: Int) throws {
        guard let cue = state.cues.removeValue(forKey: id) else { return }
        switch cue.kind {
        case .add(let layer, let animation, let key, _):
            var fromCurrentState: Bool?
            // One entry per add even without callbacks, as `layer:add` does: the per-key
            // queue pairs each stop event with its add.
            var callbacks = SceneState.Callbacks()
            if case .animation(let onStart, let onStop, let current, let handOff) = cue.callback {
                callbacks = SceneState.Callbacks(onStart: onStart, onStop: onStop)
                fromCurrentState = current ? handOff : nil
            }
            let added = try engineCall {
                guard let handOff = fromCurrentState, let found = state.scene[layer] else { return animation }
                return try animation.beginningFromCurrentState(
                    of: found, at: state.scene.currentLocalTime(ofLayer: layer), handOffVelocity: handOff)
            }
            let used = try attach(added, toLayer: layer, forKey: key, in: nil, argument: 3)
            state.callbacks[SceneState.callbackKey(layer: layer, key: used), default: []].append(callbacks)
        case .call:
            if case .call(let f) = cue.callback { try call(f, []) }
        }
    }
}
