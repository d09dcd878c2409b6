import CLua
import InbetweenEngine

/// The layer tree in Lua, with CALayer's names: `parent:addSublayer(l)`,
/// `parent:insertSublayer(l, index | {below = other} | {above = other})`,
/// `l:removeFromSuperlayer()`, `l.sublayers`, `l.superlayer`, `layer{sublayers = {...}}`, and
/// the two other kinds of layer, `transformLayer{...}` (CATransformLayer) and `replicator{...}`
/// (CAReplicatorLayer). Also CALayer's boolean properties, which Lua reads and writes as
/// booleans (`l.hidden = true`); the engine keeps them as 0 and 1.
///
/// Indices are Lua's: `insertSublayer(l, 1)` puts `l` first (at the back), where CALayer's
/// `insertSublayer:atIndex:` counts from 0, so `l.sublayers[i]` is the layer inserted at `i`.
enum TreeBindings {
    /// CALayer's and CAReplicatorLayer's BOOL properties.
    static let booleanProperties: Set<String> = [
        "hidden", "masksToBounds", "allowsGroupOpacity", "preservesDepth", "doubleSided",
    ]

    /// The memory one replicator copy takes outside Lua, for the memory limit (see
    /// `Runtime.checkCopiesFit`): the 7.5 KB measured, rounded up.
    static let hostBytesPerCopy = 8192

    /// CAReplicatorLayer's own properties: a plain layer or a transform layer has none of them.
    static let replicatorProperties: Set<String> = [
        "instanceCount", "instanceDelay", "instanceTransform", "instanceColor", "instanceRedOffset",
        "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset", "preservesDepth",
    ]

    /// The layer methods of the tree, for the layer class's method table.
    static func methods(_ runtime: Runtime) -> [(String, LuaFunction)] {
        [
            ("addSublayer", { [unowned runtime] s in try runtime.addSublayer(s) }),
            ("insertSublayer", { [unowned runtime] s in try runtime.insertSublayer(s) }),
            ("removeFromSuperlayer", { [unowned runtime] s in try runtime.removeFromSuperlayer(s) }),
        ]
    }

    /// `transformLayer{...}` and `replicator{...}`: `layer{...}` making the other kinds.
    static func install(in runtime: Runtime) {
        let host = runtime.host
        host.pushFunction("transformLayer") { [unowned runtime] s in
            try runtime.makeLayer(s, kind: .transformLayer)
        }
        host.setGlobal("transformLayer")
        host.pushFunction("replicator") { [unowned runtime] s in try runtime.makeLayer(s, kind: .replicator) }
        host.setGlobal("replicator")
    }

    /// The Lua constructor of a kind, for messages.
    static func constructor(of kind: LayerKind) -> String {
        switch kind {
        case .layer: return "layer"
        case .transformLayer: return "transformLayer"
        case .replicator: return "replicator"
        }
    }
}

extension Runtime {
    /// The value at `index` for the property `key` of a layer of kind `kind`: a boolean for
    /// a boolean property (true is 1), and no replicator property on another kind.
    func propertyValue(at index: Int32, forKey key: String, kind: LayerKind) throws(ValueProblem) -> Value {
        let root = LayerProperties.root(of: key)
        if TreeBindings.replicatorProperties.contains(root) && kind != .replicator {
            throw ValueProblem(
                rule: "belongs to replicators (CAReplicatorLayer): make the layer with replicator{...}")
        }
        if let style = try styleValue(at: index, forKey: key) { return style }
        if TreeBindings.booleanProperties.contains(root) {
            switch host.stack.type(at: index) {
            case LUA_TBOOLEAN: return .scalar(host.stack.boolean(at: index) ? 1 : 0)
            case LUA_TNUMBER: break  // 0 or 1, as the engine keeps it
            default: throw ValueProblem(rule: "must be a boolean, got \(host.stack.typeName(at: index))")
            }
        }
        let v = try value(at: index, forKeyPath: key)
        if root == "instanceCount", case .scalar(let count) = v {
            try checkCopiesFit(count, given: host.describe(at: index))
        }
        return v
    }

    /// A replicator's copies are made outside Lua's heap, each as a layer of its own in every
    /// frame drawn and every export (a copy of a one-dot replicator measured 3.4 KB in
    /// `render` and 7.3 to 7.5 KB in css, lottie and `--world` json, 7 frames, peak RSS over
    /// 1,000 to 10,000 copies), so they count against the memory limit before any is made:
    /// `instanceCount = 1e9` stops here, where its copies grew past 4 GB under a limit of
    /// 256 MB.
    func checkCopiesFit(_ count: Double, given: String) throws(ValueProblem) {
        let copies = LayerGeometry.instances(count)
        let limit = host.limits.memory
        guard limit > 0, copies * TreeBindings.hostBytesPerCopy > limit - min(limit, host.memoryUsed) else {
            return
        }
        throw ValueProblem(
            rule:
                "asks for \(given) copies (\(copies) drawn: a replicator draws at most \(LayerGeometry.mostInstances)), "
                + "about \(TreeBindings.hostBytesPerCopy) bytes each outside Lua, more than the memory limit of \(limit) bytes allows"
        )
    }

