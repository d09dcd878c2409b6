import XCTest

@testable import InbetweenEngine

final class StepsTests: XCTestCase {
    /// chromium third_party/blink/renderer/platform/animation/timing_function_test.cc
    /// StepsEvaluate, the rows with the before flag unset (the engine has no before flag; see
    /// Steps). Blink compares with EXPECT_EQ; the outputs are k / n, exact in binary for these n.
    static let blinkRows: [(steps: Int, position: Steps.Position, x: Double, y: Double)] = [
        (1, .start, -1.10, -1.0), (1, .start, -0.10, 0.0), (1, .start, 0, 1.0), (1, .start, 0.2, 1.0),
        (1, .start, 1, 1.0), (1, .start, 2, 3.0),
        (1, .end, -2, -2.0), (1, .end, 0.6, 0.0), (1, .end, 1, 1.0), (1, .end, 2, 2.0),
        (4, .start, -0.5, -0.25), (4, .start, 0, 0.25), (4, .start, 0.25, 0.5), (4, .start, 0.75, 1.0),
        (4, .start, 1.5, 1.75),
        (4, .end, -2, -2.0), (4, .end, 0.25, 0.25), (4, .end, 0.99, 0.75), (4, .end, 1, 1.0),
        (4, .end, 2, 2.0),
    ]

    func testBlinkStepsRows() throws {
        for row in Self.blinkRows {
            let steps = try Steps(row.steps, row.position)
            XCTAssertEqual(
                steps.evaluate(row.x), row.y, accuracy: 0, "steps(\(row.steps), \(row.position)) x=\(row.x)")
        }
    }

    /// Own derivations from the spec's steps (see Steps.evaluate), exact:
    /// steps(4, jump-both): 5 jumps; x=0 → (0+1)/5; x=0.5 → (2+1)/5; x=1 → 5 clamped to 5 → 1.
    /// steps(5, jump-none): 4 jumps; x=0 → 0; x=0.5 → floor(2.5)/4 = 0.5; x=0.99 → 4/4;
    /// x=1 → 5 clamped to 4 → 1. jump-start equals start, jump-end equals end.
    func testJumpPositionsFromTheSpecSteps() throws {
        let rows: [(Int, Steps.Position, Double, Double)] = [
            (4, .jumpBoth, 0, 0.2), (4, .jumpBoth, 0.5, 0.6), (4, .jumpBoth, 1, 1), (4, .jumpBoth, 0.24, 0.2),
            (5, .jumpNone, 0, 0), (5, .jumpNone, 0.5, 0.5), (5, .jumpNone, 0.99, 1), (5, .jumpNone, 1, 1),
            (5, .jumpNone, 0.19, 0), (5, .jumpNone, 0.2, 0.25),
            (3, .jumpStart, 0, 1.0 / 3), (3, .jumpEnd, 0.999, 2.0 / 3),
        ]
        for (n, position, x, y) in rows {
            XCTAssertEqual(
                try Steps(n, position).evaluate(x), y, accuracy: 1e-15,
                "steps(\(n), \(position.rawValue)) x=\(x)")
        }
    }

    func testStepCountValidation() {
        XCTAssertThrowsError(try Steps(0)) {
            XCTAssertEqual(($0 as? EngineError)?.rule, "the step count must be a positive integer")
        }
        XCTAssertThrowsError(try Steps(1, .jumpNone)) {
            XCTAssertEqual(($0 as? EngineError)?.rule, "the step count must be at least 2 with jump-none")
        }
        XCTAssertNoThrow(try Steps(2, .jumpNone))
    }
}

