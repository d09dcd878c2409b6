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
}
