import Foundation
import InbetweenLua

/// Where errors become text: `inbetween: path:line: message` on stderr, like `lua.c`'s
/// `progname: message`.
enum Diagnostics {
    static func write(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    static func report(message: String) {
        write("inbetween: \(message)")
    }

    static func report(_ error: UsageError) {
        write("inbetween: \(error.message)\nTry 'inbetween --help' for usage.")
    }

    static func report(_ error: LuaError, verbose: Bool) {
        var text = "inbetween: \(error.positionedMessage)"
        if verbose, let traceback = error.traceback { text += "\n" + traceback }
        write(text)
    }

    /// Text without a newline (a progress line redrawn with `\r`).
    static func writeRaw(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Any error as the one-line text after `inbetween: ` (batch results carry it).
    static func text(of error: Error) -> String {
        switch error {
        case let e as LuaError: return e.positionedMessage
        case let e as UsageError: return e.message
        default: return String(describing: error)
        }
    }
}
