/// An error that came out of Lua (or out of loading a script), as a value: where it happened
/// and what it says. Only the CLI turns it into text for people.
package struct LuaError: Error, Hashable, Sendable {
    package enum Kind: String, Hashable, Sendable {
        case syntax, runtime, memory, file, limit, handler, interrupted
    }
    package var kind: Kind
    /// The chunk (script path) the message points at, when it points at one.
    package var chunk: String?
    package var line: Int?
    /// The message without the `chunk:line:` prefix.
    package var message: String
    package var traceback: String?
    /// The limit that stopped the script, for kinds `.limit` and `.interrupted`.
    package var limit: LuaLimit?

    package init(
        kind: Kind, chunk: String? = nil, line: Int? = nil, message: String,
        traceback: String? = nil, limit: LuaLimit? = nil
    ) {
        self.kind = kind
        self.limit = limit
        self.chunk = chunk
        self.line = line
        self.message = message
        self.traceback = traceback
    }

    /// Splits Lua's `chunk:line: message` form (and a trailing traceback) into fields.
    package init(kind: Kind, luaMessage raw: String) {
        var text = raw
        var traceback: String?
        if let range = raw.range(of: "\nstack traceback:\n") {
            text = String(raw[..<range.lowerBound])
            traceback = String(raw[range.lowerBound...].dropFirst())
        }
        let (chunk, line, message) = LuaError.splitPosition(text)
        self.init(kind: kind, chunk: chunk, line: line, message: message, traceback: traceback)
    }

    /// `chunk:line: message` as Lua writes it.
    package var positionedMessage: String {
        guard let chunk else { return message }
        guard let line else { return "\(chunk): \(message)" }
        return "\(chunk):\(line): \(message)"
    }

    /// Finds the first `:<digits>: ` and treats what precedes it as the chunk name.
    static func splitPosition(_ text: String) -> (String?, Int?, String) {
        let chars = Array(text.utf8)
        var i = 0
        while i < chars.count {
            if chars[i] == UInt8(ascii: ":") {
                var j = i + 1
                while j < chars.count, chars[j] >= 48, chars[j] <= 57 { j += 1 }
                if j > i + 1, j + 1 < chars.count, chars[j] == UInt8(ascii: ":"),
                    chars[j + 1] == UInt8(ascii: " "), i > 0
                {
                    let chunk = String(decoding: chars[0..<i], as: UTF8.self)
                    let line = Int(String(decoding: chars[(i + 1)..<j], as: UTF8.self))
                    let rest = String(decoding: chars[(j + 2)...], as: UTF8.self)
                    if !chunk.contains("\n") { return (chunk, line, rest) }
                    return (nil, nil, text)
                }
            }
            if chars[i] == UInt8(ascii: "\n") { break }
            i += 1
        }
        return (nil, nil, text)
    }
}