    /// `l.sublayers`, `l.superlayer` and the boolean properties read as booleans: pushes the
    /// value and returns 1, or returns nil for every other key.
    func pushTreeProperty(_ l: LayerHandle, _ key: String) throws -> Int32? {
        let s = host.stack
        switch key {
        case "sublayers":
            let names = (try? state.scene.sublayerNames(of: l.name)) ?? []
            s.newTable(arrayCount: Int32(clamping: names.count))
            for (i, name) in names.enumerated() {
                pushLayer(named: name)
                s.setRawIndex(-2, Int64(i + 1))
            }
            return 1
        case "superlayer":
            if let name = state.scene.superlayerName(of: l.name) {
                pushLayer(named: name)
            } else {
                s.pushNil()
            }
            return 1
        default:
            let root = LayerProperties.root(of: key)
            if TreeBindings.replicatorProperties.contains(root), let layer = state.scene[l.name],
                layer.kind != .replicator
            {
                throw LuaRaise.message(
                    "layer '\(l.name)' has no property '\(key)': it belongs to replicators (CAReplicatorLayer); "
                        + "make the layer with replicator{...}")
            }
            if let pushed = try pushStyleProperty(l, key) { return pushed }
            guard TreeBindings.booleanProperties.contains(key) else { return nil }
            let v = try layerProperty(l, key, argument: 2) { try $0.value(forKeyPath: key) }
            guard case .scalar(let x) = v else { return nil }
            s.push(x != 0)
            return 1
        }
    }

    /// `l.sublayers = {...}` (CALayer's setter: the old sublayers removed, the new ones added
    /// in order) and `l.superlayer = ...` (read-only, as in CALayer): true when handled.
    func setTreeProperty(_ l: LayerHandle, _ key: String, at index: Int32) throws -> Bool {
        switch key {
        case "superlayer":
            throw LuaRaise.message(
                "layer '\(l.name)' property 'superlayer' is read-only: add the layer with parent:addSublayer(l)"
            )
        case "sublayers":
            let children = try layerArray(at: index) { item, got in
                LuaRaise.message(
                    item == 0
                        ? "layer '\(l.name)' property 'sublayers' must be an array of layers, got \(got)"
                        : "layer '\(l.name)' property 'sublayers' item \(item) must be a layer, got \(got)")
            }
            // On a copy, so that a refused child (a cycle, another superlayer) changes nothing.
            var scene = state.scene
            do {
                for old in try scene.sublayerNames(of: l.name) where !children.contains(old) {
                    try scene.removeFromSuperlayer(old)
                }
                for child in children { try scene.addSublayer(child, to: l.name) }
            } catch let e as EngineError {
                throw LuaRaise.message("layer '\(l.name)' property 'sublayers': \(e.luaText(.layer))")
            }
            let old = try state.scene.sublayerNames(of: l.name)
            try keepingCopiesBounded("layer '\(l.name)' property 'sublayers'") { state.scene = scene }
            for name in old where !children.contains(name) {
                state.tree.record(name, in: state.scene, isStructural: true)
            }
            for child in children { state.tree.record(child, in: state.scene, isStructural: true) }
            return true
        default:
            return false
        }
    }

    /// Refuses an animation of a replicator's property on a layer of another kind (CALayer
    /// has no such key).
    func checkReplicatorKeyPaths(_ animation: Animation, on name: String, argument: Int32) throws {
        guard let layer = state.scene[name], layer.kind != .replicator else { return }
        for keyPath in animation.keyPaths
        where TreeBindings.replicatorProperties.contains(LayerProperties.root(of: keyPath)) {
            throw LuaRaise.argument(
                argument,
                "animation of '\(keyPath)' on layer '\(name)': the property belongs to replicators "
                    + "(CAReplicatorLayer); make the layer with replicator{...}")
        }
    }

    /// The layer names in the array at `index` (layer objects), or `failure(item, got)`.
    func layerArray(at index: Int32, failure: (Int, String) -> LuaRaise) throws -> [String] {
        let s = host.stack
        guard s.type(at: index) == LUA_TTABLE else {
            let isLayer = host.object(at: index, SceneBindings.layerType, as: LayerHandle.self) != nil
            throw failure(0, isLayer ? SceneBindings.layerType : s.typeName(at: index))
        }
        var names: [String] = []
        for n in 1..<s.rawLength(index) + 1 {
            s.rawIndex(index, Int64(n))
            defer { s.pop() }
            guard let child: LayerHandle = host.object(at: -1, SceneBindings.layerType) else {
                throw failure(n, s.typeName(at: -1))
            }
            names.append(child.name)
        }
        return names
    }

