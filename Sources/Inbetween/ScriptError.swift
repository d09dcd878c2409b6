import InbetweenEngine
import InbetweenLua

/// An error from a script, a plugin, an easing or a request, as a value: the script and line
/// it points at, the parameter it names, the limit that stopped the run and Lua's traceback.
/// `description` reads as Lua and the command line write it: `ball.lua:12: bad argument #2 to
/// 'cubic' (number expected, got string)` (the command line adds, for a limit, the option
/// that raises it: `Limit.option`).
public struct ScriptError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure it was.
    public enum Kind: String, Hashable, Sendable {
        /// The script or plugin does not parse.
        case syntax
        /// It raised an error while running, or asked for something invalid.
        case runtime
        /// A file could not be read.
        case file
        /// A bound of `HostOptions.Limits` was reached (or the memory ran out).
        case limit
        /// The run was interrupted (Ctrl-C in the command line).
        case interrupted
    }

    /// Which bound of `HostOptions.Limits` stopped a run.
    public enum Limit: String, Hashable, Sendable {
        case instructions, memory, seconds, frames
    }

    /// What kind of failure it was.
    public var kind: Kind
    /// The script or plugin file the message points at, when it points at one (the `name` a
    /// script given as text was run under).
    public var file: String?
    /// The line in `file`, when known.
    public var line: Int?
    /// The message without the `file:line:` prefix.
    public var message: String
    /// The parameter the message is about, when it names one: `duration` of `bad value for
    /// 'duration' (-1): ...`, `#2 to 'cubic'` of `bad argument #2 to 'cubic' (...)`.
    public var parameter: String?
    /// The bound that stopped the run, for kind `.limit`.
    public var limit: Limit?
    /// Lua's stack traceback at the error (`stack traceback:` and its lines), when the error
    /// came from running Lua; the command line prints it with `--verbose`.
    public var traceback: String?

    /// `file:line: message`, or the message alone when it has no position.
    public var description: String {
        switch (file, line) {
        case (let file?, let line?): return "\(file):\(line): \(message)"
        case (let file?, nil): return "\(file): \(message)"
        default: return message
        }
    }

    init(_ error: LuaError) {
        switch error.kind {
        case .syntax: kind = .syntax
        case .file: kind = .file
        case .memory, .limit: kind = .limit
        case .interrupted: kind = .interrupted
        case .runtime, .handler: kind = .runtime
        }
        file = error.chunk
        line = error.line
        message = error.message
        traceback = error.traceback
        switch error.limit {
        case .instructions: limit = .instructions
        case .memory: limit = .memory
        case .time: limit = .seconds
        case .frames: limit = .frames
        case .interrupt, nil: limit = nil
        }
        parameter = ScriptError.parameter(in: error.message)
    }

    /// An error the host composed itself (Ctrl-C while waiting for a reader, a lookup that
    /// failed): the parameter is read from the message as for Lua's.
    package init(kind: Kind, file: String? = nil, line: Int? = nil, message: String, limit: Limit? = nil) {
        self.kind = kind
        self.file = file
        self.line = line
        self.message = message
        self.limit = limit
        parameter = ScriptError.parameter(in: message)
    }

    init(runtime message: String, parameter: String? = nil) {
        kind = .runtime
        self.message = message
        self.parameter = parameter ?? ScriptError.parameter(in: message)
    }

    /// Any error the Lua layer or the engine threw, as a `ScriptError`.
    static func wrap(_ error: any Error) -> ScriptError {
        switch error {
        case let e as ScriptError: return e
        case let e as LuaError: return ScriptError(e)
        case let e as EngineError: return ScriptError(runtime: e.description, parameter: e.parameter)
        default: return ScriptError(runtime: String(describing: error))
        }
    }

    /// The parameter of the two forms the engine and Lua name one in: `bad value for 'NAME'`
    /// (`EngineError`) and `bad argument #N to 'F'` (`luaL_argerror`).
    static func parameter(in message: String) -> String? {
        for (prefix, keepsQuotes) in [("bad value for '", false), ("bad argument ", true)] {
            guard let start = message.range(of: prefix) else { continue }
            let rest = message[start.upperBound...]
            if !keepsQuotes {
                return rest.firstIndex(of: "'").map { String(rest[..<$0]) }
            }
            // `#2 to 'cubic'`: up to the function name's closing quote.
            guard let open = rest.firstIndex(of: "'"),
                let close = rest[rest.index(after: open)...].firstIndex(of: "'")
            else { return nil }
            return String(rest[...close])
        }
        return nil
    }
}

extension ScriptError.Limit {
    /// The command line's option for this bound (`--max-instructions`).
    package var option: String {
        switch self {
        case .instructions: return "--max-instructions"
        case .memory: return "--max-memory"
        case .seconds: return "--timeout"
        case .frames: return "--max-frames"
        }
    }
}
