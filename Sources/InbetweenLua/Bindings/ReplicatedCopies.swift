import InbetweenEngine

extension Runtime {
    /// The copies the scene draws inside replicators: a layer under replicators is drawn the
    /// product of their counts times (CAReplicatorLayer draws its sublayers, replicators
    /// among them, once per instance), summed over every layer of the tree. Each replicator
    /// counts with its largest count, its model value or any value an animation of
    /// `instanceCount` reaches (`largestCount`), so that nesting (1,000 copies of 1,000
    /// copies) and an animated count are bounded as one count is (`checkCopiesFit`).
    /// A Double: 100,000 to the power of the tree's depth (at most 100) is no Int.
    func replicatedCopies(in scene: Scene, counting: (String) -> Double? = { _ in nil }) -> Double {
        var total = 0.0
        for (i, layer) in scene.layers.enumerated() where layer.superlayer == .stage {
            total += subtreeCopies(i, in: scene, times: 1, replicated: false, counting: counting)
        }
        return total
    }

    /// Refuses a scene whose replicated copies (`replicatedCopies`) would not fit the memory
    /// limit, at 8 KiB each outside Lua, as `checkCopiesFit` does for one replicator.
    /// `counting` gives a replicator's count as it would be after the change being checked.
    func checkSceneCopiesFit(_ scene: Scene, counting: (String) -> Double? = { _ in nil })
        throws(ValueProblem)
    {
        let limit = host.limits.memory
        guard limit > 0, state.hasReplicator else { return }
        let copies = replicatedCopies(in: scene, counting: counting)
        let room = Double(limit - min(limit, host.memoryUsed))
        guard copies * Double(TreeBindings.hostBytesPerCopy) > room else { return }
        let shown = copies < 1e15 ? String(Int(copies)) : "\(copies)"
        throw ValueProblem(
            rule:
                "makes the scene draw \(shown) replicated copies (the instanceCount of nested replicators "
                + "multiply; an animated instanceCount counts its largest value), about "
                + "\(TreeBindings.hostBytesPerCopy) bytes each outside Lua, more than the memory limit of \(limit) bytes allows"
        )
    }

    /// Runs a change of the tree, and undoes it when the scene's replicated copies would then
    /// not fit the memory limit (an error the script may catch leaves the scene as it was).
    /// `added` is what the change adds to the copies, when the caller can tell beforehand
    /// (`copiesAdded`): a change that adds none needs neither the walk of the whole tree nor
    /// the copy of the scene kept for the undo, which made each change linear in the scene's
    /// layers (10,000 addSublayer calls took over a minute).
    func keepingCopiesBounded(_ what: String, added: Double? = nil, _ body: () throws -> Void) throws {
        guard host.limits.memory > 0, state.hasReplicator else { return try body() }
        // Not `added > 0`: an overflow to infinity on both sides leaves NaN, which is checked.
        if let added, added <= 0 { return try body() }
        let before = state.scene
        try body()
        do {
            try checkSceneCopiesFit(state.scene)
        } catch {
            state.scene = before
            throw LuaRaise.message("\(what): the layer's instanceCount \(error.rule)")
        }
    }

    /// What moving the layers `moving` (with their sublayers) from where they are to under
    /// `parent` (the stage for nil; `parentIsReplicator` of `count` copies for a layer not
    /// made yet) adds to `replicatedCopies`: each subtree's copies in its new place less those
    /// in its old one, found by walking up from each place and down each subtree only.
    func copiesAdded(moving: [String], under parent: String?, newReplicatorCount count: Double? = nil)
        -> Double
    {
        let scene = state.scene
        guard var to = placement(under: parent.flatMap { scene.index(ofLayer: $0) }, of: parent == nil) else {
            return 0
        }
        if let count {
            to.times *= Double(LayerGeometry.instances(count))
            to.replicated = true
        }
        var added = 0.0
        for name in moving {
            guard let i = scene.index(ofLayer: name) else { continue }
            let from: (times: Double, replicated: Bool)?
            switch scene.layers[i].superlayer {
            case .stage: from = (1, false)
            case .layer(let up): from = placement(under: up, of: false)
            case .none: from = nil
            }
            added += subtreeCopies(i, in: scene, times: to.times, replicated: to.replicated)
            if let from {
                added -= subtreeCopies(i, in: scene, times: from.times, replicated: from.replicated)
            }
        }
        return added
    }

