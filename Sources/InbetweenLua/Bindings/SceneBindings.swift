import CLua
import InbetweenEngine

/// A layer in Lua: a handle naming a layer of the runtime's scene.
final class LayerHandle {
    let name: String
    init(name: String) { self.name = name }
}

/// A transaction in Lua: `transaction{...}` returns one, and calling it with a function runs
/// that function inside the transaction (CATransaction begin ... commit).
final class TransactionBox {
    let transaction: Transaction
    init(_ transaction: Transaction) { self.transaction = transaction }
}

/// `layer{...}`, the layer methods and properties, `transaction{...}`, `scene{...}`, `now()`.
enum SceneBindings {
    static let layerType = "layer"

    /// The fields `layer{...}` and `transformLayer{...}` read, in `LayerProperties.names`' order:
    /// every property but a replicator's own (see `makeLayer`). Listed once, not filtered per
    /// layer: the filter's 45 set lookups cost a tiny batch job 17K instructions of its 408K
    /// (callgrind, release).
    static let nonReplicatorFields = LayerProperties.names.filter {
        !TreeBindings.replicatorProperties.contains($0)
    }

    /// `layer#` followed by digits: reserved for layers made without a name.
    static func isAutomaticName(_ name: String) -> Bool {
        name.hasPrefix("layer#") && name.count > 6
            && name.dropFirst(6).allSatisfy { $0.isASCII && $0.isNumber }
    }
    static let transactionType = "transaction"

    static func install(in runtime: Runtime) {
        let host = runtime.host
        let methods =
            runtime.bind(layerMethods) + TreeBindings.methods(runtime) + ConvertBindings.methods(runtime)
        let methodNames = Set(methods.map(\.0))
        // The methods are looked up by __index, so they live in a registry table.
        host.pushLibrary("layer", methods)
        host.stack.push("inbetween.layermethods")
        clua_insert(host.L, -2)
        lua_rawset(host.L, clua_registryindex())
        let index: RuntimeFunction = { runtime, s in try layerIndex(runtime, s, methodNames: methodNames) }
        host.registerClass(layerType, metamethods: runtime.bind([("__index", index)] + layerMetamethods))
        host.registerClass(transactionType, metamethods: runtime.bind(transactionMetamethods))
        runtime.setGlobals(globals)
        TreeBindings.install(in: runtime)
        GradientBindings.install(in: runtime)
        ImageBindings.install(in: runtime)
    }

    /// A layer's methods (the tree's and `convert` are added from TreeBindings and
    /// ConvertBindings).
    static let layerMethods: [(String, RuntimeFunction)] = [
        ("add", { runtime, s in try runtime.layerAdd(s) }),
        ("remove", removeAnimation),
        ("removeAll", removeAllAnimations),
        (
            "presentation",
            { runtime, s in
                try runtime.pushLayerValue(s) { try $0.presentationValue(forKeyPath: $1, ofLayer: $2) }
            }
        ),
        // l:velocity(keyPath): d/dt of the presentation value now, units per second.
        (
            "velocity",
            { runtime, s in
                try runtime.pushLayerValue(s) { try $0.presentationVelocity(forKeyPath: $1, ofLayer: $2) }
            }
        ),
        ("retarget", { runtime, s in try runtime.layerRetarget(s) }),
        ("convertTime", { runtime, s in try runtime.layerConvertTime(s) }),
        ("animationKeys", animationKeys),
    ]

    /// A layer's metamethods but `__index`, which knows the method names.
    static let layerMetamethods: [(String, RuntimeFunction)] = [
        ("__newindex", layerNewIndex),
        (
            "__tostring",
            { runtime, s in
                let l: LayerHandle = try runtime.host.checkObject(1, layerType)
                s.push("layer(\(l.name))")
                return 1
            }
        ),
        // Two objects of the same layer are equal (`l.superlayer == parent`): a layer read
        // from the tree is a new object for the layer.
        (
            "__eq",
            { runtime, s in
                let a: LayerHandle? = runtime.host.object(at: 1, layerType)
                let b: LayerHandle? = runtime.host.object(at: 2, layerType)
                s.push(a != nil && a?.name == b?.name)
                return 1
            }
        ),
    ]

