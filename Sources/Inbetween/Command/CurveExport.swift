import Foundation
import InbetweenEngine

/// One easing of a curve SPEC, sampled, written as data (CSV, JSON), CSS `linear()` or an SVG
/// chart: `inbetween curve`'s output.
///
/// Formats (stable; tests hold golden files of each):
/// - csv: a header `x,y`, then one `x,y` row per sample.
/// - json: `{"spec":"bounceOut","samples":[[x,y],...]}`, one sample per line; springs add
///   `"duration":T`, the settling duration in seconds that x = 1 stands for.
/// - css: a comment line `/* N stops, tolerance T */`, then the `linear(...)` function
///   (see CSSLinear for how stops are chosen); steps() as exact jumps.
/// - svg: the curve in the unit square with its control points when it has them.
/// Numbers are shortest round-trip decimals unless a precision asks for P decimals.
package enum CurveExport {
    package enum Format: String, CaseIterable, Sendable { case csv, json, css, svg }

    /// The samples a format takes when none are asked for: CSS's for `linear()`, a chart's, or
    /// one per frame of a second at 60 fps.
    package static func defaultCount(for format: Format) -> Int {
        switch format {
        case .css: return CSSLinear.defaultSampleCount
        case .svg: return SampleGrid.chartCount
        case .csv, .json: return SampleGrid.defaultCount
        }
    }

    /// Writes the curve `spec` (resolved as `source`, sampled as `ys` at `xs`) into `sink`;
    /// the caller commits it. `precision`: decimals for csv and json (nil: shortest);
    /// `tolerance`: css's (nil: CSSLinear's default).
    package static func write(
        _ spec: String, source: CurveSource, xs: [Double], ys: [Double], as format: Format,
        precision: Int?, tolerance: Double?, host: CommandHost, to sink: ByteSink
    ) throws {
        let number = precision.map { NumberFormat.fixed($0) } ?? .shortest
        switch format {
        case .csv:
            sink.write("x,y\n")
            for (x, y) in zip(xs, ys) {
                number.append(x, to: sink.buffer)
                sink.write(UInt8(ascii: ","))
                number.append(y, to: sink.buffer)
                sink.write(UInt8(ascii: "\n"))
                sink.flushIfFull()
            }
        case .json:
            sink.write("{\"spec\":\(jsonString(spec)),")
            if let duration = source.duration {
                sink.write("\"duration\":")
                sink.write(duration, number)
                sink.write(",")
            }
            sink.write("\"samples\":[")
            for (i, (x, y)) in zip(xs, ys).enumerated() {
                sink.write(i == 0 ? "\n[" : ",\n[")
                number.append(x, to: sink.buffer)
                sink.write(UInt8(ascii: ","))
                number.append(y, to: sink.buffer)
                sink.write(UInt8(ascii: "]"))
                sink.flushIfFull()
            }
            sink.write("\n]}\n")
        case .css:
            // steps() as linear() with exact jumps (two stops at one input), not sampled ramps.
            if case .timing(let name) = source, case .steps(let steps)? = host.timingFunction(named: name) {
                let stops = try ExportEasing.stepStops(steps)
                let text = stops.enumerated().map { i, stop in
                    let y = NumberFormat.shortest.string(stop.y)
                    let isDefault = (i == 0 && stop.x == 0) || (i == stops.count - 1 && stop.x == 1)
                    return isDefault
                        ? y : "\(y) \(NumberFormat.shortest.string(CurveExport.percent(stop.x)))%"
                }
                sink.write(
                    "/* \(stops.count) stops, exact jumps */\nlinear(\(text.joined(separator: ", ")))\n")
                break
            }
            let t = tolerance ?? CSSLinear.defaultTolerance
            let linear = try CSSLinear.make(xs: xs, ys: ys, tolerance: t)
            sink.write("/* \(linear.stopCount) stops, tolerance \(NumberFormat.shortest.string(t)) */\n")
            sink.write(linear.function + "\n")
        case .svg:
            let curve = SVGChart.Curve(
                name: source.legendName(spec),
                points: zip(xs, ys).map { (x: $0, y: $1) }.sorted { $0.x < $1.x },
                controlPoints: source.controlPoints)
            sink.buffer.append(contentsOf: SVGChart.easing([curve], title: spec).render())
        }
    }

    /// The percentage p nearest x·100 with p / 100 == x exactly, as CSS reads it back (x·100 is
    /// often a rounding away: 1/3 · 100 / 100 is one ulp below 1/3, which moves a jump).
    static func percent(_ x: Double) -> Double {
        var below = x * 100
        var above = below
        for _ in 0..<8 {
            if below / 100 == x { return below }
            if above / 100 == x { return above }
            below = below.nextDown
            above = above.nextUp
        }
        return x * 100
    }
}
