import Foundation
import Inbetween

/// `inbetween plot SPEC... -o FILE.svg`: easing curves overlaid on one chart in the unit
/// square, with each cubic Bézier's control points and a legend; `inbetween plot SCRIPT.lua`
/// draws what a script animates (ScriptPlot).
enum PlotCommand {

    static func run(_ args: inout Arguments, _ session: CommandSession) throws -> Int32 {
        let watch = args.flag("--watch")
        let grid = try SampleGrid.parse(samples: args.option("--samples"), at: nil)
        let title = args.option("--title")
        let fps = try args.frameRate()
        let output = args.option("-o")
        let options = try RuntimeOptions(&args)
        var specs: [String] = []
        while let spec = args.next() { specs.append(spec) }
        try args.finish()
        guard !specs.isEmpty else {
            throw UsageError.missing(
                command: "plot", what: "at least one SPEC (try: inbetween plot easeIn easeOut -o ease.svg)")
        }
        try ByteSink.check(output, example: "out.svg")
        // A lone script read once here (standard input cannot be read again by --watch).
        let script =
            specs.count == 1 && (specs[0].hasSuffix(".lua") || specs[0] == "-")
            ? try ScriptSource.operand(specs[0], watched: watch) : nil
        return try WatchLoop.perform(
            watch: watch, files: specs.filter { $0.hasSuffix(".lua") }, output: output,
            options: options, session: session
        ) { host in
            try draw(specs, script: script, grid: grid, title: title, fps: fps, output: output, host: host)
        }
    }

    static func draw(
        _ specs: [String], script: ScriptSource?, grid: SampleGrid?, title: String?, fps: Double?,
        output: String?, host: CommandHost
    ) throws {
        // A lone script either returns an easing (plotted as one) or builds a scene: it runs
        // once here, and a scene it built is sampled from this same host.
        var sources: [CurveSource] = []
        if let script {
            if try !host.scriptReturnsEasing(script) {
                let sink = try ByteSink(path: output, host: host, also: script.standardInput)
                sink.buffer.append(
                    contentsOf: try picture(
                        ScriptPlot.render(script: script.name, host: host, fps: fps, title: title),
                        output: output))
                try sink.commit()
                SceneWarnings.report(host, script: script, animatedTracks: 1)
                return
            }
            sources = [.script(script)]
        }
        let points = grid ?? .uniform(SampleGrid.chartCount)
        let xs = points.xs
        var curves: [SVGChart.Curve] = []
        var stdin: [String] = []
        for (i, spec) in specs.enumerated() {
            let source = i < sources.count ? sources[i] : try CurveSource.resolve(spec, in: host)
            let ys = try source.sample(points, in: host)
            stdin += source.standardInput
            curves.append(
                SVGChart.Curve(
                    name: source.legendName(spec),
                    points: zip(xs, ys).map { (x: $0, y: $1) },
                    controlPoints: source.controlPoints))
        }
        let sink = try ByteSink(path: output, host: host, also: stdin)
        sink.buffer.append(
            contentsOf: try picture(SVGChart.easing(curves, title: title).render(), output: output))
        try sink.commit()
    }

    /// The chart as its output asks: the SVG itself, or drawn into a PNG for `-o x.png` (the
    /// same document, read and drawn with Cairo by the library's SVGRaster).
    static func picture(_ svg: [UInt8], output: String?) throws -> [UInt8] {
        guard let output, output.lowercased().hasSuffix(".png") else { return svg }
        let frame: RenderedFrame
        do { frame = try SVGRaster.render(svg) } catch { throw CommandError(error.description) }
        return PNGImage.encode(width: frame.width, height: frame.height, rgba: frame.rgba)
    }
}
