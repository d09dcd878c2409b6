import Inbetween

/// The one option table: every command and every option it accepts, declared once. The parser
/// (Arguments) accepts exactly what is here; `inbetween help`, `CMD --help`, the man page and
/// the bash, zsh and fish completions (`inbetween __generate man|bash|zsh|fish`) are written
/// from it. A new command is one more entry in `CommandTable.commands` and a `run` function;
/// a new option is one more `OptionSpec` in its command's section (read it in the command, or
/// `Arguments.finish()` stops the run: a declared option nobody reads is a bug).
enum CommandTable {
    // MARK: Options several commands share (one wording everywhere)

    static let help = OptionSpec(name: "--help", aliases: ["-h"], help: "show this help")
    static let verbose = OptionSpec(name: "--verbose", help: "print Lua tracebacks with errors")
    static let output = OptionSpec(
        name: "-o", value: .file("FILE"),
        help: "write FILE (default, or -: standard output); a regular file is replaced atomically")
    /// `--bake` of `run` and `batch` (and their workers): the same format either way.
    static let bake = OptionSpec(
        name: "--bake", help: "css and swift: one keyframe per frame instead of the animations' structure")
    /// `--world` of `run` and `batch` (and their workers).
    static let world = OptionSpec(
        name: "--world",
        help:
            "json, jsonl and csv: also each drawn layer's matrix to the stage and composed opacity (world tracks)"
    )
    static let precision = OptionSpec(
        name: "--precision", value: .number("P"),
        help: "write numbers with P decimals (0-17) instead of the shortest round-trip form")
    static let fps = OptionSpec(
        name: "--fps", value: .number("N"),
        help: "frames per second (default: the script's scene{fps}, else 60)")

    static let from = OptionSpec(
        name: "--from", value: .number("T"), help: "first frame time in seconds (default: the scene's start)")
    static let to = OptionSpec(
        name: "--to", value: .number("T"), help: "last frame time in seconds (default: the scene's end)")

    static let watch = OptionSpec(
        name: "--watch",
        help: "write again whenever the script, a module it requires or a plugin changes (needs a file)")

    static let pluginOptions = OptionSection(
        title: "plugin options",
        options: [
            OptionSpec(
                name: "--plugins", value: .folder("DIR"), help: "also load the plugins in DIR (repeatable)",
                repetition: .accumulate),
            OptionSpec(
                name: "--no-user-plugins",
                help: "ignore the user's folder and INBETWEEN_PLUGIN_PATH (reproducible runs)"),
            OptionSpec(name: "--trusted", help: "give scripts the full Lua standard library"),
        ])

    static let limitOptions = OptionSection(
        title: "limits", note: "0 turns one off",
        options: [
            OptionSpec(
                name: "--max-instructions", value: .number("N"),
                help: "Lua VM instructions per script (default 1e9)"),
            OptionSpec(
                name: "--max-memory", value: .text("BYTES"),
                help: "memory of the Lua state, e.g. 512M, 2G (default 1G)"),
            OptionSpec(
                name: "--timeout", value: .number("SECONDS"), help: "wall-clock time per script (default 60)"),
            OptionSpec(
                name: "--max-frames", value: .number("N"),
                help: "frames one sample request may produce (default 1e7)"),
            OptionSpec(
                name: "--max-script-size", value: .text("BYTES"),
                help: "largest script, module or plugin file read, e.g. 512K (default 8M)"),
        ])

    static let generalOptions = OptionSection(title: "general options", options: [verbose, help])

    /// What every command that runs Lua accepts besides its own options.
    static let runtimeSections = [pluginOptions, limitOptions, generalOptions]

    // MARK: The commands

