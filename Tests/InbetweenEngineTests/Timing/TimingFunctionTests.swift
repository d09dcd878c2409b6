import XCTest

@testable import InbetweenEngine

final class TimingFunctionTests: XCTestCase {
    /// Apple's documented control points (CAMediaTimingFunctionName) and the CSS keywords'
    /// definitions in CSS Easing Level 2; every name must give exactly those points.
    func testPresetsAndNames() {
        let table: [(names: [String], points: (Double, Double, Double, Double))] = [
            // UIView's curve options (UIViewAnimationOptionCurve...) name the same presets.
            (
                [
                    "linear", "kCAMediaTimingFunctionLinear", "UIViewAnimationOptionCurveLinear",
                    "curveLinear",
                ], (0, 0, 1, 1)
            ),
            (
                [
                    "easeIn", "kCAMediaTimingFunctionEaseIn", "ease-in", "UIViewAnimationOptionCurveEaseIn",
                    "curveEaseIn",
                ],
                (0.42, 0, 1, 1)
            ),
            (
                [
                    "easeOut", "kCAMediaTimingFunctionEaseOut", "ease-out",
                    "UIViewAnimationOptionCurveEaseOut", "curveEaseOut",
                ],
                (0, 0, 0.58, 1)
            ),
            (
                [
                    "easeInEaseOut", "kCAMediaTimingFunctionEaseInEaseOut", "ease-in-out",
                    "UIViewAnimationOptionCurveEaseInOut",
                    "curveEaseInOut",
                ], (0.42, 0, 0.58, 1)
            ),
            (["default", "kCAMediaTimingFunctionDefault", "ease"], (0.25, 0.1, 0.25, 1)),
        ]
        for row in table {
            for name in row.names {
                guard let f = TimingFunction.named(name) else {
                    XCTFail("no preset \(name)")
                    continue
                }
                XCTAssertEqual(f.controlPoint(at: 1), Point(row.points.0, row.points.1), name)
                XCTAssertEqual(f.controlPoint(at: 2), Point(row.points.2, row.points.3), name)
            }
        }
        XCTAssertEqual(
            TimingFunction.presetNames, ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"])
        XCTAssertNil(TimingFunction.named("bogus"))
        XCTAssertNil(TimingFunction.named("EaseIn"))  // exact names; parse(css:) is case-insensitive
        // step-start = steps(1, jump-start): 1 at 0; step-end = steps(1, jump-end): 0 until 1.
        XCTAssertEqual(TimingFunction.named("step-start")?(0), 1)
        XCTAssertEqual(TimingFunction.named("step-end")?(0.999), 0)
        XCTAssertEqual(TimingFunction.named("step-end")?(1), 1)
    }

    /// Reversing a Bézier maps its control points to (1-x2, 1-y2), (1-x1, 1-y1), so
    /// reversed(easeIn (0.42,0,1,1)) is the curve (0,0,0.58,1) = easeOut; mirrored(easeIn) is
    /// easeIn squeezed into each half: at x = 1/4 it is easeIn(1/2)/2.
    /// `presetAliases` (what `inbetween list` shows) names exactly what `named` accepts: each
    /// alias is its canonical preset, and the canonical names are `presetNames`.
    func testPresetAliasesAreTheNamesNamedAccepts() {
        XCTAssertEqual(TimingFunction.presetAliases.map(\.name), TimingFunction.presetNames)
        // The same curve: the same values, bit for bit, at a few inputs.
        let xs = [0.1, 0.25, 0.5, 0.9]
        for (name, aliases) in TimingFunction.presetAliases {
            guard let canonical = TimingFunction.named(name) else { return XCTFail(name) }
            for alias in aliases {
                XCTAssertEqual(
                    TimingFunction.named(alias).map { f in xs.map { f($0) } }, xs.map { canonical($0) }, alias
                )
            }
        }
    }

    func testCombinators() throws {
        let easeIn = TimingFunction.easeIn
        let easeOut = TimingFunction.easeOut
        for i in 0...40 {
            let x = Double(i) / 40
            // 2 × the solver's accuracy.
            XCTAssertEqual(TimingFunction.reversed(easeIn)(x), easeOut(x), accuracy: 2e-9, "x=\(x)")
        }
        XCTAssertEqual(TimingFunction.mirrored(easeIn)(0.25), easeIn(0.5) / 2, accuracy: 1e-15)
        XCTAssertEqual(TimingFunction.mirrored(easeIn)(0.75), 1 - easeIn(0.5) / 2, accuracy: 1e-15)
        XCTAssertEqual(TimingFunction.mirrored(easeIn)(0.5), 0.5, accuracy: 1e-15)  // 1 - easeIn(1)/2
        XCTAssertEqual(TimingFunction.outIn(easeIn)(0.25), (1 - easeIn(0.5)) / 2, accuracy: 1e-15)
        XCTAssertEqual(TimingFunction.outIn(easeIn)(0.75), 0.5 + easeIn(0.5) / 2, accuracy: 1e-15)
        // A custom quadratic: reversed gives 1 - (1-x)², i.e. 0.75 at 0.5.
        let square = TimingFunction.custom(CustomTiming(name: "square") { $0 * $0 })
        XCTAssertEqual(TimingFunction.reversed(square)(0.5), 0.75, accuracy: 1e-15)
        XCTAssertEqual(TimingFunction.mirrored(square)(0.25), 0.125, accuracy: 1e-15)  // (0.5)²/2
    }

    /// reverse(reverse(f)) == f: 1 - (1 - f(1 - (1 - x))) = f(x), up to the rounding of
    /// 1 - (1 - x) (one ulp in x, times f's slope) and of the two subtractions.
    func testReverseOfReverseIsIdentity() throws {
        let functions: [(String, TimingFunction)] = [
            ("easeInEaseOut", .easeInEaseOut),
            ("back", try .cubic(0.68, -0.55, 0.265, 1.55)),
            ("steps", .steps(try Steps(4, .jumpBoth))),
            ("linear()", try .parse(css: "linear(0, 0.25 75%, 1)")),
            ("custom", .custom(CustomTiming(name: "cube") { $0 * $0 * $0 })),
        ]
        var random = SplitMix64(seed: 42)
        for (name, f) in functions {
            for _ in 0..<200 {
                // Avoid the steps' jump points, where an ulp moves the output a whole step.
                var x = random.unit() * 1.4 - 0.2
                if case .steps = f, abs(x * 4 - (x * 4).rounded()) < 1e-9 { x += 0.01 }
                XCTAssertEqual(
                    TimingFunction.reversed(.reversed(f))(x), f(x), accuracy: 1e-12, "\(name) x=\(x)")
            }
        }
    }
}

final class CSSEasingParserTests: XCTestCase {
    func testValidStrings() throws {
        let rows: [(css: String, x: Double, y: Double, tolerance: Double)] = [
            ("ease-in-out", 0.5, 0.5, 1e-9),  // symmetric curve
            ("EASE-IN-OUT", 0.5, 0.5, 1e-9),  // CSS keywords are case-insensitive
            ("easeInEaseOut", 0.5, 0.5, 1e-9),  // Core Animation names too
            ("linear", 0.3, 0.3, 1e-15),
            (" cubic-bezier(0.5, 1, 0.5, 1) ", 0.5, 0.875, 1e-12),  // derived in CubicBezierTests
            ("cubic-bezier(.5,2,.5,2)", 0.5, 1.625, 1e-12),  // 3/8·2·2 + 1/8
            ("steps(4)", 0.5, 0.5, 0),  // jump-end: floor(2)/4
            ("steps(4, jump-start)", 0.5, 0.75, 0),  // (2+1)/4
            ("steps(3, jump-none)", 0.5, 0.5, 0),  // floor(1.5)/2
            ("steps(2, start)", 0.1, 0.5, 0),  // (0+1)/2
            ("linear(0, 0.25 75%, 1)", 0.375, 0.125, 1e-15),  // half way along 0 → 0.25 over [0, 0.75]
            ("linear(0, 0.25 75%, 1)", 0.875, 0.625, 1e-15),  // half way along 0.25 → 1 over [0.75, 1]
            ("linear(0, 25% 0.5, 1)", 0.25, 0.5, 0),  // percentage before the number
            ("linear(0, 0.5 25% 75%, 1)", 0.5, 0.5, 0),  // two percentages
            ("linear(0,1e0)", 0.5, 0.5, 1e-15),
        ]
        for row in rows {
            XCTAssertEqual(
                try TimingFunction.parse(css: row.css)(row.x), row.y, accuracy: row.tolerance, row.css)
        }
    }

