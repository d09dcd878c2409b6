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
///
/// One codec for every message, written and read by hand below (`MessageReader` reads exactly
/// what the encoders write; a job's `params` go through the strict JSON reader of manifests).
/// Why by hand, by the project's rule (a second way only for 5% of a bench figure; here it is
/// the only way): Codable cost tens of microseconds a message and, at its first use, 450K
/// instructions of looking up conformances; the strict JSON reader for every line cost a
/// tiny job 15K instructions in the worker (4% of its 350K) and as much again in the parent
/// (callgrind, release), against the reader below's hundreds.
struct JobRequest: Hashable, Sendable {
    var id: Int
    var script: String
    var output: String
    var params: ScriptParameter?
}

struct JobResult: Hashable, Sendable {
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

    static func encode(_ request: JobRequest) -> [UInt8] {
        var line: [UInt8] = []
        line.reserveCapacity(40 + request.script.utf8.count + request.output.utf8.count)
        append(request, to: &line)
        return line
    }

    /// `encode(request)` appended to `line`: the parent builds the lines of several jobs in one
    /// buffer, for one write. (No reserveCapacity here: with several jobs in one buffer,
    /// reserving exactly copied the buffer for each.)
    static func append(_ request: JobRequest, to line: inout [UInt8]) {
        appendLiteral(#"{"id":"#, to: &line)
        appendInteger(request.id, to: &line)
        appendLiteral(#","script":"#, to: &line)
        appendJSONString(request.script, to: &line)
        appendLiteral(#","output":"#, to: &line)
        appendJSONString(request.output, to: &line)
        if let params = request.params {
            appendLiteral(#","params":"#, to: &line)
            appendJSON(params, to: &line)
        }
        appendLiteral("}\n", to: &line)
    }

    /// A worker's first line.
    static func encode(_ folders: JobFolders) -> [UInt8] {
        var line: [UInt8] = []
        appendLiteral(#"{"staging":"#, to: &line)
        appendJSONString(folders.staging, to: &line)
        appendLiteral(#","output":"#, to: &line)
        appendJSONString(folders.output, to: &line)
        appendLiteral(#","batch":"#, to: &line)
        appendInteger(Int(folders.batch), to: &line)
        appendLiteral("}\n", to: &line)
        return line
    }

    static func encode(_ result: JobResult) -> [UInt8] {
        var line: [UInt8] = []
        line.reserveCapacity(48)
        appendLiteral(#"{"id":"#, to: &line)
        appendInteger(result.id, to: &line)
        appendLiteral(result.ok ? #","ok":true"# : #","ok":false"#, to: &line)
        if let bytes = result.bytes {
            appendLiteral(#","bytes":"#, to: &line)
            appendInteger(bytes, to: &line)
        }
        if let error = result.error {
            appendLiteral(#","error":"#, to: &line)
            appendJSONString(error, to: &line)
        }
        appendLiteral("}\n", to: &line)
        return line
    }

    static func decode(_ type: JobRequest.Type, _ line: ArraySlice<UInt8>) -> JobRequest? {
        var c = MessageReader(line)
        guard c.skip(#"{"id":"#), let id = c.integer(), c.skip(#","script":"#), let script = c.string(),
            c.skip(#","output":"#), let output = c.string()
        else { return nil }
        if c.skip("}") { return c.atEnd ? JobRequest(id: id, script: script, output: output) : nil }
        guard c.skip(#","params":"#), let params = c.valueBeforeClosingBrace() else { return nil }
        return JobRequest(id: id, script: script, output: output, params: params)
    }

    static func decode(_ type: JobFolders.Type, _ line: ArraySlice<UInt8>) -> JobFolders? {
        var c = MessageReader(line)
        guard c.skip(#"{"staging":"#), let staging = c.string(), c.skip(#","output":"#),
            let output = c.string(), c.skip(#","batch":"#),
            let batch = c.integer().flatMap(Int32.init(exactly:)),
            c.skip("}"), c.atEnd
        else { return nil }
        return JobFolders(staging: staging, output: output, batch: batch)
    }

    static func decode(_ type: JobResult.Type, _ line: ArraySlice<UInt8>) -> JobResult? {
        var c = MessageReader(line)
        guard c.skip(#"{"id":"#), let id = c.integer() else { return nil }
        var result: JobResult
        if c.skip(#","ok":true"#) {
            result = JobResult(id: id, ok: true)
        } else if c.skip(#","ok":false"#) {
            result = JobResult(id: id, ok: false)
        } else {
            return nil
        }
        if c.skip(#","bytes":"#) {
            guard let bytes = c.integer() else { return nil }
            result.bytes = bytes
        }
        if c.skip(#","error":"#) {
            guard let error = c.string() else { return nil }
            result.error = error
        }
        return c.skip("}") && c.atEnd ? result : nil
    }

    /// A literal's bytes, straight from the binary: a String literal's UTF8View went through
    /// the generic append, about 170 instructions each (callgrind, the batch's parent).
    private static func appendLiteral(_ literal: StaticString, to line: inout [UInt8]) {
        line.append(
            contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    private static func appendInteger(_ n: Int, to line: inout [UInt8]) {
        line.append(contentsOf: String(n).utf8)
    }

    /// `jsonString(s)`'s bytes appended to `line`.
    static func appendJSONString(_ s: String, to line: inout [UInt8]) {
        line.append(contentsOf: jsonString(s).utf8)
    }

    /// A parameter value as JSON. Numbers in Swift's shortest form that reads back as the same
    /// double (`description`: `0.1`, `1e-05`, `2.0`, all JSON numbers); a manifest's values are
    /// all finite (JSON has no others), and one that is not is written as `null`.
    static func appendJSON(_ value: ScriptParameter, to line: inout [UInt8]) {
        switch value {
        case .null: appendLiteral("null", to: &line)
        case .bool(let b): appendLiteral(b ? "true" : "false", to: &line)
        case .number(let n):
            if n.isFinite {
                line.append(contentsOf: n.description.utf8)
            } else {
                appendLiteral("null", to: &line)
            }
        case .string(let s): appendJSONString(s, to: &line)
        case .array(let items):
            line.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { line.append(UInt8(ascii: ",")) }
                appendJSON(item, to: &line)
            }
            line.append(UInt8(ascii: "]"))
        case .object(let fields):
            line.append(UInt8(ascii: "{"))
            for (i, key) in fields.keys.sorted().enumerated() {
                if i > 0 { line.append(UInt8(ascii: ",")) }
                appendJSONString(key, to: &line)
                line.append(UInt8(ascii: ":"))
                appendJSON(fields[key]!, to: &line)
            }
            line.append(UInt8(ascii: "}"))
        }
    }
}

/// Reads a message line in exactly the form `WorkerMessages` writes it: its keys in their
/// order, integers as `String(n)` writes them, strings as `jsonString` escapes them (`\"`,
/// `\\`, `\n`, `\t`, `\r`, `\u00XX` for other control characters). Anything else is
/// refused. `params`, a JSON value of any shape, is read by the strict JSON reader.
private struct MessageReader {
    var rest: ArraySlice<UInt8>

    init(_ line: ArraySlice<UInt8>) { rest = line }

    var atEnd: Bool { rest.isEmpty }

    mutating func skip(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard rest.count >= count,
            rest.withUnsafeBufferPointer({ memcmp($0.baseAddress!, literal.utf8Start, count) == 0 })
        else { return false }
        rest = rest.dropFirst(count)
        return true
    }

    /// An optional minus and up to 18 digits (every such number fits an Int).
    mutating func integer() -> Int? {
        let negative = rest.first == UInt8(ascii: "-")
        if negative { rest = rest.dropFirst() }
        var value = 0
        var digits = 0
        while let c = rest.first, c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") {
            guard digits < 18 else { return nil }
            value = value * 10 + Int(c - UInt8(ascii: "0"))
            digits += 1
            rest = rest.dropFirst()
        }
        guard digits > 0 else { return nil }
        return negative ? -value : value
    }

    mutating func string() -> String? {
        guard rest.first == UInt8(ascii: "\"") else { return nil }
        rest = rest.dropFirst()
        var bytes: [UInt8] = []
        while true {
            // The run up to the closing quote or the next escape, at once.
            guard let stop = rest.firstIndex(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
            else { return nil }
            bytes.append(contentsOf: rest[..<stop])
            let c = rest[stop]
            rest = rest[(stop + 1)...]
            if c == UInt8(ascii: "\"") { return String(decoding: bytes, as: UTF8.self) }
            guard let escape = rest.first else { return nil }
            rest = rest.dropFirst()
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(escape)
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "u"):
                guard rest.count >= 4,
                    let code = UInt8(String(decoding: rest.prefix(4), as: UTF8.self), radix: 16),
                    code < 0x20
                else { return nil }
                bytes.append(code)
                rest = rest.dropFirst(4)
            default: return nil
            }
        }
    }

    /// The rest of the line but its closing brace, as one JSON value.
    mutating func valueBeforeClosingBrace() -> ScriptParameter? {
        guard rest.last == UInt8(ascii: "}") else { return nil }
        defer { rest = rest[rest.endIndex...] }
        return try? ScriptParameter(json: rest.dropLast())
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
