import XCTest

@testable import InbetweenEngine

/// Published values: /work/shared/reference/published-easing-values.json, copied here (tests
/// must not read it at run time). Each table names its source and uses that source's tolerance.
final class CubicBezierTests: XCTestCase {
    struct Table {
        let source: String
        let points: (Double, Double, Double, Double)
        let tolerance: Double
        let rows: [(x: Double, y: Double)]
    }

    /// y(x) tables.
    static let yTables: [Table] = [
        Table(
            source: "chromium ui/gfx/geometry/cubic_bezier_unittest.cc Basic (0.25,0,0.75,1)",
            points: (0.25, 0, 0.75, 1), tolerance: 0.00015,
            rows: [
                (0, 0), (0.05, 0.01136), (0.1, 0.03978), (0.15, 0.07978), (0.2, 0.12803), (0.25, 0.18235),
                (0.3, 0.24115), (0.35, 0.30323), (0.4, 0.36761), (0.45, 0.43345), (0.5, 0.5), (0.6, 0.63238),
                (0.65, 0.69676), (0.7, 0.75884), (0.75, 0.81764), (0.8, 0.87196), (0.85, 0.92021),
                (0.9, 0.96021), (0.95, 0.98863), (1, 1),
            ]),
        Table(
            source: "chromium cubic_bezier_unittest.cc UnclampedYValues (0.5,-1,0.5,2)",
            points: (0.5, -1, 0.5, 2), tolerance: 0.00015,
            rows: [
                (0, 0), (0.05, -0.08954), (0.1, -0.15613), (0.15, -0.19641), (0.2, -0.20651),
                (0.25, -0.18232),
                (0.3, -0.11992), (0.35, -0.01672), (0.4, 0.1266), (0.45, 0.30349), (0.5, 0.5),
                (0.55, 0.69651),
                (0.6, 0.8734), (0.65, 1.01672), (0.7, 1.11992), (0.75, 1.18232), (0.8, 1.20651),
                (0.85, 1.19641), (0.9, 1.15613), (0.95, 1.08954), (1, 1),
            ]),
        Table(
            source: "blink timing_function_test.cc CubicEvaluate ease (0.25,0.1,0.25,1)",
            points: (0.25, 0.1, 0.25, 1), tolerance: 0.01, rows: [(0.25, 0.409), (0.5, 0.802), (0.75, 0.96)]),
        Table(
            source: "blink timing_function_test.cc CubicEvaluate ease-in (0.42,0,1,1)",
            points: (0.42, 0, 1, 1), tolerance: 0.01, rows: [(0.25, 0.093), (0.5, 0.315), (0.75, 0.622)]),
        Table(
            source: "blink timing_function_test.cc CubicEvaluate ease-out (0,0,0.58,1)",
            points: (0, 0, 0.58, 1), tolerance: 0.01, rows: [(0.25, 0.378), (0.5, 0.685), (0.75, 0.907)]),
        Table(
            source: "blink timing_function_test.cc CubicEvaluate ease-in-out (0.42,0,0.58,1)",
            points: (0.42, 0, 0.58, 1), tolerance: 0.01, rows: [(0.25, 0.129), (0.5, 0.5), (0.75, 0.871)]),
        Table(
            source: "blink timing_function_test.cc CubicEvaluate (0.17,0.67,1,-1.73)",
            points: (0.17, 0.67, 1, -1.73), tolerance: 0.01,
            rows: [(0.25, 0.034), (0.5, -0.217), (0.75, -0.335)]),
    ]

    func testPublishedYValues() throws {
        for table in Self.yTables {
            let (x1, y1, x2, y2) = table.points
            let curve = try CubicBezier(x1, y1, x2, y2)
            for row in table.rows {
                // Tolerance: the source's own (stated in each table).
                XCTAssertEqual(
                    curve.solve(row.x), row.y, accuracy: table.tolerance, "\(table.source) x=\(row.x)")
            }
        }
    }

