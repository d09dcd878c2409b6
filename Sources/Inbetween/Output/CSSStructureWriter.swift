import Foundation
import InbetweenEngine

/// `run --format css`: the run's animations as CSS animations that keep their structure.
///
/// Every animated number lives in a registered `<number>` custom property named
/// `--LAYER-PROPERTY[-COMPONENT]` (`--ball-position-y`, see `ExportComponents`), and one rule
/// per layer composes them into what the browser draws: position, bounds and anchorPoint into
/// `transform: translate(...)`, `width`/`height` and `transform-origin`; the transform's parts
/// into `translate()`/`rotate()`/`scale()` (or a baked matrix into `matrix3d()`); opacity;
/// colours into `rgb()`; borders (with `border-style`); a shape layer's path into `d: path()`
/// on an SVG `<path>`. Custom properties interpolate each number on its own, as the engine
/// does (a colour in its own channels; `transform.scale.x` beside `position` without adding a
/// second translation).
///
/// Then, per layer, in the order they stack (later ones win, as Core Animation's render order):
/// 1. the model values at the run's start as the rule's declarations, and an animation of
///    `step-end` keyframes for model changes made later (callbacks), so snapping back to the
///    model is a jump at the exact time;
/// 2. each animation as what it is: an `@keyframes` with a keyframe per key time and the
///    segment's `animation-timing-function` (cubic-bezier, steps, step-end for discrete,
///    linear() for Lua easings and springs), with its beginTime, duration, speed, repeats,
///    autoreverses and fill as `animation-delay`, `-duration`, `-iteration-count`,
///    `-direction` and `-fill-mode`;
/// 3. properties CSS cannot say (along a path, additive, cubic interpolation...) baked: each
///    number as `linear()` of its own values over the run, jumps as two stops at the same
///    percentage (the header says which and why).
///
/// Times are the animations' own (never rounded to frames); `--precision` rounds values only.
/// Custom properties are inherited: false, so nothing leaks into children.
package struct CSSStructureWriter: FrameWriter {
    package let sink: ByteSink
    package let numbers: NumberFormat
    package let history: SceneHistory
    package let source: String
    package let fps: Double
    /// Where `finish` writes the HTML page that applies the CSS (`-o x.css` → `x.html`).
    package let page: CSSPage?

    package init(
        sink: ByteSink, numbers: NumberFormat, history: SceneHistory, source: String, fps: Double,
        page: CSSPage?
    ) {
        self.sink = sink
        self.numbers = numbers
        self.history = history
        self.source = source
        self.fps = fps
        self.page = page
    }

    package mutating func write(_ frame: SampledFrame) throws {}

    package mutating func finish(_ summary: SamplingSummary) throws {
        let scene = try ExportScene.build(
            history: history, tracks: summary.tracks, source: source, fps: fps,
            start: summary.startTime, end: summary.endTime)
        var css = CSSStructure(scene: scene, numbers: numbers)
        sink.write(css.stylesheet())
        try sink.checkNumbers()
        try css.writePage(page)
    }
}

