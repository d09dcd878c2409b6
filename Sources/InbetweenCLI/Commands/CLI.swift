import Foundation
import Inbetween

enum CLI {
    static let version = "0.2.0"
    /// A run that ignores its limits this long after one fired ends the process.
    static let hardExitGrace = 2.0

    /// `--verbose`, before the command or among its options: Lua tracebacks with errors.
    nonisolated(unsafe) static var verbose = false

    /// The status of a command whose output's reader went away (`OutputClosed`): 128 +
    /// SIGPIPE, what shells report for a tool that SIGPIPE ended.
    static let readerGoneStatus: Int32 = 141

    /// Runs the command line and returns the process exit status.
    static func main(_ arguments: [String]) -> Int32 {
        // A write to a pipe whose reader has gone fails with EPIPE instead of ending the
        // process where it stands: the command stops at that write, quietly, and leaves no
        // staging file (`OutputClosed`).
        signal(SIGPIPE, SIG_IGN)
        CommandInterrupts.install(hardExitAfter: hardExitGrace, cleanup: removeTemporaryOutputs)
        StagedFiles.installSignalHandlers()
        let session = CommandSession()
        let status = dispatch(arguments, session)
        // A run cut short by its reader says nothing more (its warnings are of a run that did
        // not finish).
        if status != readerGoneStatus { session.reportWarnings() }
        return status
    }

    static func dispatch(_ arguments: [String], _ session: CommandSession) -> Int32 {
        var command: String?
        do {
            // Options before the command: --help, --version, --verbose.
            var rest = arguments[...]
            while let first = rest.first, first.hasPrefix("-") {
                rest = rest.dropFirst()
                switch first {
                case "-h", "--help", "--version":
                    // Nothing may follow: `--version extra` is a mistake, not a version.
                    if let extra = rest.first {
                        throw UsageError("option \(first) takes no arguments, got '\(extra)'")
                    }
                    try StandardOutput.line(
                        first == "--version" ? "inbetween \(version)" : HelpText.topLevel())
                    return 0
                case "--verbose":
                    verbose = true
                default:
                    throw UsageError(
                        "unknown option '\(first)' (options go after the command: inbetween COMMAND [options])"
                    )
                }
            }
            guard let name = rest.first else { throw UsageError("missing command") }
            guard let spec = CommandTable.command(named: name) else {
                let names = CommandTable.visibleCommands.map(\.name)
                throw UsageError.unknownCommand(
                    name, hint: Suggestions.phrase(Suggestions.closest(to: name, in: names)))
            }
            command = spec.hidden ? nil : spec.name
            let items = Array(rest.dropFirst())
            var args: Arguments
            do {
                args = try Arguments(parsing: items, for: spec)
            } catch {
                // `run --fps --help`: a request for help wins over a malformed line.
                if spec.option("--help") != nil && (items.contains("--help") || items.contains("-h")) {
                    try StandardOutput.line(HelpText.command(spec))
                    return 0
                }
                throw error
            }
            if spec.option("--help") != nil && args.flag("--help") {
                try StandardOutput.line(HelpText.command(spec))
                return 0
            }
            if spec.option("--verbose") != nil && args.flag("--verbose") { verbose = true }
            return try spec.runCommand(&args, session)
        } catch is OutputClosed {
            return readerGoneStatus
        } catch let error as UsageError {
            Diagnostics.report(error, command: command)
            return 2
        } catch let error as ScriptError {
            Diagnostics.report(error, verbose: verbose)
            // 128 + SIGINT, as shells report a process ended by Ctrl-C.
            return error.kind == .interrupted ? 130 : 1
        } catch let error as CommandError {
            Diagnostics.report(message: error.description)
            return 1
        } catch let error as OutputError {
            Diagnostics.report(message: error.description)
            return 1
        } catch {
            Diagnostics.report(message: String(describing: error))
            return 1
        }
    }

    /// `inbetween help [COMMAND]`.
    static func helpCommand(_ args: inout Arguments) throws -> Int32 {
        let name = args.next()
        try args.finish()
        guard let name else {
            try StandardOutput.line(HelpText.topLevel())
            return 0
        }
        guard let spec = CommandTable.command(named: name), !spec.hidden else {
            throw UsageError.unknownCommand(
                name, hint: " (commands: \(CommandTable.visibleCommands.map(\.name).joined(separator: ", ")))"
            )
        }
        try StandardOutput.line(HelpText.command(spec))
        return 0
    }
}