    func testPublishedSlopes() throws {
        // chromium cubic_bezier_unittest.cc Slope (0.25,0,0.75,1), eps 0.00015 (symmetric half).
        let rows: [(x: Double, slope: Double)] = [
            (0.05, 0.4217), (0.1, 0.69778), (0.15, 0.89121), (0.2, 1.03184),
            (0.25, 1.13576), (0.3, 1.21239), (0.35, 1.26751), (0.4, 1.30474), (0.45, 1.32628), (0.5, 1.33333),
        ]
        let curve = try CubicBezier(0.25, 0, 0.75, 1)
        for row in rows {
            XCTAssertEqual(curve.slope(row.x), row.slope, accuracy: 0.00015, "x=\(row.x)")
            // The curve is point-symmetric about (0.5, 0.5), so the slope is mirrored: exact
            // up to the solver's 1e-9 (slope error scales with it).
            XCTAssertEqual(curve.slope(1 - row.x), row.slope, accuracy: 0.00015, "x=\(1 - row.x)")
        }
    }

    /// A NaN x gives NaN, from `slope` as from `solve`; `slope` trapped converting it to a
    /// table cell (found reviewing the guess's index arithmetic). Infinities take the end
    /// tangents' slopes.
    func testSlopeAndSolveOfNonFiniteInput() throws {
        let curve = try CubicBezier(0.25, 0, 0.75, 1)
        XCTAssertTrue(curve.slope(.nan).isNaN)
        XCTAssertTrue(curve.solve(.nan).isNaN)
        // (0.25, 0, 0.75, 1) starts and ends flat: both end tangents have slope 0 (Chromium's
        // start/end gradients, y1/x1 and (1 - y2)/(1 - x2)).
        XCTAssertEqual(curve.slope(-.infinity), 0)
        XCTAssertEqual(curve.slope(.infinity), 0)
    }

    /// chromium cubic_bezier_unittest.cc EXPECT_EQ cases, including extrapolation outside [0, 1]
    /// along the end tangents (the four tangent cases of CubicBezier.init).
    func testPublishedExactValuesAndExtrapolation() throws {
        let rows: [(points: (Double, Double, Double, Double), x: Double, y: Double)] = [
            ((0.5, 1, 0.5, 1), 0.5, 0.875), ((0.5, 2, 0.5, 2), 0.5, 1.625), ((0.5, -1, 0.5, -1), 0.5, -0.625),
            ((0.5, 1, 0.5, 1), -1, -2), ((0.5, 1, 0.5, 1), 2, 1),
            ((0, 0, 1, 1), -1, -1), ((0, 0, 1, 1), 2, 2),
            ((0, 1, 1, 0), -1, 0), ((0, 1, 1, 0), 2, 1),
            ((0.5, 0, 1, 0.5), -1, 0), ((0.5, 0, 1, 0.5), 2, 1),
            ((0.1, 0.2, 0.8, 0.8), -1, -2), ((0.1, 0.2, 0.8, 0.8), 2, 2),
            ((0, 0, 0.5, 1), -1, -2), ((0, 0, 0.5, 1), 2, 1),
            ((1, 0.5, 1, 1), -1, -0.5), ((1, 0.5, 1, 1), 2, 1),
            ((0, 0, 0, 0), -1, -1), ((0, 0, 0, 0), 2, 2),
            ((1, 1, 1, 1), -1, -1), ((1, 1, 1, 1), 2, 2),
        ]
        for row in rows {
            let (x1, y1, x2, y2) = row.points
            let y = try CubicBezier(x1, y1, x2, y2).solve(row.x)
            // Chromium uses EXPECT_EQ; our solver promises 1e-9 inside [0, 1] and the
            // extrapolation is a single multiply-add, so 1e-12 covers both.
            XCTAssertEqual(y, row.y, accuracy: 1e-12, "\(row.points) x=\(row.x)")
        }
    }

