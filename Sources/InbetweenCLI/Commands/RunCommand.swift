import Foundation
import Inbetween

/// `inbetween run SCRIPT.lua [--fps N] [--from T] [--to T] [--format FORMAT] [--precision P]
/// [-o FILE]` (options: CommandTable.run): runs the script, then samples the scene it built from its start to its end
/// (inclusive) and writes the frames.
enum RunCommand {
    static func run(_ args: inout Arguments, _ session: CommandSession) throws -> Int32 {
        let watch = args.flag("--watch")
        let options = try RuntimeOptions(&args)
        var request = SamplingRequest()
        request.fps = try args.frameRate()
        request.from = try args.number("--from", ruleText: "a time in seconds")
        request.to = try args.number("--to", ruleText: "a time in seconds")
        if let from = request.from, let to = request.to, to < from {
            throw UsageError(
                "option --to (\(NumberFormat.shortest.string(to))) must not be before --from (\(NumberFormat.shortest.string(from)))"
            )
        }
        let format = try args.outputFormat()
        let outputPath = args.option("-o")
        guard let operand = args.next() else { throw UsageError.missing(command: "run", what: "a script") }
        try args.finish()
        try ByteSink.check(outputPath, example: "out.\(format.fileExtension)")
        let script = try ScriptSource.operand(operand, watched: watch)
        return try WatchLoop.perform(
            watch: watch, files: script.files, output: outputPath, options: options, session: session
        ) { host in
            try write(script: script, host: host, request: request, format: format, outputPath: outputPath)
        }
    }

    static func write(
        script: ScriptSource, host: CommandHost, request: SamplingRequest, format: OutputFormat,
        outputPath: String?
    ) throws {
        try host.runScene(script)
        try checkRange(host.sampleBounds(for: request), request)
        let progress = ProgressBar(label: "run \(script.baseName)")

        let sink = try ByteSink(path: outputPath, host: host, also: script.standardInput)
        let page = format.pagePath(beside: outputPath).map { path in
            // The page is checked against the run's inputs as the output is: `run page.html
            // --format css -o page.css` replaced the script page.html with the page.
            CSSPage(
                open: { try ByteSink(path: path, host: host, also: script.standardInput) },
                stylesheet: OutputFormat.stylesheetName(outputPath!))
        }
        let summary = try host.write(
            request, as: format, source: script.name, to: sink, page: page,
            started: { progress.total = $0 },
            onFrame: { frame in
                progress.update(
                    frame.index + 1, detail: "t = \(NumberFormat.compact(2).string(frame.time)) s")
            })
        progress.finish()
        try sink.commit()
        SceneWarnings.report(host, script: script, animatedTracks: summary.tracks.count)
    }

    /// The end before the start, when the command line gave one of them: a usage error naming
    /// the option (`--to`), not the engine's parameter (`end`).
    static func checkRange(_ bounds: (start: Double, end: Double?), _ request: SamplingRequest) throws {
        guard let end = bounds.end, end < bounds.start, request.from != nil || request.to != nil else {
            return
        }
        let text = { (t: Double) in NumberFormat.shortest.string(t) }
        if request.to != nil {
            let origin = request.from != nil ? "--from" : "the script's scene{from}"
            throw UsageError(
                "option --to (\(text(end))) must not be before the start (\(text(bounds.start)), \(origin))")
        }
        throw UsageError(
            "option --from (\(text(bounds.start))) must not be after the end (\(text(end)), the script's scene{to})"
        )
    }
}

/// Called by the watchdog thread just before a hard exit (see CLI.hardExitGrace): a
/// file-scope C-callable function, and unlink(2) only, as the process is about to end.
func removeTemporaryOutputs() {
    StagedFiles.unlinkAll()
}
