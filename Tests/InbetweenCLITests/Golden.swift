import Foundation
import XCTest

/// Golden files: expected outputs kept under Tests/InbetweenCLITests/Golden/ and compared
/// exactly. `INBETWEEN_RECORD=1 scripts/test` re-records them, and every assertion that records
/// fails, so a recording run can never pass for a test run (nor a CI run with the variable set
/// go green): review the diff, then run the tests again without it.
enum Golden {
    static var folder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    }

    static var recording: Bool { ProcessInfo.processInfo.environment["INBETWEEN_RECORD"] == "1" }

    static func assertMatches(
        _ actual: String, _ name: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        let url = folder.appendingPathComponent(name)
        if recording {
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try actual.write(to: url, atomically: true, encoding: .utf8)
                XCTFail(
                    "recorded golden file \(name) (INBETWEEN_RECORD=1): review the diff and run the tests again without it",
                    file: file, line: line)
            } catch {
                XCTFail("cannot record \(url.path): \(error)", file: file, line: line)
            }
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            XCTFail(
                "missing golden file \(name); run with INBETWEEN_RECORD=1 to record it", file: file,
                line: line)
            return
        }
        if expected != actual {
            let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let first =
                zip(e, a).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(e.count, a.count)
            XCTFail(
                """
                output differs from golden file \(name) at line \(first + 1):
                  expected: \(first < e.count ? String(e[first]) : "<end>")
                  actual:   \(first < a.count ? String(a[first]) : "<end>")
                (INBETWEEN_RECORD=1 re-records)
                """, file: file, line: line)
        }
    }
}