    /// Own exact values. For x1 = x2 = 1/2 the x polynomial is 3(1-t)²t/2 + 3(1-t)t²/2 + t³,
    /// which is 1/2 at t = 1/2, so y(1/2) = 3/8·y1 + 3/8·y2 + 1/8: 0.875 for y = 1 (listed
    /// above too); for y1 = 0, y2 = 1 it is 0.5. The linear curve is the identity.
    func testExactDerivedValues() throws {
        XCTAssertEqual(try CubicBezier(0.5, 0, 0.5, 1).solve(0.5), 0.5, accuracy: 1e-15)
        XCTAssertEqual(
            try CubicBezier(0.5, 0.3, 0.5, 0.3).solve(0.5), 3.0 / 8 * 0.6 + 1.0 / 8, accuracy: 1e-15)
        let linear = try CubicBezier(1.0 / 3, 1.0 / 3, 2.0 / 3, 2.0 / 3)  // x(t) = y(t) = t
        for i in 0...100 {
            let x = Double(i) / 100
            XCTAssertEqual(linear.solve(x), x, accuracy: 1e-15)
        }
        // End points are exact for every curve: x(0) = 0 → t = 0 → y = 0; likewise at 1.
        XCTAssertEqual(try CubicBezier(0.68, -0.55, 0.265, 1.55).solve(0), 0)
        XCTAssertEqual(try CubicBezier(0.68, -0.55, 0.265, 1.55).solve(1), 1, accuracy: 1e-15)
    }

    /// The 1e-9 accuracy claim: against an independent reference (Bernstein form, plain
    /// bisection on t to 1e-15) over 400 random curves with x control points in [0, 1] and y
    /// control points in [-1, 2] (overshooting), at 41 x values each.
    func testAccuracyAgainstBisectionReferenceOnRandomCurves() throws {
        var random = SplitMix64(seed: 0x1B_E7_0EE5)
        var worst = 0.0
        for _ in 0..<400 {
            let x1 = random.unit()
            let x2 = random.unit()
            let y1 = random.unit() * 3 - 1
            let y2 = random.unit() * 3 - 1
            let curve = try CubicBezier(x1, y1, x2, y2)
            for i in 0...40 {
                let x = Double(i) / 40
                let expected = Self.referenceY(x, x1, y1, x2, y2)
                worst = max(worst, abs(curve.solve(x) - expected))
            }
        }
        XCTAssertLessThanOrEqual(worst, 1e-9, "worst |Δy| over random curves")
    }

    /// The solver's three paths (the table guess alone, one Newton step, the safeguarded
    /// loop; see CubicBezier+Solver.swift) on dense grids, so that every cell of the table is
    /// hit many times, for curves where x' vanishes at an end (where the loop runs), steep and
    /// overshooting ones, and the presets. Same reference and bound as above, inside (0, 1):
    /// where x' = 0 and y' ≠ 0, y(x) has a vertical tangent and the bisection reference itself
    /// is off by up to 1e-8 (at x = 1 for (0,1,1,0)); the ends are exact, tested above.
    func testAccuracyOnDenseGridsOfSpecialCurves() throws {
        let curves: [(Double, Double, Double, Double)] = [
            (0.42, 0, 0.58, 1), (0.25, 0.1, 0.25, 1), (0.42, 0, 1, 1), (0, 0, 0.58, 1),
            (0, 0, 1, 1), (0, 1, 1, 0), (0.001, 0, 0.999, 1), (0.02, 0.5, 0.98, 0.5),
            (0.68, -0.55, 0.265, 1.55), (0.5, -1, 0.5, 2), (0.9, 0.1, 0.1, 0.9), (0, 0, 0, 1),
        ]
        for (x1, y1, x2, y2) in curves {
            let curve = try CubicBezier(x1, y1, x2, y2)
            var worst = 0.0
            for i in 1..<2_000 {
                let x = Double(i) / 2_000
                worst = max(worst, abs(curve.solve(x) - Self.referenceY(x, x1, y1, x2, y2)))
            }
            XCTAssertLessThanOrEqual(worst, 1e-9, "(\(x1), \(y1), \(x2), \(y2))")
        }
    }

    static func bernstein(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let s = 1 - t
        return 3 * s * s * t * p1 + 3 * s * t * t * p2 + t * t * t
    }

