import InbetweenEngine

/// A layer's rule (`#ID { ... }`): its custom properties with their values at the start, then
/// what each row of `paints` writes from them, in the table's order, then the properties no
/// row draws (as a comment) and the `animation:` list.
///
/// A property CSS can draw is one function writing its declarations and one row naming the
/// layer properties it draws. Rows for one kind of scene only (`Scenes`) are where a tree's
/// elements, inside their superlayers', need other CSS than a flat scene's (`CSSStructure+Tree`).
extension CSSStructure {
    /// Which scenes a row of `paints` writes for.
    enum Scenes: Sendable { case flat, tree, both }

    /// A row of `paints`: the layer properties it draws and the function that writes them.
    struct Paint: Sendable {
        var scenes: Scenes
        var roots: [String]
        var write: @Sendable (CSSStructure, inout LayerText) -> Void

        init(
            _ scenes: Scenes, _ roots: [String],
            _ write: @escaping @Sendable (CSSStructure, inout LayerText) -> Void
        ) {
            self.scenes = scenes
            self.roots = roots
            self.write = write
        }
    }

    /// What a layer's rule draws, in the order the rule writes it.
    static let paints: [Paint] = [
        Paint(.both, ["path"]) { $0.box(&$1) },
        Paint(.flat, ["position", "bounds", "anchorPoint", "transform"]) { $0.placement(&$1) },
        Paint(
            .tree,
            [
                "position", "bounds", "anchorPoint", "transform", "anchorPointZ", "zPosition",
                "sublayerTransform",
                "instanceTransform",
            ]
        ) { $0.treePlacement(&$1) },
        // The copies of a replicator's sublayers are elements of their own.
        Paint(.tree, ["hidden", "instanceCount", "instanceDelay"]) { $0.stacking(&$1) },
        Paint(.flat, ["opacity"]) { $0.opacity(&$1) },
        Paint(.tree, ["opacity", "allowsGroupOpacity"]) { $0.opacity(&$1) },
        Paint(.both, ["backgroundColor"]) { $0.backgroundColor(&$1) },
        Paint(.flat, ["borderWidth", "borderColor"]) { $0.border(&$1) },
        Paint(.tree, ["borderWidth", "borderColor"]) { $0.treeBorder(&$1) },
        Paint(.both, ["cornerRadius"]) { $0.cornerRadius(&$1) },
        Paint(.tree, ["masksToBounds"]) { $0.masksToBounds(&$1) },
        Paint(.both, ["fillColor", "strokeColor", "lineWidth"]) { $0.shapePaint(&$1) },
    ]

    /// The rows of `paints` for a flat scene or a tree.
    static func paints(tree: Bool) -> [Paint] {
        paints.filter { $0.scenes == .both || ($0.scenes == .tree) == tree }
    }

    /// The layer's rule; it uses the custom properties of its box and transform.
    func ruleText(_ t: inout LayerText) -> String {
        t.rule = "#\(t.id) {\n"
        t.rule += "  /* \(ExportIdentifier.commentText(t.layer.name)) */\n"
        t.useGeometry()
        for name in t.used { t.rule += "  \(t.prop(name)): \(n(t.initial[name] ?? 0));\n" }
        for paint in paints { paint.write(self, &t) }
        let undrawn = t.layer.initialModel.map(\.keyPath).filter { !drawn.contains($0) }
        if !undrawn.isEmpty {
            t.rule +=
                "  /* values only, not drawn (no CSS counterpart): \(undrawn.joined(separator: ", ")) */\n"
        }
        if !t.animations.isEmpty {
            t.rule += "  animation:\n    " + t.animations.joined(separator: ",\n    ") + ";\n"
        }
        t.rule += "}\n"
        return t.rule
    }

    /// Placed at the page's origin (the transform moves it); a box of the bounds' size, or a
    /// shape's path.
    func box(_ t: inout LayerText) {
        t.rule += "  position: absolute; left: 0; top: 0; margin: 0; box-sizing: border-box;\n"
        if isShape(t.layer) {
            t.rule += "  transform-box: view-box;\n"
            t.rule += "  d: \(pathCSS(t.model("path")));\n"
        } else {
            t.rule += "  width: calc(\(t.bw) * 1px); height: calc(\(t.bh) * 1px);\n"
        }
    }

    /// A flat scene's layer: its anchor point at its position on the page, then its transform
    /// about the anchor point.
    func placement(_ t: inout LayerText) {
        t.rule += "  transform-origin: calc(\(t.ax) * \(t.bw) * 1px) calc(\(t.ay) * \(t.bh) * 1px);\n"
        let translation =
            "translate(calc((var(\(t.prop("position-x"))) - \(t.ax) * \(t.bw)) * 1px), "
            + "calc((var(\(t.prop("position-y"))) - \(t.ay) * \(t.bh)) * 1px))"
        t.rule += "  transform: \(translation)\(ownTransform(t));\n"
    }