/// The text of the structural CSS export (see `CSSStructureWriter`).
package struct CSSStructure {
    package let scene: ExportScene
    package let numbers: NumberFormat
    private var names = ExportIdentifier.Allocator()
    /// One per layer (a flat scene), or the tree's elements, each parent before its children
    /// (`CSSStructure+Tree`).
    private(set) var elements: [Element] = []
    /// What the tree's elements do not say, for the header.
    private var treeNotes: [String] = []
    /// Each easing's text, made once: one sampled easing given to thousands of layers (a
    /// stagger) is hundreds of `linear()` stops to print for each.
    private var easingTexts: [ExportEasing: String] = [:]

    package init(scene: ExportScene, numbers: NumberFormat) {
        self.scene = scene
        self.numbers = numbers
        if let tree = scene.tree {
            (elements, treeNotes) = CSSStructure.treeElements(scene, tree, names: &names)
        } else {
            for (k, layer) in scene.layers.enumerated() {
                elements.append(
                    Element(
                        layer: k, id: names.unique(ExportIdentifier.encode(layer.name)), title: layer.name))
            }
        }
    }

    func n(_ v: Double) -> String { numbers.string(v) }

    /// ` within 0.002` for a polyline thinned within a tolerance; nothing for exact samples.
    private func within(_ tolerance: Double) -> String { tolerance > 0 ? " within \(n(tolerance))" : "" }

    /// Seconds, shortest round trip: times are never rounded (`--precision` is for values).
    private func seconds(_ v: Double) -> String { NumberFormat.shortest.string(v) + "s" }

    /// `x` (a fraction) as a percentage whose value divided by 100 is `x` again, with as few
    /// digits as that takes (0.3 → `30%`, where 0.3 × 100 prints as 30.000000000000004).
    package static func percent(_ x: Double) -> String {
        for decimals in 0...17 {
            let text = NumberFormat.compact(decimals).string(x * 100)
            if let back = Double(text), back / 100 == x { return text + "%" }
        }
        return NumberFormat.shortest.string(x * 100) + "%"
    }

    private func percentOfRun(_ t: Double) -> String {
        scene.span > 0 ? CSSStructure.percent((t - scene.start) / scene.span) : "0%"
    }

    /// Whether an animation written as it is has an easing sampled into linear().
    private var usesSampledEasing: Bool {
        scene.layers.contains { layer in
            layer.animations.contains { a in
                a.leaves.contains { leaf in
                    leaf.keyframes.easings.contains {
                        if case .sampled = $0 { return true }
                        return false
                    }
                }
            }
        }
    }

    package mutating func stylesheet() -> String {
        var head = "/* Generated by inbetween from \(ExportIdentifier.commentText(scene.source)), "
        head +=
            "\(NumberFormat.shortest.string(scene.start)) s to \(NumberFormat.shortest.string(scene.end)) s.\n"
        head +=
            "   Each animated number is a registered <number> custom property, --LAYER-PROPERTY[-COMPONENT];\n"
        head += "   each layer's rule draws from them. "
        if scene.perFrame {
            head += "Baked, one keyframe per frame: each number is\n"
            head +=
                "   linear() of its values at every frame (\(NumberFormat.shortest.string(scene.fps)) fps), "
                + "joined linearly between frames. */\n"
        } else if scene.notes.isEmpty {
            head += "Animations keep their keyframes and timing functions.\n   Nothing was baked. */\n"
        } else {
            head += "Animations keep their keyframes and timing functions."
            head += "\n   Baked into linear() of their values over the run (no CSS counterpart):\n"
            for note in scene.notes { head += "   - \(ExportIdentifier.commentText(note))\n" }
            head += "*/\n"
        }
        if !scene.perFrame && usesSampledEasing {
            head +=
                "/* Lua easings and springs are linear(), fitted as `inbetween curve --format css` fits them:\n"
                + "   within \(n(ExportEasing.cssTolerance)) of their progress, and within "
                + "\(n((ExportEasing.cssLoosening + 1) * ExportScene.valueTolerance(forKeyPath: "position"))) px (lengths) or "
                + "\(n((ExportEasing.cssLoosening + 1) * ExportScene.valueTolerance(forKeyPath: "opacity"))) (other numbers) "
                + "of their values\n   where a segment moves farther. */\n"
        }
        if scene.tree != nil {
            head +=
                "/* The layer tree: each sublayer's element inside its superlayer's. A layer with sublayers\n"
                + "   registers its numbers with inherits: true, so they can read its bounds, anchor point and\n"
                + "   sublayerTransform; siblings stack by z-index, the rank of their zPosition at the start.\n"
            for note in treeNotes { head += "   - \(ExportIdentifier.commentText(note))\n" }
            head += "*/\n"
        }
        var registrations = ""
        var body = ""
        for index in elements.indices {
            let (text, properties) = layerText(index)
            body += text
            let inherits = elements[index].children.isEmpty ? "false" : "true"
            for p in properties {
                registrations +=
                    "@property \(p) { syntax: \"<number>\"; inherits: \(inherits); initial-value: 0; }\n"
            }
        }
        return head + registrations + body
    }

    /// The page that shows the layers (`x.html` beside `x.css`).
    package func page(stylesheet: String) -> String {
        var out = "<!doctype html>\n<html><head><meta charset=\"utf-8\">\n"
        out += "<title>\(htmlEscaped(scene.source))</title>\n"
        out +=
            "<link rel=\"stylesheet\" href=\"\(htmlEscaped(stylesheet))\">\n</head>\n<body style=\"margin: 0\">\n"
        out += markup()
        out += "</body></html>\n"
        return out
    }

    /// Writes `page(stylesheet:)` to the page's sink, when there is a page to write.
    package func writePage(_ page: CSSPage?) throws {
        guard let page else { return }
        let html = try page.open()
        html.write(self.page(stylesheet: page.stylesheet))
        try html.commit()
    }

    /// One element per layer: a `<div>`, or a `<path>` in an `<svg>` for a shape layer.
    package func markup() -> String {
        if scene.tree != nil { return treeMarkup() }
        var out = ""
        for e in elements {
            let title = htmlEscaped(e.title)
            if isShape(scene.layers[e.layer]) {
                out +=
                    "<svg style=\"position: absolute; left: 0; top: 0; overflow: visible\" width=\"1\" height=\"1\">"
                out += "<path id=\"\(e.id)\" data-layer=\"\(title)\"></path></svg>\n"
            } else {
                out += "<div id=\"\(e.id)\" data-layer=\"\(title)\"></div>\n"
            }
        }
        return out
    }

    func isShape(_ layer: ExportLayer) -> Bool {
        layer.initialModel.contains { $0.keyPath == "path" }
    }

    func htmlEscaped(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }

    // MARK: One layer

    /// The layer's keyframes and rule, and the custom properties it uses.
    private mutating func layerText(_ index: Int) -> (String, [String]) {
        let element = elements[index]
        let layer = scene.layers[element.layer]
        let id = element.id
        let tree = scene.tree != nil
        // A replicator's copy: its animations start later (instanceDelay), its model does not.
        let delay = element.delay
        func prop(_ name: String) -> String { "--\(id)-\(ExportIdentifier.encodeCSSPart(name))" }
        func model(_ root: String) -> Value {
            layer.modelValue(root, at: scene.start) ?? Value.defaultValue(forKeyPath: root) ?? .scalar(0)
        }
        let transformBaked = layer.isBaked("transform")
        // The numbers a value writes, with transform parts kept apart unless baked as a matrix.
        func numbersOf(_ keyPath: String, _ value: Value) -> [(name: String, value: Double)]? {
            if keyPath == "transform" && !transformBaked, case .transform(let t) = value {
                return ExportComponents.transformParts(t)
            }
            return ExportComponents.numbers(keyPath: keyPath, value: value)
        }
        // Custom properties in first-use order, with their values at the start.
        var used: [String] = []
        var initial: [String: Double] = [:]
        func use(_ name: String) {
            if initial[name] == nil {
                let root = name.split(separator: "-").first.map(String.init) ?? name
                let all = numbersOf(root, model(root)) ?? []
                initial[name] = all.first { $0.name == name }?.value ?? 0
                used.append(name)
            }
        }
        var keyframes = ""
        var animations: [String] = []

        // Model values and their later changes.
        let changing = layer.changingProperties.filter { !layer.isBaked($0) }
        for root in layer.initialModel.map(\.keyPath) where root != "path" && root != "transform" {
            for part in numbersOf(root, model(root)) ?? [] { use(part.name) }
        }
        if !changing.isEmpty && scene.span > 0 {
            let name = names.unique("\(id)-model")
            keyframes +=
                "/* \(ExportIdentifier.commentText(layer.name)): model values set after the start (callbacks) */\n"
            keyframes += "@keyframes \(name) {\n"
            var times =
                [scene.start] + layer.modelChanges.filter { changing.contains($0.keyPath) }.map(\.time)
            times = times.reduce(into: []) { if $0.last != $1 { $0.append($1) } }
            for (i, t) in times.enumerated() {
                var decls: [String] = []
                for root in changing {
                    let v = layer.modelValue(root, at: t) ?? model(root)
                    if let parts = numbersOf(root, v) {
                        for part in parts {
                            use(part.name)
                            decls.append("\(prop(part.name)): \(n(part.value));")
                        }
                    } else {
                        decls.append("d: \(pathCSS(v));")
                    }
                }
                keyframes +=
                    "  \(percentOfRun(t)) { \(decls.joined(separator: " ")) animation-timing-function: step-end; }\n"
                if i == times.count - 1 && t < scene.end {
                    keyframes += "  100% { \(decls.joined(separator: " ")) }\n"
                }
            }
            keyframes += "}\n"
            animations.append("\(name) \(seconds(scene.span)) linear 0s 1 normal both")
        }

        // A layer a callback created shows nothing before that moment: hidden, then visible
        // from its percentage on (step-end holds the first keyframe's value to the next).
        if let created = layer.createdAt, scene.span > 0 {
            let name = names.unique("\(id)-created")
            keyframes +=
                "/* \(ExportIdentifier.commentText(layer.name)): created by a callback at \(seconds(created)) */\n"
            keyframes += "@keyframes \(name) {\n"
            keyframes += "  0% { visibility: hidden; animation-timing-function: step-end; }\n"
            keyframes += "  \(percentOfRun(created)) { visibility: visible; }\n"
            keyframes += "  100% { visibility: visible; }\n}\n"
            animations.append("\(name) \(seconds(scene.span)) linear 0s 1 normal both")
        }

        // `hidden` changed by callbacks, or the layer taken out of the tree and put back:
        // visibility from each change on (inherited by the subtree).
        let hiddenTimes = layer.modelChanges.filter { $0.keyPath == "hidden" }.map(\.time)
        let outOfTree = scene.tree?.outOfTree[element.layer] ?? []
        // A moved layer's element: visible only while the layer is under its superlayer.
        let spans = element.shownDuring
        let spanTimes = (spans ?? []).flatMap { [$0.from, $0.to] }.filter {
            $0 >= scene.start && $0 <= scene.end
        }
        if tree && !(hiddenTimes.isEmpty && outOfTree.isEmpty && spans == nil) && scene.span > 0 {
            func shown(at t: Double) -> String {
                let out = outOfTree.last { $0.time <= t }?.out ?? false
                let here = spans?.contains { $0.from <= t && t < $0.to } ?? true
                return here && !out && layer.modelValue("hidden", at: t) ?? .scalar(0) == .scalar(0)
                    ? "visible" : "hidden"
            }
            let name = names.unique("\(id)-hidden")
            keyframes +=
                "/* \(ExportIdentifier.commentText(layer.name)): hidden or out of the tree after the start (callbacks) */\n"
            keyframes += "@keyframes \(name) {\n"
            for t in Set([scene.start] + hiddenTimes + outOfTree.map(\.time) + spanTimes).sorted() {
                keyframes +=
                    "  \(percentOfRun(t)) { visibility: \(shown(at: t)); animation-timing-function: step-end; }\n"
            }
            keyframes += "  100% { visibility: \(shown(at: scene.end)); }\n}\n"
            animations.append("\(name) \(seconds(scene.span)) linear 0s 1 normal both")
        }

        // The animations as they are.
        for a in layer.animations {
            for leaf in a.leaves where !layer.isBaked(LayerProperties.root(of: leaf.keyPath)) {
                let key = ExportIdentifier.isGeneratedKey(a.key) ? "" : ExportIdentifier.readable(a.key) + "-"
                let base = "\(id)-\(key)\(ExportIdentifier.readable(leaf.keyPath))"
                let name = names.unique(base)
                keyframes += "/* \(ExportIdentifier.commentText(layer.name)): \(describe(leaf, in: a)) */\n"
                keyframes += "@keyframes \(name) {\n"
                let k = leaf.keyframes
                for (i, value) in k.values.enumerated() {
                    var decls: [String] = []
                    if let parts = numbersOf(leaf.keyPath, value) {
                        for part in parts {
                            use(part.name)
                            decls.append("\(prop(part.name)): \(n(part.value));")
                        }
                    } else {
                        decls.append("d: \(pathCSS(value));")
                    }
                    if i < k.easings.count && k.easings[i] != .linear {
                        let easing = k.easings[i]
                        let text = easingTexts[easing] ?? easing.css(n)
                        easingTexts[easing] = text
                        decls.append("animation-timing-function: \(text);")
                    }
                    keyframes +=
                        "  \(CSSStructure.percent(k.keyTimes[i])) { \(decls.joined(separator: " ")) }\n"
                }
                keyframes += "}\n"
                let s = leaf.schedule
                var iterations = s.iterationCount
                // A replicator's copy runs the animation later, but loses it when the layer does
                // (removed on completion or by the script): fewer iterations, ending then.
                var stop = a.removedAt ?? .infinity
                if a.animation.removedOnCompletion { stop = min(stop, s.end) }
                if delay > 0 && stop.isFinite {
                    iterations = min(iterations, max(0, (stop - s.begin - delay) / s.iterationDuration))
                }
                let count = iterations.isInfinite ? "infinite" : NumberFormat.shortest.string(iterations)
                let fill =
                    s.fillsBackwards
                    ? (s.fillsForwards ? "both" : "backwards") : (s.fillsForwards ? "forwards" : "none")
                animations.append(
                    "\(name) \(seconds(s.iterationDuration)) linear \(seconds(s.begin - scene.start + delay)) "
                        + "\(count) \(s.direction.rawValue) \(fill)")
            }
        }

        // Baked properties: each number its own linear() over the run. A replicator's copy
        // replays them later and shows its model before (what its time before the run holds).
        let bakedFill = delay > 0 ? "forwards" : "both"
        for baked in layer.baked {
            if !baked.pathSamples.isEmpty {
                let name = names.unique("\(id)-baked-\(ExportIdentifier.encode(baked.keyPath))")
                keyframes +=
                    "/* \(ExportIdentifier.commentText(layer.name)).\(baked.keyPath): baked, \(ExportIdentifier.commentText(baked.reason)) */\n"
                keyframes += "@keyframes \(name) {\n"
                for (t, v) in baked.pathSamples {
                    keyframes += "  \(percentOfRun(t)) { d: \(pathCSS(v)); }\n"
                }
                keyframes += "}\n"
                animations.append(
                    "\(name) \(seconds(max(scene.span, 0))) linear \(seconds(delay)) 1 normal \(bakedFill)")
                continue
            }
            let parts = numbersOf(baked.keyPath, model(baked.keyPath)) ?? []
            for (c, part) in parts.enumerated() {
                // `transform.scale` is one number written to three parts (x, y and z).
                let points = baked.components.count == 1 ? baked.components[0] : baked.components[c]
                guard c < baked.components.count || baked.components.count == 1 else { continue }
                use(part.name)
                guard points.count > 1, scene.span > 0 else { continue }
                let name = names.unique("\(id)-baked-\(ExportIdentifier.encodeCSSPart(part.name))")
                keyframes +=
                    "/* \(ExportIdentifier.commentText(layer.name)).\(part.name): baked (\(points.count) stops\(within(baked.tolerance))), \(ExportIdentifier.commentText(baked.reason)) */\n"
                keyframes +=
                    "@keyframes \(name) { from { \(prop(part.name)): 0; } to { \(prop(part.name)): 1; } }\n"
                let stops = points.map { "\(n($0.value)) \(percentOfRun($0.time))" }.joined(separator: ", ")
                animations.append(
                    "\(name) \(seconds(scene.span)) linear(\(stops)) \(seconds(delay)) 1 normal \(bakedFill)")
            }
        }

        // The rule that draws the layer.
        var rule = "#\(id) {\n"
        rule += "  /* \(ExportIdentifier.commentText(layer.name)) */\n"
        let shape = isShape(layer)
        for r in ["position", "bounds", "anchorPoint"] {
            for part in numbersOf(r, model(r)) ?? []
            where r != "bounds" || part.name.hasSuffix("width") || part.name.hasSuffix("height") {
                use(part.name)
            }
        }
        // A transform the model holds: as a matrix when nothing animates it, else every part of
        // it that is not the identity's beside the animated ones (an animation of one part
        // leaves the others as the model has them).
        let transformAnimated =
            layer.changingProperties.contains("transform")
            || layer.animations.contains {
                $0.animation.keyPaths.contains { LayerProperties.root(of: $0) == "transform" }
            }
            || layer.baked.contains { LayerProperties.root(of: $0.keyPath) == "transform" }
        var modelMatrix: Transform3D? = nil
        if !transformBaked, case .transform(let t) = model("transform"), t != .identity {
            if !transformAnimated {
                modelMatrix = t
            } else {
                for part in ExportComponents.transformParts(t)
                where part.value != (part.name.hasPrefix("transform-scale") ? 1 : 0) {
                    use(part.name)
                }
            }
        }
        let transformParts = used.filter { $0.hasPrefix("transform-") }
        for name in used { rule += "  \(prop(name)): \(n(initial[name] ?? 0));\n" }
        let bw = "var(\(prop("bounds-width")))"
        let bh = "var(\(prop("bounds-height")))"
        let ax = "var(\(prop("anchorPoint-x")))"
        let ay = "var(\(prop("anchorPoint-y")))"
        let az = variable(element, "anchorPointZ", "0")
        rule += "  position: absolute; left: 0; top: 0; margin: 0; box-sizing: border-box;\n"
        if shape {
            rule += "  transform-box: view-box;\n"
            rule += "  d: \(pathCSS(model("path")));\n"
        } else {
            rule += "  width: calc(\(bw) * 1px); height: calc(\(bh) * 1px);\n"
        }
        if tree {
            rule +=
                "  transform-origin: calc(\(ax) * \(bw) * 1px) calc(\(ay) * \(bh) * 1px) calc(\(az) * 1px);\n"
        } else {
            rule += "  transform-origin: calc(\(ax) * \(bw) * 1px) calc(\(ay) * \(bh) * 1px);\n"
        }
        var transform =
            tree
            ? treeTranslation(element, ax: ax, ay: ay, bw: bw, bh: bh, az: az)
            : "translate(calc((var(\(prop("position-x"))) - \(ax) * \(bw)) * 1px), "
                + "calc((var(\(prop("position-y"))) - \(ay) * \(bh)) * 1px))"
        if transformBaked {
            let entries = ExportComponents.matrixNames.map { "var(\(prop("transform-" + $0)))" }
            transform += " matrix3d(\(entries.joined(separator: ", ")))"
        } else if !transformParts.isEmpty {
            func v(_ name: String, _ fallback: String) -> String {
                transformParts.contains(name) ? "var(\(prop(name)))" : fallback
            }
            transform +=
                " translate3d(calc(\(v("transform-translation-x", "0")) * 1px), "
                + "calc(\(v("transform-translation-y", "0")) * 1px), calc(\(v("transform-translation-z", "0")) * 1px))"
            for axis in ["z", "y", "x"] where transformParts.contains("transform-rotation-" + axis) {
                transform +=
                    " rotate\(axis.uppercased())(calc(var(\(prop("transform-rotation-" + axis))) * 1rad))"
            }
            transform +=
                " scale3d(\(v("transform-scale-x", "1")), \(v("transform-scale-y", "1")), \(v("transform-scale-z", "1")))"
        } else if let m = modelMatrix {
            transform += " matrix3d(\(m.m.map(n).joined(separator: ", ")))"
        }
        rule += "  transform: \(transform);\n"
        let roots = Set(layer.initialModel.map(\.keyPath))
        // Tree scenes: opacity as a group, or passed down (transform layers, allowsGroupOpacity
        // false) into the layer's own colours and its sublayers' opacity.
        let inherited = tree ? inheritedOpacity(element) : []
        let group = !tree || isOpacityGroup(element.layer)
        let colourFactors = group ? [] : [variable(element, "opacity", "1")] + inherited
        func rgb(_ root: String) -> String {
            let c = ["r", "g", "b"].map { "calc(var(\(prop(root + "-" + $0))) * 255)" }
            let alpha = "var(\(prop(root + "-a")))"
            if colourFactors.isEmpty { return "rgb(\(c.joined(separator: " ")) / \(alpha))" }
            return
                "rgb(\(c.joined(separator: " ")) / calc(\(([alpha] + colourFactors).joined(separator: " * "))))"
        }
        let drawsItself = !tree || scene.tree?.kinds[element.layer] != .transformLayer
        if tree {
            if scene.tree?.kinds[element.layer] == .transformLayer {
                rule += "  transform-style: preserve-3d;\n"
            }
            if let z = element.zIndex { rule += "  z-index: \(z);\n" }
            // (changed by callbacks: the hidden keyframes above say it.)
            if hiddenTimes.isEmpty && outOfTree.isEmpty && spans == nil, roots.contains("hidden"),
                model("hidden") != .scalar(0)
            {
                rule += "  visibility: hidden;\n"
            }
        }
        if group && !inherited.isEmpty {
            rule +=
                "  opacity: calc(\(([variable(element, "opacity", "1")] + inherited).joined(separator: " * ")));\n"
        } else if group && roots.contains("opacity") {
            rule += "  opacity: var(\(prop("opacity")));\n"
        }
        if roots.contains("backgroundColor") && drawsItself {
            rule += "  background-color: \(rgb("backgroundColor"));\n"
        }
        if (roots.contains("borderWidth") || roots.contains("borderColor")) && drawsItself {
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
            if tree {
                // Inside the bounds without moving the sublayers' containing block.
                rule +=
                    "  box-shadow: inset 0 0 0 calc(var(\(prop("borderWidth"))) * 1px) \(rgb("borderColor"));\n"
            } else {
                rule += "  border-style: solid; border-width: calc(var(\(prop("borderWidth"))) * 1px); "
                rule += "border-color: \(rgb("borderColor"));\n"
            }
        }
        if roots.contains("cornerRadius") && drawsItself {
            rule += "  border-radius: calc(var(\(prop("cornerRadius"))) * 1px);\n"
        }
        if tree && roots.contains("masksToBounds") && drawsItself {
            // masksToBounds 1: inset 0 (the bounds); 0: far outside (no clip).
            rule +=
                "  clip-path: inset(calc((1 - var(\(prop("masksToBounds")))) * -100000px) "
                + "round calc(\(variable(element, "cornerRadius", "0")) * 1px));\n"
        }
        if shape {
            if roots.contains("fillColor") { rule += "  fill: \(rgb("fillColor"));\n" }
            if roots.contains("strokeColor") { rule += "  stroke: \(rgb("strokeColor"));\n" }
            if roots.contains("lineWidth") {
                rule += "  stroke-width: calc(var(\(prop("lineWidth"))) * 1px);\n"
            }
        }
        var drawn: Set<String> = [
            "position", "bounds", "anchorPoint", "transform", "opacity", "backgroundColor",
            "borderWidth", "borderColor", "cornerRadius", "path", "fillColor", "strokeColor",
            "lineWidth",
        ]
        if tree {
            drawn.formUnion([
                "anchorPointZ", "zPosition", "sublayerTransform", "hidden", "masksToBounds",
                "allowsGroupOpacity",
                "instanceCount", "instanceDelay", "instanceTransform",
            ])
        }
        let undrawn = layer.initialModel.map(\.keyPath).filter { !drawn.contains($0) }
        if !undrawn.isEmpty {
            rule +=
                "  /* values only, not drawn (no CSS counterpart): \(undrawn.joined(separator: ", ")) */\n"
        }
        if !animations.isEmpty {
            rule += "  animation:\n    " + animations.joined(separator: ",\n    ") + ";\n"
        }
        rule += "}\n"
        return (keyframes + rule, used.map(prop))
    }

    private func isGroup(_ a: Animation) -> Bool {
        if case .group = a { return true }
        return false
    }

    private func describe(_ leaf: ExportLeaf, in a: ExportAnimation) -> String {
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
        let group = isGroup(a.animation) ? " in a CAAnimationGroup" : ""
        return ExportIdentifier.commentText("\(kind) of \(leaf.keyPath)\(group), key \"\(a.key)\"")
    }

    /// `path("M 1 2 C ... Z")`, absolute commands as the engine keeps them.
    private func pathCSS(_ v: Value) -> String {
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

/// The HTML page written beside a CSS file (`-o x.css` → `x.html`) that shows its layers.
package struct CSSPage {
    /// Opens the page's output (once, when the CSS is finished).
    package var open: () throws -> ByteSink
    /// The stylesheet's name as the page links it.
    package var stylesheet: String

    package init(open: @escaping () throws -> ByteSink, stylesheet: String) {
        self.open = open
        self.stylesheet = stylesheet
    }
}
