import Foundation
import Inbetween

/// `inbetween curve SPEC`: one easing, sampled, as data (CSV, JSON), CSS `linear()` or an SVG
/// chart.
///
/// Formats (stable; tests hold golden files of each):
/// - csv: a header `x,y`, then one `x,y` row per sample.
/// - json: `{"spec":"bounceOut","samples":[[x,y],...]}`, one sample per line; springs add
///   `"duration":T`, the settling duration in seconds that x = 1 stands for.
/// - css: a comment line `/* N stops, tolerance T */`, then the `linear(...)` function
///   (see CSSLinear for how stops are chosen).
/// - svg: the curve in the unit square with its control points when it has them.
/// Numbers are shortest round-trip decimals unless `--precision P` asks for P decimals.
enum CurveCommand {
    enum Format: String, CaseIterable { case csv, json, css, svg }

    static func run(_ args: inout Arguments, _ session: CommandSession) throws -> Int32 {
        let watch = args.flag("--watch")
        let format = args.option("--format").flatMap(Format.init(rawValue:)) ?? .csv
        let grid = try SampleGrid.parse(samples: args.option("--samples"), at: args.option("--at"))
        let precision = try args.precision()
        let tolerance = try args.number("--tolerance", rule: { $0 > 0 }, ruleText: "a number greater than 0")
        let output = args.option("-o")
        let options = try RuntimeOptions(&args)
        guard let spec = args.next() else {
            throw UsageError.missing(command: "curve", what: "a SPEC (try: inbetween curve easeInEaseOut)")
        }
        try args.finish()
        try ByteSink.check(output, example: "out.\(format.rawValue)")
        if precision != nil && (format == .css || format == .svg) {
            throw UsageError(
                "--precision applies to csv and json; css chooses its decimals to meet --tolerance")
        }
        if tolerance != nil && format != .css { throw UsageError("--tolerance applies to --format css only") }
        if format == .css, case .explicit = grid {
            throw UsageError(
                "--at cannot be used with --format css: linear() needs samples spread over [0, 1]")
        }

        return try WatchLoop.perform(
            watch: watch, files: spec.hasSuffix(".lua") ? [spec] : [], output: output,
            options: options, session: session
        ) { host in
            let source = try CurveSource.resolve(spec, in: host)
            let defaultCount =
                format == .css
                ? CSSLinear.defaultSampleCount
                : format == .svg ? PlotCommand.defaultSampleCount : SampleGrid.defaultCount
            let points = grid ?? .uniform(defaultCount)
            let xs = points.xs
            let ys = try source.sample(points, in: host)
            let number = precision.map { NumberFormat.fixed($0) } ?? .shortest

            let sink = try ByteSink(path: output, host: host, also: source.standardInput)
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
                if case .timing(let name) = source, case .steps(let steps)? = host.timingFunction(named: name)
                {
                    let stops = try ExportEasing.stepStops(steps)
                    let text = stops.enumerated().map { i, stop in
                        let y = NumberFormat.shortest.string(stop.y)
                        let isDefault = (i == 0 && stop.x == 0) || (i == stops.count - 1 && stop.x == 1)
                        return isDefault
                            ? y : "\(y) \(NumberFormat.shortest.string(CurveCommand.percent(stop.x)))%"
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
                    name: PlotCommand.legendName(spec, source),
                    points: zip(xs, ys).map { (x: $0, y: $1) }.sorted { $0.x < $1.x },
                    controlPoints: source.controlPoints)
                sink.buffer.append(contentsOf: SVGChart.easing([curve], title: spec).render())
            }
            try sink.commit()
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