    /// The layer's own `transform` after its translation: the baked matrix, the parts that
    /// animate (with the model's other parts), or the model's matrix; nothing for the identity.
    func ownTransform(_ t: LayerText) -> String {
        if t.transformBaked {
            let entries = ExportComponents.matrixNames.map { "var(\(t.prop("transform-" + $0)))" }
            return " matrix3d(\(entries.joined(separator: ", ")))"
        }
        let parts = t.used.filter { $0.hasPrefix("transform-") }
        if parts.isEmpty {
            return t.modelMatrix.map { " matrix3d(\($0.m.map(n).joined(separator: ", ")))" } ?? ""
        }
        func v(_ name: String, _ fallback: String) -> String {
            parts.contains(name) ? "var(\(t.prop(name)))" : fallback
        }
        var out =
            " translate3d(calc(\(v("transform-translation-x", "0")) * 1px), "
            + "calc(\(v("transform-translation-y", "0")) * 1px), calc(\(v("transform-translation-z", "0")) * 1px))"
        for axis in ["z", "y", "x"] where parts.contains("transform-rotation-" + axis) {
            out += " rotate\(axis.uppercased())(calc(var(\(t.prop("transform-rotation-" + axis))) * 1rad))"
        }
        out +=
            " scale3d(\(v("transform-scale-x", "1")), \(v("transform-scale-y", "1")), \(v("transform-scale-z", "1")))"
        return out
    }

    func opacity(_ t: inout LayerText) {
        if t.opacityGroup && !t.inheritedOpacity.isEmpty {
            let factors = [t.element.variable("opacity", "1")] + t.inheritedOpacity
            t.rule += "  opacity: calc(\(factors.joined(separator: " * ")));\n"
        } else if t.opacityGroup && t.roots.contains("opacity") {
            t.rule += "  opacity: var(\(t.prop("opacity")));\n"
        }
    }

    func backgroundColor(_ t: inout LayerText) {
        guard t.roots.contains("backgroundColor") && t.drawsItself else { return }
        t.rule += "  background-color: \(t.rgb("backgroundColor"));\n"
    }

    /// A CSS border: inside the box (`box-sizing: border-box`), as Core Animation draws it.
    func border(_ t: inout LayerText) {
        guard t.declareBorder() else { return }
        t.rule += "  border-style: solid; border-width: calc(var(\(t.prop("borderWidth"))) * 1px); "
        t.rule += "border-color: \(t.rgb("borderColor"));\n"
    }

    func cornerRadius(_ t: inout LayerText) {
        guard t.roots.contains("cornerRadius") && t.drawsItself else { return }
        t.rule += "  border-radius: calc(var(\(t.prop("cornerRadius"))) * 1px);\n"
    }

    /// A shape layer's `fill`, `stroke` and `stroke-width` on its SVG path.
    func shapePaint(_ t: inout LayerText) {
        guard isShape(t.layer) else { return }
        if t.roots.contains("fillColor") { t.rule += "  fill: \(t.rgb("fillColor"));\n" }
        if t.roots.contains("strokeColor") { t.rule += "  stroke: \(t.rgb("strokeColor"));\n" }
        if t.roots.contains("lineWidth") {
            t.rule += "  stroke-width: calc(var(\(t.prop("lineWidth"))) * 1px);\n"
        }
    }
}

extension CSSStructure.LayerText {
    /// Uses the custom properties of the layer's box (position, size, anchor point) and of the
    /// model's transform: as one matrix when nothing animates it, else every part of it that
    /// is not the identity's beside the animated ones (an animation of one part leaves the
    /// others as the model has them).
    mutating func useGeometry() {
        for r in ["position", "bounds", "anchorPoint"] {
            for part in numbersOf(r, model(r)) ?? []
            where r != "bounds" || part.name.hasSuffix("width") || part.name.hasSuffix("height") {
                use(part.name)
            }
        }
        guard !transformBaked, case .transform(let m) = model("transform"), m != .identity else { return }
        guard transformAnimated else {
            modelMatrix = m
            return
        }
        for part in ExportComponents.transformParts(m)
        where part.value != (part.name.hasPrefix("transform-scale") ? 1 : 0) {
            use(part.name)
        }
    }

    /// Whether anything changes the transform: a callback, an animation or baking.
    var transformAnimated: Bool {
        layer.changingProperties.contains("transform")
            || layer.animations.contains {
                $0.animation.keyPaths.contains { LayerProperties.root(of: $0) == "transform" }
            }
            || layer.baked.contains { LayerProperties.root(of: $0.keyPath) == "transform" }
    }

    /// Declares the border's missing width (0) or colour (opaque black), Core Animation's
    /// defaults, when the layer draws a border; false when it draws none.
    mutating func declareBorder() -> Bool {
        guard (roots.contains("borderWidth") || roots.contains("borderColor")) && drawsItself else {
            return false
        }
        if !roots.contains("borderWidth") {
            use("borderWidth")
            rule += "  \(prop("borderWidth")): 0;\n"
        }
        if !roots.contains("borderColor") {
            for c in ["r", "g", "b"] {
                use("borderColor-" + c)
                rule += "  \(prop("borderColor-" + c)): 0;\n"
            }
            use("borderColor-a")
            rule += "  \(prop("borderColor-a")): 1;\n"
        }
        return true
    }
}
