import InbetweenEngine

/// One layer's part of the stylesheet: its keyframes (`CSSStructure+Keyframes`), then its rule
/// (`CSSStructure+Rule`), which declares the custom properties they use.
extension CSSStructure {
    /// The layer's keyframes and rule, and the custom properties it uses.
    mutating func layerText(_ index: Int) -> (String, [String]) {
        let element = elements[index]
        var t = LayerText(element: element, layer: scene.layers[element.layer], start: scene.start)
        if scene.tree != nil {
            t.opacityGroup = isOpacityGroup(element.layer)
            t.inheritedOpacity = inheritedOpacity(element)
            t.drawsItself = scene.tree?.kinds[element.layer] != .transformLayer
        }
        for root in t.layer.initialModel.map(\.keyPath) where root != "path" && root != "transform" {
            for part in t.numbersOf(root, t.model(root)) ?? [] { t.use(part.name) }
        }
        modelChangeKeyframes(&t)
        createdKeyframes(&t)
        visibilityKeyframes(&t)
        animationKeyframes(&t)
        bakedKeyframes(&t)
        let rule = ruleText(&t)
        return (t.keyframes + rule, t.used.map(t.prop))
    }

    /// A layer's text while it is written: the keyframes so far, the animations its rule lists,
    /// and the custom properties used (`--ID-PART`), in first-use order with their values at the
    /// start, which the rule declares.
    struct LayerText {
        let element: Element
        let layer: ExportLayer
        /// The run's start, where the rule's values are read.
        let start: Double
        /// The transform baked: written as `matrix3d()` of its 16 numbers, not in parts.
        let transformBaked: Bool
        /// The layer's properties at the start.
        let roots: Set<String>
        /// Whether its opacity fades it as a group (`opacity:`); else the opacity multiplies its
        /// own colours and is passed to its sublayers (`CSSStructure+Tree`).
        var opacityGroup = true
        /// The opacities its ancestors pass down instead of fading a group, nearest first.
        var inheritedOpacity: [String] = []
        /// False for a transform layer, which draws only its sublayers.
        var drawsItself = true
        /// The model's transform as one matrix, when nothing animates it (`useGeometry`).
        var modelMatrix: Transform3D? = nil
        private(set) var used: [String] = []
        private(set) var initial: [String: Double] = [:]
        var keyframes = ""
        var animations: [String] = []
        var rule = ""

        init(element: Element, layer: ExportLayer, start: Double) {
            self.element = element
            self.layer = layer
            self.start = start
            transformBaked = layer.isBaked("transform")
            roots = Set(layer.initialModel.map(\.keyPath))
        }

        var id: String { element.id }

        /// The custom property of a part (`--ball-position-y`).
        func prop(_ name: String) -> String { "--\(element.id)-\(ExportIdentifier.encodeCSSPart(name))" }

        func model(_ root: String) -> Value {
            layer.modelValue(root, at: start) ?? Value.defaultValue(forKeyPath: root) ?? .scalar(0)
        }

        /// The numbers a value writes, with transform parts kept apart unless baked as a matrix.
        func numbersOf(_ keyPath: String, _ value: Value) -> [(name: String, value: Double)]? {
            if keyPath == "transform" && !transformBaked, case .transform(let t) = value {
                return ExportComponents.transformParts(t)
            }
            return ExportComponents.numbers(keyPath: keyPath, value: value)
        }

        /// Adds a custom property to those the rule declares, with its model value at the start.
        mutating func use(_ name: String) {
            guard initial[name] == nil else { return }
            let root = name.split(separator: "-").first.map(String.init) ?? name
            let all = numbersOf(root, model(root)) ?? []
            initial[name] = all.first { $0.name == name }?.value ?? 0
            used.append(name)
        }

        /// `var(--ID-bounds-width)` and the other terms of the layer's box.
        var bw: String { "var(\(prop("bounds-width")))" }
        var bh: String { "var(\(prop("bounds-height")))" }
        var ax: String { "var(\(prop("anchorPoint-x")))" }
        var ay: String { "var(\(prop("anchorPoint-y")))" }

        /// What the layer's colours are multiplied by: nothing when its opacity fades it as a group.
        var colourFactors: [String] {
            opacityGroup ? [] : [element.variable("opacity", "1")] + inheritedOpacity
        }

        /// `rgb(r g b / a)` of a colour's custom properties.
        func rgb(_ root: String) -> String {
            let c = ["r", "g", "b"].map { "calc(var(\(prop(root + "-" + $0))) * 255)" }
            let alpha = "var(\(prop(root + "-a")))"
            let factors = colourFactors
            if factors.isEmpty { return "rgb(\(c.joined(separator: " ")) / \(alpha))" }
            return "rgb(\(c.joined(separator: " ")) / calc(\(([alpha] + factors).joined(separator: " * "))))"
        }
    }
}
