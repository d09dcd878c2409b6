import Foundation
import Inbetween

/// Where errors become text: `inbetween: path:line: message` on stderr, like `lua.c`'s
/// `progname: message`.
enum Diagnostics {
    static func write(_ text: String) {
        writeRaw(text + "\n")
    }

    static func report(message: String) {
        write("inbetween: \(message)")
    }

    /// A usage mistake, with where to read the usage: the command's own help when known.
    static func report(_ error: UsageError, command: String? = nil) {
        let help = command.map { "inbetween help \($0)" } ?? "inbetween --help"
        write("inbetween: \(error.message)\nTry '\(help)' for usage.")
    }

    /// `file:line: message`, with the option that raises a limit when one was hit, and the
    /// sandbox named when a script reached for a library it leaves out.
    static func line(_ error: ScriptError) -> String {
        var text = error.description
        if let limit = error.limit { text += "; raise it with \(limit.option)" }
        if let name = sandboxedGlobal(in: error.message) {
            text +=
                "; \(name) is not available in the sandbox (--trusted gives scripts Lua's full standard library)"
        }
        return text
    }

    /// The globals the sandbox removes (InbetweenLua's sandbox.lua). With `--trusted` they are
    /// there, so Lua's "nil value (global 'io')" about one of them means the sandbox.
    static let sandboxedGlobals = ["io", "debug", "package", "dofile", "loadfile"]

    /// `io` for "attempt to index a nil value (global 'io')" and the like, else nil.
    static func sandboxedGlobal(in message: String) -> String? {
        for name in sandboxedGlobals where message.hasSuffix(" a nil value (global '\(name)')") {
            return name
        }
        return nil
    }

    static func report(_ error: ScriptError, verbose: Bool) {
        var text = "inbetween: \(line(error))"
        if verbose, let traceback = error.traceback { text += "\n" + traceback }
        write(text)
    }

    /// Text without a newline (a progress line redrawn with `\r`). A stderr that cannot be
    /// written (its reader gone: `batch ... 2>&1 | head`) drops the text: the command goes on,
    /// where FileHandle's `write(_:)` trapped (SIGILL, with SIGPIPE ignored).
    static func writeRaw(_ text: String) {
        var text = text
        text.withUTF8 { _ = writeFully(STDERR_FILENO, UnsafeRawBufferPointer($0)) }
    }

    /// Any error as the one-line text after `inbetween: ` (batch results carry it).
    static func text(of error: Error) -> String {
        switch error {
        case let e as ScriptError: return line(e)
        case let e as UsageError: return e.message
        default: return String(describing: error)
        }
    }

    /// Warnings Lua collected (errors in __gc metamethods among them).
    static func report(warnings: [String]) {
        for w in warnings { write("inbetween: warning: \(w)") }
    }
}
