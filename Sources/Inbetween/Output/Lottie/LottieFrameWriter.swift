import Foundation
import InbetweenEngine
import InbetweenLua

/// `--format lottie`: a Lottie (Bodymovin) JSON file, one shape layer per scene layer, that
/// lottie-ios, lottie-android, lottie-web and rlottie play.
///
/// Every drawn property of every layer (`LottieLayer.keyPaths`) is read at every frame, and
/// each Lottie property is written from those frames: where the scene's animations say a
/// stretch is a cubic Bézier, linear or held curve (`LottieHints`) and the frames agree, as one
/// Lottie keyframe per segment with the same curve; everywhere else (springs, Lua easings,
/// `linear()`, paths, callbacks changing values) as linear keyframes at the frames, thinned
/// within `bakeTolerance`. Lottie frame i is sampled frame i, so `fr` is the run's frame rate
/// and a player showing frame i shows the frame `run --format json` writes at index i.
///
/// The frames are kept until the end of the run (the keyframes need all of them): a flat
/// scene's by `LottieFlatScene` (each layer placed by its own values, with its animations'
/// curves), a layer tree's by `LottieTree` (each layer placed by its matrix under its parent,
/// stretch by stretch of one draw order: `LottieRunBuilder`). Both make a `LottieComposition`,
/// each of its layers a `LottieLayer`, whose contents are one function per kind.
package struct LottieFrameWriter: FrameWriter {
    /// How far a baked keyframe curve may stray from a sampled frame, in the Lottie property's
    /// own unit (pixels, percent of scale, degrees, opacity 0–100, colour 0–1): a thousandth,
    /// a fraction of a device pixel and of one 8-bit colour step (1/255 ≈ 0.004).
    package static let bakeTolerance = 1e-3
    /// The `v` rlottie requires (it refuses a file without one) and lottie-web reads for its
    /// feature switches: the Bodymovin release whose output this matches.
    package static let bodymovinVersion = "5.7.4"
    /// Lottie 1.0.0 as `MMmmpp` (lottie-spec `composition/animation`, `ver`).
    package static let specVersion = 10000.0

    package let sink: ByteSink
    package let numbers: NumberFormat
    package let fps: Double
    package let source: String
    /// The run's history: its latest scene is the scene as the script's handlers left it at
    /// each frame.
    package let history: SceneHistory
    /// The canvas the script asked for (`scene{ size = … }`), or nil: the layers' extent.
    package let canvas: Size?
    private var frameCount = 0
    private var startTime: Double?
    /// The layers' values while the scene is flat (`LottieFlatScene`).
    private var flat: LottieFlatScene
    /// The scene's world per frame once it has a layer tree (`LottieTree`); nil while flat.
    private var tree: LottieTree?

    package init(
        sink: ByteSink, numbers: NumberFormat, fps: Double, source: String, history: SceneHistory,
        canvas: Size?
    ) {
        self.sink = sink
        self.numbers = numbers
        self.fps = fps
        self.source = source
        self.history = history
        self.canvas = canvas
        flat = LottieFlatScene(fps: fps)
    }

    /// Keeps every layer's drawn properties: the frame's tracks, `LottieLayer.keyPaths` of
    /// every layer (`OutputFormat.request`), or, once the scene has a layer tree, its world.
    package mutating func write(_ frame: SampledFrame) throws {
        if startTime == nil { startTime = frame.time }
        let scene = history.latest
        if scene.hasTree {
            if tree == nil {
                tree = LottieTree()
                tree!.skip(frames: frameCount)
            }
            tree!.record(try scene.world(at: frame.time))
        } else {
            flat.record(frame, index: frameCount, start: startTime!, scene: scene)
        }
        frameCount += 1
    }

    package mutating func finish(_ summary: SamplingSummary) throws {
        guard frameCount > 0 else { throw CommandError("\(source): lottie: no frames to export") }
        var composition: LottieComposition
        if let tree {
            composition = try tree.composition(canvas: canvas)
            if flat.hasFrames {
                composition.treeNotes!.append(
                    "the layer tree was made after the first frame: nothing is drawn before it")
            }
        } else {
            composition = try flat.composition(frameCount: frameCount, source: source)
        }
        let root = composition.root(
            name: (source as NSString).lastPathComponent, fps: fps, frameCount: frameCount, canvas: canvas)
        var out: [UInt8] = []
        root.write(to: &out, numbers: numbers)
        out.append(UInt8(ascii: "\n"))
        sink.write(String(decoding: out, as: UTF8.self))
    }
}

extension Rect {
    package func union(_ o: Rect) -> Rect {
        let x0 = min(origin.x, o.origin.x)
        let y0 = min(origin.y, o.origin.y)
        let x1 = max(origin.x + size.width, o.origin.x + o.size.width)
        let y1 = max(origin.y + size.height, o.origin.y + o.size.height)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
