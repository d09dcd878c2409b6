import CLua
import Foundation

/// Where a script comes from: a file, or text already read (standard input, `-` on the
/// command line), which Lua names `stdin` in its messages as `lua.c` does.
package enum ScriptSource: Sendable, Equatable {
    case file(String)
    /// The text and the chunk name errors show (`stdin:3: ...`).
    case text(String, name: String)

    /// `-` is standard input, anything else a path.
    package static func operand(_ text: String) throws(LuaError) -> ScriptSource {
        guard text == "-" else { return .file(text) }
        guard let bytes = readAll(STDIN_FILENO) else {
            throw LuaError(
                kind: .file, message: "cannot read standard input (\(String(cString: strerror(errno))))")
        }
        return .text(String(decoding: bytes, as: UTF8.self), name: "stdin")
    }

    /// The name messages use: the path, or `stdin`.
    package var name: String {
        switch self {
        case .file(let path): return path
        case .text(_, let name): return name
        }
    }

    /// Where `require` looks first: the script's folder; the current folder for text.
    package var folder: String {
        // Searched in the UTF-8 bytes ("/" is one): by Characters it cost a batch job more than
        // its script's file name is worth.
        guard case .file(let path) = self, let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else {
            return "."
        }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The file name without its folders (`x.lua`), or `stdin`.
    package var baseName: String {
        guard case .file(let path) = self, let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else {
            return name
        }
        return String(path[path.utf8.index(after: slash)...])
    }

    private static func readAll(_ fd: Int32) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<n])
        }
    }
}

extension LuaHost {
    /// Loads and runs a script; its results stay on the stack. Returns their count.
    @discardableResult
    package func run(_ source: ScriptSource) throws(LuaError) -> Int32 {
        switch source {
        case .file(let path): try load(file: path)
        case .text(let text, let name): try load(string: text, chunkName: "=" + name)
        }
        return try call()
    }
}
