import Foundation
import Inbetween

/// `inbetween render SCRIPT.lua -o OUT` (options: CommandTable.render): draws the scene's
/// frames with the library's Renderer and writes them with its encoders (RenderFile), the
/// output's name choosing what: a movie (.mp4, .webm, .gif, .apng), one PNG (.png: the first
/// frame, the frame at `--at T`, or a contact sheet with `--sheet`) or a folder of PNG frames
/// (DIR/). Files are staged beside the output and renamed into place only when everything was
/// written; a folder of frames is written as a staging folder and renamed the same way.
enum RenderCommand {
    static func run(_ args: inout Arguments, _ session: CommandSession) throws -> Int32 {
        let options = try RuntimeOptions(&args)
        var request = SamplingRequest()
        request.fps = try args.frameRate()
        request.from = try args.number("--from", ruleText: "a time in seconds")
        request.to = try args.number("--to", ruleText: "a time in seconds")
        let at = try args.number("--at", ruleText: "a time in seconds")
        var render = RenderOptions()
        if let text = args.option("--size") { render.size = try parseSize(text) }
        render.scale =
            try args.number(
                "--scale", rule: { $0 > 0 }, ruleText: "a number of pixels per point greater than 0")
            ?? 1
        if let text = args.option("--background") { render.background = try parseBackground(text) }
        let sheet = try args.option("--sheet").map(parseGrid)
        let output = args.option("-o")
        guard let operand = args.next() else { throw UsageError.missing(command: "render", what: "a script") }
        try args.finish()
        guard let output else {
            throw UsageError.missing(
                command: "render", what: "-o OUT: a .mp4, .webm, .gif, .apng or .png file, or a folder DIR/")
        }
        let kind: RenderFileKind
        do { kind = try RenderFileKind(path: output) } catch { throw UsageError(error.description) }
        try checkCombinations(
            kind: kind, at: at, sheet: sheet, request: request, background: render.background)
        if case .movie(let format) = kind, MovieEncoder.findFFmpeg() == nil {
            throw CommandError(EncodeError.ffmpegMissing(format: format).description)
        }
        let script = try ScriptSource.operand(operand)
        if kind == .frameFolder {
            try FrameFolderOutput.check(output)
        } else {
            try ByteSink.check(output, example: "out.mp4")
        }
        var host = try start(script, options, session)
        try RunCommand.checkRange(host.sampleBounds(for: request), request)
        if (at != nil || sheet != nil) && render.size == nil && host.sceneSize == nil {
            render.size = try wholeRunSize(host: host, request: request, render: render, output: output)
            host = try start(script, options, session)
        }
        if let at {
            request.from = at
            request.to = at
        }
        if let sheet {
            // The run sampled once without drawing, to find its end; then drawn from a fresh
            // state at the sheet's times.
            try sheetRequest(&request, cells: sheet.columns * sheet.rows, host: host)
            host = try start(script, options, session)
        }
        try write(
            kind, output: output, host: host, request: request, render: render, sheet: sheet, script: script)
        return 0
    }

    /// A still or a sheet is as large as a movie of the whole run would be: the box of what is
    /// drawn over all of it (measured by a Renderer, which draws nothing until its first frame
    /// is pulled), not just over the frames shown.
    private static func wholeRunSize(
        host: CommandHost, request: SamplingRequest, render: RenderOptions, output: String
    ) throws -> Size {
        let measured = try makeRenderer(host: host, request: request, render: render, output: output)
        // Half a pixel less, so that ceil(size × scale) gives back the same pixels.
        return Size(
            width: (Double(measured.width) - 0.5) / render.scale,
            height: (Double(measured.height) - 0.5) / render.scale)
    }

    static func write(
        _ kind: RenderFileKind, output: String, host: CommandHost, request: SamplingRequest,
        render: RenderOptions, sheet: (columns: Int, rows: Int)?, script: ScriptSource
    ) throws {
        let renderer = try makeRenderer(host: host, request: request, render: render, output: output)
        let progress = ProgressBar(label: "render \(script.baseName)", total: renderer.total)
        let report = { (frame: RenderedFrame) in
            progress.update(frame.index + 1, detail: "t = \(NumberFormat.compact(2).string(frame.time)) s")
        }
        defer { progress.finish() }
        var notes: [String] = []
        if kind == .frameFolder {
            let folder = try FrameFolderOutput(output)
            do {
                try RenderFile.write(renderer, as: kind, to: folder.stagingPath) { frame in
                    folder.written(frame.index)
                    report(frame)
                }
                try folder.commit()
            } catch {
                folder.abandon()
                throw describe(error, output: output)
            }
        } else {
            let sink = try ByteSink(path: output, host: host, also: script.standardInput)
            guard let staging = (sink.destination as? FileDestination)?.stagingPath else {
                sink.destination.abandon()
                throw OutputError.unsuitable(
                    output,
                    rule:
                        "render writes files (a regular file, renamed into place when done), not a device or a pipe"
                )
            }
            // A GIF's palette and spool beside the staging file go with it when a signal ends
            // the command (StagedFiles).
            let temporaries =
                kind.movieFormat.map { MovieEncoder.temporaryFiles(format: $0, path: staging) } ?? []
            for file in temporaries { StagedFiles.add(file) }
            defer { for file in temporaries { StagedFiles.remove(file) } }
            do {
                if let sheet {
                    try RenderFile.writeSheet(
                        renderer, columns: sheet.columns, rows: sheet.rows, to: staging, progress: report)
                } else {
                    notes = try RenderFile.write(
                        renderer, as: kind, to: staging, progress: report,
                        processes: { StagedFiles.track(process: $0, running: $1) })
                }
            } catch {
                sink.destination.abandon()
                throw describe(error, output: output)
            }
            try sink.commit()
        }
        progress.finish()
        for note in notes { Diagnostics.write("inbetween: note: \(output): \(note)") }
        SceneWarnings.report(host, script: script, animatedTracks: 1)
    }

