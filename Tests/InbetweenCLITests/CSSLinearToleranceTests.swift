import Foundation
import InbetweenEngine
import XCTest

@testable import Inbetween
@testable import InbetweenCLI

/// Issue 5: the CSS `linear()` made for an easing, evaluated with the CSS Easing Level 2
/// algorithm (the engine's PiecewiseLinear, through TimingFunction.parse(css:)), stays within
/// the stated tolerance of the easing at 1,000 points.
final class CSSLinearToleranceTests: XCTestCase {
    static let points = 1_000
    /// x = i / 999, i = 0 ... 999: 1,000 points spanning [0, 1] including both ends.
    static var xs: [Double] { (0..<points).map { Double($0) / Double(points - 1) } }

    /// Penner's bounceOut (Robert Penner, "Robert Penner's Easing Equations", 2001): four
    /// parabolas 7.5625·t² + c, 7.5625 = (2.75)², written out here independently of the plugin.
    static func bounceOut(_ t: Double) -> Double {
        let k = 7.5625
        let d = 2.75
        if t < 1 / d { return k * t * t }
        if t < 2 / d {
            let u = t - 1.5 / d
            return k * u * u + 0.75
        }
        if t < 2.5 / d {
            let u = t - 2.25 / d
            return k * u * u + 0.9375
        }
        let u = t - 2.625 / d
        return k * u * u + 0.984375
    }

    func testBounceOutAgainstIndependentFormula() throws {
        for tolerance in [0.001, 0.01] {
            let css = try linear(["bounceOut", "--tolerance", NumberFormat.shortest.string(tolerance)])
            let easing = try TimingFunction.parse(css: css.function)
            let worst = Self.xs.map { abs(easing($0) - Self.bounceOut($0)) }.max()!
            XCTAssertLessThanOrEqual(worst, tolerance, "bounceOut at tolerance \(tolerance): \(css.function)")
            XCTAssertEqual(
                css.comment, "/* \(css.stops) stops, tolerance \(NumberFormat.shortest.string(tolerance)) */")
        }
    }

    /// elasticOut (from the penner plugin) and easeInEaseOut (the engine's cubic Bézier), the
    /// reference values taken from `curve --at` with full precision.
    func testElasticOutAndEaseInEaseOut() throws {
        let at = Self.xs.map { NumberFormat.shortest.string($0) }.joined(separator: ",")
        for spec in ["elasticOut", "easeInEaseOut", "backOut", "spring(duration=0.5, bounce=0.3)"] {
            let reference = try CLIProcess.run(["curve", "--no-user-plugins", spec, "--at", at])
            XCTAssertEqual(reference.status, 0, reference.stderr)
            let ys = reference.stdout.split(separator: "\n").dropFirst().map {
                Double($0.split(separator: ",")[1])!
            }
            XCTAssertEqual(ys.count, Self.points)
            let css = try linear([spec])
            let easing = try TimingFunction.parse(css: css.function)
            let worst = zip(Self.xs, ys).map { abs(easing($0) - $1) }.max()!
            XCTAssertLessThanOrEqual(worst, 0.001, "\(spec) (default tolerance 0.001): \(css.function)")
        }
    }

    /// A straight line needs only its two ends.
    func testLinearIsTwoStops() throws {
        let css = try linear(["linear"])
        XCTAssertEqual(css.function, "linear(0, 1)")
        XCTAssertEqual(css.stops, 2)
    }

    private func linear(_ args: [String]) throws -> (comment: String, function: String, stops: Int) {
        let r = try CLIProcess.run(["curve", "--no-user-plugins", "--format", "css"] + args)
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2, r.stdout)
        let function = lines.last ?? ""
        // Stops are the commas plus one: no output or percentage contains a comma.
        let stops = function.filter { $0 == "," }.count + 1
        return (lines.first ?? "", function, stops)
    }
}
