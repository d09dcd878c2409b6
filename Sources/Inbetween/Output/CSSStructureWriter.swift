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
    /// The names of the ids and `@keyframes`, each used once.
    var names = ExportIdentifier.Allocator()
    /// One per layer (a flat scene), or the tree's elements, each parent before its children
    /// (`CSSStructure+TreeElements`).
    private(set) var elements: [Element] = []
    /// What the tree's elements do not say, for the header.
    private var treeNotes: [String] = []
    /// Each easing's text, made once: one sampled easing given to thousands of layers (a
    /// stagger) is hundreds of `linear()` stops to print for each.
    var easingTexts: [ExportEasing: String] = [:]
    /// The rows of `CSSStructure.paints` this scene's rules write, and the layer properties
    /// they draw (`CSSStructure+Rule`).
    let paints: [Paint]
    let drawn: Set<String>

    package init(scene: ExportScene, numbers: NumberFormat) {
        self.scene = scene
        self.numbers = numbers
        paints = CSSStructure.paints(tree: scene.tree != nil)
        drawn = Set(paints.flatMap(\.roots))
        if let tree = scene.tree {
            (elements, treeNotes) = CSSStructure.treeElements(scene, tree, names: &names)
        } else {
            elements = CSSStructure.flatElements(scene, names: &names)
        }
    }

    func n(_ v: Double) -> String { numbers.string(v) }

    /// ` within 0.002` for a polyline thinned within a tolerance; nothing for exact samples.
    func within(_ tolerance: Double) -> String { tolerance > 0 ? " within \(n(tolerance))" : "" }

    /// Seconds, shortest round trip: times are never rounded (`--precision` is for values).
    func seconds(_ v: Double) -> String { NumberFormat.shortest.string(v) + "s" }

    /// `x` (a fraction) as a percentage whose value divided by 100 is `x` again, with as few
    /// digits as that takes (0.3 → `30%`, where 0.3 × 100 prints as 30.000000000000004).
    package static func percent(_ x: Double) -> String {
        for decimals in 0...17 {
            let text = NumberFormat.compact(decimals).string(x * 100)
            if let back = Double(text), back / 100 == x { return text + "%" }
        }
        return NumberFormat.shortest.string(x * 100) + "%"
    }

    func percentOfRun(_ t: Double) -> String {
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

    func isShape(_ layer: ExportLayer) -> Bool {
        layer.initialModel.contains { $0.keyPath == "path" }
    }

    func htmlEscaped(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
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
