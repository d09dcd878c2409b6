import Foundation
import Inbetween

/// `inbetween preview SCRIPT.lua [-o FILE.html] [--watch]`: one self-contained HTML page that
/// plays the scene — every layer drawn as Core Animation composes it, controls to play, scrub
/// and step, and each changing property's values over time under the stage (options:
/// CommandTable.preview).
enum PreviewCommand {
    static func run(_ args: inout Arguments, _ session: CommandSession) throws -> Int32 {
        let watch = args.flag("--watch")
        var request = SamplingRequest()
        request.fps = try args.frameRate()
        request.from = try args.number("--from", ruleText: "a time in seconds")
        request.to = try args.number("--to", ruleText: "a time in seconds")
        let title = args.option("--title")
        let output = args.option("-o")
        let options = try RuntimeOptions(&args)
        guard let operand = args.next() else {
            throw UsageError.missing(command: "preview", what: "a script")
        }
        try args.finish()
        // `-` reads the script from standard input; its page goes to standard output unless -o.
        let script = try ScriptSource.operand(operand, watched: watch)
        let path = output ?? (operand == "-" ? "-" : defaultOutput(for: operand))
        try ByteSink.check(path, example: "out.html")
        let dataPath = watch && path != "-" ? dataScriptPath(for: path) : nil

        let format = OutputFormat(.preview, title: title ?? script.baseName)
        let write = { (host: CommandHost) in
            try host.runScene(script, named: false)
            let sink = try ByteSink(path: path, host: host, also: script.standardInput)
            let dataFile = dataPath.map { dataPath in
                PreviewDataFile(
                    path: dataPath,
                    open: { try ByteSink(path: dataPath, host: host, also: script.standardInput) })
            }
            try host.write(request, as: format, source: script.name, to: sink, dataFile: dataFile)
            try sink.commit()
        }
        return try WatchLoop.perform(
            watch: watch, files: script.files, output: path, options: options, session: session, write)
    }

    /// `ball.lua` -> `ball.html` beside it.
    static func defaultOutput(for script: String) -> String {
        (script.hasSuffix(".lua") ? String(script.dropLast(4)) : script) + ".html"
    }

    /// `out.html` -> `out.data.js` beside it: the file an open page re-loads when watching.
    static func dataScriptPath(for page: String) -> String {
        (page.hasSuffix(".html") ? String(page.dropLast(5)) : page) + ".data.js"
    }
}
