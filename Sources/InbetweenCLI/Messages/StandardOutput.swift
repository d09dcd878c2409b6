import Foundation
import Inbetween

/// Text a command writes on standard output (help, `list`, the generated man page and
/// completions), written at once with write(2) rather than through stdio, so that a reader
/// that has gone (`inbetween list | head -1`) ends the command as it ends one writing frames:
/// `OutputClosed`, quietly.
enum StandardOutput {
    static func write(_ text: String) throws {
        var text = text
        let failure = text.withUTF8 { writeFully(STDOUT_FILENO, UnsafeRawBufferPointer($0)) }
        if failure == EPIPE { throw OutputClosed(destination: "standard output") }
        if failure != 0 {
            throw OutputError.cannotWrite("standard output", reason: String(cString: strerror(failure)))
        }
    }

    /// `text` and a newline.
    static func line(_ text: String) throws { try write(text + "\n") }
}
