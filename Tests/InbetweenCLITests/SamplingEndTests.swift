import Foundation
import XCTest

/// Issue 12 through the CLI, the parts the frame stream owns: no silent cut of a finite
/// scene, a warning when an endless one is cut, non-finite values stop the run before any
/// output, and every CSV row is as wide as its header.
final class SamplingEndTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try temporaryFolder("ib-end")
    }

    private func script(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    private func run(_ args: [String]) throws -> CLIResult {
        let r = try CLIProcess.run(["run", "--no-user-plugins"] + args)
        XCTAssertFalse(r.signaled, "\(args): \(r.stderr)")
        return r
    }

    func testHundredSecondSceneEndsAtHundredWithoutWarning() throws {
        let path = try script(
            "long.lua",
            """
            local l = layer{name = "l"}
            l:add(animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, duration = 100})
            """)
        let r = try run(["--fps", "1", path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix(#"{"fps":1,"start":0,"end":100,"#), r.stdout)
        XCTAssertEqual(r.stderr, "")
    }

    func testEndlessAnimationIsCutAtTheCapWithAWarning() throws {
        let path = try script(
            "spin.lua",
            """
            local l = layer{name = "wheel"}
            l:add(animation.basic{keyPath = "transform.rotation.z", toValue = 6.283, duration = 1,
              repeatCount = math.huge}, "spin")
            """)
        let r = try run(["--fps", "1", path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix(#"{"fps":1,"start":0,"end":60,"#), r.stdout)  // defaultCap
        XCTAssertEqual(
            r.stderr,
            "inbetween: warning: \(path): animation 'spin' on layer 'wheel' never ends; "
                + "sampled up to the cap at t = 60 s (set the end with --to T or scene{ cap = T })\n")
        // A chosen end is no cut: no warning.
        XCTAssertEqual(try run(["--fps", "1", "--to", "3", path]).stderr, "")
    }

    /// Issue 31: `--from A --to B` gives the rows the whole run gives between A and B. The
    /// animations end at 2 s, before the window: the whole run keeps their tracks (holding the
    /// model values) and the window must too, with the track a callback adds at 3 s (after the
    /// others, as in the whole run) and in the same order; the window's times are the whole
    /// run's (5 + i/60 and (300 + i)/60 differ in the last bit). Failed before the fix: the
    /// window had only the header and "the scene animates nothing".
    func testWindowGivesTheRowsOfTheWholeRun() throws {
        let path = try script(
            "window.lua",
            """
            for i = 1, 200 do
              local l = layer{name = "l" .. i, position = point(i, 0)}
              l:add(animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, duration = 2,
                beginTime = i / 100})
            end
            local late = layer{name = "late"}
            late:add(animation.basic{keyPath = "position.x", toValue = 50, duration = 3,
              onStop = function()
                late:add(animation.basic{keyPath = "bounds.size.width", toValue = 9, duration = 0.5,
                  fillMode = "forwards", removedOnCompletion = false})
              end})
            """)
        let whole = try run(["--format", "csv", "--to", "6", path])
        XCTAssertEqual(whole.status, 0, whole.stderr)
        let window = try run(["--format", "csv", "--from", "5", "--to", "6", path])
        XCTAssertEqual(window.status, 0, window.stderr)
        XCTAssertEqual(window.stderr, "")
        // The four first fields: the whole run's header is 16 values wide (a callback may still
        // add a transform at its first frame), the window's 1 (none is pending at 5 s).
        func rows(_ csv: String) -> [String] {
            csv.split(separator: "\n").dropFirst().map {
                $0.split(separator: ",").prefix(4).joined(separator: ",")
            }
        }
        let expected = rows(whole.stdout).filter { (Double($0.prefix { $0 != "," }) ?? 0) >= 5 }
        XCTAssertEqual(expected.count, 61 * 202)  // frames 300...360, 200 layers + 2 tracks of "late"
        let got = rows(window.stdout)
        XCTAssertEqual(got.count, expected.count)
        let firstDifference = zip(got, expected).first { $0.0 != $0.1 }
        XCTAssertNil(firstDifference)
    }

    /// (script body, expected message after the script's name). Each runs with `-o`: exit 1,
    /// the message, and nothing left in the folder but the script.
    func testNonFiniteValuesStopTheRunWithNoOutput() throws {
        let cases: [(String, String)] = [
            // 1e308 - (-1e308) overflows: (-inf)·0 at t = 0 is NaN, then -inf.
            (
                "l:add(animation.basic{keyPath = 'position.x', fromValue = 1e308, toValue = -1e308, duration = 1})",
                "layer 'L' position.x is not a number (NaN) at t = 0 s"
            ),
            // An easing returning 1e300 at progress > 0.5 (first at t = 0.55 s, frame 11 of
            // 20 fps) scales the 0 -> 1e10 range past the largest double.
            (
                "l:add(animation.basic{keyPath = 'opacity', fromValue = 0, toValue = 1e10, duration = 1, "
                    + "timingFunction = function(t) return t > 0.5 and 1e300 or t end})",
                "layer 'L' opacity is infinite at t = 0.55 s"
            ),
            // An easing returning NaN is refused by the easing check itself.
            (
                "l:add(animation.basic{keyPath = 'opacity', toValue = 0, duration = 1, "
                    + "timingFunction = function(t) return t > 0.5 and 0/0 or t end})",
                "easing"
            ),
        ]
        for (body, message) in cases {
            let path = try script("bad.lua", "local l = layer{name = 'L'}\n" + body + "\n")
            let out = folder.appendingPathComponent("out.csv").path
            let r = try run(["--fps", "20", "--format", "csv", "-o", out, path])
            XCTAssertEqual(r.status, 1, body)
            XCTAssertTrue(r.stderr.hasPrefix("inbetween: "), r.stderr)
            XCTAssertTrue(r.stderr.contains(message), "\(body): \(r.stderr)")
            if message != "easing" {
                XCTAssertEqual(r.stderr, "inbetween: \(path): \(message)\n")
            }
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: folder.path), ["bad.lua"], body)
        }
    }

    /// Every example as CSV, read back by pandas and by Python's csv module: each row has as
    /// many fields as the header, and pandas parses the whole file.
    func testEveryExampleCSVReadsAsATable() throws {
        var paths: [String] = []
        for name in ExampleGoldenTests.examples {
            let r = try run(["--format", "csv", "examples/\(name)"])
            XCTAssertEqual(r.status, 0, r.stderr)
            let path = folder.appendingPathComponent(name + ".csv").path
            try r.stdout.write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        // Layer names a CSV field must quote (issue 31: a carriage return, alone or before a
        // newline, was written raw and split its row; so was a comma followed by a combining
        // mark, one character to Swift but a separator to every CSV reader).
        let names = try script(
            "names.lua",
            #"""
            for _, name in ipairs{"cr\rx", "crlf\r\ny", "comma,\u{301}z", "quote\"q", "nl\nw"} do
              layer{name = name}:add(animation.basic{keyPath = "opacity", toValue = 0, duration = 0.05})
            end
            """#)
        let namesRun = try run(["--format", "csv", names])
        XCTAssertEqual(namesRun.status, 0, namesRun.stderr)
        paths.append(folder.appendingPathComponent("names.csv").path)
        try namesRun.stdout.write(toFile: paths.last!, atomically: true, encoding: .utf8)
        let check = """
            import csv, sys
            import pandas
            for path in sys.argv[1:]:
                rows = list(csv.reader(open(path, newline="")))
                widths = {len(row) for row in rows}
                assert widths == {len(rows[0])}, (path, widths)
                frame = pandas.read_csv(path)
                assert len(frame) == len(rows) - 1 and list(frame.columns) == rows[0], path
                if path.endswith("names.csv"):
                    layers = set(frame["layer"])
                    assert layers == {"cr\\rx", "crlf\\r\\ny", "comma,\\u0301z", 'quote"q', "nl\\nw"}, layers
            print(len(sys.argv) - 1)
            """
        let r = try CLIProcess.run(
            ["python3", "-c", check] + paths, executable: URL(fileURLWithPath: "/usr/bin/env"))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "\(paths.count)\n")
    }
}
