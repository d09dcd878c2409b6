import Foundation
import XCTest

/// Issue 31, "(Broken pipe)": a command whose reader goes away (`inbetween run x.lua | head
/// -1`) stops quietly, as tools read through `head` do: status 141 (128 + SIGPIPE, docs/cli.md's
/// "Exit status"), nothing on stderr, no file left. And a batch whose stderr's reader goes away
/// (`batch ... 2>&1 | head`) finishes its jobs. The pipes here have no reader from the start
/// (the read end is closed before the binary starts), so the first write fails, whatever the
/// size of the output and the timing.
///
/// Before: with SIGPIPE ignored (as a parent such as Python, or the batch itself, leaves it),
/// `run` printed "inbetween: cannot write standard output (Broken pipe)" and exited 1; with
/// it not ignored, SIGPIPE killed the process (the run's warnings and cleanup skipped); and a
/// batch with its stderr closed crashed (SIGILL, 132) in FileHandle's `write(_:)` at its first
/// message, as did a batch worker at a script's `print`.
final class ClosedPipeTests: XCTestCase, FolderTest {
    var folder: URL!

    override func setUpWithError() throws {
        folder = try temporaryFolder("ib-closed-pipe")
    }

    /// Runs the binary with standard output (or standard error) a pipe without a reader.
    /// Returns the status, whether a signal ended it, and what it wrote on the other stream.
    private func runClosed(_ arguments: [String], closing stream: String = "stdout") throws -> (
        status: Int32, signaled: Bool, other: String
    ) {
        _ = CLIProcess.ignoreBrokenPipes
        let process = Process()
        process.executableURL = CLIProcess.binary
        process.arguments = arguments
        process.currentDirectoryURL = CLIProcess.root
        let closed = Pipe()
        try closed.fileHandleForReading.close()
        let other = path("other-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: other, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: other) }
        let otherHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: other))
        process.standardOutput = stream == "stdout" ? closed : otherHandle
        process.standardError = stream == "stdout" ? otherHandle : closed
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try closed.fileHandleForWriting.close()
        process.waitUntilExit()
        try otherHandle.close()
        let text = try String(contentsOfFile: other, encoding: .utf8)
        return (process.terminationStatus, process.terminationReason == .uncaughtSignal, text)
    }

    /// Every command and format that writes to standard output.
    func testEveryStandardOutputStopsQuietlyWhenItsReaderHasGone() throws {
        let script = try write(
            "stagger.lua",
            """
            local ls = {}
            for i = 1, 50 do ls[i] = layer{name = "l" .. i} end
            local tl = timeline{}
            tl:add(ls, animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, duration = 0.5}, 0, {stagger = 0.01})
            scene{timeline = tl}
            """)
        var cases: [[String]] = ["json", "jsonl", "csv", "css", "swift", "lottie", "preview"].map {
            ["run", script, "--format", $0]
        }
        cases += [["run", script, "--format", "css", "--bake"], ["run", script, "-o", "-"]]
        cases += ["csv", "json", "css", "svg"].map { ["curve", "ease-in-out", "--format", $0] }
        cases += [
            ["plot", script, "-o", "-"], ["preview", script, "-o", "-"], ["list"], ["list", "--json"],
            ["help", "run"], ["run", "--help"], ["--help"], ["--version"], ["__generate", "man"],
            ["__generate", "bash"],
        ]
        for arguments in cases {
            let r = try runClosed(arguments)
            let label = arguments.joined(separator: " ")
            XCTAssertFalse(r.signaled, label)
            XCTAssertEqual(r.status, 141, label)
            XCTAssertEqual(r.other, "", label)
        }
        // Nothing was staged beside the script (standard output is written in place).
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["stagger.lua"])
    }

    /// A batch whose stderr has no reader (its messages and the scripts' `print` lines go
    /// there) writes every output whole and exits 0; a run likewise.
    func testAClosedStandardErrorLosesNoOutput() throws {
        let scripts = folder.appendingPathComponent("scripts")
        try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: false)
        for i in 1...4 {
            try """
            for i = 1, 2000 do print("line " .. i .. " of a chatty script") end
            local l = layer{name = "a"}
            l:add(animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, duration = 1})
            """.write(to: scripts.appendingPathComponent("p\(i).lua"), atomically: true, encoding: .utf8)
        }
        let out = folder.appendingPathComponent("out")
        let batch = try runClosed(
            ["batch", "--no-user-plugins", "--format", "csv", "-o", out.path, scripts.path], closing: "stderr"
        )
        XCTAssertFalse(batch.signaled)
        XCTAssertEqual(batch.status, 0)
        let outputs = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        XCTAssertEqual(outputs, ["p1.csv", "p2.csv", "p3.csv", "p4.csv"])
        // 1 s at 60 fps: a header and 61 rows of the one track.
        for name in outputs {
            let text = try String(contentsOf: out.appendingPathComponent(name), encoding: .utf8)
            XCTAssertEqual(text.split(separator: "\n").count, 62, name)
        }
        let run = try runClosed(
            ["run", "--no-user-plugins", scripts.appendingPathComponent("p1.lua").path, "--format", "csv"],
            closing: "stderr")
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(run.other.split(separator: "\n").count, 62)
    }
}
