import Foundation
import InbetweenEngine
import InbetweenLua

/// `inbetween run SCRIPT.lua [--fps N] [--from T] [--to T] [--format json|csv] [--precision P]
/// [-o FILE]`: runs the script, then samples the scene it built from its start to its end
/// (inclusive) and writes the frames.
enum RunCommand {
    static let formats = ["json", "csv"]

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
        let fps = try runtime.sampler(for: request).fps

        return try AtomicOutput.write(to: outputPath) { out in
            let numbers = NumberStyle(precision: precision)
            var writer: FrameWriter = format == "csv"
                ? CSVFrameWriter(out: out, numbers: numbers)
                : try JSONFrameWriter(out: out, numbers: numbers, fps: fps)
            let summary = try runtime.sampleScene(request) { frame in try writer.write(frame) }
            try writer.finish(summary)
            return 0
        }
    }
}

/// `-o FILE` written atomically: into a temporary file beside it, renamed over it only when
/// everything was written, so a failed run never leaves a truncated file where a good one
/// was. No `-o` (or `-o -`) writes to stdout.
enum AtomicOutput {
    /// Temporary files being written, removed by `removeTemporaryOutputs` on a hard exit.
    nonisolated(unsafe) static var pending: [String] = []

    static func write(to path: String?, _ body: (TextOutput) throws -> Int32) throws -> Int32 {
        guard let path, path != "-" else { return try body(.standardOutput) }
        let temporary = path + ".inbetween-\(ProcessInfo.processInfo.processIdentifier).tmp"
        pending.append(temporary)
        defer { pending.removeAll { $0 == temporary } }
        do {
            let status = try body(try TextOutput(file: temporary))
            if rename(temporary, path) != 0 {
                throw CLIError("cannot write \(path): \(String(cString: strerror(errno)))")
            }
            return status
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
    }
}

/// Called by the watchdog thread just before a hard exit (see CLI.hardExitGrace): a
/// file-scope C-callable function, and unlink(2) only, as the process is about to end.
func removeTemporaryOutputs() {
    for path in AtomicOutput.pending { unlink(path) }
}