    /// Pushes the layer object of the layer called `name`.
    func pushLayer(named name: String) {
        host.pushObject(LayerHandle(name: name), SceneBindings.layerType)
    }

    /// `parent:addSublayer(l)` -> l
    func addSublayer(_ s: LuaStack) throws -> Int32 {
        let parent: LayerHandle = try host.checkObject(1, SceneBindings.layerType)
        let child: LayerHandle = try host.checkObject(2, SceneBindings.layerType)
        let added = copiesAdded(moving: [child.name], under: parent.name)
        try keepingCopiesBounded("layer '\(child.name)' added to '\(parent.name)'", added: added) {
            try treeCall(sublayer: 2) {
                try state.scene.addSublayer(child.name, to: parent.name)
            }
        }
        state.tree.record(child.name, in: state.scene, isStructural: true)
        s.pushValue(2)
        return 1
    }

    /// `parent:insertSublayer(l, index)`, `parent:insertSublayer(l, {below = other})`,
    /// `parent:insertSublayer(l, {above = other})` -> l. The index counts from 1, up to one
    /// past the last sublayer (appending).
    func insertSublayer(_ s: LuaStack) throws -> Int32 {
        let parent: LayerHandle = try host.checkObject(1, SceneBindings.layerType)
        let child: LayerHandle = try host.checkObject(2, SceneBindings.layerType)
        let added = copiesAdded(moving: [child.name], under: parent.name)
        try keepingCopiesBounded("layer '\(child.name)' inserted into '\(parent.name)'", added: added) {
            try insert(child, into: parent, s)
        }
        state.tree.record(child.name, in: state.scene, isStructural: true)
        s.pushValue(2)
        return 1
    }

    /// The insertion of `insertSublayer`, by its third argument.
    private func insert(_ child: LayerHandle, into parent: LayerHandle, _ s: LuaStack) throws {
        switch s.type(at: 3) {
        case LUA_TNUMBER:
            let count = (try? state.scene.sublayerNames(of: parent.name).count) ?? 0
            guard let i = s.integer(at: 3), i >= 1, i <= count + 1 else {
                throw LuaRaise.argument(
                    3,
                    "index \(s.describeBriefly(3)) for '\(child.name)' is out of range: '\(parent.name)' has "
                        + "\(count) sublayer\(count == 1 ? "" : "s"), so an index from 1 to \(count + 1)")
            }
            try treeCall(sublayer: 2) {
                try state.scene.insertSublayer(child.name, into: parent.name, at: Int(i) - 1)
            }
        case LUA_TTABLE:
            let r = try TableReader(s, at: 3)
            func sibling(_ key: String) throws -> String? {
                try r.with(key) { i -> String in
                    guard let other: LayerHandle = host.object(at: i, SceneBindings.layerType) else {
                        throw r.fail(key, "must be a layer, got \(s.typeName(at: i))")
                    }
                    return other.name
                }
            }
            let below = try sibling("below")
            let above = try sibling("above")
            try r.finish()
            switch (below, above) {
            case (let other?, nil):
                try treeCall(sublayer: 2) {
                    try state.scene.insertSublayer(child.name, into: parent.name, below: other)
                }
            case (nil, let other?):
                try treeCall(sublayer: 2) {
                    try state.scene.insertSublayer(child.name, into: parent.name, above: other)
                }
            default:
                throw LuaRaise.argument(3, "give one of below = layer or above = layer")
            }
        default:
            throw LuaRaise.argument(
                3, "index or {below = layer} or {above = layer} expected, got \(s.typeName(at: 3))")
        }
    }

    /// `l:removeFromSuperlayer()`: no longer drawn (its animations still run and are sampled),
    /// until a layer adds it again.
    func removeFromSuperlayer(_ s: LuaStack) throws -> Int32 {
        let l: LayerHandle = try host.checkObject(1, SceneBindings.layerType)
        try treeCall(sublayer: 1) {
            try state.scene.removeFromSuperlayer(l.name)
        }
        state.tree.record(l.name, in: state.scene, isStructural: true)
        return 0
    }

    /// Runs a tree change, turning the engine's refusal (a cycle, a second superlayer, a
    /// sibling that is not a sublayer) into Lua's `bad argument` error of the argument it is
    /// about: the sublayer at `sublayer`, the sibling at `sibling` (stack positions; Lua counts
    /// a method's arguments after self).
    func treeCall(sublayer: Int32, sibling: Int32 = 3, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let e as EngineError {
            var e = e
            if e.rule == "no layer with this name" { e.rule = "is not in the scene" }
            switch e.parameter {
            case "sibling": throw LuaRaise.argument(sibling, e.luaText(.layer))
            case "superlayer": throw LuaRaise.argument(1, e.luaText(.layer))
            default: throw LuaRaise.argument(sublayer, e.luaText(.layer))
            }
        }
    }
}