    /// Exact messages, so a user sees what is wrong.
    func testMalformedStrings() {
        let rows: [(css: String, rule: String)] = [
            ("", "expected a timing function, got an empty string"),
            (
                "bounce",
                "unknown timing function name; expected a CSS keyword (ease, ease-in, ease-out, ease-in-out, "
                    + "linear, step-start, step-end), a Core Animation name (linear, easeIn, easeOut, easeInEaseOut, "
                    + "default) or a function"
            ),
            ("cubic-bezier(0.1, 0.2, 0.3", "missing ')' at the end"),
            ("cubic-bezier(0.1, 0.2, 0.3)", "cubic-bezier() takes 4 numbers (x1, y1, x2, y2), got 3"),
            ("cubic-bezier(1.5, 0, 0.5, 1)", "cubic-bezier() x1 = 1.5: x control points must lie in [0, 1]"),
            ("cubic-bezier(0.1, abc, 0.5, 1)", "cubic-bezier() y1 'abc' is not a number"),
            ("cubic-bezier(0.1, nan, 0.5, 1)", "cubic-bezier() y1 'nan' is not a number"),
            ("cubic-bezier(0.1,, 0.5, 1)", "empty argument in cubic-bezier()"),
            ("steps(2.5)", "steps() count '2.5' is not an integer"),
            ("steps(0)", "steps() count 0: the step count must be a positive integer"),
            ("steps(1, jump-none)", "steps() count 1: the step count must be at least 2 with jump-none"),
            (
                "steps(3, middle)",
                "steps() position 'middle' is not one of jump-start, jump-end, jump-none, jump-both, start, end"
            ),
            ("linear(0)", "linear() needs at least two stops"),
            (
                "linear(0, 50% 1 75%, 1)",
                "linear() stop 2 '50% 1 75%' must be a number with zero, one or two percentages"
            ),
            ("linear(0, 0.5 x%, 1)", "linear() stop 2 input 'x%' is not a percentage"),
            ("wobble(1)", "unknown function 'wobble'; expected cubic-bezier(), steps(), linear() or path()"),
            ("steps((2))", "steps() count '(2)' is not an integer"),  // a block is no <integer>
            ("steps(2))", "unbalanced parentheses: a ')' closes nothing"),
        ]
        for row in rows {
            XCTAssertThrowsError(try TimingFunction.parse(css: row.css), row.css) { error in
                guard let e = error as? EngineError else { return XCTFail("not an EngineError: \(error)") }
                XCTAssertEqual(e.parameter, "timing", row.css)
                XCTAssertEqual(e.value, row.css, row.css)
                XCTAssertEqual(e.rule, row.rule, row.css)
            }
        }
    }
}

final class TimingFunctionFinitenessTests: XCTestCase {
    /// No NaN or infinity from finite input, even at the ends of the Double range (the
    /// extrapolation slopes here exceed 1, so a plain multiply would overflow).
    func testFiniteOutputForExtremeFiniteInputs() throws {
        let functions: [TimingFunction] = [
            try .cubic(0.1, 0.9, 0.9, 0.1), try .cubic(0.68, -0.55, 0.265, 1.55), .easeInEaseOut,
            .steps(try Steps(7, .jumpBoth)), try .parse(css: "linear(0, 2 10%, 1)"),
            .mirrored(.easeIn), .outIn(.easeOut), .reversed(.steps(try Steps(3))),
        ]
        let inputs = [
            -Double.greatestFiniteMagnitude, -1e300, -1, -1e-300, 0, 0.5, 1, 1e300, .greatestFiniteMagnitude,
        ]
        for f in functions {
            for x in inputs { XCTAssertTrue(f(x).isFinite, "\(f) x=\(x)") }
        }
    }
}
