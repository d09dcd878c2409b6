import Foundation
import InbetweenEngine
import XCTest

/// `curve 'steps(...)' --format css` writes each jump as two linear() stops at the same input,
/// which CSS Easing Level 2 evaluates as a jump to the second output (§3.2.1 "linear()",
/// https://www.w3.org/TR/css-easing-2/#linear-easing-function-output), so the exported easing
/// equals steps() everywhere: no ramp next to a jump (the old sampled form was 0.24 off there).
final class CurveStepsCSSTests: XCTestCase {
    func testStepsBecomeExactJumps() throws {
        for spec in [
            "steps(4, jump-end)", "steps(4)", "steps(3, jump-both)", "steps(5, jump-none)",
            "steps(2, start)", "steps(1, jump-start)",
        ] {
            let r = try CLIProcess.run(["curve", spec, "--format", "css"])
            XCTAssertEqual(r.status, 0, r.stderr)
            let function = try XCTUnwrap(r.stdout.split(separator: "\n").last.map(String.init))
            let exported = try TimingFunction.parse(css: function)
            let steps = try TimingFunction.parse(css: spec)
            // 1,000 inputs plus each jump and the doubles on either side of it: equal exactly
            // (tolerance 0), as both sides are the same piecewise-constant function.
            var xs = (0...1000).map { Double($0) / 1000 }
            for n in 1...5 {
                for j in 0...n {
                    let x = Double(j) / Double(n)
                    xs += [x.nextDown, x, x.nextUp].filter { $0 >= 0 && $0 <= 1 }
                }
            }
            for x in xs {
                // A jump at a third sits at 33.33333333333333%, which reads back one ulp below
                // 1/3 (no decimal p has p / 100 == 1/3 in doubles): the doubles within 1e-15 of
                // a jump are left out; everything else, the jumps of quarters and fifths
                // included, must agree exactly.
                let nearJump = (1...5).contains { n in
                    (0...n).contains { j in
                        let d = abs(x - Double(j) / Double(n))
                        return d > 0 && d <= 1e-15
                            && (Double(j) / Double(n) * 100) / 100 != Double(j) / Double(n)
                    }
                }
                if nearJump { continue }
                XCTAssertEqual(exported(x), steps(x), "\(spec) at x = \(x): \(function)")
            }
        }
    }
}