    static func makeRenderer(
        host: CommandHost, request: SamplingRequest, render: RenderOptions, output: String
    ) throws -> Renderer {
        do {
            return try host.renderer(request, options: render)
        } catch let error as RenderError {
            throw renderError(error, render)
        } catch {
            throw describe(error, output: output)
        }
    }

    /// A fresh host that has run the script.
    static func start(_ script: ScriptSource, _ options: RuntimeOptions, _ session: CommandSession) throws
        -> CommandHost
    {
        let host = try options.makeHost(in: session, verbose: CLI.verbose)
        try host.runScene(script)
        return host
    }

    /// The sampling of a contact sheet: `cells` frames at even times from the run's start to
    /// its end, both included. The end is the fixed one when there is one, else the natural end,
    /// found by sampling `host`'s run once without drawing it.
    static func sheetRequest(_ request: inout SamplingRequest, cells: Int, host: CommandHost) throws {
        var first: Double?
        var last = 0.0
        try host.sample(request) { frame in
            if first == nil { first = frame.time }
            last = frame.time
        }
        let start = first ?? 0
        request.from = start
        request.to = last
        // Frame i at start + i (end − start) / (cells − 1): the end lands on the last cell
        // (FrameTimes snaps an end within a millionth of a frame onto the grid).
        request.fps = last > start && cells > 1 ? Double(cells - 1) / (last - start) : 1
    }

    // MARK: Options

    /// `--size WxH` in points, each side a positive number.
    static func parseSize(_ text: String) throws(UsageError) -> Size {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w.isFinite, h.isFinite,
            w > 0, h > 0
        else {
            throw .badValue(
                option: "--size", rule: "WIDTHxHEIGHT in points, both greater than 0 (e.g. 640x360)",
                value: text)
        }
        return Size(width: w, height: h)
    }

    /// `--sheet COLSxROWS`, whole numbers from 1 to 100.
    static func parseGrid(_ text: String) throws(UsageError) -> (columns: Int, rows: Int) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let c = Int(parts[0]), let r = Int(parts[1]), (1...100).contains(c),
            (1...100).contains(r)
        else {
            throw .badValue(
                option: "--sheet", rule: "COLUMNSxROWS, whole numbers from 1 to 100 (e.g. 4x3)", value: text)
        }
        return (c, r)
    }

    /// `--background COLOR|transparent`: any colour a script may write (`#rrggbb`, `red`).
    static func parseBackground(_ text: String) throws(UsageError) -> RenderOptions.Background {
        if text.lowercased() == "transparent" { return .transparent }
        do {
            return .color(try Color.parse(text))
        } catch {
            throw .badValue(
                option: "--background",
                rule: "transparent, #rgb, #rrggbb, #rrggbbaa or a colour name (red, white, ...)", value: text)
        }
    }

    /// Options that only some outputs take, refused before the run.
    static func checkCombinations(
        kind: RenderFileKind, at: Double?, sheet: (columns: Int, rows: Int)?, request: SamplingRequest,
        background: RenderOptions.Background
    ) throws(UsageError) {
        if at != nil && kind != .png {
            throw UsageError("option --at makes one picture: give -o a .png name")
        }
        if sheet != nil && kind != .png {
            throw UsageError("option --sheet makes one picture: give -o a .png name")
        }
        if at != nil && sheet != nil { throw UsageError("option --at and --sheet cannot be used together") }
        if at != nil && (request.from != nil || request.to != nil) {
            throw UsageError("option --at draws one time: leave out --from and --to")
        }
        if case .movie(.mp4) = kind, background.isTranslucent {
            throw UsageError(EncodeError.noAlpha(format: .mp4).description)
        }
    }

    /// A Renderer's refusal in the command's own words: the options that made the size.
    static func renderError(_ error: RenderError, _ options: RenderOptions) -> Error {
        guard error.parameter == "size" else {
            return UsageError("option --\(error.parameter) (\(error.value)) \(error.rule)")
        }
        let given = options.size != nil || options.scale != 1
        let text =
            "frames of \(error.value) are too large: \(error.rule)"
            + (given ? " (--size times --scale)" : " (the scene's size times --scale)")
        return given ? UsageError(text) : CommandError(text)
    }

    /// An encoder's error names the staging file; the user named the output. A script's error
    /// reads as Lua's (an interrupted run ends with status 130).
    static func describe(_ error: Error, output: String) -> Error {
        if let script = error as? ScriptError {
            if script.kind == .interrupted { return ScriptError(kind: .interrupted, message: script.message) }
            return CommandError(script.description)
        }
        guard let encode = error as? EncodeError else { return error }
        switch encode {
        case .ffmpegFailed(_, let reason):
            return CommandError(EncodeError.ffmpegFailed(path: output, reason: reason).description)
        case .cannotWrite(_, let reason):
            return CommandError(EncodeError.cannotWrite(path: output, reason: reason).description)
        default:
            return CommandError(encode.description)
        }
    }
}
