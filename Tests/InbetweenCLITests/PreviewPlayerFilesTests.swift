import Foundation
import XCTest

/// The preview's player is kept as files (Sources/Inbetween/Output/Preview/player.js,
/// player.css, controls.html) compiled into the library. The script is checked by Node's
/// parser, which names the line of a syntax error, before any browser test runs it; and the
/// page the command line writes must carry each file's text as it is, so an embedding that went
/// stale or a file that was left out fails here.
final class PreviewPlayerFilesTests: XCTestCase {
    private static let node = "/usr/bin/node"
    private var folder: URL { CLIProcess.root.appendingPathComponent("Sources/Inbetween/Output/Preview") }

    /// `node --check` parses without running. The broken copy (one brace removed) shows that the
    /// check can fail, with the line it names.
    func testThePlayerScriptParses() throws {
        try MachineRequirement.executable(Self.node, package: "nodejs")
        let script = folder.appendingPathComponent("player.js")
        let good = try CLIProcess.run(["--check", script.path], executable: URL(fileURLWithPath: Self.node))
        XCTAssertEqual(good.status, 0, good.stderr)

        let broken = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ib-player-\(UUID().uuidString).js")
        defer { try? FileManager.default.removeItem(at: broken) }
        var text = try String(contentsOf: script, encoding: .utf8)
        let brace = try XCTUnwrap(text.lastIndex(of: "}"))
        text.remove(at: brace)
        try text.write(to: broken, atomically: true, encoding: .utf8)
        let bad = try CLIProcess.run(["--check", broken.path], executable: URL(fileURLWithPath: Self.node))
        XCTAssertNotEqual(bad.status, 0)
        XCTAssertTrue(bad.stderr.contains("SyntaxError"), bad.stderr)
    }

    /// Each file's text (without its final newline) stands in the written page.
    func testThePageCarriesEachFile() throws {
        let page = try CLIProcess.run([
            "preview", "--no-user-plugins", "examples/01-ease-out-move.lua", "-o", "-",
        ])
        XCTAssertEqual(page.status, 0, page.stderr)
        for name in ["player.js", "player.css", "controls.html"] {
            var text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            XCTAssertEqual(text.last, "\n", name)
            text.removeLast()
            XCTAssertTrue(page.stdout.contains(text), "\(name) is not in the page as written")
        }
    }
}
