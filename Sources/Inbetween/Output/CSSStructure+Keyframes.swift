import InbetweenEngine

/// A layer's `@keyframes`, each with the entry the layer's rule lists in `animation:`, in the
/// order `layerText` writes them: model changes made by callbacks, a late creation, the tree's
/// visibility (`CSSStructure+Tree`), the animations as they are, then what is baked.
extension CSSStructure {
    /// The declarations of a value in a keyframe, each part's custom property used (a path:
    /// `d: path()`).
    func declarations(_ t: inout LayerText, _ keyPath: String, _ value: Value) -> [String] {
        guard let parts = t.numbersOf(keyPath, value) else { return ["d: \(pathCSS(value));"] }
        return parts.map { part in
            t.use(part.name)
            return "\(t.prop(part.name)): \(n(part.value));"
        }
    }

    /// Model values set after the start (callbacks) as `step-end` keyframes, so snapping to the
    /// model is a jump at the exact time.
    mutating func modelChangeKeyframes(_ t: inout LayerText) {
        let layer = t.layer
        let changing = layer.changingProperties.filter { !layer.isBaked($0) }
        guard !changing.isEmpty && scene.span > 0 else { return }
        let name = names.unique("\(t.id)-model")
        t.keyframes +=
            "/* \(ExportIdentifier.commentText(layer.name)): model values set after the start (callbacks) */\n"
        t.keyframes += "@keyframes \(name) {\n"
        var times = [scene.start] + layer.modelChanges.filter { changing.contains($0.keyPath) }.map(\.time)
        times = times.reduce(into: []) { if $0.last != $1 { $0.append($1) } }
        for (i, time) in times.enumerated() {
            var decls: [String] = []
            for root in changing {
                decls += declarations(&t, root, layer.modelValue(root, at: time) ?? t.model(root))
            }
            t.keyframes +=
                "  \(percentOfRun(time)) { \(decls.joined(separator: " ")) animation-timing-function: step-end; }\n"
            if i == times.count - 1 && time < scene.end {
                t.keyframes += "  100% { \(decls.joined(separator: " ")) }\n"
            }
        }
        t.keyframes += "}\n"
        t.animations.append("\(name) \(seconds(scene.span)) linear 0s 1 normal both")
    }

    /// A layer a callback created shows nothing before that moment: hidden, then visible from
    /// its percentage on (step-end holds the first keyframe's value to the next).
    mutating func createdKeyframes(_ t: inout LayerText) {
        guard let created = t.layer.createdAt, scene.span > 0 else { return }
        let name = names.unique("\(t.id)-created")
        t.keyframes +=
            "/* \(ExportIdentifier.commentText(t.layer.name)): created by a callback at \(seconds(created)) */\n"
        t.keyframes += "@keyframes \(name) {\n"
        t.keyframes += "  0% { visibility: hidden; animation-timing-function: step-end; }\n"
        t.keyframes += "  \(percentOfRun(created)) { visibility: visible; }\n"
        t.keyframes += "  100% { visibility: visible; }\n}\n"
        t.animations.append("\(name) \(seconds(scene.span)) linear 0s 1 normal both")
    }

    /// Each animation as it is (its properties not baked): a keyframe per key time with the
    /// segment's timing function, and its schedule as the `animation:` entry.
    mutating func animationKeyframes(_ t: inout LayerText) {
        for a in t.layer.animations {
            for leaf in a.leaves where !t.layer.isBaked(LayerProperties.root(of: leaf.keyPath)) {
                let key = ExportIdentifier.isGeneratedKey(a.key) ? "" : ExportIdentifier.readable(a.key) + "-"
                let name = names.unique("\(t.id)-\(key)\(ExportIdentifier.readable(leaf.keyPath))")
                t.keyframes +=
                    "/* \(ExportIdentifier.commentText(t.layer.name)): \(describe(leaf, in: a)) */\n"
                t.keyframes += "@keyframes \(name) {\n"
                let k = leaf.keyframes
                for (i, value) in k.values.enumerated() {
                    var decls = declarations(&t, leaf.keyPath, value)
                    if i < k.easings.count && k.easings[i] != .linear {
                        decls.append("animation-timing-function: \(easingText(k.easings[i]));")
                    }
                    t.keyframes +=
                        "  \(CSSStructure.percent(k.keyTimes[i])) { \(decls.joined(separator: " ")) }\n"
                }
                t.keyframes += "}\n"
                t.animations.append("\(name) \(schedule(leaf, of: a, delay: t.element.delay))")
            }
        }
    }

    /// An easing's CSS, made once per export (`easingTexts`).
    mutating func easingText(_ easing: ExportEasing) -> String {
        if let text = easingTexts[easing] { return text }
        let text = easing.css(n)
        easingTexts[easing] = text
        return text
    }

