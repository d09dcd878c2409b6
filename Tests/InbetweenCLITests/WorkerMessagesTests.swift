import XCTest

@testable import inbetween

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
            JobRequest(id: 1, script: "scripts/a.lua", output: "/out/.inbetween-batch-1/1"),
            JobRequest(id: 2, script: "we\"ird\\na\tme\n.lua", output: "/o/2"),
            JobRequest(id: 3, script: "p.lua", output: "/o/3", params: .object(["n": .number(2)])),
        ]
        for request in cases {
            let line = WorkerMessages.encode(request)
            XCTAssertEqual(line.filter { $0 == UInt8(ascii: "\n") }.count, 1, "one line: \(request)")
            XCTAssertEqual(WorkerMessages.decode(JobRequest.self, line.dropLast()), request)
        }
    }

    func testMalformedResultsAreRejected() {
        for text in [#"{"id":1,"ok":true,"bytes":}"#, #"{"id":1,"ok":true,"bytes":12}x"#, "", "{"] {
            XCTAssertNil(WorkerMessages.decode(JobResult.self, Array(text.utf8)[...]), text)
        }
    }
}
