import InbetweenEngine

/// How a property's value splits into named numbers, one per custom property in the CSS
/// export (`--ball-position-x`): a point is x, y; a size width, height; a rect x, y, width,
/// height; a colour r, g, b, a (0...1 as the engine keeps them); a scalar is the property
/// itself; a whole transform its 16 entries m11...m44. Parts of a value write only their
/// numbers: `position.x` → `position-x`, `bounds.size` → `bounds-width`, `bounds-height`;
/// the transform's parts have their own numbers (`transform.scale.x` → `transform-scale-x`,
/// `transform.scale` → all three scales, `transform.rotation` → `transform-rotation-z`).
package enum ExportComponents {
    package static let matrixNames = (1...4).flatMap { r in (1...4).map { "m\(r)\($0)" } }

    /// The names and numbers a key path's value writes; nil for paths (written whole).
    package static func numbers(keyPath: String, value: Value) -> [(name: String, value: Double)]? {
        let parts = keyPath.split(separator: ".").map(String.init)
        let root = parts[0]
        let c = value.components
        if case .path = value { return nil }
        if root == "transform" {
            let rest = parts.dropFirst().joined(separator: ".")
            switch rest {
            case "": return zip(matrixNames, c).map { ("transform-" + $0, $1) }
            case "scale": return ["x", "y", "z"].map { ("transform-scale-" + $0, c[0]) }
            case "rotation": return [("transform-rotation-z", c[0])]
            case "translation": return [("transform-translation-x", c[0]), ("transform-translation-y", c[1])]
            default: return [("transform-" + rest.replacingOccurrences(of: ".", with: "-"), c[0])]
            }
        }
        let names: [String]
        switch value {
        case .scalar: names = [parts.count > 1 ? parts.last! : ""]
        case .point: names = ["x", "y"]
        case .size: names = ["width", "height"]
        case .rect: names = ["x", "y", "width", "height"]
        case .color: names = ["r", "g", "b", "a"]
        default: names = c.indices.map(String.init)
        }
        return zip(names, c).map { (name, v) in (name.isEmpty ? root : root + "-" + name, v) }
    }

    /// A transform's parts as the transform.* key paths name them (translation, rotation and
    /// scale per axis), for a transform exported part by part.
    package static func transformParts(_ t: Transform3D) -> [(name: String, value: Double)] {
        let d = t.decomposed
        var out: [(String, Double)] = []
        for (i, axis) in ["x", "y", "z"].enumerated() {
            out.append(("transform-translation-" + axis, d.translation[i]))
            out.append(("transform-rotation-" + axis, d.rotation[i]))
            out.append(("transform-scale-" + axis, d.scale[i]))
        }
        return out
    }
}
