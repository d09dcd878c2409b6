import InbetweenEngine

/// The layer tree in the Swift export (issue 28): each layer made as its Core Animation class
/// (CALayer, CAShapeLayer, CAReplicatorLayer, CATransformLayer), put under its superlayer with
/// `addSublayer(_:)` in the order of its superlayer's `sublayers` (so the list is the script's
/// and no `insertSublayer` is needed), and given its animations by its own function once it is
/// in the tree (its `now` is then read in its place in the tree's time). A flat scene
/// (`ExportScene.tree == nil`) is written exactly as before the tree existed.
extension SwiftStructure {
    /// Whether the layer draws a path (`CAShapeLayer`).
    func isShapeLayer(_ layer: ExportLayer) -> Bool {
        layer.initialModel.contains { SwiftStructure.shapeProperties.contains($0.keyPath) }
    }

    /// The Core Animation class of `scene.layers[index]`.
    func className(_ index: Int) -> String {
        switch scene.tree?.kinds[index] ?? .layer {
        case .replicator: return "CAReplicatorLayer"
        case .transformLayer: return "CATransformLayer"
        case .layer:
            let layer = scene.layers[index]
            return isShapeLayer(layer)
                ? "CAShapeLayer" : isGradientLayer(layer) ? "CAGradientLayer" : "CALayer"
        }
    }

    /// Typed setters of the tree's properties (CALayer's `isHidden`, `masksToBounds`,
    /// `allowsGroupOpacity`, `sublayerTransform`; CAReplicatorLayer's instance properties, with
    /// the types its header declares), for a scene with a tree; nil for the rest. The booleans
    /// are the engine's 0 and 1.
    mutating func treeAssignment(_ root: String, _ v: Value) -> String? {
        guard scene.tree != nil else { return nil }
        let flag = { (x: Double) in x != 0 ? "true" : "false" }
        switch (root, v) {
        case ("hidden", .scalar(let x)): return "layer.isHidden = \(flag(x))"
        case ("masksToBounds", .scalar(let x)): return "layer.masksToBounds = \(flag(x))"
        case ("allowsGroupOpacity", .scalar(let x)): return "layer.allowsGroupOpacity = \(flag(x))"
        case ("sublayerTransform", .transform): return "layer.sublayerTransform = \(transformLiteral(v))"
        default: break
        }
        guard currentKind == .replicator else { return nil }
        switch (root, v) {
        // instanceCount is an Int: the copies the engine draws (`LayerGeometry.instances`: the
        // whole ones, at most 100,000; math.maxinteger is no Int once a double).
        case ("instanceCount", .scalar(let x)): return "layer.instanceCount = \(LayerGeometry.instances(x))"
        case ("instanceDelay", .scalar(let x)): return "layer.instanceDelay = \(time(x))"
        case ("instanceTransform", .transform): return "layer.instanceTransform = \(transformLiteral(v))"
        case ("instanceColor", .color): return "layer.instanceColor = \(literal(v))"
        case ("instanceRedOffset", .scalar(let x)), ("instanceGreenOffset", .scalar(let x)),
            ("instanceBlueOffset", .scalar(let x)), ("instanceAlphaOffset", .scalar(let x)):
            return "layer.\(root) = \(n(x))"
        case ("preservesDepth", .scalar(let x)): return "layer.preservesDepth = \(flag(x))"
        default: return nil
        }
    }

    /// The layer's own CAMediaTiming (a layer is a CAMediaTiming object; its animations run in
    /// its local time): speed, duration, repeats, autoreverses and fillMode as they are;
    /// beginTime and timeOffset are times, so the run's times are moved to the app's clock. With
    /// T = (the superlayer's time now) − (the run's start), beginTime + T and timeOffset + T
    /// give local time (p + T − b − T)·s + o + T = the run's local time + T at every parent
    /// time p: the layer's local clock is the run's moved by T, as its superlayer's is, so its
    /// animations (`now + offset`) land where the run has them. Written before the function
    /// reads `now`; the layer must be in its superlayer by then (`buildLayerTree` calls the
    /// functions after linking the tree).
    func layerTiming(_ t: MediaTiming) -> String {
        var out =
            "    // The layer's own timing, its beginTime and timeOffset in its superlayer's time from now.\n"
        out +=
            "    let superlayerNow = layer.superlayer?.convertTime(CACurrentMediaTime(), from: nil) ?? CACurrentMediaTime()\n"
        let start = scene.start
        func plus(_ x: Double) -> String { x < 0 ? " - \(time(-x))" : " + \(time(x))" }
        out += "    layer.beginTime = superlayerNow\(plus(t.beginTime - start))\n"
        out += "    layer.timeOffset = superlayerNow\(plus(t.timeOffset - start))\n"
        if t.speed != 1 { out += "    layer.speed = \(time(t.speed))\n" }
        if t.duration != 0 { out += "    layer.duration = \(time(t.duration))\n" }
        if t.repeatCount != 0 {
            out += "    layer.repeatCount = \(t.repeatCount.isInfinite ? ".infinity" : time(t.repeatCount))\n"
        }
        if t.repeatDuration != 0 {
            out +=
                "    layer.repeatDuration = \(t.repeatDuration.isInfinite ? ".infinity" : time(t.repeatDuration))\n"
        }
        if t.autoreverses { out += "    layer.autoreverses = true\n" }
        if t.fillMode != .removed { out += "    layer.fillMode = .\(t.fillMode.rawValue)\n" }
        return out
    }

    /// `buildLayerTree(in:)`: makes every layer, links the tree as it is at the start (the
    /// stage's sublayers under `stage`), then calls each layer's function.
    mutating func treeFunction(_ tree: ExportTree) -> String {
        var locals = ExportIdentifier.Allocator()
        for reserved in ["stage", "layer", "now"] { _ = locals.unique(reserved) }
        let variables = scene.layers.map { layer -> String in
            let encoded = ExportIdentifier.encode(layer.name)
            return locals.unique(encoded.prefix(1).lowercased() + encoded.dropFirst())
        }
        var out =
            "/// Makes the script's layers, each under its superlayer in the order of its sublayers (the\n"
        out += "/// stage's under `stage`), then adds each layer's animations and model values.\n"
        out += "func buildLayerTree(in stage: CALayer) {\n"
        for (k, layer) in scene.layers.enumerated() {
            out += "    let \(variables[k]) = \(className(k))()\n"
            out += "    \(variables[k]).name = \(swiftString(layer.name))\n"
        }
        // Parents before their children, each list in order.
        func link(_ children: [Int], under parent: String) -> String {
            var text = ""
            for c in children {
                text += "    \(parent).addSublayer(\(variables[c]))\n"
                text += link(tree.sublayers[c], under: variables[c])
            }
            return text
        }
        out += link(tree.stage, under: "stage")
        for k in tree.detached.sorted() {
            out += "    // \(comment(scene.layers[k].name)) is out of the tree when the run starts.\n"
        }
        for (k, name) in functionNames.enumerated() { out += "    \(name)(to: \(variables[k]))\n" }
        return out + "}\n\n"
    }
}
