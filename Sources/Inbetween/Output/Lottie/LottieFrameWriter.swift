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
/// The frames are kept until the end of the run (the keyframes need all of them).
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
    /// Layers in the order they appeared (scene order; a layer a callback makes comes later).
    private var layers: [Column] = []
    private var frameCount = 0
    private var startTime: Double?
    /// Segment hints per layer and root key path, from every animation seen attached.
    private var hints: [String: [String: [LottieSegmentHint]]] = [:]
    private var seenAnimations: Set<String> = []
    /// How far `noteAnimations` has read `Scene.layersChanged(since:)`.
    private var changeMark = 0
    /// The scene's world per frame once it has a layer tree (`LottieTree`); nil while flat.
    private var tree: LottieTree?

    /// One layer's presentation values per key path (`LottieLayer.keyPaths`), from the frame it
    /// first appeared at.
    package struct Column {
        package var name: String
        package var firstFrame: Int
        package var values: [[Value]]
    }

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
            frameCount += 1
            return
        }
        // Tracks come layer by layer in scene order, `count` a layer, a layer a callback made
        // after the others from its first frame: the sampler's values, where reading each
        // layer's whole presentation from the scene at every frame cost 20 us a layer.
        let count = LottieLayer.keyPaths.count
        while layers.count * count < frame.tracks.count {
            layers.append(
                Column(
                    name: frame.tracks[layers.count * count].layer, firstFrame: frameCount,
                    values: Array(repeating: [], count: count)))
        }
        for l in layers.indices {
            for k in 0..<count { layers[l].values[k].append(frame.values[l * count + k]) }
        }
        frameCount += 1
        noteAnimations(in: scene)
    }

    /// Records the hints of animations not seen before (those added by callbacks appear at
    /// the first frame after their event; their add time is exact all the same).
    private mutating func noteAnimations(in scene: Scene) {
        guard let start = startTime else { return }
        // Only a layer changed since the last frame can hold an animation not seen yet (every
        // layer at every frame was quadratic in a staggered scene's layers). With layer timing
        // a change above a layer moves its clock, so every layer is read then.
        let (changed, mark) = scene.layersChanged(since: changeMark)
        changeMark = mark
        if let changed, !scene.usesLayerTiming {
            for l in changed { noteAnimations(of: scene.layers[l], in: scene, start: start) }
        } else {
            for layer in scene.layers { noteAnimations(of: layer, in: scene, start: start) }
        }
    }

    private mutating func noteAnimations(of layer: Layer, in scene: Scene, start: Double) {
        // A layer on a clock of its own has its add times in its local time: no hint places
        // its segments, and its sampled values stand alone.
        if scene.runsOnSceneTime(layer.name) {
            for attached in layer.attachedAnimations {
                let id = "\(layer.name)\u{0}\(attached.serial)"
                guard seenAnimations.insert(id).inserted else { continue }
                for span in LottieHints.spans(of: attached.animation, addedAt: attached.addedAt) {
                    let hint = LottieSegmentHint(
                        start: frame(span.start - start), end: frame(span.end - start),
                        easing: span.easing, keyPath: span.keyPath, ends: span.ends)
                    hints[layer.name, default: [:]][LayerProperties.root(of: span.keyPath), default: []]
                        .append(hint)
                }
            }
        }
    }

    /// Seconds from the start in frames; within a millionth of a frame of a whole frame it is
    /// that frame (0.3 s at 60 fps is 17.999999999999996 in floating point).
    private func frame(_ seconds: Double) -> Double {
        let f = seconds * fps
        return abs(f - f.rounded()) < LottieKeyframes.frameEpsilon ? f.rounded() : f
    }

    /// What the file's composition holds: the Lottie layers (first drawn on top), the
    /// precomposition assets, and what `inbetween` says about them.
    private struct Composition {
        var layers: [LottieJSON] = []
        var assets: [LottieJSON] = []
        /// Per layer of a flat scene, its properties' exact frame ranges.
        var exact: [(String, LottieJSON)] = []
        /// The area the layers cover over the run, in scene coordinates (the canvas's size).
        var extent: Rect?
        /// A tree's notes (nil for a flat scene) and the layers drawn through their matrix.
        var treeNotes: [String]?
        var throughMatrix: [String] = []
    }

    package mutating func finish(_ summary: SamplingSummary) throws {
        guard frameCount > 0 else { throw CommandError("\(source): lottie: no frames to export") }
        var composition = try tree.map(treeComposition) ?? Composition()
        // Lottie draws the first layer of the list on top; Core Animation the last one added.
        for column in (tree == nil ? layers : []).reversed() {
            try addFlatLayer(column, to: &composition)
        }
        var out: [UInt8] = []
        root(composition).write(to: &out, numbers: numbers)
        out.append(UInt8(ascii: "\n"))
        sink.write(String(decoding: out, as: UTF8.self))
    }

    private func treeComposition(_ tree: LottieTree) throws -> Composition {
        var composition = Composition()
        composition.extent = tree.extent()
        // A group's precomposition is the composition's size (its space is the stage's).
        let extent = composition.extent
        let built = try tree.build(
            tolerance: LottieFrameWriter.bakeTolerance,
            width: max(1, ceil(canvas?.width ?? extent.map { $0.origin.x + $0.size.width } ?? 1)),
            height: max(1, ceil(canvas?.height ?? extent.map { $0.origin.y + $0.size.height } ?? 1)))
        composition.layers = built.layers
        composition.assets = built.assets
        composition.treeNotes = built.notes
        composition.throughMatrix = built.throughMatrix
        if layers.contains(where: { !$0.values[0].isEmpty }) {
            composition.treeNotes!.append(
                "the layer tree was made after the first frame: nothing is drawn before it")
        }
        return composition
    }

    private func addFlatLayer(_ column: Column, to composition: inout Composition) throws {
        var frames: [String: [Value]] = [:]
        for (k, keyPath) in LottieLayer.keyPaths.enumerated() {
            // A layer made by a callback holds its first values before it existed; it is
            // shown only from its first frame (the Lottie layer's in point).
            let values = column.values[k]
            frames[keyPath] = Array(repeating: values[0], count: column.firstFrame) + values
        }
        let layer = LottieLayer(
            name: column.name, frames: frames, hints: hints[column.name] ?? [:],
            frameCount: frameCount, inPoint: column.firstFrame)
        let output: LottieLayer.Output
        do {
            output = try layer.build(
                index: composition.layers.count + 1, tolerance: LottieFrameWriter.bakeTolerance)
        } catch let error as CommandError {
            throw CommandError("\(source): lottie: \(error.message)")
        }
        composition.layers.append(output.json)
        composition.exact.append(
            (
                column.name,
                .object(
                    output.exact.map { name, ranges in
                        (name, .array(ranges.map { .numbers([$0.lowerBound, $0.upperBound]) }))
                    })
            ))
        if let e = output.extent {
            composition.extent = composition.extent.map { $0.union(e) } ?? e
        }
    }

    /// The file's root object (lottie-spec `composition/animation`).
    private func root(_ composition: Composition) -> LottieJSON {
        let extent = composition.extent
        let width = canvas?.width ?? extent.map { $0.origin.x + $0.size.width } ?? 1
        let height = canvas?.height ?? extent.map { $0.origin.y + $0.size.height } ?? 1
        return .object([
            ("v", .string(LottieFrameWriter.bodymovinVersion)),
            ("ver", .number(LottieFrameWriter.specVersion)),
            ("nm", .string((source as NSString).lastPathComponent)),
            ("fr", .number(fps)), ("ip", .number(0)), ("op", .number(Double(frameCount))),
            ("w", .number(max(1, ceil(width)))), ("h", .number(max(1, ceil(height)))),
            ("ddd", .number(0)), ("assets", .array(composition.assets)),
            ("layers", .array(composition.layers)),
            // Not part of Lottie (players skip unknown keys): which frame ranges of which
            // property were written as exact curves, and the tolerance of the rest.
            (
                "inbetween",
                .object(
                    [
                        ("bakeTolerance", .number(LottieFrameWriter.bakeTolerance)),
                        ("exact", .object(composition.exact)),
                    ]
                        + (composition.treeNotes.map {
                            [
                                // What the tree's export could not say with Lottie's own means,
                                // and the layers drawn in the stage's space through their matrix.
                                ("tree", .array($0.map { .string($0) })),
                                ("throughMatrix", .array(composition.throughMatrix.map { .string($0) })),
                            ]
                        } ?? []))
            ),
        ])
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
