import Foundation
import XCTest

/// `inbetween curve`: golden files for every format, and exact error messages.
final class CurveCommandTests: XCTestCase {
    /// Shipped plugins only, so that a user's own plugins cannot change the outputs.
    static let reproducible = "--no-user-plugins"

    func testGoldenOutputs() throws {
        let cases: [([String], String)] = [
            (["bounceOut"], "curve-bounceOut.csv"),
            (["easeInEaseOut", "--format", "json", "--samples", "11"], "curve-easeInEaseOut.json"),
            (["backOut(2.5)", "--precision", "6", "--samples", "5"], "curve-backOut-2.5-p6.csv"),
            (["steps(4, jump-end)", "--at", "0,0.25,0.5,0.999,1"], "curve-steps4.csv"),
            (
                ["spring(duration=0.5, bounce=0.3)", "--format", "json", "--samples", "7"],
                "curve-spring.json"
            ),
            (["wobbly", "--samples", "5"], "curve-wobbly.csv"),
            (["bounceOut", "--format", "css"], "curve-bounceOut.css"),
            (["elasticOut", "--format", "css", "--tolerance", "0.01"], "curve-elasticOut-0.01.css"),
            (
                ["cubic-bezier(0.68,-0.55,0.265,1.55)", "--format", "svg", "--samples", "41"],
                "curve-cubic-bezier.svg"
            ),
            (["bounceOut", "--format", "svg", "--samples", "101"], "curve-bounceOut.svg"),
        ]
        for (args, golden) in cases {
            let r = try CLIProcess.run(["curve", Self.reproducible] + args)
            XCTAssertEqual(r.status, 0, "\(args): \(r.stderr)")
            XCTAssertEqual(r.stderr, "", "\(args)")
            Golden.assertMatches(r.stdout, golden)
        }
    }

