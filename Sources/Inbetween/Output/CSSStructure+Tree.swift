import InbetweenEngine

/// The layer tree in the CSS export: each sublayer's element inside its
/// superlayer's, so the browser composes what Core Animation composes.
///
/// - A sublayer's `position` is read in its superlayer's bounds: its translation subtracts the
///   superlayer's `bounds.origin` (so animating the origin scrolls the children), read from the
///   superlayer's custom properties, which a layer with sublayers registers with
///   `inherits: true` (the names carry the layer's id, so nothing else can read them).
/// - `anchorPointZ` is the z of `transform-origin`, `zPosition` the z of the translation.
/// - `sublayerTransform` (and a replicator's `instanceTransform` applied i times) goes into each
///   sublayer's own `transform`, about the superlayer's anchor point, where Core Animation
///   applies it: the perspective of `m34` then reaches that sublayer's 3D transform before its
///   superlayer flattens it, and siblings keep their order instead of being depth sorted, as a
///   plain CALayer draws them.
/// - `transformLayer{}` is `transform-style: preserve-3d` and draws nothing itself; its opacity
///   is passed to each sublayer. A layer with `allowsGroupOpacity = false` too: its opacity
///   multiplies its own colours and each sublayer's opacity, instead of fading the group.
/// - `masksToBounds` is `clip-path: inset(... round cornerRadius)` (the border box, which is
///   the bounds), `hidden` is `visibility: hidden` (inherited by the subtree).
/// - Siblings stack by `z-index`, the rank of their `zPosition` at the start (CSS wants
///   integers and orders only within its parent's stacking context, which every layer element
///   makes, as Core Animation orders only siblings), then in document order, which is the
///   sublayers' order. Inside a transform layer both sort by depth instead.
/// - Borders are inset box shadows: a CSS border would move the sublayers' containing block
///   inside it, which Core Animation's border does not.
/// - A layer moved to another superlayer by a callback (its subtree the same all run) is written
///   once under each superlayer it has, with its subtree, in its place among the siblings there,
///   each element visible only while the layer is under that superlayer (its subtree inherits
///   it), each with the animations: its position is then read in that superlayer's bounds, as
///   Core Animation reads it.
/// - A replicator's sublayers are written once per instance (`NAME[i]`): the copy's animations
///   start i x `instanceDelay` later; the header names it.
extension CSSStructure {
    /// Whether a layer composites its opacity as a group (CALayer's `allowsGroupOpacity`, YES by
    /// default); a transform layer never does (it passes its opacity to each sublayer).
    func isOpacityGroup(_ k: Int) -> Bool {
        if scene.tree?.kinds[k] == .transformLayer { return false }
        if case .scalar(let x)? = scene.layers[k].modelValue("allowsGroupOpacity", at: scene.start) {
            return x != 0
        }
        return true
    }

    /// The opacities of the ancestors that pass theirs down instead of fading a group (nearest
    /// first), as factors for this element's opacity.
    func inheritedOpacity(_ e: Element) -> [String] {
        var out: [String] = []
        var up = e.parent
        while let p = up, !isOpacityGroup(elements[p].layer) {
            out.append(elements[p].variable("opacity", "1"))
            up = elements[p].parent
        }
        return out
    }

    /// The translation part of a tree layer's `transform` (its own parts follow): the layer's
    /// place in its superlayer's bounds (origin subtracted), with the superlayer's
    /// sublayerTransform and a replicator's instance transform about the superlayer's anchor
    /// point (`anchorPointZ` included) in between. `ax`... are the layer's own terms.
    func treeTranslation(_ e: Element, ax: String, ay: String, bw: String, bh: String, az: String) -> String {
        let own = (
            x: "var(--\(e.id)-position-x)", y: "var(--\(e.id)-position-y)",
            z: e.variable("zPosition", "0")
        )
        guard let p = e.parent.map({ elements[$0] }) else {
            return
                "translate3d(calc((\(own.x) - \(ax) * \(bw)) * 1px), calc((\(own.y) - \(ay) * \(bh)) * 1px), "
                + "calc((\(own.z) - \(az)) * 1px))"
        }
        let origin = (x: p.variable("bounds-x", "0"), y: p.variable("bounds-y", "0"))
        let hasSublayerTransform = scene.layers[p.layer].initialModel.contains {
            $0.keyPath == "sublayerTransform"
        }
        guard hasSublayerTransform || e.instance.map({ $0 != .identity }) == true else {
            return "translate3d(calc((\(own.x) - \(origin.x) - \(ax) * \(bw)) * 1px), "
                + "calc((\(own.y) - \(origin.y) - \(ay) * \(bh)) * 1px), calc((\(own.z) - \(az)) * 1px))"
        }
        // The superlayer's anchor point in its own box.
        let anchor = (
            x: "var(--\(p.id)-anchorPoint-x) * var(--\(p.id)-bounds-width)",
            y: "var(--\(p.id)-anchorPoint-y) * var(--\(p.id)-bounds-height)",
            z: p.variable("anchorPointZ", "0")
        )
        var out =
            "translate3d(calc((\(anchor.x) - \(ax) * \(bw)) * 1px), calc((\(anchor.y) - \(ay) * \(bh)) * 1px), "
            + "calc((\(anchor.z) - \(az)) * 1px))"
        if hasSublayerTransform {
            out +=
                " matrix3d(\((0..<16).map { "var(--\(p.id)-\(ExportIdentifier.encodeCSSPart("sublayerTransform-\($0)")))" }.joined(separator: ", ")))"
        }
        if let m = e.instance, m != .identity {
            out += " matrix3d(\(m.m.map(n).joined(separator: ", ")))"
        }
        out +=
            " translate3d(calc((\(own.x) - \(origin.x) - \(anchor.x)) * 1px), "
            + "calc((\(own.y) - \(origin.y) - \(anchor.y)) * 1px), calc((\(own.z) - \(anchor.z)) * 1px))"
        return out
    }

