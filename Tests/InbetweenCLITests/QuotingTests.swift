import Foundation
import XCTest

/// Issue 31, "Quoting and names": output names as long as a file name may be, and layer names
/// with bidirectional controls in the generated CSS and Swift. (CSV's quoting is checked with
/// pandas in `SamplingEndTests.testEveryExampleCSVReadsAsATable`.)
final class QuotingTests: XCTestCase, FolderTest {
    var folder: URL!

    override func setUpWithError() throws {
        folder = try temporaryFolder("ib-quoting")
    }

    /// `-o` names of 244 to 255 bytes (255: NAME_MAX, the longest name Linux's file systems
    /// take) were refused with "File name too long": the staging file beside the output is
    /// named `.NAME.tmp-XXXXXX`, 12 bytes more. 256 bytes is the system's own refusal.
    func testOutputNamesUpToTheLongestFileName() throws {
        let script = try write(
            "s.lua", "layer{name = 'l'}:add(animation.basic{keyPath = 'opacity', toValue = 0})\n")
        for length in [243, 244, 250, 255] {
            // Two-byte characters, so the cut must fall between characters: "é" is 2 bytes.
            let stem =
                String(repeating: "é", count: (length - 4) / 2)
                + String(repeating: "x", count: (length - 4) % 2)
            let name = stem + ".csv"
            XCTAssertEqual(name.utf8.count, length)
            let r = try CLIProcess.run(["run", script, "--format", "csv", "-o", path(name)])
            XCTAssertEqual(r.status, 0, "\(length) bytes: \(r.stderr)")
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(),
                [name, "s.lua"].sorted())
            try FileManager.default.removeItem(atPath: path(name))
        }
        let tooLong = String(repeating: "x", count: 252) + ".csv"
        let r = try CLIProcess.run(["run", script, "--format", "csv", "-o", path(tooLong)])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("File name too long"), r.stderr)
    }

    /// The embeddings, overrides and isolates (U+202A-202E, U+2066-2069) and the marks U+200E,
    /// U+200F, U+061C in a layer's name never reach the CSS or Swift raw ("Trojan Source",
    /// CVE-2021-42574): comments and string literals write them as `\u{...}`.
    /// Issue 31: a layer named with the raw bytes `\1inf\1` read as the mark of an overflowed
    /// number in CSV and the CSS page ("cannot write standard output: a number in it would be
    /// infinite after '0,a'"). U+0001 is refused in a name, at the script's line.
    func testAControlByteOfTheOverflowMarkIsNoName() throws {
        let script = try write(
            "mark.lua",
            "local l = layer{name = \"a\\1inf\\1\"}\nl:add(animation.basic{keyPath = 'opacity', toValue = 0})\n"
        )
        for format in ["csv", "css"] {
            let r = try CLIProcess.run(["run", script, "--format", format, "-o", path("out.\(format)")])
            XCTAssertEqual(r.status, 1, r.stderr)
            XCTAssertTrue(r.stderr.hasPrefix("inbetween: \(script):1: "), r.stderr)
            XCTAssertTrue(
                r.stderr.contains("'name'")
                    && r.stderr.contains("must not hold the control character U+0001"),
                r.stderr)
            XCTAssertFalse(r.stderr.contains("infinite"), r.stderr)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["mark.lua"])
    }

    func testBidirectionalControlsAreEscaped() throws {
        let controls: [UInt32] = [
            0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C,
        ]
        let name = controls.map { "a\\u{\(String($0, radix: 16))}" }.joined()
        let script = try write(
            "bidi.lua",
            """
            local l = layer{name = "\(name)"}
            l:add(animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, duration = 1})
            l:add(animation.basic{keyPath = "position", toValue = point(3, 4), duration = 0.5,
              timingFunction = function(t) return t * t end})
            """)
        for format in ["css", "swift"] {
            let r = try CLIProcess.run(["run", script, "--format", format])
            XCTAssertEqual(r.status, 0, r.stderr)
            let raw = r.stdout.unicodeScalars.filter { controls.contains($0.value) }
            XCTAssertTrue(raw.isEmpty, "\(format): \(raw.map { String($0.value, radix: 16) })")
            XCTAssertTrue(r.stdout.contains("a\\u{202e}a"), format)
        }
    }
}
