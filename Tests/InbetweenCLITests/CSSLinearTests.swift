import XCTest

@testable import Inbetween
@testable import InbetweenCLI

/// Ramer–Douglas–Peucker with vertical distance, and the linear() text.
final class CSSLinearTests: XCTestCase {
    func testSimplifyKeepsOnlyWhatTheToleranceNeeds() {
        // A tent 0 → 1 → 0 sampled at 0, 0.25, 0.5, 0.75, 1: the straight runs drop out and
        // the peak stays (its distance from the chord (0,0)–(1,0) is 1).
        let xs = [0, 0.25, 0.5, 0.75, 1.0]
        let tent = [0, 0.5, 1, 0.5, 0.0]
        XCTAssertEqual(CSSLinear.simplify(xs: xs, ys: tent, tolerance: 0.001), [0, 2, 4])
        // A bump of 0.01 at x = 0.25 is kept at tolerance 0.005 (and then x = 0.5, 0.0067 off
        // the new chord from the bump to (1, 1)); at 0.02 both drop out.
        let bump = [0, 0.26, 0.5, 0.75, 1.0]
        XCTAssertEqual(CSSLinear.simplify(xs: xs, ys: bump, tolerance: 0.005), [0, 1, 2, 4])
        XCTAssertEqual(CSSLinear.simplify(xs: xs, ys: bump, tolerance: 0.02), [0, 4])
    }

    func testFormatLeavesOutDefaultInputs() {
        let text = CSSLinear.format([(0, 0), (0.125, 0.25), (0.5, 1 / 3.0), (1, 1)], decimals: 3)
        XCTAssertEqual(text, "linear(0, 0.25 12.5%, 0.333 50%, 1)")
        // A curve that does not start at 0 or end at 1 keeps its end percentages.
        XCTAssertEqual(CSSLinear.format([(0.1, 0), (0.9, 1)], decimals: 2), "linear(0 10%, 1 90%)")
    }

    func testMakeMeetsTheToleranceOnItsSamples() throws {
        // y = x² on 1,001 samples: every sample within 0.9 · T of the printed linear().
        let xs = (0...1000).map { Double($0) / 1000 }
        let ys = xs.map { $0 * $0 }
        for tolerance in [0.1, 0.01, 0.001, 0.0001] {
            let result = try CSSLinear.make(xs: xs, ys: ys, tolerance: tolerance)
            XCTAssertLessThanOrEqual(result.maxError, CSSLinear.verifiedShare * tolerance, "T = \(tolerance)")
            XCTAssertEqual(try CSSLinear.maxError(of: result.function, xs: xs, ys: ys), result.maxError)
            // A parabola's chord error over width w is w²/4 (y'' = 2, so 2·w²/8): at least
            // 1/√(4·0.8·T) segments are needed.
            XCTAssertGreaterThanOrEqual(
                Double(result.stopCount - 1), (1 / (4 * 0.8 * tolerance)).squareRoot().rounded(.down))
        }
    }
}
