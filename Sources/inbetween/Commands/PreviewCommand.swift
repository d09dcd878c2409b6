import Foundation
import InbetweenEngine
import InbetweenLua

/// `inbetween preview SCRIPT.lua [-o FILE.html] [--watch]`: one self-contained HTML page that
/// plays the scene — every layer drawn as Core Animation composes it, controls to play, scrub
/// and step, and each changing property's values over time under the stage.
enum PreviewCommand {
    static let help = """
        usage: inbetween preview SCRIPT.lua [-o FILE.html] [--watch] [--fps N] [--from T] [--to T]
                                 [--title TEXT] [plugin options] [limits]

        Writes an HTML page (no network, no external files) that plays the scene the script
        builds: bounds, position, anchorPoint, transform (3D too), opacity, colours, borders,
        corner radii and shape-layer paths, with play/pause, a scrubber, speeds 0.1×, 0.25×
        and 1×, loop, space to play and the arrow keys to step one frame. Under the stage,
        each property that changes is charted over time. Scripts can drive the page through
        window.inbetween = { duration, fps, seek(seconds), play(), pause() }; each layer's
        element has data-layer="NAME" and its geometry in CSS pixels (1 point = 1 px).

          -o FILE        where to write the page (default: the script's name with .html; - for
                         standard output)
          --watch        write again whenever the script, a module it requires or a plugin
                         changes; the page also reads FILE.data.js (written beside it) and
                         picks up each new version within a second, keeping its time
          --fps N        frames per second (default: the script's scene{} or 60)
          --from T, --to T  the stretch of scene time to sample (seconds)
          --title TEXT   the page's title (default: the script's file name)
        """

    static func run(_ args: inout Arguments, verbose: Bool) throws -> Int32 {
        if args.flag("-h") || args.flag("--help") {
            print(help)
            return 0
        }
        let watch = args.flag("--watch")
        var request = SamplingRequest()
        request.fps = try args.number("--fps", rule: { $0 > 0 && $0 <= 100_000 }, ruleText: "a frame rate in (0, 100000]")
        request.from = try args.number("--from")
        request.to = try args.number("--to")
        let title = try args.option("--title")
        let output = try args.option("-o")
        let options = try RuntimeOptions(&args)
        guard let script = args.next() else { throw UsageError("preview needs a script") }
        try args.finish()
        let path = output ?? defaultOutput(for: script)
        let dataPath = watch && path != "-" ? dataScriptPath(for: path) : nil

        let pageTitle = title ?? (script as NSString).lastPathComponent
        let write = { (runtime: Runtime) in
            let folder = (script as NSString).deletingLastPathComponent
            runtime.scriptDirectory = folder.isEmpty ? "." : folder
            try runtime.host.run(file: script)
            let scene = try PreviewScene.sample(runtime, request: request)
            let data = PreviewData.script(
                scene, title: pageTitle,
                live: dataPath.map { ($0 as NSString).lastPathComponent })
            // The data file first: a page that finds it newer than itself only reloads it.
            if let dataPath {
                let sink = try ByteSink(path: dataPath)
                sink.buffer.append(contentsOf: data)
                try sink.commit()
            }
            let sink = try ByteSink(path: path)
            sink.buffer.append(contentsOf: PreviewPage.render(data: data, title: pageTitle))
            try sink.commit()
        }
        return try WatchLoop.perform(watch: watch, files: [script], output: path, options: options, verbose: verbose,
                                     write)
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
