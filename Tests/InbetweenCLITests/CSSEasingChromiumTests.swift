import Foundation
import XCTest

/// The CSS of easings, read by its real consumer: headless Chromium evaluates the `linear()`
/// the export writes for a Lua easing (Web Animations on a registered `<number>` property, read
/// at full precision through Typed OM), and parses the two CSS suite cases the engine follows.
final class CSSEasingChromiumTests: XCTestCase {
    /// Penner's elasticOut written as a Lua function, and the same formula here, independently:
    /// 2^(−10t)·sin((t − 0.075)·2π/0.3) + 1 (Robert Penner's easing equations, 2001).
    static let elastic =
        "function(t) return 2^(-10 * t) * math.sin((t - 0.075) * (2 * math.pi) / 0.3) + 1 end"
    static func elastic(_ t: Double) -> Double { pow(2, -10 * t) * sin((t - 0.075) * (2 * .pi) / 0.3) + 1 }

    /// A ball moved 300 px and faded by a scripted elastic: each easing is one compact linear()
    /// (percentages at the decimals its tolerance needs, not 0.38999999999999996%), the header
    /// states the tolerance, and Chromium evaluates each within it of the easing at 1,001
    /// points: 0.01 px for the move (five times the export's 0.002 px, see the header) and 1e-4
    /// for the opacity. Before, the same script wrote 864 stops at full precision.
    func testALuaEasingIsCompactAndWithinItsStatedTolerance() throws {
        try MachineRequirement.chromium()
        let folder = try temporaryFolder("ib-css-easing")
        let script = folder.appendingPathComponent("ball.lua")
        try """
        local ball = layer{name = "ball", bounds = rect(0, 0, 20, 20), position = point(0, 0)}
        local elastic = \(Self.elastic)
        ball:add(animation.basic{keyPath = "position.x", fromValue = 0, toValue = 300, duration = 1, timingFunction = elastic})
        ball:add(animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, duration = 1, timingFunction = elastic})
        """.write(to: script, atomically: true, encoding: .utf8)
        let r = try CLIProcess.run(["run", "--no-user-plugins", "--format", "css", script.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(
            r.stdout.contains(
                "Lua easings and springs are linear(), fitted as `inbetween curve --format css`"),
            r.stdout)
        XCTAssertTrue(
            r.stdout.contains("within 0.001 of their progress, and within 0.01 px (lengths) or 0.0001"),
            r.stdout)
        let easings = r.stdout.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: "animation-timing-function: linear("),
                let end = line.range(of: ");", range: start.upperBound..<line.endIndex)
            else { return nil }
            return String(
                line[line.index(start.upperBound, offsetBy: -7)..<line.index(after: end.lowerBound)])
        }
        XCTAssertEqual(easings.count, 2, r.stdout)
        for easing in easings {
            // Twelve significant digits would be a full-precision print; the fit needs far fewer.
            XCTAssertNil(easing.range(of: #"\d\.\d{9}"#, options: .regularExpression), easing)
            print(
                "CSSEasingChromiumTests: \(easing.filter { $0 == "," }.count + 1) stops, \(easing.utf8.count) bytes"
            )
        }
        let page = folder.appendingPathComponent("easing.html")
        try "<!doctype html><div id=d></div>".write(to: page, atomically: true, encoding: .utf8)
        let browser = try ChromiumSession()
        defer { browser.close() }
        try browser.open(page)
        for (easing, span, tolerance) in [(easings[0], 300.0, 0.01), (easings[1], 1.0, 1e-4)] {
            let values = try XCTUnwrap(
                browser.eval(
                    """
                    (function () {
                      try { CSS.registerProperty({ name: '--v', syntax: '<number>', inherits: false, initialValue: '0' }); } catch (e) {}
                      var d = document.getElementById('d'), out = [];
                      var a = d.animate([{ '--v': 0 }, { '--v': \(span) }], { duration: 1000, easing: '\(easing)', fill: 'both' });
                      a.pause();
                      for (var i = 0; i <= 1000; i++) { a.currentTime = i; out.push(d.computedStyleMap().get('--v').value); }
                      a.cancel();
                      return out;
                    })()
                    """) as? [Double])
            XCTAssertEqual(values.count, 1001)
            var worst = 0.0
            for (i, v) in values.enumerated() {
                worst = max(worst, abs(v - span * Self.elastic(Double(i) / 1000)))
            }
            XCTAssertLessThanOrEqual(worst, tolerance, "span \(span): \(easing)")
        }
    }

    /// The two suite cases, in Chromium as in the engine: WPT
    /// css/css-easing/step-timing-functions-syntax.html lists steps(calc(0/0), jump-none) as
    /// invalid, and Chromium refuses it; cubic-bezier(0.5, DBL_MAX, 0.5, DBL_MAX) is valid CSS,
    /// which Chromium evaluates finite (CubicBezierTest.ClampInfinityEvaluation), and so does
    /// `curve` now (it said "is NaN (not a number)").
    func testTheTwoSuiteCasesAgreeWithChromium() throws {
        try MachineRequirement.chromium()
        let huge = "cubic-bezier(0.5, 1.7976931348623157e308, 0.5, 1.7976931348623157e308)"
        let folder = try temporaryFolder("ib-css-suite")
        let page = folder.appendingPathComponent("supports.html")
        try "<!doctype html><p>".write(to: page, atomically: true, encoding: .utf8)
        let browser = try ChromiumSession()
        defer { browser.close() }
        try browser.open(page)
        let supported = try XCTUnwrap(
            browser.eval(
                "['steps(calc(0/0), jump-none)', '\(huge)'].map(function (v) { return CSS.supports('animation-timing-function', v); })"
            ) as? [Bool])
        XCTAssertEqual(supported, [false, true])
        let steps = try CLIProcess.run(["curve", "--no-user-plugins", "steps(calc(0/0), jump-none)"])
        XCTAssertEqual(steps.status, 1)
        XCTAssertTrue(
            steps.stderr.contains("is not a number (NaN); jump-none needs at least 2 steps"), steps.stderr)
        let curve = try CLIProcess.run(["curve", "--no-user-plugins", huge, "--at", "0,0.25,0.5,0.75,1"])
        XCTAssertEqual(curve.status, 0, curve.stderr)
        let ys = curve.stdout.split(separator: "\n").dropFirst().compactMap {
            Double($0.split(separator: ",")[1])
        }
        XCTAssertEqual(ys.count, 5, curve.stdout)
        XCTAssertTrue(ys.allSatisfy(\.isFinite), curve.stdout)
    }
}
