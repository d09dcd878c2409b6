import Foundation
import Inbetween

/// The line protocol between `inbetween batch` and its workers (`inbetween __worker`), over
/// the worker's stdin and stdout: one JSON object per line each way.
///
/// - start-up: the worker's arguments carry what is the same for every job (format, fps,
///   precision, the runtime options), so a job line carries only what differs;
/// - in, first: the batch's folders, `{"staging":"/out/.inbetween-batch-h-123-9f","output":"/out",
///   "batch":123}` (JobFolders; a worker starts before they exist);
/// - in, per job: `{"id":3,"script":"a.lua","output":"a.csv","params":{...}}` — `output` is the
///   file's name in the output folder. The worker writes the frames into the staging folder
///   under the job's number and, when the job succeeded, renames that file into place (so an
///   output appears whole or not at all) before it answers;
/// - out: `{"ready":true}` once, when the plugins are loaded (the parent's watchdog then times
///   jobs rather than the start-up, which has a time limit of its own); then per job
///   `{"id":3,"ok":true,"bytes":1234}` or `{"id":3,"ok":false,"error":"a.lua:3: boom"}`.
///
/// A worker that dies (a signal, a VM crash) just stops answering: the parent sees its pipe
/// close, reports the job it held as failed, removes what it staged, and starts another worker.
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
    static let ready = Array("{\"ready\":true}\n".utf8)

    static func isReady(_ line: ArraySlice<UInt8>) -> Bool {
        line.elementsEqual(ready.dropLast())
    }

    static func codable<T: Encodable>(_ message: T) -> [UInt8] {
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

    // The two messages of every job, written and read by hand: JSONEncoder/JSONDecoder cost
    // tens of microseconds a message, and the parent's share of that is CPU the workers lose
    // on a machine with as many workers as cores. Anything else goes through Codable.

    static func encode(_ request: JobRequest) -> [UInt8] {
        var line: [UInt8] = []
        line.reserveCapacity(40 + request.script.utf8.count + request.output.utf8.count)
        append(request, to: &line)
        return line
    }

    /// `encode(request)` appended to `line`: the parent builds the lines of several jobs in one
    /// buffer, for one write.
    static func append(_ request: JobRequest, to line: inout [UInt8]) {
        guard request.params == nil else { return line.append(contentsOf: codable(request)) }
        // Appended as bytes: building the line as an interpolated String first cost the
        // parent more than the rest of its work for the job. (No reserveCapacity here: with
        // several jobs in one buffer, reserving exactly copied the buffer for each.)
        appendLiteral(#"{"id":"#, to: &line)
        appendDecimal(request.id, to: &line)
        appendLiteral(#","script":"#, to: &line)
        appendJSONString(request.script, to: &line)
        appendLiteral(#","output":"#, to: &line)
        appendJSONString(request.output, to: &line)
        appendLiteral("}\n", to: &line)
    }

    /// A literal's bytes, straight from the binary: a String literal's UTF8View went through
    /// the generic append, about 170 instructions each (callgrind, the batch's parent).
    private static func appendLiteral(_ literal: StaticString, to line: inout [UInt8]) {
        line.append(
            contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// A job number's digits, without the String `String(n)` makes. (Negative numbers, which no
    /// job has, are written by `String` all the same.)
    private static func appendDecimal(_ n: Int, to line: inout [UInt8]) {
        guard n >= 0 else { return line.append(contentsOf: String(n).utf8) }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: Int.max has 19 digits
        var count = 0
        var rest = n
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                count += 1
                buffer[buffer.count - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            line.append(contentsOf: buffer[(buffer.count - count)...])
        }
    }

    /// `jsonString(s)`'s bytes appended to `line`: a path that needs no escape (almost every
    /// one) is checked and copied through its contiguous UTF-8, without the quoted String
    /// `jsonString` builds (two per job line: a fifth of the parent's work per job).
    static func appendJSONString(_ s: String, to line: inout [UInt8]) {
        let copied: Bool? = s.utf8.withContiguousStorageIfAvailable { bytes in
            for b in bytes where b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") {
                return false
            }
            line.append(UInt8(ascii: "\""))
            line.append(contentsOf: bytes)
            line.append(UInt8(ascii: "\""))
            return true
        }
        if copied != true { line.append(contentsOf: jsonString(s).utf8) }
    }

    /// A worker's first line, written by hand as the job lines are: JSONEncoder's first use
    /// cost the parent 450K instructions before its first job could go out (callgrind), most
    /// of it looking up the Codable conformances at run time.
    static func encode(_ folders: JobFolders) -> [UInt8] {
        var line: [UInt8] = []
        appendLiteral(#"{"staging":"#, to: &line)
        appendJSONString(folders.staging, to: &line)
        appendLiteral(#","output":"#, to: &line)
        appendJSONString(folders.output, to: &line)
        appendLiteral(#","batch":"#, to: &line)
        appendDecimal(Int(folders.batch), to: &line)
        appendLiteral("}\n", to: &line)
        return line
    }

    /// The folders in exactly the form `encode(_: JobFolders)` writes, with no escape in the
    /// paths; anything else is decoded by JSONDecoder. Read before the worker's first job:
    /// JSONDecoder cost it 450K instructions there (callgrind), about 0.15 ms before the
    /// batch's first output.
    static func decode(_ type: JobFolders.Type, _ line: ArraySlice<UInt8>) -> JobFolders? {
        var rest = line[...]
        if skip(#"{"staging":"#, &rest), let staging = plainString(&rest), skip(#","output":"#, &rest),
            let output = plainString(&rest), skip(#","batch":"#, &rest), let batch = integer(&rest),
            let pid = Int32(exactly: batch), skip("}", &rest), rest.isEmpty
        {
            return JobFolders(staging: staging, output: output, batch: pid)
        }
        return try? JSONDecoder().decode(JobFolders.self, from: Data(line))
    }

    static func encode(_ result: JobResult) -> [UInt8] {
        guard result.ok, result.error == nil, let bytes = result.bytes else { return codable(result) }
        var line: [UInt8] = []
        line.reserveCapacity(48)
        line.append(contentsOf: #"{"id":"#.utf8)
        line.append(contentsOf: String(result.id).utf8)
        line.append(contentsOf: #","ok":true,"bytes":"#.utf8)
        line.append(contentsOf: String(bytes).utf8)
        line.append(contentsOf: "}\n".utf8)
        return line
    }

    /// A success in exactly the form `encode(_: JobResult)` writes; anything else is decoded
    /// by JSONDecoder.
    static func decode(_ type: JobResult.Type, _ line: ArraySlice<UInt8>) -> JobResult? {
        var rest = line[...]
        if skip(#"{"id":"#, &rest), let id = integer(&rest), skip(#","ok":true,"bytes":"#, &rest),
            let bytes = integer(&rest), skip("}", &rest), rest.isEmpty
        {
            return JobResult(id: id, ok: true, bytes: bytes)
        }
        return try? JSONDecoder().decode(JobResult.self, from: Data(line))
    }

    /// A job in exactly the form `encode(_: JobRequest)` writes, with no escape in its strings
    /// (the usual case: plain paths); anything else is decoded by JSONDecoder. The worker's
    /// JSONDecoder cost about 20 us a job.
    static func decode(_ type: JobRequest.Type, _ line: ArraySlice<UInt8>) -> JobRequest? {
        var rest = line[...]
        if skip(#"{"id":"#, &rest), let id = integer(&rest), skip(#","script":"#, &rest),
            let script = plainString(&rest), skip(#","output":"#, &rest), let output = plainString(&rest),
            skip("}", &rest), rest.isEmpty
        {
            return JobRequest(id: id, script: script, output: output)
        }
        return try? JSONDecoder().decode(JobRequest.self, from: Data(line))
    }

    /// A JSON string without escapes (nil when it has one: JSONDecoder reads those).
    private static func plainString(_ rest: inout ArraySlice<UInt8>) -> String? {
        guard rest.first == UInt8(ascii: "\"") else { return nil }
        let body = rest.dropFirst()
        guard let end = body.firstIndex(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }),
            body[end] == UInt8(ascii: "\"")
        else { return nil }
        rest = body[(end + 1)...]
        return String(decoding: body[..<end], as: UTF8.self)
    }

    /// (Compared with memcmp: `starts(with:)` went through the generic sequence comparison,
    /// 138 instructions a literal, three literals a result line in the parent; callgrind.)
    private static func skip(_ literal: StaticString, _ rest: inout ArraySlice<UInt8>) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard rest.count >= count,
            rest.withUnsafeBufferPointer({ memcmp($0.baseAddress!, literal.utf8Start, count) == 0 })
        else { return false }
        rest = rest.dropFirst(count)
        return true
    }

    private static func integer(_ rest: inout ArraySlice<UInt8>) -> Int? {
        var value = 0
        var digits = 0
        while let c = rest.first, c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9"), digits < 18 {
            value = value * 10 + Int(c - UInt8(ascii: "0"))
            digits += 1
            rest = rest.dropFirst()
        }
        return digits > 0 ? value : nil
    }
}

/// Reads newline-terminated lines from a file descriptor, keeping partial lines between reads.
struct LineReader {
    let fd: Int32
    /// The start of a line that has not ended yet: never holds a newline between reads, so
    /// only the bytes of the latest read are searched. (Searched from its start on every
    /// read, a 16 MB line took seconds, and a 100 MB one looked like a worker that stopped
    /// answering: the search is quadratic in a line's reads.)
    private var pending: [UInt8] = []
    private let chunk = ReadBuffer(byteCount: 1 << 16)

    /// Where read(2) puts the bytes: allocated, not zeroed. A zeroed 64 KiB array cost each
    /// worker a memset of 65K instructions and 16 page faults before its first job (callgrind,
    /// perf), for reads of a few hundred bytes; the pages the kernel never writes stay unused.
    private final class ReadBuffer {
        let bytes: UnsafeMutableRawBufferPointer
        init(byteCount: Int) { bytes = .allocate(byteCount: byteCount, alignment: 16) }
        deinit { bytes.deallocate() }
    }

    init(fd: Int32) { self.fd = fd }

    /// Reads what is available (blocking once) and returns the complete lines; nil at EOF
    /// (or on a read error) with no complete line left.
    mutating func readLines() -> [ArraySlice<UInt8>]? {
        var n: Int
        repeat {
            n = read(fd, chunk.bytes.baseAddress!, chunk.bytes.count)
        } while n < 0 && errno == EINTR
        if n <= 0 { return nil }
        let old = pending.count
        pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk.bytes[0..<n]))
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        while let newline = newline(from: max(start, old)) {
            lines.append(ArraySlice(pending[start..<newline]))
            start = newline + 1
        }
        if start > 0 { pending.removeFirst(start) }
        return lines
    }

    /// The index of the first newline in `pending` at or after `from` (memchr: the generic
    /// search is many times slower in a debug build, where the tests run).
    private func newline(from: Int) -> Int? {
        pending.withUnsafeBytes { bytes in
            guard from < bytes.count, let hit = memchr(bytes.baseAddress! + from, 0x0A, bytes.count - from)
            else { return nil }
            return UnsafeRawPointer(hit) - bytes.baseAddress!
        }
    }
}
