import Foundation
import InbetweenEngine
import InbetweenLua

/// `inbetween run SCRIPT.lua [--fps N] [--from T] [--to T] [--format FORMAT] [--precision P]
/// [-o FILE]` (options: CommandTable.run): runs the script, then samples the scene it built from its start to its end
/// (inclusive) and writes the frames.
enum RunCommand {
    static func run(_ args: inout Arguments) throws -> Int32 {
        let watch = args.flag("--watch")
        let options = try RuntimeOptions(&args)
        var request = SamplingRequest()
        request.fps = try args.frameRate()
        request.from = try args.number("--from", ruleText: "a time in seconds")
        request.to = try args.number("--to", ruleText: "a time in seconds")
        if let from = request.from, let to = request.to, to < from {
            throw UsageError("option --to (\(NumberFormat.shortest.string(to))) must not be before --from (\(NumberFormat.shortest.string(from)))")
        }
        let format = args.option("--format") ?? "json"
        let precision = try args.precision()
        let outputPath = args.option("-o")
        guard let script = args.next() else { throw UsageError("run needs a script") }
        try args.finish()
        return try WatchLoop.perform(watch: watch, files: [script], output: outputPath, options: options) { runtime in
            try write(script: script, runtime: runtime, request: request, format: format, precision: precision,
                      outputPath: outputPath)
        }
    }

    static func write(script: String, runtime: Runtime, request: SamplingRequest, format: String, precision: Int?,
                      outputPath: String?) throws {
        let folder = (script as NSString).deletingLastPathComponent
        runtime.scriptDirectory = folder.isEmpty ? "." : folder
        try runtime.host.run(file: script)
        let sampler = try runtime.sampler(for: request)
        let fps = sampler.fps
        let progress = ProgressBar(label: "run \((script as NSString).lastPathComponent)")
        if case .time(let end) = sampler.end { progress.total = try? FrameTimes(start: sampler.start, end: end, fps: fps).count }

        let sink = try ByteSink(path: outputPath)
        var writer = makeFrameWriter(format: format, sink: sink, numbers: NumberFormat(precision: precision), fps: fps,
                                     source: script, runtime: runtime)
        let summary = try runtime.sampleScene(request) { frame in
            try writer.write(frame)
            progress.update(frame.index + 1, detail: "t = \(NumberFormat.compact(2).string(frame.time)) s")
        }
        progress.finish()
        try writer.finish(summary)
        try sink.commit()
    }
}

extension NumberFormat {
    /// `--precision P` (fixed decimals), or shortest round-trip when not given.
    init(precision: Int?) {
        self = precision.map { .fixed($0) } ?? .shortest
    }
}

/// Called by the watchdog thread just before a hard exit (see CLI.hardExitGrace): a
/// file-scope C-callable function, and unlink(2) only, as the process is about to end.
func removeTemporaryOutputs() {
    for path in ByteSink.pendingTemporaryPaths { unlink(path) }
}