    /// A tree layer's anchor point (`anchorPointZ` included) at its place in its superlayer,
    /// then its own transform about the anchor point.
    func treePlacement(_ t: inout LayerText) {
        let az = t.element.variable("anchorPointZ", "0")
        t.rule +=
            "  transform-origin: calc(\(t.ax) * \(t.bw) * 1px) calc(\(t.ay) * \(t.bh) * 1px) calc(\(az) * 1px);\n"
        let translation = treeTranslation(t.element, ax: t.ax, ay: t.ay, bw: t.bw, bh: t.bh, az: az)
        t.rule += "  transform: \(translation)\(ownTransform(t));\n"
    }

    /// A transform layer keeps its sublayers in 3D; siblings stack by `z-index`; `hidden` at
    /// the start when nothing changes it (else its keyframes say it, `visibilityKeyframes`).
    func stacking(_ t: inout LayerText) {
        if scene.tree?.kinds[t.element.layer] == .transformLayer {
            t.rule += "  transform-style: preserve-3d;\n"
        }
        if let z = t.element.zIndex { t.rule += "  z-index: \(z);\n" }
        if !changesVisibility(t), t.roots.contains("hidden"), t.model("hidden") != .scalar(0) {
            t.rule += "  visibility: hidden;\n"
        }
    }

    /// Borders as inset box shadows: inside the bounds without moving the sublayers' containing
    /// block, as a CSS border would.
    func treeBorder(_ t: inout LayerText) {
        guard t.declareBorder() else { return }
        t.rule +=
            "  box-shadow: inset 0 0 0 calc(var(\(t.prop("borderWidth"))) * 1px) \(t.rgb("borderColor"));\n"
    }

    /// masksToBounds 1: inset 0 (the bounds); 0: far outside (no clip).
    func masksToBounds(_ t: inout LayerText) {
        guard t.roots.contains("masksToBounds") && t.drawsItself else { return }
        t.rule +=
            "  clip-path: inset(calc((1 - var(\(t.prop("masksToBounds")))) * -100000px) "
            + "round calc(\(t.element.variable("cornerRadius", "0")) * 1px));\n"
    }

    /// The times `hidden` is set by callbacks.
    private func hiddenTimes(_ t: LayerText) -> [Double] {
        t.layer.modelChanges.filter { $0.keyPath == "hidden" }.map(\.time)
    }

    /// Whether the element's visibility changes after the start: `hidden` set by callbacks, the
    /// layer taken out of the tree and put back, or a moved layer's element shown only while the
    /// layer is under its superlayer.
    private func changesVisibility(_ t: LayerText) -> Bool {
        let outOfTree = scene.tree?.outOfTree[t.element.layer] ?? []
        return !(hiddenTimes(t).isEmpty && outOfTree.isEmpty && t.element.shownDuring == nil)
    }

    /// Visibility from each change on (`changesVisibility`), inherited by the subtree.
    mutating func visibilityKeyframes(_ t: inout LayerText) {
        guard let tree = scene.tree, changesVisibility(t), scene.span > 0 else { return }
        let layer = t.layer
        let outOfTree = tree.outOfTree[t.element.layer]
        let spans = t.element.shownDuring
        let spanTimes = (spans ?? []).flatMap { [$0.from, $0.to] }.filter {
            $0 >= scene.start && $0 <= scene.end
        }
        func shown(at time: Double) -> String {
            let out = outOfTree.last { $0.time <= time }?.out ?? false
            let here = spans?.contains { $0.from <= time && time < $0.to } ?? true
            return here && !out && layer.modelValue("hidden", at: time) ?? .scalar(0) == .scalar(0)
                ? "visible" : "hidden"
        }
        let name = names.unique("\(t.id)-hidden")
        t.keyframes +=
            "/* \(ExportIdentifier.commentText(layer.name)): hidden or out of the tree after the start (callbacks) */\n"
        t.keyframes += "@keyframes \(name) {\n"
        for time in Set([scene.start] + hiddenTimes(t) + outOfTree.map(\.time) + spanTimes).sorted() {
            t.keyframes +=
                "  \(percentOfRun(time)) { visibility: \(shown(at: time)); animation-timing-function: step-end; }\n"
        }
        t.keyframes += "  100% { visibility: \(shown(at: scene.end)); }\n}\n"
        t.animations.append("\(name) \(seconds(scene.span)) linear 0s 1 normal both")
    }

    /// The page's elements nested as the layers are (a flat scene's all on the page): a `<div>`,
    /// or a `<path>` in an `<svg>` for a shape layer.
    package func markup() -> String {
        var out = ""
        func write(_ i: Int, depth: Int) {
            let e = elements[i]
            let pad = String(repeating: "  ", count: depth)
            let title = htmlEscaped(e.title)
            if isShape(scene.layers[e.layer]) {
                out +=
                    pad
                    + "<svg style=\"position: absolute; left: 0; top: 0; overflow: visible\" width=\"1\" height=\"1\">"
                out += "<path id=\"\(e.id)\" data-layer=\"\(title)\"></path></svg>\n"
                return
            }
            out += pad + "<div id=\"\(e.id)\" data-layer=\"\(title)\">"
            if e.children.isEmpty {
                out += "</div>\n"
                return
            }
            out += "\n"
            for c in e.children { write(c, depth: depth + 1) }
            out += pad + "</div>\n"
        }
        for (i, e) in elements.enumerated() where e.parent == nil { write(i, depth: 0) }
        return out
    }
}
