/// Core Animation's layer classes the engine knows. The kind is fixed when a layer is made, as
/// a CALayer's class is.
public enum LayerKind: String, Hashable, Sendable, CaseIterable {
    /// CALayer (and its drawing subclasses, whose properties every layer here carries).
    case layer
    /// CATransformLayer: keeps its sublayers in 3D instead of flattening them into its plane,
    /// and draws nothing itself.
    case transformLayer
    /// CAReplicatorLayer: draws its sublayers `instanceCount` times.
    case replicator
}

/// Where a layer sits in the scene's tree.
public enum Superlayer: Hashable, Sendable {
    /// A sublayer of the stage, the tree's root: every layer a script makes starts here, so a
    /// scene that never moves a layer is the tree of depth one.
    case stage
    /// A sublayer of `Scene.layers[i]`.
    case layer(Int)
    /// Taken out of the tree (`removeFromSuperlayer`): not drawn, its properties still sampled.
    case none
}

/// The layer tree: the stage (the root) and the superlayer/sublayers links of every layer, with
/// CALayer's operations. Layers are never taken out of `layers`, so an index names a layer for
/// the whole run; a move only changes the links. Each change bumps the `revision` of the layers
/// it touches, so whatever keeps layer versions (`SceneHistory`) sees the tree at any time.
extension Scene {
    /// The deepest a layer may sit under the stage (a stage sublayer is at depth 1). Every
    /// writer and the world walk the tree recursively; a chain of 20,000 layers also made each
    /// add walk the whole chain (15 s of CPU beyond Lua's limits). 100, as for groups and
    /// timelines (`AnimationGroup.maximumDepth`), is far beyond any tree built by hand.
    public static let maximumTreeDepth = AnimationGroup.maximumDepth

    /// Whether the scene has ever had a tree beyond the flat one: a layer moved under another
    /// or out of the tree, or a transform layer or replicator made. A scene without one is
    /// written exactly as before the tree existed.
    public var hasTree: Bool { treeRevision > 0 || hasNonPlainLayer }

    /// The name of a layer's superlayer; nil when it is the stage's or out of the tree.
    public func superlayerName(of name: String) -> String? {
        guard let i = indexByName[name], case .layer(let parent) = layers[i].superlayer else { return nil }
        return layers[parent].name
    }

    /// The names of a layer's sublayers in order (the stage's for nil).
    public func sublayerNames(of name: String?) throws -> [String] {
        try sublayerIndices(of: name).map { layers[$0].name }
    }

    /// Whether `ancestor` is `layer`'s superlayer, its superlayer's, and so on.
    public func isAncestor(_ ancestor: Int, of layer: Int) -> Bool {
        var current = layers[layer].superlayer
        while case .layer(let up) = current {
            if up == ancestor { return true }
            current = layers[up].superlayer
        }
        return false
    }

    /// `[parent addSublayer:child]`: `child` becomes the last (frontmost) sublayer of `parent`
    /// (the stage for nil).
    public mutating func addSublayer(_ child: String, to parent: String?) throws {
        let count = try sublayerIndices(of: parent).count
        let c = try layerIndex(child, "sublayer")
        let p = try parent.map { try layerIndex($0, "superlayer") }
        // Re-adding a sublayer of the same parent moves it to the end, as CA does.
        let already = p.map { layers[c].superlayer == .layer($0) } ?? (layers[c].superlayer == .stage)
        try insert(c, into: p, at: already ? count - 1 : count)
    }

    /// `[parent insertSublayer:child atIndex:index]`, index counted from 0 in the parent's list
    /// as it is without `child`; 0...count.
    public mutating func insertSublayer(_ child: String, into parent: String?, at index: Int) throws {
        let c = try layerIndex(child, "sublayer")
        let p = try parent.map { try layerIndex($0, "superlayer") }
        var siblings = try sublayerIndices(of: parent)
        siblings.removeAll { $0 == c }
        guard index >= 0, index <= siblings.count else {
            throw EngineError(
                parameter: "index", value: String(index),
                rule: "must be from 0 to \(siblings.count), the number of sublayers of \(describe(p))")
        }
        try insert(c, into: p, at: index)
    }

    /// `[parent insertSublayer:child below:sibling]`.
    public mutating func insertSublayer(_ child: String, into parent: String?, below sibling: String) throws {
        try insert(child, into: parent, besides: sibling, offset: 0)
    }

    /// `[parent insertSublayer:child above:sibling]`.
    public mutating func insertSublayer(_ child: String, into parent: String?, above sibling: String) throws {
        try insert(child, into: parent, besides: sibling, offset: 1)
    }

    /// `[layer removeFromSuperlayer]`: out of the tree (not drawn) until added again. No
    /// effect on a layer already out of it.
    public mutating func removeFromSuperlayer(_ name: String) throws {
        let c = try layerIndex(name, "layer")
        detach(c)
        rescheduleEvents(ofSubtree: c)  // now on the stage's time (Scene+LayerTime)
    }

