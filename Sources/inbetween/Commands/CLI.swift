import Foundation
import InbetweenLua

enum CLI {
    static let version = "0.1.0"
    /// The runtime of the running command (kept alive until exit; see RuntimeOptions).
    nonisolated(unsafe) static var activeRuntime: Runtime?
    /// A run that ignores its limits this long after one fired ends the process.
    static let hardExitGrace = 2.0

    static let usage = """
        usage: inbetween <command> [options]

        commands:
          run SCRIPT.lua     run a script and write the frames of the scene it builds
                             [--fps N] [--from T] [--to T] [--format json|csv|css|swift]
                             [--precision P] [-o FILE]
          list [--json]      list timing presets, easings, springs and presets with their plugin
          batch SCRIPT_OR_DIR... -o OUTDIR
                             run many scripts on worker processes, one output each
                             [--jobs N] [--format json|csv] [--fps N] [--precision P]
                             [--skip-existing] [--shard K/N] [--manifest FILE] (batch --help)
          curve SPEC         sample one easing as csv, json, css linear() or svg (curve --help)
          plot SPEC...       draw easings overlaid on one SVG chart, or with one SCRIPT.lua
                             its motion paths and values over time (plot --help)

        plugin options (run, list, curve, plot, batch):
          --plugins DIR      also load the plugins in DIR (repeatable)
          --no-user-plugins  ignore the user's folder and INBETWEEN_PLUGIN_PATH (reproducible runs)
          --trusted          give scripts the full Lua standard library

        limits (run, list, curve, plot; 0 turns one off):
          --max-instructions N  Lua VM instructions per script (default 1e9)
          --max-memory BYTES    memory of the Lua state, e.g. 512M, 2G (default 1G)
          --timeout SECONDS     wall-clock time per script (default 60)
          --max-frames N        frames one sample request may produce (default 1e7)

        options:
          -h, --help         show this help
          --version          show the version
          --verbose          print Lua tracebacks with errors
        """

    /// Runs the command line and returns the process exit status.
    static func main(_ arguments: [String]) -> Int32 {
        LuaInterrupts.install(hardExitAfter: hardExitGrace, cleanup: removeTemporaryOutputs)
        let status = dispatch(arguments)
        if let runtime = activeRuntime { Diagnostics.report(warnings: runtime.host.takeWarnings()) }
        return status
    }

    static func dispatch(_ arguments: [String]) -> Int32 {
        var args = Arguments(arguments)
        let verbose = args.flag("--verbose")
        do {
            if args.flag("--version") {
                print("inbetween \(version)")
                return 0
            }
            guard let command = args.next() else {
                if args.flag("-h") || args.flag("--help") {
                    print(usage)
                    return 0
                }
                throw UsageError("missing command")
            }
            switch command {
            case "-h", "--help", "help":
                print(usage)
                return 0
            case "run":
                return try RunCommand.run(&args)
            case "list":
                return try ListCommand.run(&args)
            case "batch":
                return try BatchCommand.run(&args)
            case "__worker":
                return try Worker.run(&args)
            case "__bench-write":
                return try BenchWriteCommand.run(&args)
            case "curve":
                return try CurveCommand.run(&args, verbose: verbose)
            case "plot":
                return try PlotCommand.run(&args, verbose: verbose)
            default:
                throw UsageError("unknown command '\(command)'")
            }
        } catch let error as UsageError {
            Diagnostics.report(error)
            return 2
        } catch let error as LuaError {
            Diagnostics.report(error, verbose: verbose)
            // 128 + SIGINT, as shells report a process ended by Ctrl-C.
            return error.kind == .interrupted ? 130 : 1
        } catch let error as CommandError {
            Diagnostics.report(message: error.description)
            return 1
        } catch {
            Diagnostics.report(message: String(describing: error))
            return 1
        }
    }
}
