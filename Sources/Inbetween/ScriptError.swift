import InbetweenLua

/// An error from a script, a plugin or a request: where it happened and what it says.
/// `description` reads as Lua and the CLI write it: `ball.lua:12: bad argument #2 to 'cubic'
/// (number expected, got string)`.
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
        /// The run was interrupted.
        case interrupted
    }

    /// What kind of failure it was.
    public var kind: Kind
    /// The script or plugin file the message points at, when it points at one.
    public var file: String?
    /// The line in `file`, when known.
    public var line: Int?
    /// The message without the `file:line:` prefix.
    public var message: String

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
    }

    init(runtime message: String) {
        kind = .runtime
        file = nil
        line = nil
        self.message = message
    }

    /// Any error the Lua layer or the engine threw, as a `ScriptError`.
    static func wrap(_ error: any Error) -> ScriptError {
        if let e = error as? ScriptError { return e }
        if let e = error as? LuaError { return ScriptError(e) }
        if let e = error as? EngineError { return ScriptError(runtime: e.description) }
        return ScriptError(runtime: String(describing: error))
    }
}
