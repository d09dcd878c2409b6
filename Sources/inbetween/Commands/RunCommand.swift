import Foundation
import InbetweenEngine
import InbetweenLua

/// `inbetween run SCRIPT.lua [--fps N] [--from T] [--to T] [--format json|csv|css|swift] [--precision P]
/// [-o FILE]`: runs the script, then samples the scene it built from its start to its end
/// (inclusive) and writes the frames.
enum RunCommand {
    static let formats = frameFormats

    static func run(_ args: inout Arguments) throws -> Int32 {
        let options = try RuntimeOptions(&args)
        var request = SamplingRequest()
        request.fps = try args.number("--fps", rule: { $0 > 0 && $0 <= 100_000 }, ruleText: "a frame rate in (0, 100000]")
        request.from = try args.number("--from")
        request.to = try args.number("--to")
        let format = try args.option("--format") ?? "json"
        guard formats.contains(format) else {
            throw UsageError("unknown format '\(format)' for run (\(formats.joined(separator: ", ")))")
        }
        let precision = try args.number("--precision", rule: { $0 >= 0 && $0 <= 17 && $0 == $0.rounded() },
                                        ruleText: "a whole number of decimals from 0 to 17").map(Int.init)
        let outputPath = try args.option("-o")
        guard let script = args.next() else { throw UsageError("run needs a script") }
        try args.finish()

        let runtime = try options.makeRuntime()
        let folder = (script as NSString).deletingLastPathComponent
        runtime.scriptDirectory = folder.isEmpty ? "." : folder
        try runtime.host.run(file: script)
        let sampler = try runtime.sampler(for: request)
        let fps = sampler.fps
        let progress = ProgressBar(label: "run \((script as NSString).lastPathComponent)")
        if case .time(let end) = sampler.end { progress.total = try? FrameTimes(start: sampler.start, end: end, fps: fps).count }

        let sink = try ByteSink(path: outputPath)
        var writer = makeFrameWriter(format: format, sink: sink, numbers: NumberFormat(precision: precision), fps: fps,
                                     source: script)
        let summary = try runtime.sampleScene(request) { frame in
            try writer.write(frame)
            progress.update(frame.index + 1, detail: "t = \(NumberFormat.compact(2).string(frame.time)) s")
        }
        progress.finish()
        try writer.finish(summary)
        try sink.commit()
        return 0
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
