import Foundation
import Inbetween

/// `inbetween curve SPEC`: one easing, sampled, as data (CSV, JSON), CSS `linear()` or an SVG
/// chart (the formats: CurveExport).
enum CurveCommand {
    typealias Format = CurveExport.Format

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
            let points = grid ?? .uniform(CurveExport.defaultCount(for: format))
            let xs = points.xs
            let ys = try source.sample(points, in: host)

            let sink = try ByteSink(path: output, host: host, also: source.standardInput)
            try CurveExport.write(
                spec, source: source, xs: xs, ys: ys, as: format, precision: precision, tolerance: tolerance,
                host: host, to: sink)
            try sink.commit()
        }
    }
}