    static let run = CommandSpec(
        name: "run",
        synopsis: ["SCRIPT.lua [options]"],
        summary: "run a script and write the frames of the scene it builds",
        about: """
            Runs SCRIPT.lua (- reads it from standard input) and samples the scene it builds
            from its start to its end, inclusive, writing the frames as json (default), csv,
            css (the animations as CSS animations, with a page beside -o x.css), swift (Core
            Animation code), which keep each animation's structure unless --bake is given, or
            lottie (a Lottie JSON file for rlottie and lottie-web).
            """,
        sections: [
            OptionSection(
                title: "options",
                options: [
                    fps,
                    from,
                    to,
                    OptionSpec(
                        name: "--format", value: .choice("FORMAT", OutputFormat.names),
                        help: "the output format (default json)"),
                    bake,
                    world,
                    precision,
                    output,
                    watch,
                ])
        ] + runtimeSections,
        runCommand: { args, session in try RunCommand.run(&args, session) })

    static let curve = CommandSpec(
        name: "curve",
        synopsis: ["SPEC [options]"],
        summary: "sample one easing as csv, json, css linear() or svg",
        about: """
            SPEC: a preset (easeInEaseOut), a plugin easing (bounceOut, backOut(2.5)),
            cubic-bezier(a,b,c,d), steps(n, jump-end), linear(...), spring(mass, stiffness,
            damping, velocity), spring(duration=0.5, bounce=0.3), a spring preset (wobbly), or a
            .lua file that returns a function of t (- reads it from standard input). Springs are
            sampled over their settling duration.
            """,
        sections: [
            OptionSection(
                title: "options",
                options: [
                    OptionSpec(
                        name: "--samples", value: .number("N"),
                        help: "N samples at x = i/(N-1) (default 61; css 10001; svg 401)"),
                    OptionSpec(
                        name: "--at", value: .text("X1,X2,..."),
                        help: "sample at these x values instead (csv, json, svg)"),
                    OptionSpec(
                        name: "--format",
                        value: .choice("FORMAT", CurveCommand.Format.allCases.map(\.rawValue)),
                        help: "csv (default), json, css (linear()) or svg (a chart)"),
                    precision,
                    OptionSpec(
                        name: "--tolerance", value: .number("T"),
                        help: "css: largest difference from the samples (default 0.001)"),
                    output,
                    watch,
                ])
        ] + runtimeSections,
        operand: .easing,
        runCommand: { args, session in try CurveCommand.run(&args, session) })

    static let plot = CommandSpec(
        name: "plot",
        synopsis: ["SPEC... [options]", "SCRIPT.lua [options]"],
        summary: "draw easings on one SVG chart, or what a script animates",
        about: """
            Draws one or more easings (any SPEC `inbetween curve` accepts) overlaid on one SVG
            chart: the unit square with ticks, each curve in its own color, control points for
            cubic Béziers, and a legend. Given a script that builds a scene (rather than one
            returning an easing; - reads it from standard input), draws each animated
            property's values over time and the motion paths of point-valued properties, with a
            dot per frame. -o FILE.png draws the same chart as a PNG.
            """,
        sections: [
            OptionSection(
                title: "options",
                options: [
                    OptionSpec(
                        name: "--samples", value: .number("N"), help: "points per curve (default 401)"),
                    OptionSpec(
                        name: "--title", value: .text("TEXT"), help: "the chart's title (default: the SPECs)"),
                    OptionSpec(
                        name: "--fps", value: .number("N"),
                        help: "frames per second when plotting a script (default 60)"),
                    output,
                    watch,
                ])
        ] + runtimeSections,
        operand: .easing,
        runCommand: { args, session in try PlotCommand.run(&args, session) })

    static let preview = CommandSpec(
        name: "preview",
        synopsis: ["SCRIPT.lua [options]"],
        summary: "write an HTML page that plays the scene, with controls and charts",
        about: """
            Writes one self-contained HTML page (no network, no external files) that plays the
            scene SCRIPT.lua builds: every layer drawn as Core Animation composes it (bounds,
            position, anchorPoint, transform in 2D and 3D, opacity, colours, borders, corner
            radii, shape-layer paths), with play/pause, a scrubber, speeds 0.1x, 0.25x and 1x,
            loop, space to play and the arrow keys to step one frame, and under the stage each
            changing property over time. A page script can use window.inbetween = { duration,
            fps, seek(seconds), play(), pause() }; each layer's element has data-layer="NAME"
            with its geometry in CSS pixels (1 point = 1 px, origin top-left). With --watch
            the page also re-loads FILE.data.js, written beside it, and shows each new version
            within a second, keeping its time and play state.
            """,
        sections: [
            OptionSection(
                title: "options",
                options: [
                    fps,
                    from,
                    to,
                    OptionSpec(
                        name: "--title", value: .text("TEXT"),
                        help: "the page's title (default: the script's name)"),
                    OptionSpec(
                        name: "-o", value: .file("FILE"),
                        help: "write FILE (default: SCRIPT.html beside the script; -: standard output)"),
                    watch,
                ])
        ] + runtimeSections,
        runCommand: { args, session in try PreviewCommand.run(&args, session) })

