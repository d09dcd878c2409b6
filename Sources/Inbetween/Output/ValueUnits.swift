/// The unit of a layer property's numbers, for value axes and chart titles: Core Animation
/// measures geometry in points, rotations in radians, and opacity, colour channels and unit
/// coordinates (anchorPoint, strokeEnd) as fractions of 1.
package enum ValueUnits {
    package static func unit(of keyPath: String) -> String {
        let root = keyPath.split(separator: ".").first.map(String.init) ?? keyPath
        if keyPath.hasPrefix("transform.rotation") { return "radians" }
        if keyPath.hasPrefix("transform.scale") { return "scale factor" }
        if keyPath.hasPrefix("transform.translation") { return "points" }
        if root == "transform" || root == "sublayerTransform" { return "matrix entries" }
        if root.hasSuffix("Color") { return "channels 0–1" }
        return fractionProperties.contains(root) ? "0–1" : "points"
    }

    /// Properties whose numbers are fractions or unit coordinates rather than points.
    package static let fractionProperties: Set<String> = [
        "opacity", "shadowOpacity", "anchorPoint", "strokeStart", "strokeEnd", "contentsRect",
        "contentsCenter", "startPoint", "endPoint", "contentsScale", "rasterizationScale",
    ]
}