    /// The default grid is 61 samples at x = i/60; the header is `x,y`.
    func testDefaultCSVShape() throws {
        let r = try CLIProcess.run(["curve", Self.reproducible, "linear"])
        let lines = r.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 62)  // header + 61 rows
        XCTAssertEqual(lines.first, "x,y")
        XCTAssertEqual(lines[1], "0,0")
        // x = 1/60 printed shortest round-trip; linear is the identity (exactly: the cubic
        // solver returns x itself for (0,0,1,1) to within 1e-7 — compared as numbers below).
        let row = lines[2].split(separator: ",").map { Double($0)! }
        XCTAssertEqual(row[0], 1.0 / 60)
        XCTAssertEqual(row[1], 1.0 / 60, accuracy: 1e-7)
        XCTAssertEqual(lines.last, "1,1")
    }

    func testLuaFileReturningAFunction() throws {
        let dir = try temporaryFolder("ib-curve")
        let path = dir.appendingPathComponent("square.lua").path
        try "return function(t) return t * t end\n".write(toFile: path, atomically: true, encoding: .utf8)
        let r = try CLIProcess.run(["curve", Self.reproducible, path, "--at", "0,0.5,1", "--format", "json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        // t² at 0, 0.5, 1 is 0, 0.25, 1 exactly in binary.
        XCTAssertEqual(
            r.stdout, "{\"spec\":\(jsonQuoted(path)),\"samples\":[\n[0,0],\n[0.5,0.25],\n[1,1]\n]}\n")
    }

    func testErrorMessages() throws {
        let dir = try temporaryFolder("ib-curve")
        let table = dir.appendingPathComponent("table.lua").path
        try "return {}\n".write(toFile: table, atomically: true, encoding: .utf8)
        let broken = dir.appendingPathComponent("huge.lua").path
        try "return function(t)\n  return math.huge\nend\n".write(
            toFile: broken, atomically: true, encoding: .utf8)
        let cases: [([String], Int32, String)] = [
            (
                ["--samples", "0", "easeIn"], 2,
                "inbetween: option --samples needs a whole number from 2 to 1000000, got '0'"
            ),
            (
                ["--samples", "abc", "easeIn"], 2,
                "inbetween: option --samples needs a whole number from 2 to 1000000, got 'abc'"
            ),
            (
                ["--at", "0.5,x", "easeIn"], 2,
                "inbetween: option --at: 'x' is not a finite number (give numbers separated by commas, e.g. --at 0,0.5,1)"
            ),
            (
                ["--at", "nan", "easeIn"], 2,
                "inbetween: option --at: 'nan' is not a finite number (give numbers separated by commas, e.g. --at 0,0.5,1)"
            ),
            (
                ["--format", "xml", "easeIn"], 2,
                "inbetween: unknown format 'xml' for curve (csv, json, css, svg)"
            ),
            (
                ["--precision", "18", "easeIn"], 2,
                "inbetween: option --precision needs a whole number of decimals from 0 to 17, got '18'"
            ),
            (
                ["--tolerance", "0", "--format", "css", "easeIn"], 2,
                "inbetween: option --tolerance needs a number greater than 0, got '0'"
            ),
            (
                ["--samples", "3", "--at", "1", "easeIn"], 2,
                "inbetween: options --samples and --at cannot be used together"
            ),
            ([], 2, "inbetween: curve needs a SPEC (try: inbetween curve easeInEaseOut)"),
            (
                ["boundeOut"], 1,
                "inbetween: unknown timing function 'boundeOut'; did you mean 'bounceOut' or 'bounceInOut' or 'bounceOutIn'?"
            ),
            ([table], 1, "inbetween: \(table): must return an easing (a function of t), got table"),
            (
                [broken], 1,
                "inbetween: \(broken):1: easing '\(broken)' must return a finite number, got inf (at t = 0)"
            ),
            (
                ["spring(mass=-1)"], 1,
                "inbetween: spring(mass=-1): bad value for 'mass' (-1): must be greater than 0"
            ),
            (
                ["spring(duration=0.5)"], 1,
                "inbetween: spring(duration=0.5): the perceptual form takes exactly duration= and bounce=, e.g. spring(duration=0.5, bounce=0.3)"
            ),
            (
                ["cubic-bezier(2,0,1,1)"], 1,
                "inbetween: cubic-bezier() x1 = 2: x control points must lie in [0, 1]"
            ),
        ]
        for (args, status, message) in cases {
            let r = try CLIProcess.run(["curve", Self.reproducible] + args)
            XCTAssertEqual(r.status, status, "\(args)")
            XCTAssertEqual(r.stderr.split(separator: "\n").first.map(String.init), message, "\(args)")
            XCTAssertEqual(r.stdout, "", "\(args)")
        }
    }

    /// `-o FILE` replaces a file only when the command succeeds.
    /// `allowsOverdamping=true` in a spring SPEC, as `animation.spring{allowsOverdamping = true}`
    /// in Lua: m = 1, k = 100, c = 30 is ζ = c / (2√(km)) = 1.5, which is clamped to critical
    /// damping without the switch. Expected values, derived: with ω0 = 10 and v0 = 0,
    /// critically damped x(t) = 1 - e^(-ω0 t)(1 + ω0 t); over-damped with the roots
    /// r1,2 = -ω0(ζ ∓ √(ζ² - 1)), x(t) = 1 - (r2 e^(r1 t) - r1 e^(r2 t)) / (r2 - r1). Each
    /// sample's t is x times the JSON's "duration".
    func testSpringSpecOverdampingSwitch() throws {
        func samples(_ spec: String) throws -> (duration: Double, points: [[Double]]) {
            let r = try CLIProcess.run([
                "curve", Self.reproducible, spec, "--format", "json", "--samples", "9",
            ])
            XCTAssertEqual(r.status, 0, r.stderr)
            let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
            return (object?["duration"] as? Double ?? 0, object?["samples"] as? [[Double]] ?? [])
        }
        let omega = 10.0
        let zeta = 1.5
        let r1 = -omega * (zeta - (zeta * zeta - 1).squareRoot())
        let r2 = -omega * (zeta + (zeta * zeta - 1).squareRoot())
        let over = { (t: Double) in 1 - (r2 * exp(r1 * t) - r1 * exp(r2 * t)) / (r2 - r1) }
        let critical = { (t: Double) in 1 - exp(-omega * t) * (1 + omega * t) }
        for (spec, expected) in [
            ("spring(1, 100, 30, 0, allowsOverdamping=true)", over),
            ("spring(mass=1, stiffness=100, damping=30, allowsOverdamping=true)", over),
            ("spring(1, 100, 30, 0, allowsOverdamping=false)", critical),
            ("spring(1, 100, 30, 0)", critical),
        ] {
            let (duration, points) = try samples(spec)
            XCTAssertEqual(points.count, 9, spec)
            for p in points {
                // 1e-9: a closed form evaluated twice, a few ulps of e^(rt) apart.
                XCTAssertEqual(p[1], expected(p[0] * duration), accuracy: 1e-9, "\(spec) x=\(p[0])")
            }
        }
        for (spec, message) in [
            (
                "spring(1, 100, 30, 0, allowsOverdamping=yes)",
                "allowsOverdamping takes true or false, got 'yes'"
            ),
            (
                "spring(duration=0.5, bounce=0.3, allowsOverdamping=true)",
                "allowsOverdamping belongs to the physical form; the perceptual form over-damps with a negative bounce"
            ),
        ] {
            let r = try CLIProcess.run(["curve", Self.reproducible, spec])
            XCTAssertEqual(r.status, 1, spec)
            XCTAssertEqual(r.stderr, "inbetween: \(spec): \(message)\n")
        }
    }

    func testOutputFileIsReplacedOnlyOnSuccess() throws {
        let dir = try temporaryFolder("ib-curve")
        let out = dir.appendingPathComponent("curve.csv").path
        try "previous good output\n".write(toFile: out, atomically: true, encoding: .utf8)
        let failed = try CLIProcess.run(["curve", Self.reproducible, "boundeOut", "-o", out])
        XCTAssertEqual(failed.status, 1)
        XCTAssertEqual(try String(contentsOfFile: out, encoding: .utf8), "previous good output\n")
        let ok = try CLIProcess.run(["curve", Self.reproducible, "linear", "--samples", "2", "-o", out])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertEqual(ok.stdout, "")
        XCTAssertEqual(try String(contentsOfFile: out, encoding: .utf8), "x,y\n0,0\n1,1\n")
        // No temporary files are left beside the output.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["curve.csv"])
    }

    private func jsonQuoted(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            + "\""
    }
}
