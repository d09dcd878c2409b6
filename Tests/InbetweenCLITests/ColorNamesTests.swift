import Foundation
import Inbetween
import XCTest

/// The colour names a script may write, as docs/colors.md lists them: CSS's 148 names with
/// the bytes Chromium resolves each to, and UIKit's names winning where both sets have one.
final class ColorNamesTests: XCTestCase {
    /// docs/colors.md's CSS table: (name, hex without '#', the colour the parser gives instead
    /// when UIKit's name wins, or nil).
    func documentedCSSNames() throws -> [(name: String, hex: String, uikit: Bool)] {
        let text = try String(
            contentsOf: CLIProcess.root.appendingPathComponent("docs/colors.md"), encoding: .utf8)
        let css = try XCTUnwrap(text.range(of: "## CSS's names")).upperBound
        var rows: [(String, String, Bool)] = []
        for line in text[css...].split(separator: "\n") where line.hasPrefix("| `") {
            // Two names a row: | `name` | #hex | mark | `name` | #hex | mark |
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            for start in stride(from: 1, to: cells.count - 2, by: 3) where cells[start].hasPrefix("`") {
                rows.append(
                    (
                        cells[start].trimmingCharacters(in: CharacterSet(charactersIn: "`")),
                        String(cells[start + 1].dropFirst()), cells[start + 2].contains("UIKit")
                    ))
            }
        }
        return rows
    }

    /// CSS Color 4 lists 148 names (its section 6.1); each resolves in the parser to the
    /// listed bytes, exactly (a byte is n/255), unless UIKit's name wins, where it gives
    /// UIKit's colour; and Chromium gives each name the listed bytes.
    func testCSSNamesAreChromiumsAndUIKitWins() throws {
        let rows = try documentedCSSNames()
        XCTAssertEqual(rows.count, 148)
        XCTAssertEqual(Set(rows.map(\.name)).count, 148)
        for (name, hex, uikit) in rows {
            let parsed = try Color.parse(name)
            let listed = try Color.parse("#" + hex)
            if uikit {
                let key = name.replacingOccurrences(of: "grey", with: "gray")
                let own = try XCTUnwrap(Color.namedColorNames.first { $0.lowercased() == key }, name)
                XCTAssertEqual(parsed, Color.named(own), name)
                XCTAssertNotEqual(parsed, listed, "\(name): marked UIKit's but the same as CSS's")
            } else {
                XCTAssertEqual(parsed, listed, name)
            }
        }
        // Examples a reader checks by eye: CSS's teal, UIKit's green (CSS's is #008000), and the
        // grey spelling of UIKit's darkGray (white level 1/3, not CSS's #a9a9a9).
        XCTAssertEqual(try Color.parse("teal"), Color(red: 0, green: 128.0 / 255, blue: 128.0 / 255))
        XCTAssertEqual(try Color.parse("Green"), Color(red: 0, green: 1, blue: 0))
        XCTAssertEqual(try Color.parse("darkgrey"), Color(red: 1.0 / 3, green: 1.0 / 3, blue: 1.0 / 3))

        try MachineRequirement.chromium()
        let folder = try temporaryFolder("ib-colors")
        let page = folder.appendingPathComponent("colors.html")
        try "<!doctype html><html><body><div id=d></div></body></html>".write(
            to: page, atomically: true, encoding: .utf8)
        let browser = try ChromiumSession()
        defer { browser.close() }
        try browser.open(page)
        let names = rows.map { "'\($0.name)'" }.joined(separator: ",")
        let computed = try XCTUnwrap(
            browser.eval(
                """
                [\(names)].map(n => { const d = document.getElementById('d'); d.style.backgroundColor = '';
                  d.style.backgroundColor = n; return getComputedStyle(d).backgroundColor; })
                """) as? [String])
        XCTAssertEqual(computed.count, rows.count)
        for (row, text) in zip(rows, computed) {
            let bytes = text.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            let hex = bytes.prefix(3).map { String(format: "%02x", $0) }.joined()
            XCTAssertEqual(hex, row.hex, "\(row.name): Chromium gives \(text)")
        }
    }
}
