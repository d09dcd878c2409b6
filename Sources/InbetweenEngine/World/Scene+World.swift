/// The scene's world (`SceneWorld`) and CALayer's point conversions.
extension Scene {
    /// The scene as drawn at scene time `time`: the tree as it is now, each layer with its
    /// presentation values at `time` (a replicator's copy i at its own, i × instanceDelay
    /// earlier).
    public func world(at time: Double) throws -> SceneWorld {
        try EngineError.requireFinite(time, "time")
        return try SceneWorld(
            stage: stageSublayers, layer: { layers[$0] },
            values: { sample in
                guard sample.delay != 0 else {
                    return try presentationValues(ofLayer: sample.layer, at: time)
                }
                // A copy reads the layer's list as it is now, at its own earlier time
                // (`Layer.presentationValues(at:listedAt:)`).
                let listed = presentationTime(ofLayer: sample.layer, atSceneTime: time)
                guard usesLayerTiming else {
                    return try layers[sample.layer].presentationValues(
                        at: time - sample.delay, listedAt: listed)
                }
                // With clocks, each replicator's delay is in its own local time (Scene+LayerTime).
                let local = localTime(
                    ofLayer: sample.layer, instances: sample.instances.map(\.index), atSceneTime: time)
                return try layers[sample.layer].presentationValues(at: local ?? -.infinity, listedAt: listed)
            })
    }

    /// The scene as its model values place it (no animation applied), as a CALayer's own
    /// geometry (not its presentation layer's) reads.
    public var modelWorld: SceneWorld {
        // The model values cannot fail to read.
        try! SceneWorld(
            stage: stageSublayers, layer: { layers[$0] }, values: { layers[$0.layer].modelValues })
    }

    /// The presentation values of layer `index` at scene time `time`: read at its local time
    /// then (`Scene+LayerTime`), none of its animations applied while it has no effect.
    package func presentationValues(ofLayer index: Int, at time: Double) throws -> PropertyValues {
        try layers[index].presentationValues(at: presentationTime(ofLayer: index, atSceneTime: time))
    }

    /// CALayer's `convertPoint:fromLayer:` / `convertPoint:toLayer:`: the point `point` of
    /// layer `from`'s bounds coordinates in layer `to`'s (nil: the stage, for either). With a
    /// `time`, through the presentation values at that time (as a presentation layer
    /// converts); without, through the model values (as the model layer does).
    ///
    /// Through every superlayer to the stage and back: each step as `SceneWorld` composes it
    /// (anchor point, transform, position, the superlayer's sublayerTransform, flattening), so a
    /// point converted to the stage lands where the layer draws it. A replicator's sublayer
    /// converts as its first copy (instance 0), which is the layer itself.
    /// - Throws: `EngineError` for an unknown layer, two layers in different trees (one taken
    ///   out of the tree with `removeFromSuperlayer`), or a `to` layer seen edge on (no stage
    ///   point maps back into its plane).
    public func convert(_ point: Point, from: String?, to: String?, at time: Double? = nil) throws -> Point {
        if let time { try EngineError.requireFinite(time, "time") }
        let values: (Int) throws -> PropertyValues = { index in
            if let time { return try self.presentationValues(ofLayer: index, at: time) }
            return self.layers[index].modelValues
        }
        let source = try from.map { try planeToRoot(of: try treeIndex($0, "from"), values: values) }
        let target = try to.map { try planeToRoot(of: try treeIndex($0, "to"), values: values) }
        if source?.root != target?.root {
            throw EngineError(
                parameter: "to", value: to ?? "the stage",
                rule: "is not in the same tree as '\(from ?? "the stage")' (one of them is out of the tree)")
        }
        var p = point
        if let source { p = try source.matrix.dividedPoint(p, from: from!) }
        if let target {
            guard let inverse = try? target.matrix.inverted() else {
                throw EngineError(
                    parameter: "to", value: to!,
                    rule: "is seen edge on: no point of the stage maps into its plane")
            }
            p = try inverse.dividedPoint(p, from: to!)
        }
        return p
    }

    /// The map from layer `index`'s bounds coordinates to its tree's root plane (the stage, or
    /// the topmost layer of a subtree out of the tree), as `SceneWorld` composes it but with
    /// no replicator instance; `root` is nil for the stage.
    func planeToRoot(of index: Int, values: (Int) throws -> PropertyValues) throws -> (
        root: Int?, matrix: Transform3D
    ) {
        var matrix = LayerGeometry(try values(index), kind: layers[index].kind).toSuperlayer
        var current = index
        while true {
            switch layers[current].superlayer {
            case .stage: return (nil, matrix.planeMap)
            case .none: return (current, matrix.planeMap)
            case .layer(let parent):
                let g = LayerGeometry(try values(parent), kind: layers[parent].kind)
                matrix = matrix.concatenating(g.aboutAnchor(g.sublayerTransform))
                let kind = layers[parent].kind
                if kind == .layer || (kind == .replicator && !g.preservesDepth) { matrix = matrix.flattened }
                matrix = matrix.concatenating(g.toSuperlayer)
                current = parent
            }
        }
    }

    private func treeIndex(_ name: String, _ parameter: String) throws -> Int {
        guard let i = indexByName[name] else {
            throw EngineError(parameter: parameter, value: name, rule: "no layer with this name")
        }
        return i
    }
}

extension Transform3D {
    /// The point `p` maps to, divided by w whatever its sign (a point behind the eye converts
    /// too, as CA's conversions do); an error when w is 0 (the point goes to infinity).
    func dividedPoint(_ p: Point, from layer: String) throws -> Point {
        let h = homogeneous(p.x, p.y)
        guard h.w != 0 else {
            throw EngineError(
                parameter: "point", value: "(\(p.x), \(p.y))",
                rule: "lies on the horizon of '\(layer)' (its perspective sends it to infinity)")
        }
        return h.w == 1 ? Point(x: h.x, y: h.y) : Point(x: h.x / h.w, y: h.y / h.w)
    }
}