    /// The copies a sublayer of layer `i` is drawn (the product of the counts of `i` and the
    /// replicators above it) and whether any is a replicator; nil when `i` is out of the tree
    /// (not drawn). `stage`: the stage's sublayer instead.
    private func placement(under i: Int?, of stage: Bool) -> (times: Double, replicated: Bool)? {
        var times = 1.0
        var replicated = false
        var current: Superlayer = i.map { .layer($0) } ?? (stage ? .stage : .none)
        while case .layer(let up) = current {
            let layer = state.scene.layers[up]
            if layer.kind == .replicator {
                times *= Double(LayerGeometry.instances(replicatorCount(layer)))
                replicated = true
            }
            current = layer.superlayer
        }
        return current == .stage ? (times, replicated) : nil
    }

    /// A replicator's count as `replicatedCopies` takes it: its model value (or `counting`'s
    /// for it), or the largest an animation gives it.
    private func replicatorCount(_ layer: Layer, counting: (String) -> Double? = { _ in nil }) -> Double {
        var count = 1.0
        if case .scalar(let x)? = try? layer.value(forKeyPath: "instanceCount") { count = x }
        count = counting(layer.name) ?? count
        return max(count, state.largestCount[layer.name] ?? count)
    }

    /// The copies layer `i` and its sublayers add to `replicatedCopies` where they are drawn
    /// `times` each, `replicated` when under a replicator.
    private func subtreeCopies(
        _ i: Int, in scene: Scene, times: Double, replicated: Bool,
        counting: (String) -> Double? = { _ in nil }
    ) -> Double {
        let layer = scene.layers[i]
        let isReplicator = layer.kind == .replicator
        let inner =
            isReplicator
            ? times * Double(LayerGeometry.instances(replicatorCount(layer, counting: counting))) : times
        var total = replicated ? times : 0
        for child in layer.sublayers {
            total += subtreeCopies(
                child, in: scene, times: inner, replicated: replicated || isReplicator, counting: counting)
        }
        return total
    }
}

extension Runtime {
    /// The largest value an animation gives `instanceCount` (nil when it does not animate
    /// it): its from, to and by values and keyframes; one that adds to the model value
    /// (additive, by) counts with it; a spring may overshoot, by less than its span; a
    /// cumulative one grows by its value each repeat.
    func largestAnimatedCount(_ animation: Animation, model: Double) -> Double? {
        let repeats = animation.timing.repeatCount
        func largest(_ values: [Value?], adds: Bool, cumulative: Bool, span: Double = 1) -> Double? {
            let span = cumulative ? span * max(1, repeats.rounded(.up)) : span
            let xs = values.compactMap { v -> Double? in
                if case .scalar(let x)? = v { return x }
                return nil
            }
            guard let top = xs.map(abs).max() else { return nil }
            return top * span + (adds ? max(model, 0) : 0)
        }
        switch animation {
        case .basic(let a) where a.keyPath == "instanceCount":
            return largest(
                [a.fromValue, a.toValue, a.byValue], adds: a.additive || a.byValue != nil,
                cumulative: a.cumulative)
        case .spring(let a) where a.keyPath == "instanceCount":
            return largest(
                [a.fromValue, a.toValue, a.byValue], adds: a.additive || a.byValue != nil,
                cumulative: a.cumulative, span: 2)
        case .keyframe(let a) where a.keyPath == "instanceCount":
            return largest(a.values, adds: a.additive, cumulative: a.cumulative)
        case .group(let g):
            return g.animations.compactMap { largestAnimatedCount($0, model: model) }.max()
        default:
            return nil
        }
    }
}

extension Runtime {
    /// Refuses an animation of `instanceCount` whose largest value would make the scene's
    /// copies outgrow the memory limit; one that fits raises the layer's `largestCount`.
    /// `model` is the layer's count when the animation runs, if not the current one.
    func checkAnimatedCopiesFit(
        _ animation: Animation, on name: String, argument: Int32, model: Double? = nil
    )
        throws
    {
        guard host.limits.memory > 0, let layer = state.scene[name], layer.kind == .replicator else { return }
        var current = 1.0
        if case .scalar(let x)? = try? layer.value(forKeyPath: "instanceCount") { current = x }
        guard let largest = largestAnimatedCount(animation, model: model ?? current) else { return }
        let before = state.largestCount[name]
        state.largestCount[name] = max(before ?? largest, largest)
        do {
            try checkSceneCopiesFit(state.scene)
        } catch {
            state.largestCount[name] = before
            throw LuaRaise.argument(argument, "animation of 'instanceCount' on layer '\(name)' \(error.rule)")
        }
    }
}
