import Foundation
import InbetweenEngine

/// `run --bake --format css|swift`, and batch's css and swift: every sampled track baked, one
/// keyframe per frame, written by the structural writers (`CSSStructure`, `SwiftStructure`)
/// from a scene that holds only baked properties (`ExportScene.perFrame`). So the per-frame
/// form gets everything the structural one was made to get right: Swift that compiles on iOS
/// and macOS as emitted (boxing per platform, typed array literals, long lists appended
/// statement by statement, unique identifiers), CSS percentages exact to the frame, collision-
/// free identifiers, and the same custom properties and page as the structural CSS.
///
/// The frames are kept until `finish`: a keyframe's place is its time as a fraction of the
/// run, which a natural end only fixes at the last frame.
package struct BakedExportWriter: FrameWriter {
    package enum Target { case css, swift }
    package let target: Target
    package let sink: ByteSink
    package let numbers: NumberFormat
    package let source: String
    package let fps: Double
    /// The scene the script built before sampling (the model values at the start); nil when
    /// there is none (every property then starts from Core Animation's default).
    package let model: Scene?
    /// Where the CSS's page goes (`-o x.css` → `x.html`), as for the structural CSS.
    package var page: CSSPage? = nil
    /// The run's tree changes (nil: none recorded), to name what the frames cannot say.
    package var tree: TreeRecording? = nil
    private var log = FrameLog()

    package init(
        target: Target, sink: ByteSink, numbers: NumberFormat, source: String, fps: Double, model: Scene?,
        page: CSSPage? = nil, tree: TreeRecording? = nil
    ) {
        self.tree = tree
        self.target = target
        self.sink = sink
        self.numbers = numbers
        self.source = source
        self.fps = fps
        self.model = model
        self.page = page
    }

    package mutating func write(_ frame: SampledFrame) throws { log.append(frame) }

    package mutating func finish(_ summary: SamplingSummary) throws {
        var scene = ExportScene.perFrame(
            log, model: model, source: source, fps: fps, start: summary.startTime, end: summary.endTime)
        // A layer a callback moved to another superlayer: the frames hold only its own values,
        // read in the superlayer it has at the start, where it is drawn; said in the header.
        if let tree, scene.tree != nil {
            let first = LayerTree(tree.model)
            var noted: Set<String> = []
            for change in tree.log.changes[tree.start...] where change.time <= summary.endTime {
                let p = change.placement
                guard !p.isRemoved, !noted.contains(p.layer), let was = first[p.layer], !was.isRemoved,
                    was.superlayer != p.superlayer
                else { continue }
                noted.insert(p.layer)
                scene.tree?.notes.append(
                    ExportTree.movedNotePrefix(p.layer) + "\(NumberFormat.shortest.string(change.time)) s; "
                        + "not said (the layers stay in the tree they had at the start)")
            }
        }
        switch target {
        case .swift:
            var code = SwiftStructure(scene: scene, numbers: numbers)
            sink.write(try code.text())
        case .css:
            var css = CSSStructure(scene: scene, numbers: numbers)
            sink.write(css.stylesheet())
            try sink.checkNumbers()
            try css.writePage(page)
        }
    }
}