    static func referenceY(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        var lo = 0.0
        var hi = 1.0
        while hi - lo > 1e-15 {
            let mid = 0.5 * (lo + hi)
            if bernstein(mid, x1, x2) < x { lo = mid } else { hi = mid }
            if mid == lo && mid == hi { break }
        }
        return bernstein(0.5 * (lo + hi), y1, y2)
    }

    /// Chromium's ui/gfx/geometry/cubic_bezier_unittest.cc, CubicBezierTest.ClampInfinityEvaluation:
    /// y control points of ±DBL_MAX (x 0.5, 0 or 1) evaluate to finite values: Solve, Slope and
    /// the y samples at x = 0, 0.05, ..., 1 (its TestBezierFiniteRange), and here also outside
    /// [0, 1] along the end tangents. Its sixteen curves.
    func testHugeYControlPointsEvaluateFinite() throws {
        let big = Double.greatestFiniteMagnitude
        var curves: [(Double, Double, Double, Double)] = []
        for x in [0.5, 0, 1] {
            for (y1, y2) in [(big, big), (-big, big), (big, -big), (-big, -big)] {
                curves.append((x, y1, x, y2))
            }
        }
        curves += [(0, 0, 0, big), (0, -big, 0, 0), (1, 0, 0, -big), (0, -big, 1, 1)]
        for (x1, y1, x2, y2) in curves {
            let curve = try CubicBezier(x1, y1, x2, y2)
            for i in 0...20 {
                let x = Double(i) * 0.05
                XCTAssertTrue(curve.solve(x).isFinite, "\((x1, y1, x2, y2)) solve(\(x))")
                XCTAssertTrue(curve.slope(x).isFinite, "\((x1, y1, x2, y2)) slope(\(x))")
            }
            for x in [-1.0, 2.0, -big, big] {
                XCTAssertTrue(curve.solve(x).isFinite, "\((x1, y1, x2, y2)) solve(\(x))")
                XCTAssertTrue(curve.slope(x).isFinite, "\((x1, y1, x2, y2)) slope(\(x))")
            }
        }
    }

    func testInvalidControlPointsNameTheParameter() {
        let cases: [(points: (Double, Double, Double, Double), parameter: String, rule: String)] = [
            ((-0.1, 0, 0.5, 1), "x1", "x control points must lie in [0, 1]"),
            ((0.5, 0, 1.5, 1), "x2", "x control points must lie in [0, 1]"),
            ((0.5, .nan, 0.5, 1), "y1", "must be a finite number"),
            ((0.5, 0, 0.5, .infinity), "y2", "must be a finite number"),
            ((.nan, 0, 0.5, 1), "x1", "must be a finite number"),
        ]
        for c in cases {
            let (x1, y1, x2, y2) = c.points
            XCTAssertThrowsError(try CubicBezier(x1, y1, x2, y2)) { error in
                let e = error as? EngineError
                XCTAssertEqual(e?.parameter, c.parameter)
                XCTAssertEqual(e?.rule, c.rule)
            }
        }
        XCTAssertThrowsError(try CubicBezier(1.5, 0, 0.5, 1)) { error in
            XCTAssertEqual("\(error)", "bad value for 'x1' (1.5): x control points must lie in [0, 1]")
        }
    }

    func testControlPointsLikeGetControlPointAtIndex() throws {
        let f = TimingFunction.easeInEaseOut
        XCTAssertEqual(f.controlPoint(at: 0), Point(0, 0))
        XCTAssertEqual(f.controlPoint(at: 1), Point(0.42, 0))
        XCTAssertEqual(f.controlPoint(at: 2), Point(0.58, 1))
        XCTAssertEqual(f.controlPoint(at: 3), Point(1, 1))
        XCTAssertNil(f.controlPoint(at: 4))
        XCTAssertNil(f.controlPoint(at: -1))
        XCTAssertNil(TimingFunction.steps(try Steps(2)).controlPoint(at: 1))
    }
}
