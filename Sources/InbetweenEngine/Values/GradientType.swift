/// CAGradientLayer's `type` (CAGradientLayerType), kept in the layer's values as a number as
/// the booleans are: Apple's header CAGradientLayer.h lists `axial` (the default), `radial`
/// and `conic`. Not animatable in Core Animation; an animation of it is refused by the
/// bindings.
package enum GradientType: Int, CaseIterable, Sendable {
    /// "varies along an axis between two defined end points" (kCAGradientLayerAxial).
    case axial = 0
    /// "an ellipse with its center at 'startPoint' and its width and height defined by
    /// '(endPoint.x - startPoint.x) * 2' and '(endPoint.y - startPoint.y) * 2'"
    /// (kCAGradientLayerRadial, CAGradientLayer.h).
    case radial = 1
    /// "centered at 'startPoint' and its 0-degrees direction is defined by a vector spanned
    /// between 'startPoint' and 'endPoint' ... The gradient's angle increases in the direction
    /// of rotation of positive x-axis towards positive y-axis" (kCAGradientLayerConic).
    case conic = 2

    /// Core Animation's names, as the Swift constants spell them.
    package var name: String {
        switch self {
        case .axial: return "axial"
        case .radial: return "radial"
        case .conic: return "conic"
        }
    }

    package init?(name: String) {
        guard let t = GradientType.allCases.first(where: { $0.name == name }) else { return nil }
        self = t
    }

    /// The type a stored number stands for (anything but 1 and 2 is axial, the default).
    package init(code: Double) {
        self = GradientType(rawValue: Int(exactly: code) ?? 0) ?? .axial
    }
}
