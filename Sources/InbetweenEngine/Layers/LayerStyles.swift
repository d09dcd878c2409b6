/// The stroke styles and corner styles of CALayer and CAShapeLayer that take a name rather
/// than a number: `lineCap`, `lineJoin`, `fillRule` and `cornerCurve` (string constants in
/// Core Animation), `maskedCorners` (a `CACornerMask` option set) and `lineDashPattern` (an
/// array of lengths). The engine keeps each as a value of a kind it already has: a named style
/// as the index of its name (0 for CA's default), the corner mask as its raw value, the dash
/// pattern as a vector (empty for nil, a solid line).
///
/// Animatable or not, as Apple's references mark them: `lineDashPhase` is ("Animatable",
/// CAShapeLayer.lineDashPhase) and is a plain scalar; `lineDashPattern`, `lineCap`,
/// `lineJoin` and `fillRule` are not (their CAShapeLayer pages, unlike lineDashPhase's and
/// lineWidth's, do not say "Animatable"); nor are `maskedCorners` and `cornerCurve` (CALayer).
/// An animation of one of these is refused; in a transaction a change is immediate.
package enum LayerStyles {
    /// Property -> its names, in the order of their index; index 0 is Core Animation's default.
    /// CAShapeLayerLineCap: butt (default), round, square; CAShapeLayerLineJoin: miter
    /// (default), round, bevel; CAShapeLayerFillRule: nonZero (default), evenOdd;
    /// CALayerCornerCurve: circular (default), continuous. The order of caps and joins is
    /// CGLineCap's and CGLineJoin's (and Cairo's) raw values.
    package static let names: [String: [String]] = [
        "lineCap": ["butt", "round", "square"],
        "lineJoin": ["miter", "round", "bevel"],
        "fillRule": ["nonZero", "evenOdd"],
        "cornerCurve": ["circular", "continuous"],
    ]

    /// The string constants behind the Swift names where they differ: `kCAFillRuleNonZero` is
    /// `"non-zero"` and `kCAFillRuleEvenOdd` `"even-odd"` (CAShapeLayer.h); both are accepted.
    package static let constants: [String: [String: Int]] = [
        "fillRule": ["non-zero": 0, "even-odd": 1]
    ]

    /// CACornerMask's options by bit: kCALayerMinXMinYCorner = 1 << 0, MaxXMinY = 1 << 1,
    /// MinXMaxY = 1 << 2, MaxXMaxY = 1 << 3 (CALayer.h); the default is all four.
    package static let corners = [
        "layerMinXMinYCorner", "layerMaxXMinYCorner", "layerMinXMaxYCorner", "layerMaxXMaxYCorner",
    ]

    /// Properties no animation may drive (see above).
    package static let notAnimatable: Set<String> = [
        "lineCap", "lineJoin", "fillRule", "cornerCurve", "maskedCorners", "lineDashPattern",
    ]

    /// The index of `name` among the names of `property`, nil when it is not one of them.
    package static func index(of name: String, for property: String) -> Int? {
        names[property]?.firstIndex(of: name) ?? constants[property]?[name]
    }

    /// The name of the style a value holds (nil for any other property or a value out of range).
    package static func name(of value: Value, for property: String) -> String? {
        guard case .scalar(let x) = value, let list = names[property], let i = Int(exactly: x),
            list.indices.contains(i)
        else { return nil }
        return list[i]
    }

    /// The corner names a mask holds, in bit order.
    package static func cornerNames(_ mask: Int) -> [String] {
        corners.indices.filter { mask & (1 << $0) != 0 }.map { corners[$0] }
    }

    /// Throws unless `value` is one `property` can hold: a named style's index, a corner mask
    /// from 0 to 15, a dash pattern of lengths at least 0 that are not all 0 (a pattern of
    /// nothing but zeros draws nothing and is an error in Cairo and PDF, whose dash arrays
    /// Core Graphics follows). Other properties pass.
    static func validate(_ value: Value, for property: String) throws {
        switch (property, value) {
        case ("maskedCorners", .scalar(let x)):
            guard let i = Int(exactly: x), (0...15).contains(i) else {
                throw EngineError(
                    parameter: property, value: x,
                    rule: "must be a CACornerMask: a whole number from 0 to 15 (a bit per corner)")
            }
        case ("lineDashPattern", .vector(let lengths)):
            if let bad = lengths.firstIndex(where: { !($0 >= 0) || !$0.isFinite }) {
                throw EngineError(
                    parameter: "\(property) item \(bad + 1)", value: lengths[bad],
                    rule: "must be a finite length of at least 0")
            }
            if !lengths.isEmpty && lengths.allSatisfy({ $0 == 0 }) {
                throw EngineError(
                    parameter: property, value: "all zero",
                    rule: "must have a length above 0 (empty or nil: a solid line)")
            }
        case (_, .scalar(let x)) where names[property] != nil:
            let list = names[property]!
            guard let i = Int(exactly: x), list.indices.contains(i) else {
                throw EngineError(
                    parameter: property, value: x,
                    rule: "must be the index of one of \(list.joined(separator: ", "))")
            }
        default:
            return
        }
    }
}
