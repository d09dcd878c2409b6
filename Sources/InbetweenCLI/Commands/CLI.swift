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
            var rest = arguments[...]
            if try answeredTopLevel(&rest) { return 0 }
            guard let name = rest.first else { throw UsageError("missing command") }
            guard let spec = CommandTable.command(named: name) else {
                let names = CommandTable.visibleCommands.map(\.name)
                throw UsageError.unknownCommand(
                    name, hint: Suggestions.phrase(Suggestions.closest(to: name, in: names)))
            }
            command = spec.hidden ? nil : spec.name
            guard var args = try commandArguments(Array(rest.dropFirst()), for: spec) else { return 0 }
            if spec.option("--verbose") != nil && args.flag("--verbose") { verbose = true }
            return try spec.runCommand(&args, session)
        } catch {
            return status(reporting: error, command: command)
        }
    }

    /// Options before the command: --help, --version, --verbose. True when one was answered
    /// (help or the version printed) and nothing more is to run.
    private static func answeredTopLevel(_ rest: inout ArraySlice<String>) throws -> Bool {
        while let first = rest.first, first.hasPrefix("-") {
            rest = rest.dropFirst()
            switch first {
            case "-h", "--help", "--version":
                // Nothing may follow: `--version extra` is a mistake, not a version.
                if let extra = rest.first {
                    throw UsageError("option \(first) takes no arguments, got '\(extra)'")
                }
                try StandardOutput.line(first == "--version" ? "inbetween \(version)" : HelpText.topLevel())
                return true
            case "--verbose":
                verbose = true
            default:
                throw UsageError(
                    "unknown option '\(first)' (options go after the command: inbetween COMMAND [options])")
            }
        }
        return false
    }

    /// The command's arguments parsed, or nil when its help was asked for and printed.
    private static func commandArguments(_ items: [String], for spec: CommandSpec) throws -> Arguments? {
        var args: Arguments
        do {
            args = try Arguments(parsing: items, for: spec)
        } catch {
            // `run --fps --help`: a request for help wins over a malformed line.
            if spec.option("--help") != nil && (items.contains("--help") || items.contains("-h")) {
                try StandardOutput.line(HelpText.command(spec))
                return nil
            }
            throw error
        }
        if spec.option("--help") != nil && args.flag("--help") {
            try StandardOutput.line(HelpText.command(spec))
            return nil
        }
        return args
    }

    /// Reports `error` and gives the exit status: 2 for a usage mistake, 130 for Ctrl-C, the
    /// reader-gone status for a closed output, 1 otherwise.
    private static func status(reporting error: any Error, command: String?) -> Int32 {
        switch error {
        case is OutputClosed:
            return readerGoneStatus
        case let error as UsageError:
            Diagnostics.report(error, command: command)
            return 2
        case let error as ScriptError:
            Diagnostics.report(error, verbose: verbose)
            // 128 + SIGINT, as shells report a process ended by Ctrl-C.
            return error.kind == .interrupted ? 130 : 1
        case let error as CommandError:
            Diagnostics.report(message: error.description)
            return 1
        case let error as OutputError:
            Diagnostics.report(message: error.description)
            return 1
        default:
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
