import Foundation
import XCTest

@testable import Inbetween
@testable import InbetweenCLI
@testable import InbetweenEngine  // SplitMix64

/// The batch's summary numbers, written without `String(format:)`, and the workers'
/// environment, read from `environ` without ProcessInfo.
final class BatchReportTests: XCTestCase {
    /// `fixed` gives what `%.Nf` gives for values that are not exactly half way between two
    /// results (there C's printf rounds the exact binary value half to even, `fixed` away from
    /// zero): 2,000 values from a fixed seed between 0 and 10^6, with 0 to 3 decimals, and the
    /// ones the summary meets most (0, whole numbers, sizes in KiB).
    func testFixedMatchesPrintfAwayFromTies() {
        var generator = SplitMix64(seed: 12_345)
        var values: [Double] = [0, 1, 9.96, 99.95000001, 0.004, 1023.0 / 1024, 2551.0 / 1024, 123_456]
        for _ in 0..<2000 {
            values.append(Double(generator.next() % 1_000_000_000) / 1000 + 0.0001)
        }
        for value in values {
            for decimals in 0...3 {
                XCTAssertEqual(
                    BatchReport.fixed(value, decimals: decimals), String(format: "%.\(decimals)f", value),
                    "\(value) with \(decimals) decimals")
            }
        }
        XCTAssertEqual(BatchReport.fixed(-2.5, decimals: 2), "-2.50")
        XCTAssertEqual(BatchReport.fixed(-0.0001, decimals: 2), "0.00")  // no "-0.00"
        XCTAssertEqual(BatchReport.fixed(.infinity, decimals: 1), String(format: "%.1f", Double.infinity))
        XCTAssertEqual(BatchReport.size(2551 * 1000), "2.4 MiB")  // 2,551,000 / 2^20 = 2.4328...
        XCTAssertEqual(BatchReport.size(2551), "2.5 KiB")  // 2,551 / 1,024 = 2.4912...
    }

    /// The workers get our environment as it is, plus SWIFT_BACKTRACE=enable=no when it is
    /// unset (a crashing worker's backtrace would bury the progress output).
    func testWorkerEnvironmentIsOursPlusTheBacktraceSetting() {
        let ours = ProcessInfo.processInfo.environment
        var expected = Set(ours.map { "\($0.key)=\($0.value)" })
        if ours["SWIFT_BACKTRACE"] == nil { expected.insert("SWIFT_BACKTRACE=enable=no") }
        XCTAssertEqual(Set(WorkerPool.environment), expected)
        XCTAssertEqual(WorkerPool.environment.count, expected.count, "each variable once")
    }

    /// The summary lists each distinct first error line once, at its first job in list order,
    /// with how many more jobs had it; other errors keep their own lines.
    func testSummaryCollapsesTheSameErrorAcrossJobs() {
        let report = BatchReport(total: 6, skipped: 0, showProgress: false)
        let same = "s.lua:3: bad argument #1 to 'basic' (field 'duration' must be a number)"
        let outcomes: [(String, JobOutcome)] = [
            ("jobs.jsonl:1", .failed(same + "\nstack traceback: ...")),
            ("jobs.jsonl:2", .succeeded(bytes: 10)),
            ("jobs.jsonl:3", .failed("t.lua:1: boom")), ("jobs.jsonl:4", .failed(same)),
            ("jobs.jsonl:5", .failed(same)), ("jobs.jsonl:6", .failed("t.lua:1: boom")),
        ]
        for (index, (origin, outcome)) in outcomes.enumerated() {
            report.record(
                index, BatchJob(script: "s.lua", parameters: nil, output: "o", origin: origin), outcome)
        }
        let lines = report.summary().split(separator: "\n").dropFirst()
        XCTAssertEqual(
            Array(lines),
            [
                "  failed: jobs.jsonl:1: \(same) (and 2 more jobs with the same error)",
                "  failed: jobs.jsonl:3: t.lua:1: boom (and 1 more job with the same error)",
            ])
    }
}
