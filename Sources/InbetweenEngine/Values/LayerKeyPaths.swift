/// The animatable properties of CALayer and its common subclasses with their default values,
/// as Apple's CALayer / CAShapeLayer / CAGradientLayer / CATextLayer references list them.
/// Where Core Animation's default is nil (a missing color or path), the neutral value of the
/// kind stands in: `clear` for colors (nothing drawn), an empty path.
extension PropertyValues {
    static let layerDefaults: [(keyPath: String, value: Value)] = [
        // CALayer
        ("anchorPoint", .point(Point(x: 0.5, y: 0.5))),
        ("anchorPointZ", .scalar(0)),
        ("backgroundColor", .color(Color(red: 0, green: 0, blue: 0, alpha: 0))),
        ("borderColor", .color(Color(red: 0, green: 0, blue: 0))),  // opaque black
        ("borderWidth", .scalar(0)),
        ("bounds", .rect(.zero)),
        ("contentsCenter", .rect(Rect(x: 0, y: 0, width: 1, height: 1))),
        ("contentsRect", .rect(Rect(x: 0, y: 0, width: 1, height: 1))),
        ("contentsScale", .scalar(1)),
        ("cornerRadius", .scalar(0)),
        ("opacity", .scalar(1)),
        ("position", .point(.zero)),
        ("rasterizationScale", .scalar(1)),
        ("shadowColor", .color(Color(red: 0, green: 0, blue: 0))),  // opaque black
        ("shadowOffset", .size(Size(width: 0, height: -3))),
        ("shadowOpacity", .scalar(0)),
        ("shadowPath", .path(Path())),
        ("shadowRadius", .scalar(3)),
        ("sublayerTransform", .transform(.identity)),
        ("transform", .transform(.identity)),
        ("zPosition", .scalar(0)),
        // CALayer's booleans, as 0 or 1: `isHidden` and `masksToBounds` default to NO;
        // `allowsGroupOpacity` to YES for apps linked on iOS 7 or later (the CALayer reference).
        ("hidden", .scalar(0)),
        ("masksToBounds", .scalar(0)),
        ("allowsGroupOpacity", .scalar(1)),
        // `isDoubleSided` (key path `doubleSided`) defaults to YES and is animatable; the
        // corner mask defaults to all four corners, the corner curve to circular (CALayer
        // reference; their names and indices: `LayerStyles`).
        ("doubleSided", .scalar(1)),
        ("maskedCorners", .scalar(15)),
        ("cornerCurve", .scalar(0)),
        // CAReplicatorLayer (its reference: one instance, no delay, identity transform, opaque
        // white colour, zero offsets, preservesDepth NO)
        ("instanceCount", .scalar(1)),
        ("instanceDelay", .scalar(0)),
        ("instanceTransform", .transform(.identity)),
        ("instanceColor", .color(Color(red: 1, green: 1, blue: 1))),  // opaque white
        ("instanceRedOffset", .scalar(0)),
        ("instanceGreenOffset", .scalar(0)),
        ("instanceBlueOffset", .scalar(0)),
        ("instanceAlphaOffset", .scalar(0)),
        ("preservesDepth", .scalar(0)),
        // CAShapeLayer
        ("path", .path(Path())),
        ("fillColor", .color(Color(red: 0, green: 0, blue: 0))),  // opaque black
        ("strokeColor", .color(Color(red: 0, green: 0, blue: 0, alpha: 0))),
        ("lineWidth", .scalar(1)),
        ("lineDashPhase", .scalar(0)),
        ("miterLimit", .scalar(10)),
        ("strokeStart", .scalar(0)),
        ("strokeEnd", .scalar(1)),
        // Named styles as indices (`LayerStyles`): butt caps, miter joins, the non-zero rule;
        // `lineDashPattern` nil (a solid line) as an empty vector (CAShapeLayer reference).
        ("lineCap", .scalar(0)),
        ("lineJoin", .scalar(0)),
        ("fillRule", .scalar(0)),
        ("lineDashPattern", .vector([])),
        // CAGradientLayer: colors and locations nil (an empty array: nothing drawn, and stops
        // spread evenly), type axial (0; `GradientType` names the codes)
        ("startPoint", .point(Point(x: 0.5, y: 0))),
        ("endPoint", .point(Point(x: 0.5, y: 1))),
        ("colors", .array([])),
        ("locations", .array([])),
        ("type", .scalar(0)),
        // CATextLayer
        ("fontSize", .scalar(36)),
        ("foregroundColor", .color(Color(red: 1, green: 1, blue: 1))),  // opaque white
    ]

    static let defaultsByKeyPath: [String: Value] = Dictionary(
        uniqueKeysWithValues: layerDefaults.map { ($0.keyPath, $0.value) })

    /// The CALayer default for a root key path or one of its parts (`"opacity"` → scalar 1,
    /// `"position"` → point (0, 0), `"transform"` → identity, `"transform.scale.x"` → 1),
    /// nil for unknown key paths.
    public static func defaultValue(forKeyPath keyPath: String) -> Value? {
        let (root, rest) = split(keyPath)
        guard let base = defaultsByKeyPath[root] else { return nil }
        return try? KeyPathComponent.read(base, rest, keyPath: keyPath)
    }

    /// Every root key path above and every part its kind has (`position.x`,
    /// `bounds.size.width`, `transform.rotation.z`, ...), in table order.
    public static var knownKeyPaths: [String] {
        layerDefaults.flatMap { entry in
            [entry.keyPath] + partNames(of: entry.value).map { entry.keyPath + "." + $0 }
        }
    }

    public static func isKnownKeyPath(_ keyPath: String) -> Bool {
        defaultValue(forKeyPath: keyPath) != nil
    }

    private static func partNames(of value: Value) -> [String] {
        switch value {
        case .point: return ["x", "y"]
        case .size: return ["width", "height"]
        case .rect:
            return ["origin", "origin.x", "origin.y", "size", "size.width", "size.height"]
        case .transform: return TransformKeyPath.names
        default: return []
        }
    }
}

extension Value {
    /// Same as `PropertyValues.defaultValue(forKeyPath:)`.
    public static func defaultValue(forKeyPath keyPath: String) -> Value? {
        PropertyValues.defaultValue(forKeyPath: keyPath)
    }

    /// Same as `PropertyValues.knownKeyPaths`.
    public static var knownKeyPaths: [String] { PropertyValues.knownKeyPaths }
}
