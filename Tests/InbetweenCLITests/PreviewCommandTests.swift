import Foundation
import XCTest

/// `inbetween preview` through the CLI: where the page goes, and errors.
final class PreviewCommandTests: XCTestCase {
    func testThePageGoesBesideTheScriptByDefault() throws {
        let folder = try temporaryFolder("ib-preview")
        let script = folder.appendingPathComponent("fade.lua")
        try FileManager.default.copyItem(
            at: CLIProcess.root.appendingPathComponent("examples/07-opacity-fade.lua"), to: script)
        let r = try CLIProcess.run(["preview", "--no-user-plugins", script.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "")
        let page = try String(contentsOf: folder.appendingPathComponent("fade.html"), encoding: .utf8)
        XCTAssertTrue(page.hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(page.contains("<title>fade.lua — inbetween preview</title>"))
        // Without --watch there is no data file and the page polls nothing.
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("fade.data.js").path))
        XCTAssertTrue(page.contains("\"live\":null"))
    }

    func testDashWritesTheTitledPageToStandardOutput() throws {
        let r = try CLIProcess.run([
            "preview", "--no-user-plugins", "examples/07-opacity-fade.lua", "-o", "-",
            "--title", "a </script> & <b>",
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(
            r.stdout.contains("<title>a &lt;/script&gt; &amp; &lt;b&gt; — inbetween preview</title>"))
        // In the data, '<' is written \u003c: the title cannot end the <script> element.
        XCTAssertTrue(r.stdout.contains("\"title\":\"a \\u003c/script> & \\u003cb>\""))
        XCTAssertEqual(
            r.stdout.components(separatedBy: "</script>").count - 1, 2, "the player's and the data's")
    }

    func testABrokenScriptWritesNothing() throws {
        let folder = try temporaryFolder("ib-preview")
        let script = folder.appendingPathComponent("broken.lua")
        try "local ball = layer{name = 'ball'}\nball:add(animation.basic{keyPath = 'nope'})\n"
            .write(to: script, atomically: true, encoding: .utf8)
        let r = try CLIProcess.run(["preview", "--no-user-plugins", script.path])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.hasPrefix("inbetween: \(script.path):2:"), r.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["broken.lua"])
    }

}
