import Foundation
import Inbetween
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
            throw UsageError(
                "option --to (\(NumberFormat.shortest.string(to))) must not be before --from (\(NumberFormat.shortest.string(from)))"
            )
        }
        let format = args.option("--format") ?? "json"
        let precision = try args.precision()
        let outputPath = args.option("-o")
        // --bake: css and swift as one keyframe per frame (the structure is kept otherwise).
        let bake = args.flag("--bake")
        guard let operand = args.next() else { throw UsageError("run needs a script") }
        try args.finish()
        try ByteSink.check(outputPath)
        let script = try ScriptSource.operand(operand, watched: watch)
        return try WatchLoop.perform(watch: watch, files: script.files, output: outputPath, options: options)
        { runtime in
            try write(
                script: script, runtime: runtime, request: request, format: format, precision: precision,
                outputPath: outputPath, bake: bake)
        }
    }

    static func write(
        script: ScriptSource, runtime: Runtime, request: SamplingRequest, format: String, precision: Int?,
        outputPath: String?, bake: Bool = false
    ) throws {
        runtime.scriptDirectory = script.folder
        runtime.scriptName = script.name
        try runtime.runSceneScript(script)
        try checkRange(runtime.sampleBounds(for: request), request)
        let fps = try runtime.clock(for: request).fps
        let progress = ProgressBar(label: "run \(script.baseName)")

        let sink = try ByteSink(path: outputPath, inputs: { runtime.inputFiles(script) })
        let numbers = NumberFormat(precision: precision)
        var writer: FrameWriter
        if let structural = structuralWriter(
            format: format, runtime: runtime, sink: sink, numbers: numbers,
            fps: fps, source: script.name, outputPath: outputPath, bake: bake)
        {
            writer = structural
        } else {
            writer = makeFrameWriter(
                format: format, sink: sink, numbers: numbers, fps: fps, source: script.name,
                runtime: runtime)
        }
        let frames = try runtime.frames(request)
        progress.total = frames.total
        while let frame = try frames.next() {
            try writer.write(frame)
            progress.update(frame.index + 1, detail: "t = \(NumberFormat.compact(2).string(frame.time)) s")
        }
        progress.finish()
        try writer.finish(frames.summary)
        try sink.commit()
        SceneWarnings.report(runtime, script: script, animatedTracks: frames.summary.tracks.count)
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

/// The css and swift writers that keep the animations' structure, reading the scene's history
/// (recorded through the runtime's scene observer while sampling), or with `bake` their
/// per-frame forms (no history); nil for other formats. CSS written to `x.css` gets `x.html`.
func structuralWriter(
    format: String, runtime: Runtime, sink: ByteSink, numbers: NumberFormat, fps: Double,
    source: String, outputPath: String?, bake: Bool = false
) -> FrameWriter? {
    guard format == "css" || format == "swift" else { return nil }
    var page: CSSPage?
    if format == "css", let outputPath, outputPath != "-", outputPath.hasSuffix(".css") {
        let pagePath = String(outputPath.dropLast(4)) + ".html"
        page = CSSPage(
            open: { try ByteSink(path: pagePath) }, stylesheet: (outputPath as NSString).lastPathComponent)
    }
    if bake {
        return BakedExportWriter(
            target: format == "css" ? .css : .swift, sink: sink, numbers: numbers, source: source, fps: fps,
            model: runtime.scene, page: page)
    }
    let history = SceneHistory(initial: runtime.scene)
    runtime.sceneObserver = { event, scene in history.record(time: event.time, scene: scene) }
    if format == "swift" {
        return SwiftStructureWriter(sink: sink, numbers: numbers, history: history, source: source, fps: fps)
    }
    return CSSStructureWriter(
        sink: sink, numbers: numbers, history: history, source: source, fps: fps, page: page)
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
    StagedFiles.unlinkAll()
}
