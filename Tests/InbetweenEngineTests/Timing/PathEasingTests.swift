import Foundation
import XCTest

@testable import InbetweenEngine

/// Path easings (PathEasing) against independent answers: a plain bisection on each cubic's
/// x(s) written here from the Bernstein form, closed forms for lines, quadratics and circular
/// or axis-aligned elliptic arcs. Normalisation follows GSAP CustomEase 3's documented
/// behaviour (https://gsap.com/docs/v3/Eases/CustomEase: "if the path doesn't start at 0,0
/// and end at 1,1 ... it will normalize") and its source (`_normalize` in
/// gsap/src/CustomEase.js: originY = max(start y, end y); divisor = end y − originY, or the
/// lowest anchor when start and end y are within 1% of the x extent; `height` overrides it).
final class PathEasingTests: XCTestCase {
    /// y on a cubic at x by bisection on s (x(s) non-decreasing), to 2^-60.
    static func bisect(_ p: [(Double, Double)], _ x: Double) -> Double {
        func at(_ s: Double) -> (Double, Double) {
            let u = 1 - s
            let b = [u * u * u, 3 * u * u * s, 3 * u * s * s, s * s * s]
            return ((0..<4).reduce(0) { $0 + b[$1] * p[$1].0 }, (0..<4).reduce(0) { $0 + b[$1] * p[$1].1 })
        }
        var lo = 0.0
        var hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if at(mid).0 < x { lo = mid } else { hi = mid }
        }
        return at((lo + hi) / 2).1
    }

    /// Piecewise cubic: the piece whose x range holds x.
    static func bisect(pieces: [[(Double, Double)]], _ x: Double) -> Double {
        let piece = pieces.last { $0[0].0 <= x } ?? pieces[0]
        return bisect(piece, x)
    }

    struct Case: Sendable {
        var path: String
        var expected: @Sendable (Double) -> Double
        var height: Double? = nil
        var originY: Double? = nil
        var domain: ClosedRange<Double> = 0...1
    }

    static let cases: [Case] = [
        // 1-3: one cubic, absolute, relative and in compact syntax (SVG 2 §9.3.9: ".1.9" is two
        // numbers).
        Case(path: "M0,0 C0.1,0.9 0.2,1 1,1") { bisect([(0, 0), (0.1, 0.9), (0.2, 1), (1, 1)], $0) },
        Case(path: "m0,0 c0.1,0.9 0.2,1 1,1") { bisect([(0, 0), (0.1, 0.9), (0.2, 1), (1, 1)], $0) },
        Case(path: "M0,0C.1.9.2,1,1,1") { bisect([(0, 0), (0.1, 0.9), (0.2, 1), (1, 1)], $0) },
        // 4: the same curve drawn in SVG space from (0, 500) to (500, 0): x / 500, y flipped
        // about originY = max(500, 0) and divided by (0 − 500).
        Case(path: "M0,500 C50,50 100,0 500,0") { bisect([(0, 0), (0.1, 0.9), (0.2, 1), (1, 1)], $0) },
        // 5: S reflects the previous second control point (0.3, 0.8) about (0.5, 0.8) → (0.7, 0.8).
        Case(path: "M0,0 C0.2,0.6 0.3,0.8 0.5,0.8 S0.8,1 1,1") {
            bisect(
                pieces: [
                    [(0, 0), (0.2, 0.6), (0.3, 0.8), (0.5, 0.8)], [(0.5, 0.8), (0.7, 0.8), (0.8, 1), (1, 1)],
                ], $0)
        },
        // 6: Q with control (0.5, 1): x(s) = s, y(s) = 2s − s², so y = 2x − x².
        Case(path: "M0,0 Q0.5,1 1,1") { 2 * $0 - $0 * $0 },
        Case(path: "M0,0 q0.5,1 1,1") { 2 * $0 - $0 * $0 },
        // 8: Q then T: piece 1 x = s/2, y = s − s²/2 → y = 2x − 2x²; T reflects (0.25, 0.5)
        // about (0.5, 0.5) → (0.75, 0.5): x = 0.5 + s/2, y = 0.5 + s²/2 → y = 0.5 + 2(x − 0.5)².
        Case(path: "M0,0 Q0.25,0.5 0.5,0.5 T1,1") {
            $0 <= 0.5 ? 2 * $0 - 2 * $0 * $0 : 0.5 + 2 * ($0 - 0.5) * ($0 - 0.5)
        },
        // 9-11: circular arcs. From (0, 1) to (1, 0), r = 1, sweep 0 (decreasing angle): centre
        // (0, 0), y = √(1 − x²). A half circle from (0, 0) to (1, 0): sweep 1 (increasing angle)
        // runs below through θ = 3π/2, y = −√(0.25 − (x − 0.5)²); sweep 0 above.
        Case(path: "M0,1 A1,1 0 0 0 1,0") { (1 - $0 * $0).squareRoot() },
        Case(path: "M0,0 A0.5,0.5 0 0 1 1,0") { -(0.25 - ($0 - 0.5) * ($0 - 0.5)).squareRoot() },
        Case(path: "M0,0 a0.5,0.5 0 0 0 1,0") { (0.25 - ($0 - 0.5) * ($0 - 0.5)).squareRoot() },
        // 12: an ellipse rx = 1, ry = 0.5 from (0, 0) to (1, 0.5), sweep 0: centre (1, 0),
        // y = 0.5·√(1 − (x − 1)²).
        Case(path: "M0,0 A1,0.5 0 0 0 1,0.5") { 0.5 * (1 - ($0 - 1) * ($0 - 1)).squareRoot() },
        // 13-14: lines, H and V. A vertical piece is a jump: at its x the value after it.
        Case(path: "M0,0 L0.5,0.8 L1,1") { $0 <= 0.5 ? 1.6 * $0 : 0.8 + 0.4 * ($0 - 0.5) },
        Case(path: "M0,0 H0.5 V1 H1") { $0 < 0.5 ? 0 : 1 },
        Case(path: "M0 0 l .5 .8 l .5 .2") { $0 <= 0.5 ? 1.6 * $0 : 0.8 + 0.4 * ($0 - 0.5) },
        // 16: a quarter circle in SVG space, (0, 500) to (500, 0) about (500, 500), sweep 1:
        // y_svg = 500 − √(500² − (x − 500)²); normalised y' = (y_svg − 500) / (0 − 500).
        Case(path: "M0,500 A500,500 0 0 1 500,0") { (1 - ($0 - 1) * ($0 - 1)).squareRoot() },
        // 17: start and end y equal (100 = 100, within 1% of the x extent): the lowest anchor
        // (y = 70) maps to 1, so y' = (y − 100) / (70 − 100); x' = x / 100.
        Case(path: "M0,100 C20,20 30,150 50,70 S80,120 100,100") {
            let raw = bisect(
                pieces: [
                    [(0, 100), (20, 20), (30, 150), (50, 70)],
                    [(50, 70), (70, -10), (80, 120), (100, 100)],
                ], $0 * 100)
            return (raw - 100) / (70 - 100)
        },
        // 18: height and originY given: y' = (originY − y) / height.
        Case(path: "M0,100 L100,0", expected: { (100 - 100 * $0 - 100) / -50 }, height: 50, originY: 100),
        // 19: x from 10 to 60, y from 10 down to 0 on screen: x' = (x − 10)/50, originY = 10,
        // divisor 0 − 10.
        Case(path: "M10,10 C20,10 30,0 60,0") {
            (bisect([(10, 10), (20, 10), (30, 0), (60, 0)], 10 + 50 * $0) - 10) / -10
        },
        // 20: an ellipse turned 90° (rx = 1 along y, ry = 0.5 along x) from (0, 0) to
        // (0.5, 1), sweep 1: centre (0, 1), (x/0.5)² + (y − 1)² = 1 on the lower-right quarter,
        // y = 1 − √(1 − 4x²). x runs 0 → 0.5, so it is normalised: x' = 2x, originY = 1,
        // divisor 1 − 1 = 0 → scaled by −x scale: y' = (y − 1)·(−2) = 2√(1 − x'²).
        Case(path: "M0,0 A1,0.5 90 0 1 0.5,1") { 2 * (1 - $0 * $0).squareRoot() },
    ]

    func testTwentyPathsAgainstIndependentSolutions() throws {
        XCTAssertEqual(Self.cases.count, 20)
        for (n, c) in Self.cases.enumerated() {
            let easing = try PathEasing(c.path, height: c.height, originY: c.originY)
            for i in 0...200 {
                // 201 inputs, avoiding the jump of case 14 at exactly 0.5 (checked below).
                let x = Double(i) / 200
                if c.path.contains("V1") && x == 0.5 { continue }
                // 1e-9: the bound; the bisections above reach 2^-60 in s.
                XCTAssertEqual(
                    easing.evaluate(x), c.expected(x), accuracy: 1e-9, "case \(n + 1) \(c.path) at x = \(x)")
            }
        }
    }

    func testAJumpTakesTheValueAfterIt() throws {
        // CSS steps() and linear() take the later value at a jump (CSS Easing 2, §3.1 step 5);
        // a vertical piece is the same jump.
        let easing = try PathEasing("M0,0 H0.5 V1 H1")
        XCTAssertEqual(easing.evaluate(0.5), 1)
        XCTAssertEqual(easing.evaluate(0.5.nextDown), 0)
    }

    func testFourNumbersAreCubicBezier() throws {
        // CustomEase: "0.42,0,0.58,1" alone is a cubic-bezier (setData pads it with 0,0 and 1,1).
        let f = try TimingFunction.path("0.42,0,0.58,1")
        XCTAssertEqual(f.controlPoint(at: 1), Point(x: 0.42, y: 0))
        // The same curve as a path agrees with the engine's cubic solver (certified to 1e-9).
        let asPath = try PathEasing("M0,0 C0.42,0 0.58,1 1,1")
        for i in 0...100 {
            let x = Double(i) / 100
            XCTAssertEqual(asPath.evaluate(x), f(x), accuracy: 1e-9)
        }
    }

    func testOutsideTheUnitIntervalFollowsTheEndTangents() throws {
        // Start tangent of M0,0 C0.1,0.9 ...: direction (0.1, 0.9), slope 9; end tangent from
        // (0.2, 1) to (1, 1): slope 0.
        let easing = try PathEasing("M0,0 C0.1,0.9 0.2,1 1,1")
        XCTAssertEqual(easing.evaluate(-0.1), -0.9, accuracy: 1e-12)
        XCTAssertEqual(easing.evaluate(1.5), 1, accuracy: 1e-12)
        // A vertical end tangent (the circle of case 9 at x = 1) holds the end value.
        XCTAssertEqual(try PathEasing("M0,1 A1,1 0 0 0 1,0").evaluate(2), 0)
    }

    func testBackwardsSegmentIsAnErrorNamingIt() {
        XCTAssertThrowsError(try PathEasing("M0,0 L0.5,1 L0.4,1 L1,1")) { error in
            let e = error as! EngineError
            XCTAssertEqual(e.parameter, "path")
            XCTAssertTrue(
                e.rule.hasPrefix(
                    "segment 2 (L) runs backwards in x: it reaches x = 0.5, then falls back to 0.4"), e.rule)
        }
        // A cubic that loops back: x'(s) has two roots in (0, 1).
        XCTAssertThrowsError(try PathEasing("M0,0 C0.5,0 0.9,1 0.2,1 L1,1")) { error in
            XCTAssertTrue((error as! EngineError).rule.hasPrefix("segment 1 (C) runs backwards"), "\(error)")
        }
        // An arc that turns back in x: the half circle from (0, 0) up to (0, 1) through x = 0.5.
        XCTAssertThrowsError(try PathEasing("M0,0 A0.5,0.5 0 0 1 0,1 L1,1")) { error in
            XCTAssertTrue((error as! EngineError).rule.hasPrefix("segment 1 (A) runs backwards"), "\(error)")
        }
    }

    func testMalformedDataSaysWhere() {
        for (data, fragment) in [
            ("", "must start with M"), ("L1,1", "must start with M"), ("M0,0", "draws nothing"),
            ("M0,0 C1,2", "expected a number"), ("M0,0 A1,1 0 2 0 1,1", "arc flag"),
            ("M0,0 X1,1", "expected a path command"), ("M0,0 L1e999,1", "out of range"),
            ("M0,0 L0,1", "needs an x extent"), ("M5,0 L5,1", "needs an x extent"),
        ] {
            XCTAssertThrowsError(try PathEasing(data), data) { error in
                XCTAssertTrue("\(error)".contains(fragment), "\(data): \(error)")
            }
        }
    }

    func testOnlyTheFirstSubpathCounts() throws {
        let one = try PathEasing("M0,0 L1,1")
        let two = try PathEasing("M0,0 L1,1 M0,1 L1,0")
        XCTAssertEqual(one.evaluate(0.3), two.evaluate(0.3))
    }

    func testCSSSyntax() throws {
        let f = try TimingFunction.parse(css: "path(M0,0 Q0.5,1 1,1)")
        XCTAssertEqual(f(0.5), 0.75, accuracy: 1e-12)  // 2x − x² at 0.5
        XCTAssertThrowsError(try TimingFunction.parse(css: "path(M0,0 L0.5,1 L0.4,1 L1,1)")) {
            XCTAssertTrue("\($0)".contains("segment 2 (L) runs backwards"), "\($0)")
        }
    }
}