    static let render = CommandSpec(
        name: "render",
        synopsis: ["SCRIPT.lua -o OUT [options]"],
        summary: "draw the scene's frames into a video, a GIF, PNGs or a contact sheet",
        about: """
            Runs SCRIPT.lua (- reads it from standard input), draws every frame as Core
            Animation composes the layers, and writes what OUT's name asks for: .mp4 (H.264,
            4:2:0; an odd side is padded by one pixel), .webm (VP9, with alpha when the
            background is transparent), .gif (one palette made from all the frames; each frame
            within half a centisecond of its time), .apng, .png (the first frame, the frame at
            --at T, or a contact sheet with --sheet), or DIR/ (one PNG per frame, 00000.png
            up). Movies are written by ffmpeg (Debian: apt-get install ffmpeg), fed each frame
            as it is drawn; .png and DIR/ need no ffmpeg. Nothing is written unless the whole
            render succeeds. The size is --size, else the script's scene{ size = }, else the
            box of everything drawn over the run.
            """,
        sections: [
            OptionSection(
                title: "options",
                options: [
                    OptionSpec(
                        name: "-o", value: .file("OUT"),
                        help: "the output: .mp4, .webm, .gif, .apng, .png or a folder DIR/ (required)"),
                    fps,
                    from,
                    to,
                    OptionSpec(
                        name: "--at", value: .number("T"),
                        help: ".png: the frame at T seconds (default: the first)"),
                    OptionSpec(
                        name: "--size", value: .text("WxH"),
                        help: "the picture in points (default: scene{size}, else what is drawn)"),
                    OptionSpec(
                        name: "--scale", value: .number("N"),
                        help: "pixels per point, e.g. 2 for Retina (default 1)"),
                    OptionSpec(
                        name: "--background", value: .text("COLOR"),
                        help: "#rrggbb, a colour name, or transparent (default white)"),
                    OptionSpec(
                        name: "--sheet", value: .text("COLSxROWS"),
                        help: ".png: a contact sheet of frames at even times, each labelled with its time"),
                ])
        ] + runtimeSections,
        runCommand: { args, session in try RenderCommand.run(&args, session) })

    static let list = CommandSpec(
        name: "list",
        synopsis: ["[options]"],
        summary: "list timing presets, easings, springs and presets with their plugin",
        about: """
            Lists every timing preset, easing, spring and animation preset with the plugin and
            file it came from, and the name clashes resolved while loading the plugins.
            """,
        sections: [
            OptionSection(
                title: "options",
                options: [
                    OptionSpec(name: "--json", help: "one JSON document instead of columns")
                ])
        ] + runtimeSections,
        operand: .none,
        runCommand: { args, session in try ListCommand.run(&args, session) })

