/// The animatable properties a layer carries and their defaults, which are Core Animation's
/// documented defaults (Apple, "CALayer" and "CAShapeLayer" property pages, e.g.
/// https://developer.apple.com/documentation/quartzcore/calayer/shadowoffset "The default value
/// of this property is (0.0, -3.0)"). A layer knows every one of them from the start, so any
/// key path a script animates has a model value to fall back to.
///
/// Where CA's default is `nil` (backgroundColor, strokeColor, path) we store the value that
/// draws the same: a fully transparent color, an empty path.
public enum LayerProperties {
    /// CGColor "opaque black", the default of borderColor, shadowColor and fillColor.
    static let opaqueBlack = Color(red: 0, green: 0, blue: 0, alpha: 1)
    /// Stands for CA's nil color: nothing is drawn.
    static let transparent = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// Every property name (the root of a key path) with its default model value.
    public static let defaults: [String: Value] = [
        // CALayer geometry
        "position": .point(.zero),
        "bounds": .rect(.zero),
        "anchorPoint": .point(Point(x: 0.5, y: 0.5)),
        "anchorPointZ": .scalar(0),
        "zPosition": .scalar(0),
        "transform": .transform(.identity),
        "sublayerTransform": .transform(.identity),
        // CALayer appearance
        "opacity": .scalar(1),
        "backgroundColor": .color(transparent),
        "borderColor": .color(opaqueBlack),
        "borderWidth": .scalar(0),
        "cornerRadius": .scalar(0),
        "contentsRect": .rect(Rect(x: 0, y: 0, width: 1, height: 1)),
        // CALayer shadow
        "shadowColor": .color(opaqueBlack),
        "shadowOpacity": .scalar(0),
        "shadowOffset": .size(Size(width: 0, height: -3)),
        "shadowRadius": .scalar(3),
        // CAShapeLayer (the jelly-ball example morphs `path`)
        "path": .path(Path()),
        "fillColor": .color(opaqueBlack),
        "strokeColor": .color(transparent),
        "lineWidth": .scalar(1),
        "miterLimit": .scalar(10),
        "lineDashPhase": .scalar(0),
        "strokeStart": .scalar(0),
        "strokeEnd": .scalar(1),
    ]

    /// Property names in a fixed order (for listings and error messages).
    public static let names: [String] = defaults.keys.sorted()

    /// The property a key path belongs to: `position.x` -> `position`.
    public static func root(of keyPath: String) -> String {
        if let dot = keyPath.firstIndex(of: ".") { return String(keyPath[..<dot]) }
        return keyPath
    }

    /// Throws unless `keyPath` names a property or a part of one that `values` can address.
    static func validate(keyPath: String, in values: PropertyValues) throws {
        guard defaults[root(of: keyPath)] != nil else {
            throw EngineError(
                parameter: "keyPath", value: keyPath,
                rule: "must be a layer property or a part of one (\(names.joined(separator: ", ")))")
        }
        guard values[keyPath] != nil else {
            throw EngineError(
                parameter: "keyPath", value: keyPath,
                rule: "is not an addressable part of '\(root(of: keyPath))'")
        }
    }

    /// The kind of a value, for "position expects a point" style errors.
    static func kindName(_ value: Value) -> String {
        switch value {
        case .scalar: return "number"
        case .point: return "point"
        case .size: return "size"
        case .rect: return "rect"
        case .color: return "color"
        case .transform: return "transform"
        case .vector: return "vector"
        case .path: return "path"
        }
    }
}