    /// `DURATION linear DELAY COUNT DIRECTION FILL` of an animation's leaf. A replicator's copy
    /// (`delay` later) runs it later, but loses it when the layer does (removed on completion
    /// or by the script): fewer iterations, ending then.
    func schedule(_ leaf: ExportLeaf, of a: ExportAnimation, delay: Double) -> String {
        let s = leaf.schedule
        var iterations = s.iterationCount
        var stop = a.removedAt ?? .infinity
        if a.animation.removedOnCompletion { stop = min(stop, s.end) }
        if delay > 0 && stop.isFinite {
            iterations = min(iterations, max(0, (stop - s.begin - delay) / s.iterationDuration))
        }
        let count = iterations.isInfinite ? "infinite" : NumberFormat.shortest.string(iterations)
        let fill =
            s.fillsBackwards
            ? (s.fillsForwards ? "both" : "backwards") : (s.fillsForwards ? "forwards" : "none")
        return "\(seconds(s.iterationDuration)) linear \(seconds(s.begin - scene.start + delay)) "
            + "\(count) \(s.direction.rawValue) \(fill)"
    }

    /// Baked properties: each number its own linear() over the run (a path: a keyframe per
    /// sample). A replicator's copy replays them later and shows its model before (what its
    /// time before the run holds).
    mutating func bakedKeyframes(_ t: inout LayerText) {
        let fill = t.element.delay > 0 ? "forwards" : "both"
        let delay = seconds(t.element.delay)
        for baked in t.layer.baked {
            if !baked.pathSamples.isEmpty {
                let name = names.unique("\(t.id)-baked-\(ExportIdentifier.encode(baked.keyPath))")
                t.keyframes +=
                    "/* \(ExportIdentifier.commentText(t.layer.name)).\(baked.keyPath): baked, \(ExportIdentifier.commentText(baked.reason)) */\n"
                t.keyframes += "@keyframes \(name) {\n"
                for (time, v) in baked.pathSamples {
                    t.keyframes += "  \(percentOfRun(time)) { d: \(pathCSS(v)); }\n"
                }
                t.keyframes += "}\n"
                t.animations.append("\(name) \(seconds(max(scene.span, 0))) linear \(delay) 1 normal \(fill)")
                continue
            }
            let parts = t.numbersOf(baked.keyPath, t.model(baked.keyPath)) ?? []
            for (c, part) in parts.enumerated() {
                // `transform.scale` is one number written to three parts (x, y and z).
                let points = baked.components.count == 1 ? baked.components[0] : baked.components[c]
                guard c < baked.components.count || baked.components.count == 1 else { continue }
                t.use(part.name)
                guard points.count > 1, scene.span > 0 else { continue }
                let name = names.unique("\(t.id)-baked-\(ExportIdentifier.encodeCSSPart(part.name))")
                t.keyframes +=
                    "/* \(ExportIdentifier.commentText(t.layer.name)).\(part.name): baked (\(points.count) stops\(within(baked.tolerance))), \(ExportIdentifier.commentText(baked.reason)) */\n"
                t.keyframes +=
                    "@keyframes \(name) { from { \(t.prop(part.name)): 0; } to { \(t.prop(part.name)): 1; } }\n"
                let stops = points.map { "\(n($0.value)) \(percentOfRun($0.time))" }.joined(separator: ", ")
                t.animations.append(
                    "\(name) \(seconds(scene.span)) linear(\(stops)) \(delay) 1 normal \(fill)")
            }
        }
    }

    /// The comment above an animation's keyframes: what it is in Core Animation.
    func describe(_ leaf: ExportLeaf, in a: ExportAnimation) -> String {
        let kind: String
        switch leaf.kind {
        case .basic: kind = "CABasicAnimation"
        case .keyframe: kind = "CAKeyframeAnimation"
        case .spring:
            let s = leaf.spring!
            kind =
                "CASpringAnimation (mass \(n(s.mass)), stiffness \(n(s.stiffness)), damping \(n(s.damping)), "
                + "initialVelocity \(n(s.initialVelocity)); its motion as linear())"
        }
        var group = ""
        if case .group = a.animation { group = " in a CAAnimationGroup" }
        return ExportIdentifier.commentText("\(kind) of \(leaf.keyPath)\(group), key \"\(a.key)\"")
    }

    /// `path("M 1 2 C ... Z")`, absolute commands as the engine keeps them.
    func pathCSS(_ v: Value) -> String {
        guard case .path(let p) = v else { return "none" }
        var parts: [String] = []
        func pt(_ q: Point) -> String { "\(n(q.x)) \(n(q.y))" }
        for e in p.elements {
            switch e {
            case .move(let a): parts.append("M \(pt(a))")
            case .line(let a): parts.append("L \(pt(a))")
            case .quad(let c, let a): parts.append("Q \(pt(c)) \(pt(a))")
            case .curve(let c1, let c2, let a): parts.append("C \(pt(c1)) \(pt(c2)) \(pt(a))")
            case .close: parts.append("Z")
            }
        }
        return "path(\"\(parts.joined(separator: " "))\")"
    }
}
