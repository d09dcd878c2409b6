import InbetweenEngine

/// The layer tree in the CSS export (issue 28): each sublayer's element inside its
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
    /// One element of the page: a layer, or a copy of one under a replicator.
    struct Element {
        /// Index into `ExportScene.layers`.
        var layer: Int
        /// Its CSS id (custom properties are `--ID-...`).
        var id: String
        /// `data-layer`: the layer's name, `NAME[i]` for a replicator's instance i.
        var title: String
        /// Index into `elements`; nil for a sublayer of the stage.
        var parent: Int?
        var children: [Int] = []
        /// Seconds the animations start later (the instance delays of the replicators above).
        var delay: Double = 0
        /// A replicator's instance transform applied i times, for a copy of its direct sublayer.
        var instance: Transform3D? = nil
        /// `z-index` among its siblings, when their zPositions differ.
        var zIndex: Int? = nil
        /// A moved layer's element: the times the layer is under this element's superlayer
        /// (`to` infinity for the last); nil: always.
        var shownDuring: [(from: Double, to: Double)]? = nil
    }

    /// The elements of a tree scene, each parent before its children.
    static func treeElements(
        _ scene: ExportScene, _ tree: ExportTree, names: inout ExportIdentifier.Allocator
    )
        -> (elements: [Element], notes: [String])
    {
        var elements: [Element] = []
        var notes = tree.notes
        // A moved layer the elements below say (one per superlayer) is not a note of the first tree.
        for k in tree.moves.keys.sorted() {
            let name = scene.layers[k].name
            let prefix = ExportTree.movedNotePrefix(name)
            notes = notes.map {
                $0.hasPrefix(prefix)
                    ? "\(name): moved to another superlayer at "
                        + $0.dropFirst(prefix.count).prefix { $0 != ";" }
                        + "; written (its sublayers with it) under each superlayer it has, visible while it is there"
                    : $0
            }
        }
        func start(_ k: Int, _ root: String) -> Value? {
            scene.layers[k].modelValue(root, at: scene.start) ?? Value.defaultValue(forKeyPath: root)
        }
        func scalar(_ k: Int, _ root: String) -> Double {
            if case .scalar(let x)? = start(k, root) { return x }
            return 0
        }
        // Moved layers: under each superlayer they have, in their place there, with the times.
        var lists = tree.sublayers
        var stage = tree.stage
        var windows: [Int: [Int?: [(from: Double, to: Double)]]] = [:]
        for k in tree.moves.keys.sorted() {
            for (i, move) in tree.moves[k]!.enumerated() {
                if windows[k]?[move.parent] == nil && i > 0 {
                    var list = move.parent.map { lists[$0] } ?? stage
                    list.removeAll { $0 == k }
                    let at = list.lastIndex { move.siblingsBefore.contains($0) }.map { $0 + 1 } ?? 0
                    list.insert(k, at: at)
                    if let p = move.parent { lists[p] = list } else { stage = list }
                }
                windows[k, default: [:]][move.parent, default: []].append((move.from, move.to))
            }
        }
        func visit(
            _ k: Int, parent: Int?, suffix: String, idSuffix: String, delay: Double, instance: Transform3D?
        ) {
            let layer = scene.layers[k]
            let index = elements.count
            let shown = windows[k]?[parent.map { elements[$0].layer }]
            let idSuffix =
                shown != nil && parent.map { elements[$0].layer } != tree.moves[k]?.first?.parent
                ? idSuffix + "-in-"
                    + ExportIdentifier.encode(parent.map { scene.layers[elements[$0].layer].name } ?? "stage")
                : idSuffix
            elements.append(
                Element(
                    layer: k, id: names.unique(ExportIdentifier.encode(layer.name) + idSuffix),
                    title: layer.name + suffix, parent: parent, delay: delay, instance: instance,
                    shownDuring: shown))
            if let parent { elements[parent].children.append(index) }
            if tree.kinds[k] == .replicator {
                let count = LayerGeometry.instances(scalar(k, "instanceCount"))
                let step = scalar(k, "instanceDelay")
                var matrix = Transform3D.identity
                let each: Transform3D
                if case .transform(let t)? = start(k, "instanceTransform") {
                    each = t
                } else {
                    each = .identity
                }
                for i in 0..<count {
                    for child in lists[k] {
                        visit(
                            child, parent: index, suffix: suffix + "[\(i)]", idSuffix: idSuffix + "-i\(i)",
                            delay: delay + Double(i) * step, instance: matrix)
                    }
                    matrix = matrix.concatenating(each)
                }
            } else {
                for child in lists[k] {
                    visit(
                        child, parent: index, suffix: suffix, idSuffix: idSuffix, delay: delay, instance: nil)
                }
            }
        }
        for k in stage { visit(k, parent: nil, suffix: "", idSuffix: "", delay: 0, instance: nil) }
        // Siblings in zPosition order: z-index as the rank of each distinct zPosition.
        var groups: [Int?: [Int]] = [:]
        for (i, e) in elements.enumerated() { groups[e.parent, default: []].append(i) }
        for siblings in groups.values {
            let z = siblings.map { scalar(elements[$0].layer, "zPosition") }
            let ranks = Array(Set(z)).sorted()
            guard ranks.count > 1 else { continue }
            for (i, e) in siblings.enumerated() { elements[e].zIndex = ranks.firstIndex(of: z[i])! }
        }
        // What the copies and the first tree do not say.
        for (k, layer) in scene.layers.enumerated() where tree.kinds[k] == .replicator {
            let count = LayerGeometry.instances(scalar(k, "instanceCount"))
            notes.append(
                "\(layer.name): a replicator; its sublayers written once per instance (NAME[0] to "
                    + "NAME[\(max(count - 1, 0))]), instance i turned by instanceTransform i times and its "
                    + "animations started i x instanceDelay later")
            let changing = Set(layer.changingProperties).union(
                layer.animations.flatMap { $0.animation.keyPaths.map(LayerProperties.root(of:)) })
            for root in ["instanceCount", "instanceDelay", "instanceTransform"] where changing.contains(root)
            {
                notes.append("\(layer.name).\(root): only its value at the start is drawn")
            }
            let colour = ["instanceColor", "instanceRedOffset", "instanceGreenOffset", "instanceBlueOffset"]
            let white = Value.color(Color(red: 1, green: 1, blue: 1))
            if colour.contains(where: { layer.initialModel.map(\.keyPath).contains($0) })
                && (start(k, "instanceColor") != white || colour.dropFirst().contains { scalar(k, $0) != 0 }
                    || scalar(k, "instanceAlphaOffset") != 0)
            {
                notes.append(
                    "\(layer.name): instance colours are not drawn (CSS cannot multiply an element's colours)"
                )
            }
        }
        for (k, layer) in scene.layers.enumerated() {
            // Only among siblings does the order matter (the z of the translation follows it).
            let siblings = tree.superlayer[k].map { tree.sublayers[$0] } ?? tree.stage
            guard siblings.count > 1 else { continue }
            let animated = layer.animations.contains {
                $0.animation.keyPaths.contains { LayerProperties.root(of: $0) == "zPosition" }
            }
            if animated || layer.changingProperties.contains("zPosition") || layer.isBaked("zPosition") {
                notes.append("\(layer.name).zPosition changes: its z-index keeps its rank at the start")
            }
        }
        for (k, layer) in scene.layers.enumerated()
        where layer.initialModel.contains(where: { $0.keyPath == "path" }) && !tree.sublayers[k].isEmpty {
            notes.append(
                "\(layer.name): a shape layer's sublayers are not drawn (an SVG path holds no elements)")
        }
        return (elements, notes)
    }

    /// Whether a layer composites its opacity as a group (CALayer's `allowsGroupOpacity`, YES by
    /// default); a transform layer never does (it passes its opacity to each sublayer).
    func isOpacityGroup(_ k: Int) -> Bool {
        if scene.tree?.kinds[k] == .transformLayer { return false }
        if case .scalar(let x)? = scene.layers[k].modelValue("allowsGroupOpacity", at: scene.start) {
            return x != 0
        }
        return true
    }

    /// `var(--ID-part, fallback)` of an element: the fallback stands for a property the layer
    /// never declares (its value is Core Animation's default).
    func variable(_ e: Element, _ part: String, _ fallback: String) -> String {
        "var(--\(e.id)-\(ExportIdentifier.encodeCSSPart(part)), \(fallback))"
    }

    /// The opacities of the ancestors that pass theirs down instead of fading a group (nearest
    /// first), as factors for this element's opacity.
    func inheritedOpacity(_ e: Element) -> [String] {
        var out: [String] = []
        var up = e.parent
        while let p = up, !isOpacityGroup(elements[p].layer) {
            out.append(variable(elements[p], "opacity", "1"))
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
            z: variable(e, "zPosition", "0")
        )
        guard let p = e.parent.map({ elements[$0] }) else {
            return
                "translate3d(calc((\(own.x) - \(ax) * \(bw)) * 1px), calc((\(own.y) - \(ay) * \(bh)) * 1px), "
                + "calc((\(own.z) - \(az)) * 1px))"
        }
        let origin = (x: variable(p, "bounds-x", "0"), y: variable(p, "bounds-y", "0"))
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
            z: variable(p, "anchorPointZ", "0")
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

    /// The page's elements nested as the layers are (a tree scene's `markup()`).
    func treeMarkup() -> String {
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
