import InbetweenEngine
import InbetweenLua

/// What the HTML preview plays: for every layer, the presentation value of each property Core
/// Animation draws it with, at every frame. Whole layers rather than the animated tracks
/// `run` writes, because a layer is drawn from all of its properties and a callback may change
/// a model value (example 12's bounds) that no animation drives.
package struct PreviewScene {
    /// The properties a CALayer, and a CAShapeLayer's path, are drawn with.
    package static let drawnKeyPaths = [
        "bounds", "position", "anchorPoint", "anchorPointZ", "zPosition", "transform", "opacity",
        "backgroundColor", "borderWidth", "borderColor", "cornerRadius", "shadowColor", "shadowOpacity",
        "shadowOffset", "shadowRadius", "path", "fillColor", "strokeColor", "lineWidth", "strokeStart",
        "strokeEnd",
    ]
    /// The parts of a transform a person reads (what `transform.*` key paths name); a chart of
    /// the 16 matrix entries says little.
    package static let transformParts = [
        "translation.x", "translation.y", "translation.z", "scale.x", "scale.y", "scale.z",
        "rotation.x", "rotation.y", "rotation.z",
    ]

    package struct Column {
        package var keyPath: String
        /// One value per frame.
        package var values: [Value]
        /// The same value at every frame.
        package var isConstant: Bool { values.dropFirst().allSatisfy { $0 == values.first } }
    }

    package struct LayerFrames {
        package var name: String
        package var columns: [Column]
        /// The first frame the layer exists at (a callback may create it mid-run); its columns
        /// repeat that frame's values before it, and the page hides it there.
        package var firstFrame = 0
    }

    package var fps: Double
    package var times: [Double]
    package var layers: [LayerFrames]
    /// The view the layers live in (`scene{size = ...}`), when the script gives one: the stage.
    package var stageSize: Size?

    /// Samples every layer the script built (the script has run in `runtime`), and every layer
    /// a callback creates while sampling, from the frame it first exists at.
    package static func sample(_ runtime: Runtime, request: SamplingRequest) throws -> PreviewScene {
        var request = request
        request.keyPathsOfEveryLayer = drawnKeyPaths
        let fps = try runtime.clock(for: request).fps
        let count = drawnKeyPaths.count
        var times: [Double] = []
        var layers: [LayerFrames] = []
        try runtime.sampleScene(request) { frame in
            // Tracks come layer by layer, `count` a layer, a new layer's after the others.
            while layers.count * count < frame.tracks.count {
                let first = layers.count * count
                layers.append(
                    LayerFrames(
                        name: frame.tracks[first].layer,
                        columns: drawnKeyPaths.indices.map { k in
                            Column(
                                keyPath: drawnKeyPaths[k],
                                values: Array(repeating: frame.values[first + k], count: times.count))
                        }, firstFrame: times.count))
            }
            times.append(frame.time)
            for l in layers.indices {
                for k in 0..<count { layers[l].columns[k].values.append(frame.values[l * count + k]) }
            }
        }
        return PreviewScene(fps: fps, times: times, layers: layers, stageSize: runtime.settings.size)
    }

    /// A value chart under the stage: a property that changes, or one part of a transform.
    package struct Chart {
        package var title: String
        package var unit: String
        package var values: [Value]
    }

    /// What changes over the run, one chart per property (transforms by their parts that
    /// change), in layer order.
    package var charts: [Chart] {
        var charts: [Chart] = []
        for layer in layers {
            for column in layer.columns where !column.isConstant {
                guard column.keyPath == "transform" else {
                    charts.append(
                        Chart(
                            title: "\(layer.name).\(column.keyPath)",
                            unit: ValueUnits.unit(of: column.keyPath), values: column.values))
                    continue
                }
                for part in PreviewScene.transformParts {
                    let keyPath = "transform." + part
                    let values = column.values.map { v in
                        (try? PropertyValues(["transform": v]).value(forKeyPath: keyPath)) ?? nil
                            ?? .scalar(0)
                    }
                    let chart = Column(keyPath: keyPath, values: values)
                    if !chart.isConstant {
                        charts.append(
                            Chart(
                                title: "\(layer.name).\(keyPath)",
                                unit: ValueUnits.unit(of: keyPath), values: values))
                    }
                }
            }
        }
        return charts
    }
}
