import Foundation
import InbetweenLua
import XCTest

@testable import Inbetween
@testable import InbetweenCLI

/// The batch line protocol: every message is written and read by hand (WorkerMessages). Each
/// line must read back as the message it was made from, and be JSON that another reader
/// (Foundation's JSONSerialization) reads to the same fields; lines in any other form are
/// refused.
final class WorkerMessagesTests: XCTestCase {
    /// The line's fields as JSONSerialization reads them.
    private func foundationFields(_ line: [UInt8], _ label: String) -> [String: Any] {
        let object = try? JSONSerialization.jsonObject(with: Data(line), options: [.fragmentsAllowed])
        let fields = object as? [String: Any]
        XCTAssertNotNil(fields, "not a JSON object: \(String(decoding: line, as: UTF8.self)) (\(label))")
        return fields ?? [:]
    }

    private func assertOneLine(_ line: [UInt8], _ label: String) {
        XCTAssertEqual(line.last, UInt8(ascii: "\n"), label)
        XCTAssertEqual(line.filter { $0 == UInt8(ascii: "\n") }.count, 1, "one line: \(label)")
    }

    func testResultsRoundTrip() {
        let cases: [JobResult] = [
            JobResult(id: 0, ok: true, bytes: 0),
            JobResult(id: 987_654, ok: true, bytes: 36_812),
            JobResult(id: 3, ok: false, error: "a.lua:3: boom\nstack traceback: \"quoted\" \\ \u{1}\t\u{e9}"),
            JobResult(id: 4, ok: true),
        ]
        for result in cases {
            let line = WorkerMessages.encode(result)
            assertOneLine(line, "\(result)")
            XCTAssertEqual(WorkerMessages.decode(JobResult.self, line.dropLast()), result)
            let fields = foundationFields(line, "\(result)")
            XCTAssertEqual(fields["id"] as? Int, result.id)
            XCTAssertEqual(fields["ok"] as? Bool, result.ok)
            XCTAssertEqual(fields["bytes"] as? Int, result.bytes)
            XCTAssertEqual(fields["error"] as? String, result.error)
        }
        // The line of a job done, byte for byte (what the parent reads a thousand times a second).
        XCTAssertEqual(
            String(decoding: WorkerMessages.encode(JobResult(id: 3, ok: true, bytes: 1234)), as: UTF8.self),
            #"{"id":3,"ok":true,"bytes":1234}"# + "\n")
    }

    func testRequestsRoundTrip() {
        // Parameters of every kind; the numbers are doubles that must come back bit for bit:
        // 0.1 (not exact in binary), 1e-05 and 1e+300 (exponents), -0.0 (the sign of zero),
        // 2^53 (the last integer with every smaller one exact), the smallest subnormal (5e-324)
        // and the largest finite double (1.7976931348623157e308).
        let numbers: [Double] = [
            0.1, 1e-5, 1e300, -0.0, 0x1p53, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 2, -7.25,
        ]
        let params = ScriptParameter.object([
            "n": .number(2), "numbers": .array(numbers.map { .number($0) }), "none": .null,
            "flags": .array([.bool(true), .bool(false)]), "name": .string("ca\u{e9} \"q\" \\ \n"),
            "nested": .object(["a": .array([.object([:]), .array([])])]),
        ])
        let cases: [JobRequest] = [
            JobRequest(id: 1, script: "scripts/a.lua", output: "a.csv"),
            JobRequest(id: 2, script: "we\"ird\\na\tme\n.lua", output: "we\"ird.json"),
            JobRequest(id: 3, script: "p.lua", output: "p.json", params: params),
            JobRequest(id: 4, script: "p.lua", output: "p.json", params: .null),
            JobRequest(id: 0, script: "a.lua", output: "a.csv"),
            JobRequest(id: 10, script: "a.lua", output: "a.csv"),
            JobRequest(id: 9_876_543_210, script: "a.lua", output: "a.csv"),
            // 18 digits, the most the reader takes; and a negative number (no job has one).
            JobRequest(id: 999_999_999_999_999_999, script: "a.lua", output: "a.csv"),
            JobRequest(id: -5, script: "a.lua", output: "a.csv"),
        ]
        for request in cases {
            let line = WorkerMessages.encode(request)
            assertOneLine(line, "\(request)")
            let decoded = WorkerMessages.decode(JobRequest.self, line.dropLast())
            XCTAssertEqual(decoded, request)
            let fields = foundationFields(line, "\(request)")
            XCTAssertEqual(fields["id"] as? Int, request.id)
            XCTAssertEqual(fields["script"] as? String, request.script)
            XCTAssertEqual(fields["output"] as? String, request.output)
            XCTAssertEqual(fields["params"] != nil, request.params != nil)
        }
        // Bit for bit, including the sign of zero (== cannot tell -0.0 from 0.0).
        let line = WorkerMessages.encode(cases[2])
        guard case .object(let read)? = WorkerMessages.decode(JobRequest.self, line.dropLast())?.params,
            case .array(let items)? = read["numbers"]
        else { return XCTFail("no numbers read back") }
        XCTAssertEqual(
            items.map { item -> UInt64 in
                if case .number(let n) = item { return n.bitPattern }
                return 0
            }, numbers.map(\.bitPattern))
        XCTAssertEqual(
            String(decoding: WorkerMessages.encode(cases[0]), as: UTF8.self),
            #"{"id":1,"script":"scripts/a.lua","output":"a.csv"}"# + "\n")
    }

    func testFoldersRoundTrip() {
        let cases = [
            JobFolders(staging: "/out/.inbetween-batch-h-123-9f", output: "/out", batch: 123),
            JobFolders(staging: "o/.inbetween-batch-h-1-f", output: "o", batch: Int32.max),
            JobFolders(staging: "we\"ird\\n\n/s", output: "caf\u{e9}\t", batch: 7),
            JobFolders(staging: "", output: "", batch: 1),
        ]
        for folders in cases {
            let line = WorkerMessages.encode(folders)
            assertOneLine(line, "\(folders)")
            XCTAssertEqual(WorkerMessages.decode(JobFolders.self, line.dropLast()), folders)
            let fields = foundationFields(line, "\(folders)")
            XCTAssertEqual(fields["staging"] as? String, folders.staging)
            XCTAssertEqual(fields["output"] as? String, folders.output)
            XCTAssertEqual(fields["batch"] as? Int, Int(folders.batch))
        }
        XCTAssertEqual(
            String(decoding: WorkerMessages.encode(cases[0]), as: UTF8.self),
            #"{"staging":"/out/.inbetween-batch-h-123-9f","output":"/out","batch":123}"# + "\n")
    }

    /// A worker's first line; several job lines appended into one buffer read back one by one.
    func testFoldersAndSeveralJobsInOneWrite() {
        let folders = JobFolders(staging: "out/.inbetween-batch-h-1-f\n", output: "out", batch: 41)
        var bytes = WorkerMessages.encode(folders)
        let jobs = (1...3).map { JobRequest(id: $0, script: "s\($0).lua", output: "s\($0).csv") }
        for job in jobs { WorkerMessages.append(job, to: &bytes) }
        let lines = bytes.split(separator: UInt8(ascii: "\n"))
        XCTAssertEqual(lines.count, 4)
        XCTAssertEqual(WorkerMessages.decode(JobFolders.self, lines[0]), folders)
        XCTAssertNil(WorkerMessages.decode(JobFolders.self, lines[1]), "a job line is not the folders")
        XCTAssertEqual(lines.dropFirst().map { WorkerMessages.decode(JobRequest.self, $0) }, jobs)
    }

    func testMalformedLinesAreRejected() {
        let results = [
            #"{"id":1,"ok":true,"bytes":}"#, #"{"id":1,"ok":true,"bytes":12}x"#, "", "{",
            #"{"id":1,"bytes":12}"#, #"{"id":1.5,"ok":true}"#, #"{"id":1,"ok":1}"#,
            #"{"id":1,"ok":true,"bytes":"12"}"#,
            #"{"id":1234567890123456789,"ok":true}"#, "[1]", #"{"ready":true}"#, #"{"id": 1,"ok":true}"#,
            #"{"id":1,"ok":false,"error":"a\qb"}"#, #"{"id":1,"ok":false,"error":"open"#,
        ]
        for text in results {
            XCTAssertNil(WorkerMessages.decode(JobResult.self, Array(text.utf8)[...]), text)
        }
        let requests = [#"{"id":1,"script":"a.lua"}"#, #"{"id":"1","script":"a.lua","output":"a.csv"}"#]
        for text in requests {
            XCTAssertNil(WorkerMessages.decode(JobRequest.self, Array(text.utf8)[...]), text)
        }
        XCTAssertNil(
            WorkerMessages.decode(
                JobFolders.self, Array(#"{"staging":"s","output":"o","batch":4294967296}"#.utf8)[...]),
            "a batch PID beyond Int32")
    }
}
