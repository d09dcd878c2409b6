import CLua
import CLuaSupport
import InbetweenEngine

/// The `animation` library: `animation.basic{...}`, `animation.keyframe{...}`,
/// `animation.spring{...}`, `animation.group{...}` and `animation.preset(name, overrides)`,
/// every property under its Core Animation name. Unknown keys are errors listing the valid
/// ones.
enum AnimationBindings {
    static let typeName = "animation"
    /// What a keyframe value costs outside Lua's heap. Measured (MemoryAccountingTests, peak
    /// RSS of the debug build): an animation of 1e6 scalar values peaked at 137.4 MB against
    /// 43.7 MB for the same Lua table left unused, 96.0 bytes a value; `Value` itself is 40
    /// (`MemoryLayout<Value>.stride`), the rest is what the conversion builds alongside.
    static let hostBytesPerValue = 96

    static let calculationModes: [String: CalculationMode] = [
        "linear": .linear, "discrete": .discrete, "paced": .paced, "cubic": .cubic, "cubicPaced": .cubicPaced,
        "kCAAnimationLinear": .linear, "kCAAnimationDiscrete": .discrete, "kCAAnimationPaced": .paced,
        "kCAAnimationCubic": .cubic, "kCAAnimationCubicPaced": .cubicPaced,
    ]
    static let rotationModes: [String: RotationMode] = [
        "auto": .auto, "autoReverse": .autoReverse,
        "kCAAnimationRotateAuto": .auto, "kCAAnimationRotateAutoReverse": .autoReverse,
    ]

    static func install(in runtime: Runtime) {
        runtime.host.registerClass(
            typeName, methods: runtime.bind(methods), metamethods: runtime.bind(metamethods))
        runtime.host.register(library: "animation", runtime.bind(functions))
    }

    /// The `animation` library: CABasicAnimation, CAKeyframeAnimation, CASpringAnimation,
    /// CAAnimationGroup and the plugins' presets.
    static let functions: [(String, RuntimeFunction)] = [
        ("basic", { runtime, s in try runtime.makeBasic(s) }),
        ("keyframe", { runtime, s in try runtime.makeKeyframe(s) }),
        ("spring", { runtime, s in try runtime.makeSpring(s) }),
        ("group", { runtime, s in try runtime.makeGroup(s) }),
        ("preset", { runtime, s in try runtime.makePreset(s) }),
    ]

    /// An animation object's methods.
    static let methods: [(String, RuntimeFunction)] = [
        (
            "kind",
            { runtime, s in
                let box: AnimationBox = try runtime.host.checkObject(1, typeName)
                s.push(box.kind)
                return 1
            }
        ),
        ("keyPaths", keyPaths),
        (
            "duration",
            { runtime, s in
                let box: AnimationBox = try runtime.host.checkObject(1, typeName)
                s.push(box.animation.timing.effectiveDuration)
                return 1
            }
        ),
        ("settlingDuration", settlingDuration),
    ]

    static let metamethods: [(String, RuntimeFunction)] = [
        (
            "__tostring",
            { runtime, s in
                let box: AnimationBox = try runtime.host.checkObject(1, typeName)
                s.push("animation.\(box.kind)(\(box.animation.keyPaths.joined(separator: ", ")))")
                return 1
            }
        )
    ]

    /// `a:keyPaths()`: the key paths it animates, a group's of all its animations.
    static func keyPaths(_ runtime: Runtime, _ s: LuaStack) throws -> Int32 {
        let box: AnimationBox = try runtime.host.checkObject(1, typeName)
        s.newTable()
        for (i, k) in box.animation.keyPaths.enumerated() {
            s.push(k)
            s.setRawIndex(-2, Int64(i + 1))
        }
        return 1
    }

    /// `a:settlingDuration()`: CASpringAnimation's settlingDuration.
    static func settlingDuration(_ runtime: Runtime, _ s: LuaStack) throws -> Int32 {
        let box: AnimationBox = try runtime.host.checkObject(1, typeName)
        guard case .spring(let spring) = box.animation else {
            throw LuaRaise.argument(1, "settlingDuration is defined for spring animations only")
        }
        s.push(spring.settlingDuration)
        return 1
    }
}

