import Foundation
import XCTest

@testable import Inbetween
@testable import InbetweenCLI

/// Atomic file output: the target changes only on commit, and no temporary file is left.
final class ByteSinkTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try temporaryFolder("ib-sink")
    }

    private func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    func testCommitReplacesTheTarget() throws {
        let target = folder.appendingPathComponent("out.csv")
        try "old\n".write(to: target, atomically: true, encoding: .utf8)
        let sink = try ByteSink(path: target.path, sync: true)
        // More than one buffer's worth, so that flushes happen before the commit: the target
        // must still hold the old text while the new one is being written.
        let row = "0.123456789,0.987654321\n"
        let rows = 2 * ByteSink.bufferSize / row.utf8.count + 1
        for _ in 0..<rows { sink.write(row) }
        XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), "old\n")
        XCTAssertEqual(try contents().count, 2, "target plus one temporary file while writing")
        try sink.commit()
        XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), String(repeating: row, count: rows))
        XCTAssertEqual(try contents(), ["out.csv"])
    }

    func testAbandonKeepsThePreviousFile() throws {
        let target = folder.appendingPathComponent("out.csv")
        try "good\n".write(to: target, atomically: true, encoding: .utf8)
        do {
            let sink = try ByteSink(path: target.path)
            for _ in 0..<10_000 { sink.write(1.0 / 3, .fixed(6)) }
            sink.abandon()
        }
        XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), "good\n")
        XCTAssertEqual(try contents(), ["out.csv"])
        // Dropping a sink without committing abandons it too.
        do {
            let sink = try ByteSink(path: folder.appendingPathComponent("new.csv").path)
            sink.write("partial")
        }
        XCTAssertEqual(try contents(), ["out.csv"])
    }

    func testUnwritableFolderIsAnError() {
        let path = folder.appendingPathComponent("missing/out.csv").path
        XCTAssertThrowsError(try ByteSink(path: path)) { error in
            XCTAssertEqual(String(describing: error), "cannot write \(path) (No such file or directory)")
        }
    }
}