final class PiecewiseLinearTests: XCTestCase {
    /// web-platform-tests css/css-easing/linear-timing-functions-output.html, plus the blink
    /// case listed with them in the reference file; exact in the source, 1e-12 here because
    /// x·Δy/Δx rounds.
    static let wptRows: [(css: String, x: Double, y: Double)] = [
        ("linear(0, 1.5, 1)", 0, 0), ("linear(0, 1.5, 1)", 0.25, 0.75), ("linear(0, 1.5, 1)", 0.5, 1.5),
        ("linear(0, 1.5, 1)", 0.75, 1.25), ("linear(0, 1.5, 1)", 1, 1),
        ("linear(1, -0.5, 0)", 0, 1), ("linear(1, -0.5, 0)", 0.25, 0.25), ("linear(1, -0.5, 0)", 0.5, -0.5),
        ("linear(1, -0.5, 0)", 0.75, -0.25), ("linear(1, -0.5, 0)", 1, 0),
        ("linear(0 0%, 1 50%, 0.5 60%, 1 100%)", 0.25, 0.5),
        ("linear(0 0%, 1 50%, 0.5 60%, 1 100%)", 0.6, 0.5),
        ("linear(0 0%, 1 50%, 0.5 60%, 1 100%)", 0.8, 0.75),
        ("linear(0 0%, 1 50%, 0.5 60%, 1 100%)", -0.25, -0.5),
    ]

    func testWPTRows() throws {
        for row in Self.wptRows {
            XCTAssertEqual(
                try TimingFunction.parse(css: row.css)(row.x), row.y, accuracy: 1e-12, "\(row.css) x=\(row.x)"
            )
        }
    }

    /// The spec's input-fixing steps (see PiecewiseLinear.init), each derived by hand.
    func testInputFixing() throws {
        typealias S = PiecewiseLinear.Stop
        let cases: [(name: String, stops: [S], inputs: [Double])] = [
            // 4.4 / 4.5: first missing → 0, last missing → max(1, largest); 5: middle spaced evenly.
            ("0, 0.5, 1", [S(output: 0), S(output: 0.5), S(output: 1)], [0, 0.5, 1]),
            ("0, 0.25 75%, 1", [S(output: 0), S(output: 0.25, input: 0.75), S(output: 1)], [0, 0.75, 1]),
            // 4.3: a decreasing input is raised to the largest so far.
            ("0 50%, 1 25%", [S(output: 0, input: 0.5), S(output: 1, input: 0.25)], [0.5, 0.5]),
            // 4.5: last missing after an input beyond 1 keeps the larger one.
            ("0, 1 150%, 0", [S(output: 0), S(output: 1, input: 1.5), S(output: 0)], [0, 1.5, 1.5]),
            // 5: a run of two missing between 0 and 0.6 → 0.2, 0.4.
            (
                "0, 0.25, 0.5, 1 60%",
                [S(output: 0), S(output: 0.25), S(output: 0.5), S(output: 1, input: 0.6)],
                [0, 0.2, 0.4, 0.6]
            ),
        ]
        for c in cases {
            let f = try PiecewiseLinear(c.stops)
            XCTAssertEqual(f.inputs.count, c.inputs.count, c.name)
            for (got, want) in zip(f.inputs, c.inputs) { XCTAssertEqual(got, want, accuracy: 1e-15, c.name) }
        }
    }

    /// Evaluation corner cases: equal inputs return the later output (step 6); beyond the ends
    /// the first / last two points extrapolate; two percentages make a flat segment.
    func testEvaluationCornerCases() throws {
        let jump = try TimingFunction.parse(css: "linear(0 50%, 1 25%)")  // points (0.5,0), (0.5,1)
        XCTAssertEqual(jump(0.4), 1, accuracy: 0)  // A = first (none ≤ 0.4), B has equal input → 1
        XCTAssertEqual(jump(0.5), 1, accuracy: 0)
        let tail = try TimingFunction.parse(css: "linear(0, 0.25, 0.5, 1 60%)")
        XCTAssertEqual(tail(0.8), 1.5, accuracy: 1e-12)  // slope (1-0.5)/(0.6-0.4) = 2.5: 1 + 0.2·2.5
        let flat = try TimingFunction.parse(css: "linear(0, 0.5 25% 75%, 1)")  // inputs 0, .25, .75, 1
        XCTAssertEqual(flat(0.125), 0.25, accuracy: 1e-15)
        XCTAssertEqual(flat(0.5), 0.5, accuracy: 0)
        XCTAssertEqual(flat(0.875), 0.75, accuracy: 1e-15)
        XCTAssertThrowsError(try PiecewiseLinear([.init(output: 0)])) {
            XCTAssertEqual(($0 as? EngineError)?.rule, "linear() needs at least two stops")
        }
    }
}