extension Runtime {
    /// Turns an engine error from a constructor into `bad argument #1 (field ...)`.
    func engineField<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let e as EngineError {
            throw LuaRaise.argument(1, e.luaText(.field))
        }
    }

    func pushAnimation(
        _ a: Animation, kind: String, onStart: LuaReference?, onStop: LuaReference?,
        beginFromCurrentState: Bool = false, handOffVelocity: Bool = true
    ) {
        let box = AnimationBox(
            state.animations.shared(a), kind: kind, onStart: onStart, onStop: onStop,
            beginFromCurrentState: beginFromCurrentState, handOffVelocity: handOffVelocity)
        state.animationSerial += 1
        box.serial = state.animationSerial
        // Where the script created it (`x.lua:3:`), for the warning if it is never added.
        // (On the stack: an array for it and another for its bytes were two allocations per
        // animation.)
        let luaState = host.L
        state.animationsNotAdded[box.serial] = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 256) {
            position in
            ib_where(luaState, 1, position.baseAddress, position.count)
            return String(cString: position.baseAddress!)
        }
        host.pushObject(box, AnimationBindings.typeName)
    }

    /// fromValue / toValue / byValue (or from / to / by) of basic and spring animations.
    struct EndValues {
        var from, to, by: Value?
    }

    func endValues(_ r: TableReader, keyPath: String) throws -> EndValues {
        EndValues(
            from: try valueField(r, "fromValue", alias: "from", keyPath: keyPath),
            to: try valueField(r, "toValue", alias: "to", keyPath: keyPath),
            by: try valueField(r, "byValue", alias: "by", keyPath: keyPath))
    }

    /// The flags and callbacks every animation takes; `additive` and `cumulative` only where
    /// a key path is animated (not on groups).
    struct CommonFields {
        var additive = false, cumulative = false, removedOnCompletion = true
        var onStart: LuaReference?, onStop: LuaReference?
    }

    func commonFields(_ r: TableReader, property: Bool = true) throws -> CommonFields {
        var f = CommonFields()
        if property {
            f.additive = try r.bool("additive") ?? false
            f.cumulative = try r.bool("cumulative") ?? false
        }
        f.removedOnCompletion = try r.bool("removedOnCompletion") ?? true
        f.onStart = try callbackField(r, "onStart")
        f.onStop = try callbackField(r, "onStop")
        return f
    }

    func makeBasic(_ s: LuaStack) throws -> Int32 {
        let r = try TableReader(s, at: 1)
        let keyPath = try keyPathField(r)!
        let ends = try endValues(r, keyPath: keyPath)
        let timing = try mediaTiming(r)
        let tf = try timingFunctionField(r)
        let c = try commonFields(r)
        let fromCurrent = try r.bool("beginFromCurrentState") ?? false
        try r.finish()
        let a = try engineField {
            try BasicAnimation(
                keyPath: keyPath, fromValue: ends.from, toValue: ends.to, byValue: ends.by,
                timing: timing, timingFunction: tf, additive: c.additive,
                cumulative: c.cumulative, removedOnCompletion: c.removedOnCompletion)
        }
        pushAnimation(
            .basic(a), kind: "basic", onStart: c.onStart, onStop: c.onStop,
            beginFromCurrentState: fromCurrent)
        return 1
    }

    /// An array field of values (`values`), of timing specs (`timingFunctions`) or numbers.
    func valuesField(_ r: TableReader, _ key: String, keyPath: String) throws -> [Value]? {
        try r.with(key) { i -> [Value] in
            let s = host.stack
            guard s.type(at: i) == LUA_TTABLE else {
                throw r.fail(key, "must be an array, got \(s.typeName(at: i))")
            }
            // The values become arrays outside Lua's heap (the values, then what the animation
            // works out from them): counted with what Lua holds against the memory limit before
            // they are made. 2e7 values took 2.4 GB under the default limit of 1 GiB (issue 31).
            let count = s.rawLength(i)
            let limit = host.limits.memory
            let bytes = count.multipliedReportingOverflow(by: AnimationBindings.hostBytesPerValue)
            if limit > 0, bytes.overflow || host.memoryUsed + bytes.partialValue > limit {
                throw r.fail(
                    key,
                    "holds \(count) values, about \(AnimationBindings.hostBytesPerValue) bytes each outside Lua, "
                        + "more than the memory limit of \(limit) bytes allows")
            }
            var out: [Value] = []
            out.reserveCapacity(count)
            for n in 0..<count {
                s.rawIndex(i, Int64(n + 1))
                defer { s.pop() }
                do { out.append(try value(at: -1, forKeyPath: keyPath)) } catch {
                    throw r.fail(key, "item \(n + 1) \(error.rule)")
                }
            }
            return out
        }
    }

    func timingFunctionsField(_ r: TableReader) throws -> [TimingFunction]? {
        try r.with("timingFunctions") { i -> [TimingFunction] in
            let s = host.stack
            guard s.type(at: i) == LUA_TTABLE else {
                throw r.fail("timingFunctions", "must be an array, got \(s.typeName(at: i))")
            }
            var out: [TimingFunction] = []
            // Exactly as long as the list: grown by appending, three curves took room for four
            // (a fifth of the animation's memory). Bounded: the length of a table with holes
            // may be any of its borders, and the loop below stops at the first hole.
            out.reserveCapacity(min(s.rawLength(i), 256))
            for n in 0..<s.rawLength(i) {
                s.rawIndex(i, Int64(n + 1))
                defer { s.pop() }
                do { out.append(try timing(at: -1)) } catch let raise as LuaRaise {
                    if case .argument(_, let m) = raise {
                        throw r.fail("timingFunctions", "item \(n + 1): \(m)")
                    }
                    throw raise
                }
            }
            return out
        }
    }

    func makeKeyframe(_ s: LuaStack) throws -> Int32 {
        let r = try TableReader(s, at: 1)
        let keyPath = try keyPathField(r)!
        let values = try valuesField(r, "values", keyPath: keyPath)
        let path: Path? = try r.with("path") { i -> Path in
            guard isValue(i, "path") else {
                throw r.fail("path", "must be a path (path():move(...)...), got \(s.typeName(at: i))")
            }
            do { return try self.path(at: i) } catch { throw r.fail("path", error.rule) }
        }
        let keyTimes = try r.numbers("keyTimes")
        let tfs = try timingFunctionsField(r)
        let modeName = try r.choice("calculationMode", AnimationBindings.calculationModes.keys.sorted())
        let rotationName = try r.choice("rotationMode", AnimationBindings.rotationModes.keys.sorted())
        let tension = try r.numbers("tensionValues")
        let continuity = try r.numbers("continuityValues")
        let bias = try r.numbers("biasValues")
        let timing = try mediaTiming(r)
        let tf = try timingFunctionField(r)
        let c = try commonFields(r)
        try r.finish()
        let mode = modeName.map { AnimationBindings.calculationModes[$0]! } ?? .linear
        let rotation = rotationName.map { AnimationBindings.rotationModes[$0]! }
        let a: KeyframeAnimation = try engineField {
            if let path {
                if values != nil {
                    throw EngineError(
                        parameter: "values", value: "set with path", rule: "give either values or path")
                }
                return try KeyframeAnimation(
                    keyPath: keyPath, path: path, rotationMode: rotation, keyTimes: keyTimes,
                    timingFunctions: tfs, calculationMode: mode, timing: timing,
                    timingFunction: tf, additive: c.additive, cumulative: c.cumulative,
                    removedOnCompletion: c.removedOnCompletion)
            }
            guard let values else {
                throw EngineError(parameter: "values", value: "nil", rule: "values or path is required")
            }
            if rotation != nil {
                throw EngineError(
                    parameter: "rotationMode", value: rotationName!, rule: "applies to path animations only")
            }
            return try KeyframeAnimation(
                keyPath: keyPath, values: values, keyTimes: keyTimes, timingFunctions: tfs,
                calculationMode: mode, tensionValues: tension, continuityValues: continuity,
                biasValues: bias, timing: timing, timingFunction: tf, additive: c.additive,
                cumulative: c.cumulative, removedOnCompletion: c.removedOnCompletion)
        }
        pushAnimation(.keyframe(a), kind: "keyframe", onStart: c.onStart, onStop: c.onStop)
        return 1
    }

    /// Spring parameters in any of Apple's three forms (mass/stiffness/damping, perceptual
    /// duration and bounce, UIKit's damping ratio and response) or a named preset.
    func springParameters(_ r: TableReader) throws -> SpringParameters {
        let preset = try r.string("preset")
        let mass = try r.number("mass")
        let stiffness = try r.number("stiffness")
        let damping = try r.number("damping")
        let velocity = try r.number("initialVelocity") ?? 0
        let overdamping = try r.bool("allowsOverdamping") ?? false
        let perceptual = try r.number("perceptualDuration")
        let bounce = try r.number("bounce")
        let ratio = try r.number("dampingRatio")
        let response = try r.number("response")
        return try engineField {
            if let preset {
                var p = try springPreset(preset)
                p.initialVelocity = velocity
                return p
            }
            if perceptual != nil || bounce != nil {
                var p = try SpringParameters(duration: perceptual ?? 0.5, bounce: bounce ?? 0)
                p.initialVelocity = velocity
                return p
            }
            if ratio != nil || response != nil {
                return try SpringParameters(
                    dampingRatio: ratio ?? 1, response: response ?? 0.5, initialVelocity: velocity)
            }
            return try SpringParameters.filling(
                mass: mass, stiffness: stiffness, damping: damping,
                initialVelocity: velocity, allowsOverdamping: overdamping)
        }
    }

    /// A spring from the `springs` registry (plugins/springs.lua and friends); an unknown name
    /// is an error that suggests the closest known ones.
    package func springPreset(_ name: String) throws -> SpringParameters {
        if let spring = try registeredSpring(name) { return spring }
        let s = host.stack
        let base = s.top
        defer { s.top = base }
        pushRegistry("springs")
        s.rawField(-1, "names")
        try host.callNested(arguments: 0, results: 1)
        let names = s.strings(at: -1)
        throw EngineError(
            parameter: "preset",
            value: "'\(name)'\(Suggestions.phrase(Suggestions.closest(to: name, in: names)))",
            rule: "names no known spring")
    }

    /// The registry's spring called `name`, or nil when there is none; a registered spring
    /// with an unknown key or a bad value is an error naming it.
    package func registeredSpring(_ name: String) throws -> SpringParameters? {
        let s = host.stack
        let base = s.top
        defer { s.top = base }
        pushRegistry("springs")
        s.rawField(-1, "get")
        s.push(name)
        try host.callNested(arguments: 1, results: 1)
        guard s.type(at: -1) == LUA_TTABLE else { return nil }
        let t = s.top
        // A plugin's typo must not pass unnoticed either.
        let validKeys = [
            "bounce", "damping", "description", "duration", "initialVelocity", "mass", "source", "stiffness",
        ]
        var unknown: String?
        s.forEachPair(t) {
            if unknown == nil, let k = s.string(at: -2), !validKeys.contains(k) { unknown = k }
        }
        if let unknown {
            throw EngineError(
                parameter: "preset", value: "'\(name)'",
                rule:
                    "names a spring with an unknown key '\(unknown)' (valid keys: \(validKeys.joined(separator: ", ")))"
            )
        }
        var bad: String?
        func field(_ k: String) -> Double? {
            s.rawField(t, k)
            defer { s.pop() }
            guard s.type(at: -1) != LUA_TNIL else { return nil }
            guard s.type(at: -1) == LUA_TNUMBER, let v = s.number(at: -1), v.isFinite else {
                if bad == nil { bad = "field '\(k)' must be a finite number, got \(host.describe(at: -1))" }
                return nil
            }
            return v
        }
        let duration = field("duration")
        let bounce = field("bounce")
        let mass = field("mass")
        let stiffness = field("stiffness")
        let damping = field("damping")
        let velocity = field("initialVelocity")
        if let bad {
            throw EngineError(parameter: "preset", value: "'\(name)'", rule: "names a spring whose \(bad)")
        }
        if let duration { return try SpringParameters(duration: duration, bounce: bounce ?? 0) }
        return try SpringParameters.filling(
            mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
    }

    func makeSpring(_ s: LuaStack) throws -> Int32 {
        let r = try TableReader(s, at: 1)
        let keyPath = try keyPathField(r)!
        let ends = try endValues(r, keyPath: keyPath)
        let spring = try springParameters(r)
        let timing = try mediaTiming(r)
        let c = try commonFields(r)
        let fromCurrent = try r.bool("beginFromCurrentState") ?? false
        let velocityGiven = try r.with("initialVelocity") { _ in true } ?? false
        try r.finish()
        let a = try engineField {
            try SpringAnimation(
                keyPath: keyPath, fromValue: ends.from, toValue: ends.to, byValue: ends.by,
                spring: spring, timing: timing, additive: c.additive, cumulative: c.cumulative,
                removedOnCompletion: c.removedOnCompletion)
        }
        pushAnimation(
            .spring(a), kind: "spring", onStart: c.onStart, onStop: c.onStop,
            beginFromCurrentState: fromCurrent, handOffVelocity: !velocityGiven)
        return 1
    }

    func makeGroup(_ s: LuaStack) throws -> Int32 {
        let r = try TableReader(s, at: 1)
        let children: [Animation] =
            try r.with("animations") { i -> [Animation] in
                guard s.type(at: i) == LUA_TTABLE else {
                    throw r.fail("animations", "must be an array of animations, got \(s.typeName(at: i))")
                }
                var out: [Animation] = []
                for n in 0..<s.rawLength(i) {
                    s.rawIndex(i, Int64(n + 1))
                    defer { s.pop() }
                    guard let box: AnimationBox = host.object(at: -1, AnimationBindings.typeName) else {
                        throw r.fail(
                            "animations", "item \(n + 1) must be an animation, got \(s.typeName(at: -1))")
                    }
                    out.append(box.animation)
                    state.animationsNotAdded[box.serial] = nil
                }
                return out
            } ?? []
        let timing = try mediaTiming(r)
        let tf = try timingFunctionField(r)
        let c = try commonFields(r, property: false)
        try r.finish()
        let g = AnimationGroup(
            animations: children, timing: timing, timingFunction: tf,
            removedOnCompletion: c.removedOnCompletion)
        guard g.depth <= AnimationGroup.maximumDepth else {
            throw r.fail(
                "animations",
                "must not nest groups more than \(AnimationGroup.maximumDepth) deep (this group would be \(g.depth) deep)"
            )
        }
        pushAnimation(.group(g), kind: "group", onStart: c.onStart, onStop: c.onStop)
        return 1
    }

    /// `animation.preset(name [, overrides])`: a preset table from the registry (its `type`
    /// picks the constructor), with the overrides' fields replacing the preset's.
    func makePreset(_ s: LuaStack) throws -> Int32 {
        let name = try s.checkString(1)
        let hasOverrides = !s.isNoneOrNil(2)
        if hasOverrides { try s.checkTable(2) }
        pushRegistry("presets")
        s.rawField(-1, "get")
        s.push(name)
        try host.callNested(arguments: 1, results: 1)
        guard s.type(at: -1) == LUA_TTABLE else {
            s.pop()
            s.rawField(-1, "names")
            try host.callNested(arguments: 0, results: 1)
            let names = s.strings(at: -1)
            throw LuaRaise.argument(
                1,
                "unknown animation preset '\(name)'\(Suggestions.phrase(Suggestions.closest(to: name, in: names)))"
            )
        }
        let preset = s.top
        s.newTable()
        let merged = s.top
        var kind = "basic"
        for source in hasOverrides ? [preset, Int32(2)] : [preset] {
            s.forEachPair(source) {
                if s.string(at: -2) == "type" {
                    kind = s.string(at: -1) ?? kind
                } else {
                    s.pushValue(-2)
                    s.pushValue(-2)
                    lua_rawset(host.L, merged)
                }
            }
        }
        let makers: [String: (LuaStack) throws -> Int32] = [
            "basic": makeBasic, "keyframe": makeKeyframe, "spring": makeSpring, "group": makeGroup,
        ]
        guard let make = makers[kind] else {
            throw LuaRaise.argument(
                1, "preset '\(name)' has unknown type '\(kind)' (basic, keyframe, spring or group)")
        }
        // The constructors read their table at index 1.
        s.pushValue(merged)
        lua_copy(host.L, -1, 1)
        s.pop()
        s.top = 1
        return try make(s)
    }
}
