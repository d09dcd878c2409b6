import Foundation
import InbetweenLua

/// The line protocol between `inbetween batch` and its workers (`inbetween __worker`), over
/// the worker's stdin and stdout: one JSON object per line each way.
///
/// - start-up: the worker's arguments carry what is the same for every job (format, fps,
///   precision, the runtime options), so a job line carries only what differs;
/// - in: `{"id":3,"script":"a.lua","output":"/out/.inbetween-batch-123/3","params":{...}}`
///   — `output` is a path in a staging folder beside the final one; the parent renames it
///   into place when the job succeeded (so an output appears whole or not at all);
/// - out: `{"id":3,"ok":true,"bytes":1234}` or `{"id":3,"ok":false,"error":"a.lua:3: boom"}`.
///
/// A worker that dies (a signal, a VM crash) just stops answering: the parent sees its pipe
/// close, reports the job it held as failed, and starts another worker.
struct JobRequest: Codable, Hashable, Sendable {
    var id: Int
    var script: String
    var output: String
    var params: ScriptParameter?
}

struct JobResult: Codable, Hashable, Sendable {
    var id: Int
    var ok: Bool
    var bytes: Int?
    var error: String?
}

enum WorkerMessages {
    static func encode<T: Encodable>(_ message: T) -> [UInt8] {
        // JSONEncoder escapes newlines inside strings, so a message is always one line.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        var bytes = [UInt8]((try? encoder.encode(message)) ?? Data())
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    static func decode<T: Decodable>(_ type: T.Type, _ line: ArraySlice<UInt8>) -> T? {
        try? JSONDecoder().decode(type, from: Data(line))
    }
}

/// Reads newline-terminated lines from a file descriptor, keeping partial lines between reads.
struct LineReader {
    let fd: Int32
    private var pending: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)

    init(fd: Int32) { self.fd = fd }

    /// Reads what is available (blocking once) and returns the complete lines; nil at EOF
    /// (or on a read error) with no complete line left.
    mutating func readLines() -> [ArraySlice<UInt8>]? {
        var n: Int
        repeat {
            n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
        } while n < 0 && errno == EINTR
        if n <= 0 { return nil }
        pending.append(contentsOf: chunk[0..<n])
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(ArraySlice(pending[start..<newline]))
            start = newline + 1
        }
        pending.removeFirst(start)
        return lines
    }
}
