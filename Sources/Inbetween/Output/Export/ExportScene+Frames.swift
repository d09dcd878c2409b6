import InbetweenEngine

/// The sampled frames of a run, kept per track for `--bake` (the exports need the run's end
/// before they can place a keyframe, so a baked export holds its frames until then).
package struct FrameLog {
    private(set) var tracks: [Track] = []
    private(set) var samples: [[(time: Double, value: Value)]] = []

    package mutating func append(_ frame: SampledFrame) {
        while tracks.count < frame.tracks.count {
            tracks.append(frame.tracks[tracks.count])
            samples.append([])
        }
        for i in frame.values.indices { samples[i].append((frame.time, frame.values[i])) }
    }
}

extension ExportScene {
    /// The run as `--bake` exports it: no animations, every sampled track baked, one keyframe
    /// per frame, exactly the frames' values at exactly the frames' times (the writers join them
    /// linearly). `model` is the scene the script built before sampling: the layers' model
    /// values at the start, which the exports set as the script did, and which a track added
    /// later (in a callback) shows until its first frame (then a jump, two samples at one time).
    /// No history is needed, so `--bake` also exports runs with too many events for the
    /// structural form (`SceneHistory.maximumSnapshots`).
    package static func perFrame(
        _ log: FrameLog, model: Scene?, source: String, fps: Double, start: Double, end: Double
    ) -> ExportScene {
        var scene = ExportScene(
            source: source, fps: fps, start: start, end: end, layers: [], notes: [], perFrame: true)
        let (names, tracksOfLayer) = ExportScene.byLayer(log.tracks)
        var layerNames = names
        // A tree draws its still layers too: every layer of the scene, then those callbacks made.
        let tree = model.map { $0.hasTree } ?? false
        if let model, tree { layerNames = model.layers.map(\.name) + layerNames.filter { model[$0] == nil } }
        for name in layerNames {
            let values = model?[name]?.modelValues ?? PropertyValues()
            let indices = tracksOfLayer[name] ?? []
            // The roots the script set and the roots the tracks animate, with their start values.
            var roots = Set(values.values.keys)
            for i in indices { roots.insert(LayerProperties.root(of: log.tracks[i].keyPath)) }
            let initialModel = LayerProperties.names.filter(roots.contains).compactMap { root in
                values[root].map { (keyPath: root, value: $0) }
            }
            var layer = ExportLayer(
                name: name, initialModel: initialModel, modelChanges: [], animations: [], baked: [])
            // A layer not in the scene before sampling was made by a callback: shown from its
            // first frame (the frames are all there is of it).
            if model != nil, model?[name] == nil,
                let first = indices.compactMap({ log.samples[$0].first?.time }).min(), first > start
            {
                layer.createdAt = first
            }
            for i in indices {
                let keyPath = log.tracks[i].keyPath
                layer.baked.append(
                    bakedTrack(keyPath, log.samples[i], model: values[keyPath], start: start, fps: fps))
            }
            scene.layers.append(layer)
        }
        if let model, tree {
            // A layer a callback made is not in `model`: drawn as a sublayer of the stage.
            scene.tree = ExportTree(
                names: layerNames, engine: layerNames.map { model[$0] },
                sceneNames: model.layers.map(\.name), stage: model.stageSublayers)
            for name in layerNames where model[name] == nil {
                scene.tree?.notes.append(
                    "\(name): made by a callback; drawn as a sublayer of the stage (the frames do not say its superlayer)"
                )
            }
        }
        return scene
    }

    /// One track's frames as a baked property of its key path (`position`, `transform.scale.x`).
    private static func bakedTrack(
        _ keyPath: String, _ frames: [(time: Double, value: Value)], model: Value?, start: Double,
        fps: Double
    ) -> ExportBakedProperty {
        var samples = frames
        if let first = frames.first, first.time > start, let model, model.kindName == first.value.kindName {
            samples.insert(
                contentsOf: model == first.value ? [(start, model)] : [(start, model), (first.time, model)],
                at: 0)
        }
        let reason = "one keyframe per frame at \(NumberFormat.shortest.string(fps)) fps"
        if case .path = frames.first?.value {
            return ExportBakedProperty(
                keyPath: keyPath, reason: reason, components: [], pathSamples: samples, tolerance: 0)
        }
        let count = frames.first?.value.components.count ?? 0
        // Every value of a track has the first one's kind (a vector's length may vary: missing
        // numbers read as 0).
        let components = (0..<count).map { c in
            samples.map { s -> (time: Double, value: Double) in
                let numbers = s.value.components
                return (s.time, c < numbers.count ? numbers[c] : 0)
            }
        }
        return ExportBakedProperty(
            keyPath: keyPath, reason: reason, components: components, pathSamples: [], tolerance: 0)
    }
}
