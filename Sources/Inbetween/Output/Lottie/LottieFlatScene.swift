import Foundation
import InbetweenEngine
import InbetweenLua

/// The flat part of `--format lottie`: a scene without a layer tree, each layer a Lottie layer
/// of the composition placed by its own values (`LottieLayer`: position, anchor point,
/// transform, opacity), with the curves of the scene's animations (`LottieHints`) written as
/// exact keyframes where the frames agree. A scene with a layer tree goes to `LottieTree`
/// instead, which places each layer by its matrix to the stage.
///
/// The values come from the sampler (`OutputFormat.request` asks for `LottieLayer.keyPaths`
/// of every layer): tracks come layer by layer in scene order, a layer a callback made after
/// the others from its first frame. Reading each layer's whole presentation from the scene at
/// every frame cost 20 us a layer.
struct LottieFlatScene {
    /// One layer's presentation values per key path (`LottieLayer.keyPaths`), from the frame it
    /// first appeared at.
    struct Column {
        var name: String
        var firstFrame: Int
        var values: [[Value]]
    }

    let fps: Double
    /// Layers in the order they appeared (scene order; a layer a callback makes comes later).
    private var layers: [Column] = []
    /// The run's first frame time (the hints' frames count from it).
    private var startTime: Double?
    /// Segment hints per layer and root key path, from every animation seen attached.
    private var hints: [String: [String: [LottieSegmentHint]]] = [:]
    private var seenAnimations: Set<String> = []
    /// How far `noteAnimations` has read `Scene.layersChanged(since:)`.
    private var changeMark = 0

    init(fps: Double) { self.fps = fps }

    /// Whether some frame was recorded (a tree made later draws nothing before it).
    var hasFrames: Bool { layers.contains { !$0.values[0].isEmpty } }

    /// Keeps frame `index`'s values of every layer and the hints of animations new in `scene`;
    /// `start` is the run's first frame time.
    mutating func record(_ frame: SampledFrame, index: Int, start: Double, scene: Scene) {
        startTime = start
        let count = LottieLayer.keyPaths.count
        while layers.count * count < frame.tracks.count {
            layers.append(
                Column(
                    name: frame.tracks[layers.count * count].layer, firstFrame: index,
                    values: Array(repeating: [], count: count)))
        }
        for l in layers.indices {
            for k in 0..<count { layers[l].values[k].append(frame.values[l * count + k]) }
        }
        noteAnimations(in: scene)
    }

    /// The composition of `frameCount` frames: Lottie draws the first layer of the list on
    /// top, Core Animation the last one added. `source` names the script in errors.
    func composition(frameCount: Int, source: String) throws -> LottieComposition {
        var composition = LottieComposition()
        for column in layers.reversed() {
            try add(column, frameCount: frameCount, source: source, to: &composition)
        }
        return composition
    }

    private func add(
        _ column: Column, frameCount: Int, source: String, to composition: inout LottieComposition
    ) throws {
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
}
