import Foundation
import XCTest

/// Long work draws a progress line on stderr only when stderr is a terminal. A callback that
/// keeps the CPU busy for 1.2 s makes the run long enough (the line waits a second before it
/// appears); `script(1)` gives the child a pseudo-terminal.
final class ProgressTests: XCTestCase {
    static let slowScript = """
        local l = layer{name = "slow"}
        l:add(animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, duration = 1,
          onStart = function() local t = os.clock() while os.clock() - t < 1.2 do end end})
        """

    private func scriptFile() throws -> String {
        let url = try temporaryFolder("ib-slow").appendingPathComponent("slow.lua")
        try Self.slowScript.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func testNoProgressWhenStderrIsNotATerminal() throws {
        let r = try CLIProcess.run(["run", "--fps", "10", "--format", "csv", try scriptFile()])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "")
    }

    /// What `inbetween ARGUMENTS` writes to its terminal (stdout and stderr), run under
    /// script(1)'s pseudo-terminal.
    private func onATerminal(_ arguments: String) throws -> String {
        try MachineRequirement.executable("/usr/bin/script", package: "bsdutils")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", "\(CLIProcess.binary.path) \(arguments)", "/dev/null"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 0, text)
        return text
    }

    func testProgressOnATerminal() throws {
        let output = try temporaryFolder("ib-slow").appendingPathComponent("slow.csv")
        let text = try onATerminal("run --fps 10 --format csv -o \(output.path) \(try scriptFile())")
        // The line is redrawn in place and erased at the end.
        XCTAssertTrue(text.contains("\r" + "run slow"), text.debugDescription)
        XCTAssertTrue(text.contains("t = "), text.debugDescription)
        XCTAssertTrue(text.hasSuffix("\r\u{1B}[K") || text.contains("\r\u{1B}[K"), text.debugDescription)
    }

    /// `render` draws the same line while it draws and encodes (a frame folder here: no ffmpeg
    /// needed), with the frame count out of the known total.
    func testRenderProgressOnATerminal() throws {
        let output = try temporaryFolder("ib-slow").appendingPathComponent("frames")
        let text = try onATerminal("render --fps 10 --size 20x20 -o \(output.path)/ \(try scriptFile())")
        XCTAssertTrue(text.contains("\r" + "render slow"), text.debugDescription)
        XCTAssertTrue(text.contains("t = "), text.debugDescription)
        XCTAssertTrue(text.contains("\r\u{1B}[K"), text.debugDescription)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: output.path).count, 11)
    }
}