    // MARK: Internals

    /// The sublayers of `parent` (the stage for nil) as indices, in order.
    func sublayerIndices(of parent: String?) throws -> [Int] {
        guard let parent else { return stageSublayers }
        return layers[try layerIndex(parent, "superlayer")].sublayers
    }

    private func layerIndex(_ name: String, _ parameter: String) throws -> Int {
        guard let i = indexByName[name] else {
            throw EngineError(parameter: parameter, value: name, rule: "no layer with this name")
        }
        return i
    }

    private func describe(_ parent: Int?) -> String {
        parent.map { "'\(layers[$0].name)'" } ?? "the stage"
    }

    private mutating func insert(_ child: String, into parent: String?, besides sibling: String, offset: Int)
        throws
    {
        let c = try layerIndex(child, "sublayer")
        let p = try parent.map { try layerIndex($0, "superlayer") }
        let s = try layerIndex(sibling, "sibling")
        var siblings = try sublayerIndices(of: parent)
        siblings.removeAll { $0 == c }
        guard s != c, let at = siblings.firstIndex(of: s) else {
            throw EngineError(
                parameter: "sibling", value: sibling,
                rule: s == c
                    ? "is the layer being inserted"
                    : "is not a sublayer of \(describe(p)), so '\(child)' cannot go next to it")
        }
        try insert(c, into: p, at: at + offset)
    }

    /// Puts layer `c` at `index` of `p`'s sublayers (the stage's for nil), `index` counted in
    /// the list without `c`. Checks first, so a refused move changes nothing.
    private mutating func insert(_ c: Int, into p: Int?, at index: Int) throws {
        if let p {
            if p == c {
                throw EngineError(
                    parameter: "sublayer", value: layers[c].name, rule: "cannot be a sublayer of itself")
            }
            // One walk up from `p` finds both a cycle and the depth the move would reach.
            var depth = 1
            var up = layers[p].superlayer
            var cycle = false
            while case .layer(let next) = up {
                if next == c { cycle = true }
                depth += 1
                up = layers[next].superlayer
            }
            if !cycle, depth + height(of: c) > Scene.maximumTreeDepth {
                throw EngineError(
                    parameter: "sublayer", value: layers[c].name,
                    rule: "would sit deeper than \(Scene.maximumTreeDepth) levels under '\(layers[p].name)'; "
                        + "layer trees nest at most \(Scene.maximumTreeDepth) deep")
            }
            if cycle {
                throw EngineError(
                    parameter: "sublayer", value: layers[c].name,
                    rule:
                        "contains '\(layers[p].name)', so adding it under '\(layers[p].name)' would make a cycle"
                )
            }
            if case .layer(let other) = layers[c].superlayer, other != p {
                throw EngineError(
                    parameter: "sublayer", value: layers[c].name,
                    rule: "is already a sublayer of '\(layers[other].name)' and cannot also be one of "
                        + "'\(layers[p].name)'; remove it from '\(layers[other].name)' first")
            }
        } else if case .layer(let other) = layers[c].superlayer {
            throw EngineError(
                parameter: "sublayer", value: layers[c].name,
                rule: "is already a sublayer of '\(layers[other].name)' and cannot also be one of the "
                    + "stage; remove it from '\(layers[other].name)' first")
        }
        detach(c)
        noteChange(ofLayer: c)
        if let p {
            noteChange(ofLayer: p)
            layers[p].sublayers.insert(c, at: index)
            layers[c].superlayer = .layer(p)
        } else {
            stageSublayers.insert(c, at: index)
            layers[c].superlayer = .stage
        }
        treeRevision += 1
        // Under another superlayer, its subtree runs on another clock (Scene+LayerTime).
        rescheduleEvents(ofSubtree: c)
    }

    /// Levels of the subtree under and including layer `l` (1 for a layer without sublayers).
    private func height(of l: Int) -> Int {
        var deepest = 0
        var pending = [(l, 1)]
        while let (layer, level) = pending.popLast() {
            deepest = max(deepest, level)
            for sub in layers[layer].sublayers { pending.append((sub, level + 1)) }
        }
        return deepest
    }

    /// Takes `c` out of its superlayer's list (out of the tree).
    private mutating func detach(_ c: Int) {
        switch layers[c].superlayer {
        case .none: return
        case .stage:
            // From the end: the layer moved is most often one just made.
            if let at = stageSublayers.lastIndex(of: c) { stageSublayers.remove(at: at) }
        case .layer(let p):
            noteChange(ofLayer: p)
            if let at = layers[p].sublayers.firstIndex(of: c) { layers[p].sublayers.remove(at: at) }
        }
        noteChange(ofLayer: c)
        layers[c].superlayer = .none
        treeRevision += 1
    }
}
