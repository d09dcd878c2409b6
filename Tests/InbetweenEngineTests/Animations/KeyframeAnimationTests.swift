import XCTest

@testable import InbetweenEngine

final class KeyframeAnimationTests: XCTestCase {
    let values: [Value] = [.scalar(0), .scalar(10), .scalar(4), .scalar(8)]
    let keyTimes = [0, 0.2, 0.7, 1.0]

    /// Every mode passes through its values at its key times.
    func testEachModeHitsItsValuesAtItsKeyTimes() throws {
        // Paced times are the running distance over the total: |10|, |−6|, |4| → 0, 10/20,
        // 16/20, 20/20.
        let paced = [0, 0.5, 0.8, 1.0]
        let cases: [(CalculationMode, [Double]?, [Double])] = [
            (.linear, keyTimes, keyTimes),
            (.linear, nil, [0, 1.0 / 3, 2.0 / 3, 1]),  // evenly spaced when not given
            (.cubic, keyTimes, keyTimes),
            (.cubic, nil, [0, 1.0 / 3, 2.0 / 3, 1]),
            (.paced, keyTimes, paced),  // keyTimes ignored
            (.cubicPaced, nil, paced),
            (.discrete, keyTimes, keyTimes),
            (.discrete, keyTimes + [1], keyTimes),  // Apple's n + 1 form
            (.discrete, nil, [0, 0.25, 0.5, 0.75]),  // value i holds from i/n
        ]
        for (mode, kt, times) in cases {
            let a = try KeyframeAnimation(
                keyPath: "opacity", values: values, keyTimes: kt,
                calculationMode: mode,
                tensionValues: mode == .cubic ? [0.5, -0.3, 0, 1] : nil)
            for (i, f) in times.enumerated() {
                // 1e-12: the spline and lerp reproduce their knots up to rounding.
                assertValue(try a.value(atFraction: f).value, values[i], tolerance: 1e-12, "\(mode) \(i)")
            }
        }
    }

    func testInBetweenValues() throws {
        let cases: [(CalculationMode, Double, Double)] = [
            // Linear, segment 1 (0.2 → 0.7, 10 → 4) at 0.45: halfway, 7.
            (.linear, 0.45, 7),
            // Paced, 0.25 of the way is 5 units along: halfway up the first step, 5.
            (.paced, 0.25, 5),
            // Discrete holds 10 over [0.2, 0.7).
            (.discrete, 0.69, 10),
            // Catmull–Rom (t=c=b=0) in segment 1 at s = 0.5 with uniform key times:
            // m1 = (4 − 0)/2 = 2, m2 = (8 − 10)/2 = −1; Hermite at ½: (10 + 4)/2 + (m1 − m2)/8
            // = 7 + 3/8 = 7.375.
            (.cubic, 0.5, 7.375),
        ]
        for (mode, f, expected) in cases {
            let a = try KeyframeAnimation(
                keyPath: "opacity", values: values,
                keyTimes: mode == .cubic ? nil : keyTimes, calculationMode: mode)
            assertValue(try a.value(atFraction: f).value, .scalar(expected), tolerance: 1e-12, "\(mode)")
        }
    }

    /// The classic bouncing ball: eight positions, alternating easeIn (falling) and easeOut
    /// (rising), duration 1 s; it lands (y = 268) at 0.3, 0.7, 0.9 and 1.
    func testBouncingBall() throws {
        let ys: [Double] = [32, 268, 140, 268, 220, 268, 250, 268]
        let times = [0, 0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 1]
        let functions = (0..<7).map { $0 % 2 == 0 ? TimingFunction.easeIn : .easeOut }
        let ball = try KeyframeAnimation(
            keyPath: "position", values: ys.map { .point(Point(150, $0)) }, keyTimes: times,
            timingFunctions: functions, timing: MediaTiming(duration: 1, fillMode: .forwards))
        for (y, t) in zip(ys, times) {
            var layer = PropertyValues(["position": .point(Point(150, 0))])
            try ball.apply(to: &layer, atParentTime: t)
            assertValue(layer["position"], .point(Point(150, y)), tolerance: 1e-9, "t = \(t)")
        }
        // Halfway through the first fall (t = 0.15) easeIn gives 0.31535681257253945 (see
        // BasicAnimationTests): y = 32 + 236 · 0.3153568... = 106.42420776711931.
        var layer = PropertyValues()
        try ball.apply(to: &layer, atParentTime: 0.15)
        assertValue(layer["position.y"], .scalar(32 + 236 * 0.31535681257253945), tolerance: 1e-6)
    }

    /// The overall timing function runs first, then the per-segment one.
    func testTimingFunctionOrder() throws {
        // A step-like overall function (steps(2, end)) sends every f < 0.5 to 0 and f in
        // [0.5, 1) to 0.5: with values 0, 100 at 0 and 1 the result is 0 or 50.
        let a = try KeyframeAnimation(
            keyPath: "opacity", values: [.scalar(0), .scalar(100)],
            timingFunction: .steps(try Steps(2, .end)))
        assertValue(try a.value(atFraction: 0.4).value, .scalar(0), tolerance: 0)
        assertValue(try a.value(atFraction: 0.6).value, .scalar(50), tolerance: 1e-12)
    }

    func testValidationNamesTheParameter() {
        let cases: [(String, () throws -> Void)] = [
            (
                "keyTimes[3]",
                { _ = try KeyframeAnimation(keyPath: "o", values: self.values, keyTimes: [0, 0.5, 0.4, 1]) }
            ),
            ("keyTimes", { _ = try KeyframeAnimation(keyPath: "o", values: self.values, keyTimes: [0, 1]) }),
            (
                "keyTimes[1]",
                {
                    _ = try KeyframeAnimation(
                        keyPath: "o", values: self.values, keyTimes: [0.1, 0.2, 0.3, 1])
                }
            ),
            (
                "keyTimes[4]",
                {
                    _ = try KeyframeAnimation(
                        keyPath: "o", values: self.values, keyTimes: [0, 0.2, 0.3, 0.9])
                }
            ),
            (
                "keyTimes[2]",
                { _ = try KeyframeAnimation(keyPath: "o", values: self.values, keyTimes: [0, 1.5, 0.3, 1]) }
            ),
            (
                "timingFunctions",
                { _ = try KeyframeAnimation(keyPath: "o", values: self.values, timingFunctions: [.linear]) }
            ),
            ("values", { _ = try KeyframeAnimation(keyPath: "o", values: []) }),
            ("values[2]", { _ = try KeyframeAnimation(keyPath: "o", values: [.scalar(0), .point(.zero)]) }),
            (
                "tensionValues",
                {
                    _ = try KeyframeAnimation(
                        keyPath: "o", values: self.values, calculationMode: .cubic, tensionValues: [0])
                }
            ),
            ("path", { _ = try KeyframeAnimation(keyPath: "position", path: Path([.move(.zero)])) }),
        ]
        for (parameter, body) in cases { assertEngineError(parameter, body) }
        // Paced modes ignore keyTimes and timing functions altogether, even bad ones.
        XCTAssertNoThrow(
            try KeyframeAnimation(
                keyPath: "o", values: values, keyTimes: [1, 0],
                timingFunctions: [], calculationMode: .paced))
    }
}
