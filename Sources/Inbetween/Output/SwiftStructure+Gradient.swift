import InbetweenEngine

/// A gradient layer in the Swift export: made as a CAGradientLayer when the script gives it a
/// gradient property and no path (a layer with both is a CAShapeLayer, which has no gradient:
/// its gradient properties go through `setValue(_:forKeyPath:)`), with CAGradientLayer's typed
/// setters (Apple's CAGradientLayer reference: `colors` an array of CGColor, `locations` of
/// NSNumber, `type` a CAGradientLayerType).
extension SwiftStructure {
    static let gradientProperties: Set<String> = ["colors", "locations", "startPoint", "endPoint", "type"]

    func isGradientLayer(_ layer: ExportLayer) -> Bool {
        layer.initialModel.contains { SwiftStructure.gradientProperties.contains($0.keyPath) }
            || layer.animations.contains { a in
                a.animation.keyPaths.contains {
                    SwiftStructure.gradientProperties.contains(LayerProperties.root(of: $0))
                }
            }
    }

    /// The typed setter of a gradient property, on a CAGradientLayer; nil otherwise.
    mutating func gradientAssignment(_ root: String, _ v: Value) -> String? {
        guard currentIsGradient else { return nil }
        switch (root, v) {
        case ("colors", .array(let items)), ("locations", .array(let items)):
            return "layer.\(root) = " + (items.isEmpty ? "nil" : literal(v))
        case ("startPoint", .point(let p)), ("endPoint", .point(let p)):
            return "layer.\(root) = CGPoint(x: \(n(p.x)), y: \(n(p.y)))"
        case ("type", .scalar(let code)): return "layer.type = .\(GradientType(code: code).name)"
        default: return nil
        }
    }
}
