import Foundation
import XCTest

/// `inbetween run` on bad scripts: `inbetween: file:line: message` on stderr and exit 1;
/// usage errors exit 2.
final class RunErrorTests: XCTestCase {
    private func script(_ text: String, name: String = "script.lua") throws -> String {
        let url = try temporaryFolder("ib-cli").appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func testSyntaxErrorNamesFileAndLine() throws {
        let path = try script("local a = 1\nlocal b = = 2\n", name: "bad.lua")
        let r = try CLIProcess.run(["run", path])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, "inbetween: \(path):2: unexpected symbol near '='\n")
    }

    func testMissingFile() throws {
        let r = try CLIProcess.run(["run", "examples/does-not-exist.lua"])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(
            r.stderr, "inbetween: cannot open examples/does-not-exist.lua (No such file or directory)\n")
    }

    func testRuntimeErrorWithVerboseTraceback() throws {
        let path = try script("local function f()\n  error('boom')\nend\nf()\n")
        let quiet = try CLIProcess.run(["run", path])
        XCTAssertEqual(quiet.status, 1)
        XCTAssertEqual(quiet.stderr, "inbetween: \(path):2: boom\n")
        // Run from its folder: a traceback cuts a long path short (Lua's LUA_IDSIZE).
        let url = URL(fileURLWithPath: path)
        let verbose = try CLIProcess.run(
            ["run", "--verbose", url.lastPathComponent], directory: url.deletingLastPathComponent())
        XCTAssertEqual(verbose.status, 1)
        XCTAssertTrue(verbose.stderr.contains("stack traceback:"), verbose.stderr)
        XCTAssertTrue(verbose.stderr.contains("\(url.lastPathComponent):4: in main chunk"), verbose.stderr)
    }

    func testUsageErrorsExitTwo() throws {
        let cases: [([String], String)] = [
            (["bogus"], "inbetween: unknown command 'bogus'"),
            ([], "inbetween: missing command"),
            (["run"], "inbetween: run needs a script"),
        ]
        for (args, first) in cases {
            let r = try CLIProcess.run(args)
            XCTAssertEqual(r.status, 2, "\(args)")
            XCTAssertEqual(r.stderr.split(separator: "\n").first.map(String.init), first, "\(args)")
        }
    }

    func testHelpAndVersion() throws {
        let help = try CLIProcess.run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.hasPrefix("usage: inbetween"))
        let version = try CLIProcess.run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.stdout.hasPrefix("inbetween "))
    }
}
