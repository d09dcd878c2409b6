import XCTest

@testable import Inbetween
@testable import InbetweenCLI

/// The batch line protocol: the hand-written fast paths must read back exactly as Codable
/// would, and anything they do not cover must still go through Codable.
final class WorkerMessagesTests: XCTestCase {
    func testResultsRoundTrip() {
        let cases: [JobResult] = [
            JobResult(id: 0, ok: true, bytes: 0),
            JobResult(id: 987_654, ok: true, bytes: 36_812),
            JobResult(id: 3, ok: false, error: "a.lua:3: boom\nstack traceback: \"quoted\""),
            JobResult(id: 4, ok: true),  // no byte count: the Codable form
        ]
        for result in cases {
            let line = WorkerMessages.encode(result)
            XCTAssertEqual(line.last, UInt8(ascii: "\n"))
            XCTAssertEqual(line.filter { $0 == UInt8(ascii: "\n") }.count, 1, "one line: \(result)")
            XCTAssertEqual(WorkerMessages.decode(JobResult.self, line.dropLast()), result)
        }
    }

    func testRequestsReadByJSONDecoder() {
        let cases: [JobRequest] = [
            JobRequest(id: 1, script: "scripts/a.lua", output: "a.csv"),
            JobRequest(id: 2, script: "we\"ird\\na\tme\n.lua", output: "we\"ird.json"),
            JobRequest(id: 3, script: "p.lua", output: "p.json", params: .object(["n": .number(2)])),
            // Job numbers' digits are written by hand: one digit, a carry, many digits.
            JobRequest(id: 0, script: "a.lua", output: "a.csv"),
            JobRequest(id: 10, script: "a.lua", output: "a.csv"),
            JobRequest(id: 9_876_543_210, script: "a.lua", output: "a.csv"),
            JobRequest(id: Int.max, script: "a.lua", output: "a.csv"),
        ]
        for request in cases {
            let line = WorkerMessages.encode(request)
            XCTAssertEqual(line.filter { $0 == UInt8(ascii: "\n") }.count, 1, "one line: \(request)")
            XCTAssertEqual(WorkerMessages.decode(JobRequest.self, line.dropLast()), request)
        }
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

    func testMalformedResultsAreRejected() {
        for text in [#"{"id":1,"ok":true,"bytes":}"#, #"{"id":1,"ok":true,"bytes":12}x"#, "", "{"] {
            XCTAssertNil(WorkerMessages.decode(JobResult.self, Array(text.utf8)[...]), text)
        }
    }
}