    static let transactionMetamethods: [(String, RuntimeFunction)] = [
        ("__call", { runtime, s in try runtime.runTransaction(s) }),
        (
            "__tostring",
            { _, s in
                s.push("transaction")
                return 1
            }
        ),
    ]

    /// The global functions: `layer{...}`, `transaction{...}`, `scene{...}`, `now()`.
    static let globals: [(String, RuntimeFunction)] = [
        ("layer", { runtime, s in try runtime.makeLayer(s, kind: .layer) }),
        ("transaction", { runtime, s in try runtime.makeTransaction(s) }),
        ("scene", { runtime, s in try runtime.configureScene(s) }),
        (
            "now",
            { runtime, s in
                s.push(runtime.state.scene.time)
                return 1
            }
        ),
    ]

    /// The layer-timing keys (`beginTime`, `speed`, ...), read and set on the layer itself.
    static let timingKeys = Set(Runtime.layerTimingKeys)

    /// `l:remove(key)`: removeAnimation(forKey:).
    static func removeAnimation(_ runtime: Runtime, _ s: LuaStack) throws -> Int32 {
        let l: LayerHandle = try runtime.host.checkObject(1, layerType)
        let key = try s.checkString(2)
        try runtime.engineCall {
            try runtime.state.scene.removeAnimation(forKey: key, fromLayer: l.name)
        }
        return 0
    }

    /// `l:removeAll()`: removeAllAnimations().
    static func removeAllAnimations(_ runtime: Runtime, _ s: LuaStack) throws -> Int32 {
        let l: LayerHandle = try runtime.host.checkObject(1, layerType)
        try runtime.engineCall {
            try runtime.state.scene.removeAllAnimations(fromLayer: l.name)
        }
        return 0
    }

    /// `l:animationKeys()`: the keys of the layer's animations, in the order they were added.
    static func animationKeys(_ runtime: Runtime, _ s: LuaStack) throws -> Int32 {
        let l: LayerHandle = try runtime.host.checkObject(1, layerType)
        s.newTable()
        for (i, k) in (runtime.state.scene[l.name]?.animationKeys ?? []).enumerated() {
            s.push(k)
            s.setRawIndex(-2, Int64(i + 1))
        }
        return 1
    }

    /// `l.key`: a method, the name, a tree property, a timing property, or the model value.
    static func layerIndex(_ runtime: Runtime, _ s: LuaStack, methodNames: Set<String>) throws -> Int32 {
        let l: LayerHandle = try runtime.host.checkObject(1, layerType)
        let key = try s.checkString(2)
        if methodNames.contains(key) {
            s.push("inbetween.layermethods")
            lua_rawget(s.L, clua_registryindex())
            s.rawField(-1, key)
            return 1
        }
        if key == "name" {
            s.push(l.name)
            return 1
        }
        if let pushed = try runtime.pushTreeProperty(l, key) { return pushed }
        if let pushed = runtime.pushContentsProperty(l, key) { return pushed }
        if let pushed = try runtime.pushGradientProperty(l, key) { return pushed }
        if timingKeys.contains(key) {
            try runtime.pushLayerTiming(l, key, s)
            return 1
        }
        let v = try runtime.layerProperty(l, key, argument: 2) {
            try $0.value(forKeyPath: key)
        }
        try runtime.pushValue(v)
        return 1
    }

    /// `l.key = value`: a tree property, a timing property, or the model value (inside the
    /// innermost open transaction).
    static func layerNewIndex(_ runtime: Runtime, _ s: LuaStack) throws -> Int32 {
        let l: LayerHandle = try runtime.host.checkObject(1, layerType)
        let key = try s.checkString(2)
        if try runtime.setTreeProperty(l, key, at: 3) { return 0 }
        if try runtime.setContentsProperty(l, key, at: 3) { return 0 }
        if timingKeys.contains(key) {
            try runtime.setLayerTiming(l, key, s)
            return 0
        }
        let value: Value
        do {
            value = try runtime.propertyValue(
                at: 3, forKey: key, kind: runtime.state.scene[l.name]?.kind ?? .layer)
            if key == "instanceCount", case .scalar(let count) = value {
                try runtime.checkSceneCopiesFit(runtime.state.scene) {
                    $0 == l.name ? count : nil
                }
            }
        } catch {
            throw LuaRaise.message("layer '\(l.name)' property '\(key)' \(error.rule)")
        }
        // CAGradientLayer's `type` is not animatable: set at once, even in a transaction.
        let transaction = key == "type" ? nil : runtime.state.transactions.last
        _ = try runtime.layerProperty(l, key, argument: 2) { _ in
            try runtime.state.scene.setValue(
                value, forKeyPath: key, ofLayer: l.name, in: transaction)
        }
        return 0
    }
}