    static let batch = CommandSpec(
        name: "batch",
        synopsis: ["SCRIPT_OR_DIR... -o OUTDIR [options]", "--manifest jobs.jsonl -o OUTDIR [options]"],
        summary: "run many scripts on worker processes, one output each",
        about: """
            Runs each script (a folder means its *.lua files) and writes its frames to OUTDIR,
            named after the script (wave.lua -> wave.json). Jobs run on worker processes, one
            Lua state each, reused between jobs with a fresh environment; a script that crashes
            its worker fails alone. A manifest has one JSON object per line:
            {"script": "a.lua", "params": {"n": 3}, "output": "a-3.csv"}; params is the
            script's global table `params`. SIGINT or SIGTERM stops a batch (exit 130 or 143):
            finished outputs stay, and --skip-existing runs the rest. On a Slurm array (any
            start or step) or a Kubernetes indexed Job:
              inbetween batch jobs/ -o out --shard auto
              inbetween batch jobs/ -o out --shard $((JOB_COMPLETION_INDEX+1))/COMPLETIONS
            """,
        sections: [
            OptionSection(
                title: "options",
                options: [
                    OptionSpec(
                        name: "-o", value: .folder("OUTDIR"), help: "output folder (created when missing)"),
                    OptionSpec(
                        name: "--jobs", value: .number("N"),
                        help: "worker processes (default: the CPUs this process may use)"),
                    OptionSpec(
                        name: "--format", value: .choice("FORMAT", BatchFormat.names),
                        help:
                            "the output format (default json); mp4, webm, gif, apng, png: drawn as render draws"
                    ),
                    bake,
                    world,
                    fps,
                    precision,
                    OptionSpec(
                        name: "--skip-existing", help: "skip jobs whose output file exists (resume a batch)"),
                    OptionSpec(
                        name: "--shard", value: .text("K/N"),
                        help:
                            "run only the K-th of N slices (job i in slice i mod N + 1); auto: K/N of a Slurm array task"
                    ),
                    OptionSpec(
                        name: "--manifest", value: .file("FILE"),
                        help: "jobs from FILE, one JSON object per line"),
                    OptionSpec(
                        name: "--max-manifest-size", value: .text("BYTES"),
                        help: "refuse a larger manifest, e.g. 64M, 1G (default 256M)"),
                ])
        ] + runtimeSections,
        runCommand: { args, _ in try BatchCommand.run(&args) })

    static let helpCommand = CommandSpec(
        name: "help",
        synopsis: ["[COMMAND]"],
        summary: "show the help of a command (the same as COMMAND --help)",
        sections: [OptionSection(title: "options", options: [help])],
        operand: .command,
        runCommand: { args, _ in try CLI.helpCommand(&args) })

    // MARK: Hidden commands (internal protocols; parsed by the same rules, never listed)

    static let worker = CommandSpec(
        name: "__worker",
        synopsis: ["[options]"],
        summary: "a batch worker process (internal)",
        sections: [
            OptionSection(
                title: "options",
                options: [
                    OptionSpec(
                        name: "--format", value: .choice("FORMAT", BatchFormat.names),
                        help: "the output format"),
                    bake,
                    world,
                    fps,
                    precision,
                    OptionSpec(name: "--report-plugins", help: "report plugin failures on stderr"),
                ])
        ] + runtimeSections,
        operand: .none,
        hidden: true,
        runCommand: { args, session in try Worker.run(&args, session) })

    static let benchWrite = CommandSpec(
        name: "__bench-write",
        synopsis: ["FRAMES csv|json shortest|P FILE"],
        summary: "time the frame writers (scripts/bench)",
        sections: [],
        hidden: true,
        runCommand: { args, _ in try BenchWriteCommand.run(&args) })

    static let generate = CommandSpec(
        name: "__generate",
        synopsis: ["man|bash|zsh|fish"],
        summary: "print the man page or a shell completion script (scripts/install)",
        sections: [],
        operand: .words(["man", "bash", "zsh", "fish"]),
        hidden: true,
        runCommand: { args, _ in try GenerateCommand.run(&args) })

    /// Every command, in the order the help lists them.
    static let commands: [CommandSpec] = [
        run, curve, plot, preview, render, list, batch, helpCommand, worker, benchWrite, generate,
    ]

    static var visibleCommands: [CommandSpec] { commands.filter { !$0.hidden } }

    static func command(named name: String) -> CommandSpec? {
        commands.first { $0.name == name }
    }

    /// What may come before the command: `inbetween --verbose run ...`, `inbetween --version`.
    static let topLevel = CommandSpec(
        name: "inbetween",
        synopsis: ["COMMAND [options]"],
        summary: "a timing engine scripted in Lua",
        sections: [
            OptionSection(
                title: "options",
                options: [
                    help,
                    OptionSpec(name: "--version", help: "show the version"),
                    verbose,
                ])
        ],
        operand: .command,
        runCommand: { _, _ in 0 })
}
