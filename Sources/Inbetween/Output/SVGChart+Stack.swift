import Foundation

extension SVGChart {
    /// Several charts one under another in one SVG document: each rendered chart becomes a
    /// nested <svg> placed at its offset (nested viewports keep their own coordinates).
    package static func stacked(_ charts: [SVGChart], title: String) -> [UInt8] {
        var parts: [(body: String, width: Double, height: Double)] = []
        for chart in charts {
            let text = String(decoding: chart.render(), as: UTF8.self)
            // Drop the XML declaration; read the root's size back from its attributes.
            let body = text.hasPrefix("<?xml") ? String(text.drop(while: { $0 != "\n" }).dropFirst()) : text
            parts.append((body, attribute("width", in: body), attribute("height", in: body)))
        }
        let width = parts.map(\.width).max() ?? 100
        let height = parts.reduce(0) { $0 + $1.height }
        let px = SVGWriter.px
        var svg = SVGWriter(width: width, height: height, title: title)
        var y = 0.0
        for part in parts {
            // Place the chart's root <svg> at (0, y): x/y attributes right after "<svg".
            svg.embed(
                part.body.replacingOccurrences(
                    of: "<svg ", with: "<svg x=\"0\" y=\"\(px(y))\" ", options: [.anchored]))
            y += part.height
        }
        return svg.finish()
    }

    private static func attribute(_ name: String, in svg: String) -> Double {
        guard let range = svg.range(of: " \(name)=\"") else { return 0 }
        let rest = svg[range.upperBound...]
        return Double(rest.prefix { $0 != "\"" }) ?? 0
    }
}