extension Runtime {
    /// Runs an engine call, turning its EngineError into a positioned Lua error.
    func engineCall<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let e as EngineError {
            throw LuaRaise.message(e.description)
        }
    }

    /// Reads or writes a layer property, with "did you mean" for unknown key paths.
    func layerProperty<T>(_ l: LayerHandle, _ key: String, argument: Int32, _ body: (Layer) throws -> T)
        throws -> T
    {
        guard let layer = state.scene[l.name] else {
            throw LuaRaise.message("layer '\(l.name)' is not in the scene")
        }
        guard PropertyValues.isKnownKeyPath(key) else {
            let hint = Suggestions.closest(to: key, in: PropertyValues.knownKeyPaths)
            throw LuaRaise.message("layer '\(l.name)' has no property '\(key)'\(Suggestions.phrase(hint))")
        }
        do {
            return try body(layer)
        } catch let e as EngineError {
            throw LuaRaise.message(e.luaText(.property(layer: l.name, key: key)))
        }
    }

    /// `layer{ name = "ball", position = point(150, 32), ..., sublayers = {...} }`, and the
    /// same for `transformLayer{...}` and `replicator{...}` (`kind`).
    func makeLayer(_ s: LuaStack, kind: LayerKind) throws -> Int32 {
        let r = try TableReader(s, at: 1)
        var name = try r.string("name")
        var values: [String: Value] = [:]
        for key in kind == .replicator ? LayerProperties.names : SceneBindings.nonReplicatorFields {
            if let v = try r.with(
                key,
                { i -> Value in
                    do { return try propertyValue(at: i, forKey: key, kind: kind) } catch {
                        throw r.fail(key, error.rule)
                    }
                })
            {
                values[key] = v
            }
        }
        let sublayers =
            try r.with("sublayers") { i in
                try layerArray(at: i) { item, got in
                    r.fail(
                        "sublayers",
                        item == 0
                            ? "must be an array of layers, got \(got)"
                            : "item \(item) must be a layer, got \(got)")
                }
            } ?? []
        let timing = try layerTimingFields(r)
        let contents = try contentsFields(r)
        // One walk of the table when every key is known (this is `finish` with a message of
        // its own for a replicator's property).
        if let key = r.unknownKey() {
            if TreeBindings.replicatorProperties.contains(key) {
                throw r.fail(
                    key, "belongs to replicators (CAReplicatorLayer): make the layer with replicator{...}")
            }
            try r.finish()
        }
        // Unnamed layers are `layer#1`, `layer#2`, ...: a form explicit names may not take, so
        // an automatic name never collides with a name the script gives later (`layer{}` then
        // `layer{name = "layer1"}` both work).
        if let given = name, SceneBindings.isAutomaticName(given) {
            throw LuaRaise.argument(
                1, "field 'name' '\(given)' has the form of an unnamed layer's name (layer#N); choose another"
            )
        }
        if name == nil {
            state.unnamedLayers += 1
            name = "layer#\(state.unnamedLayers)"
        }
        // A sublayer of another layer cannot be taken (it needs removeFromSuperlayer() first):
        // checked before the layer is made, so that a refused call leaves the scene as it was.
        for child in sublayers {
            if let other = state.scene.superlayerName(of: child) {
                throw r.fail(
                    "sublayers",
                    "holds layer '\(child)', a sublayer of '\(other)' already (call removeFromSuperlayer() on it first)"
                )
            }
        }
        if kind == .replicator { state.hasReplicator = true }
        do {
            // A new layer is a sublayer of the stage: its sublayers' copies change only when it
            // is a replicator.
            let added = kind == .replicator ? nil : copiesAdded(moving: sublayers, under: nil)
            try keepingCopiesBounded("\(TreeBindings.constructor(of: kind)){...} '\(name!)'", added: added) {
                try state.scene.addLayer(try Layer(name: name!, kind: kind, values: values))
                if let timing { try state.scene.setTiming(timing, ofLayer: name!) }
                if let contents { try state.scene.setContents(contents, ofLayer: name!) }
                for child in sublayers { try state.scene.addSublayer(child, to: name!) }
            }
            state.tree.record(name!, in: state.scene, isStructural: kind != .layer)
            for child in sublayers { state.tree.record(child, in: state.scene, isStructural: true) }
        } catch let e as EngineError {
            throw LuaRaise.argument(1, e.luaText(.field))
        }
        pushLayer(named: name!)
        return 1
    }

    /// `l:add(animation [, key])` -> key
    func layerAdd(_ s: LuaStack) throws -> Int32 {
        let l: LayerHandle = try host.checkObject(1, SceneBindings.layerType)
        let box: AnimationBox = try host.checkObject(2, AnimationBindings.typeName)
        state.animationsNotAdded[box.serial] = nil
        let key = s.isNoneOrNil(3) ? nil : try s.checkString(3)
        let animation = try engineCall {
            guard box.beginFromCurrentState, let layer = state.scene[l.name] else { return box.animation }
            return try box.animation.beginningFromCurrentState(
                of: layer, at: state.scene.currentLocalTime(ofLayer: l.name),
                handOffVelocity: box.handOffVelocity)
        }
        let used = try attach(
            animation, toLayer: l.name, forKey: key, in: state.transactions.last, argument: 2)
        state.callbacks[SceneState.callbackKey(layer: l.name, key: used), default: []]
            .append(.init(onStart: box.onStart, onStop: box.onStop))
        s.push(used)
        return 1
    }

    /// `l:method(keyPath)` returning a value the scene computes for (scene, keyPath, layer name).
    func pushLayerValue(_ s: LuaStack, _ read: (Scene, String, String) throws -> Value) throws -> Int32 {
        let l: LayerHandle = try host.checkObject(1, SceneBindings.layerType)
        let keyPath = try s.checkString(2)
        let v = try engineCall { try read(state.scene, keyPath, l.name) }
        try pushValue(v)
        return 1
    }

    /// `l:retarget(keyPath, newValue, animation)`: the iOS 8 way to change a target in
    /// flight without losing velocity, for any timing function. The model value jumps to
    /// `newValue` at once, and an additive copy of `animation` (a basic or spring animation
    /// giving the duration and timing) runs from (old model value − newValue) to zero on top of
    /// it, under a key of its own, so additive animations already running keep running and
    /// their velocity carries over. Starting from rest, or after earlier retargets, the motion
    /// is continuous; an absolute (non-additive) animation on the same key path would
    /// override it. Returns the key.
    func layerRetarget(_ s: LuaStack) throws -> Int32 {
        let l: LayerHandle = try host.checkObject(1, SceneBindings.layerType)
        let keyPath = try s.checkString(2)
        let newValue: Value
        do { newValue = try value(at: 3, forKeyPath: keyPath) } catch {
            throw LuaRaise.argument(3, "'\(keyPath)' \(error.rule)")
        }
        let box: AnimationBox = try host.checkObject(4, AnimationBindings.typeName)
        state.animationsNotAdded[box.serial] = nil
        let (animation, target) = try engineCall { () throws -> (Animation, Value) in
            guard let layer = state.scene[l.name] else {
                throw EngineError(parameter: "layer", value: l.name, rule: "no layer with this name")
            }
            let old = try layer.value(forKeyPath: keyPath)
            let target = newValue.converted(toKindOf: old)
            let offset = try Value.subtract(old, target)
            let zero = try Value.subtract(target, target)
            let animation: Animation
            switch box.animation {
            case .basic(let a):
                animation = .basic(
                    try BasicAnimation(
                        keyPath: keyPath, fromValue: offset, toValue: zero, timing: a.timing,
                        timingFunction: a.timingFunction, additive: true,
                        removedOnCompletion: a.removedOnCompletion))
            case .spring(let a):
                animation = .spring(
                    try SpringAnimation(
                        keyPath: keyPath, fromValue: offset, toValue: zero, spring: a.spring,
                        timing: a.timing,
                        additive: true, removedOnCompletion: a.removedOnCompletion))
            default:
                throw EngineError(
                    parameter: "animation", value: box.kind,
                    rule: "must be a basic or spring animation (it gives the duration and timing)")
            }
            return (animation, target)
        }
        var model: Double?
        if keyPath == "instanceCount", case .scalar(let x) = target { model = x }
        let used = try attach(animation, toLayer: l.name, forKey: nil, in: nil, argument: 4, model: model) {
            try state.scene.modifyLayer(named: l.name) { try $0.setModelValue(target, forKeyPath: keyPath) }
        }
        state.callbacks[SceneState.callbackKey(layer: l.name, key: used), default: []]
            .append(.init(onStart: box.onStart, onStop: box.onStop))
        s.push(used)
        return 1
    }

    /// `transaction{ duration = 1, timingFunction = "easeOut", disableActions = false,
    /// completion = function() ... end }`
    func makeTransaction(_ s: LuaStack) throws -> Int32 {
        let r = try TableReader(s, at: 1)
        let duration = try r.number("duration", where: { $0 >= 0 }, rule: "must be 0 or positive")
        let tf = try timingFunctionField(r)
        let disable = try r.bool("disableActions") ?? false
        let completion = try callbackField(r, "completion")
        try r.finish()
        var token: Int?
        if let completion {
            token = state.nextToken
            state.completions[state.nextToken] = completion
            state.nextToken += 1
        }
        let t = try engineField {
            try Transaction(
                duration: duration ?? Transaction.defaultDuration, timingFunction: tf ?? .default,
                disableActions: disable, completionToken: token)
        }
        host.pushObject(TransactionBox(t), SceneBindings.transactionType)
        return 1
    }

    /// Calling a transaction with a function: the function's property changes animate
    /// implicitly with the transaction's duration and timing; then it commits.
    func runTransaction(_ s: LuaStack) throws -> Int32 {
        let box: TransactionBox = try host.checkObject(1, SceneBindings.transactionType)
        try s.checkFunction(2)
        state.transactions.append(box.transaction)
        s.pushValue(2)
        do {
            try host.callNested(arguments: 0, results: 0)
        } catch {
            state.transactions.removeLast()
            throw error
        }
        state.transactions.removeLast()
        try engineCall { try state.scene.commit(box.transaction, at: state.scene.time) }
        return 0
    }

    /// `scene{ fps = 60, from = 0, to = 5, cap = 60, timeline = tl }`: how the host should
    /// sample, and a timeline to start.
    func configureScene(_ s: LuaStack) throws -> Int32 {
        let r = try TableReader(s, at: 1)
        // A setting the table leaves out keeps what an earlier scene{...} gave it: a script
        // that sets fps at the top and starts its timeline later in a second call keeps its fps.
        var settings = state.settings
        settings.fps =
            try r.number(
                "fps", where: { $0 > 0 && $0 <= SamplingRequest.maximumFPS },
                rule: "must be in (0, \(LuaFormat.number(SamplingRequest.maximumFPS))]") ?? settings.fps
        settings.from = try r.number("from") ?? settings.from
        settings.to = try r.number("to") ?? settings.to
        settings.cap = try r.number("cap", where: { $0 > 0 }, rule: "must be positive") ?? settings.cap
        settings.size = try sceneSize(r) ?? settings.size
        let timeline: TimelineBox? = try r.with("timeline") { i in
            guard let box: TimelineBox = host.object(at: i, TimelineBindings.typeName) else {
                throw r.fail("timeline", "must be a timeline, got \(s.typeName(at: i))")
            }
            return box
        }
        try r.finish()
        state.settings = settings
        // It starts now: at 0 from the top of a script, at the event's time in a callback.
        if let timeline { try startTimeline(timeline) }
        s.pushValue(1)
        return 1
    }
}

extension Runtime {
    /// `size = size(w, h)` of `scene{...}`: a size with positive, finite sides.
    func sceneSize(_ r: TableReader) throws -> Size? {
        try r.with("size") { i -> Size in
            let value: Value
            do {
                value = try self.value(at: i)
            } catch {
                throw r.fail("size", error.rule)
            }
            guard case .size(let size) = value else {
                throw r.fail(
                    "size",
                    "must be a size (size(w, h)), got \(value.kindName == "scalar" ? "number" : value.kindName)"
                )
            }
            guard size.width > 0, size.height > 0 else {
                throw r.fail(
                    "size",
                    "must have positive sides, got size(\(LuaFormat.number(size.width)), \(LuaFormat.number(size.height)))"
                )
            }
            return size
        }
    }
}
