import InbetweenEngine

extension SwiftStructure {
    /// Typed setters of the stroke and corner styles, by the names Apple's Swift overlay gives
    /// them: CAShapeLayer's `lineCap` (`CAShapeLayerLineCap`), `lineJoin`, `fillRule`,
    /// `lineDashPattern` (`[NSNumber]?`, nil for a solid line), `lineDashPhase`, `miterLimit`;
    /// CALayer's `isDoubleSided`, `maskedCorners` (`CACornerMask`) and `cornerCurve`
    /// (`CALayerCornerCurve`). The engine's indices and masks (`LayerStyles`) become the static
    /// members of those types. The shape layer's own are written only on a CAShapeLayer; nil
    /// for every other property.
    func styleAssignment(_ root: String, _ v: Value, shape: Bool) -> String? {
        switch (root, v) {
        case ("doubleSided", .scalar(let x)): return "layer.isDoubleSided = \(x != 0 ? "true" : "false")"
        case ("maskedCorners", .scalar(let x)):
            let corners = LayerStyles.cornerNames(Int(x)).map { "." + $0 }
            return "layer.maskedCorners = [\(corners.joined(separator: ", "))]"
        case ("cornerCurve", _):
            return LayerStyles.name(of: v, for: root).map { "layer.cornerCurve = .\($0)" }
        default: break
        }
        guard shape else { return nil }
        switch (root, v) {
        case ("lineCap", _), ("lineJoin", _), ("fillRule", _):
            return LayerStyles.name(of: v, for: root).map { "layer.\(root) = .\($0)" }
        case ("lineDashPattern", .vector(let lengths)):
            return "layer.lineDashPattern = "
                + (lengths.isEmpty ? "nil" : "[" + lengths.map { n($0) }.joined(separator: ", ") + "]")
        case ("lineDashPhase", .scalar(let x)), ("miterLimit", .scalar(let x)):
            return "layer.\(root) = \(n(x))"
        default: return nil
        }
    }
}
