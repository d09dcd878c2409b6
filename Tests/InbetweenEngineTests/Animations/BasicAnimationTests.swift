import XCTest

@testable import InbetweenEngine

final class BasicAnimationTests: XCTestCase {
    /// One second, linear, holding its end value after.
    let oneSecond = MediaTiming(duration: 1, fillMode: .forwards)

    func opacity(_ animation: BasicAnimation, at t: Double, model: Double = 10) throws -> Value? {
        var values = PropertyValues(["opacity": .scalar(model)])
        try animation.apply(to: &values, atParentTime: t)
        return values["opacity"]
    }

    /// Apple's table (CABasicAnimation, "Setting Interpolation Values") with the current
    /// presentation value 10, fromValue 2, toValue 6, byValue 3.
    func testTheEightCombinations() throws {
        let f = Value.scalar(2)
        let to = Value.scalar(6)
        let by = Value.scalar(3)
        let cases: [(String, Value?, Value?, Value?, Double, Double)] = [
            ("from, to", f, to, nil, 2, 6),
            ("from, by", f, nil, by, 2, 5),  // from + by
            ("by, to", nil, to, by, 3, 6),  // to − by
            ("from", f, nil, nil, 2, 10),  // to the current value
            ("to", nil, to, nil, 10, 6),  // from the current value
            ("by", nil, nil, by, 10, 13),  // current → current + by
            ("none", nil, nil, nil, 10, 10),  // one value per key path: current → current
        ]
        for (name, from, toValue, byValue, start, end) in cases {
            let a = try BasicAnimation(
                keyPath: "opacity", fromValue: from, toValue: toValue,
                byValue: byValue, timing: oneSecond)
            for t in [0, 0.25, 1] {
                // Linear: start + (end − start)·t; 1e-12 for two roundings.
                assertValue(
                    try opacity(a, at: t), .scalar(start + (end - start) * t),
                    tolerance: 1e-12, "\(name) at \(t)")
            }
        }
        // The eighth: all three set, which Apple says must not happen.
        assertEngineError("byValue") {
            _ = try BasicAnimation(keyPath: "opacity", fromValue: f, toValue: to, byValue: by)
        }
    }

    func testTimingFunctionAndRemoval() throws {
        let a = try BasicAnimation(
            keyPath: "opacity", fromValue: .scalar(0), toValue: .scalar(1),
            timing: MediaTiming(duration: 2), timingFunction: .easeIn)
        // easeIn (0.42,0,1,1) at x = 0.5 is 0.31535681257253945 (bisection on x(t) in float64,
        // python); t = 1 s of 2 s is x = 0.5.
        assertValue(try opacity(a, at: 1), .scalar(0.31535681257253945), tolerance: 1e-7)
        // fillMode removed: after the end the model value (10) shows again.
        assertValue(try opacity(a, at: 2.5), .scalar(10), tolerance: 0)
    }

    func testAdditiveAndCumulative() throws {
        // Additive: the model 100 plus 0→50 halfway = 125.
        let additive = try BasicAnimation(
            keyPath: "position.x", fromValue: .scalar(0), toValue: .scalar(50),
            timing: oneSecond, additive: true)
        var values = PropertyValues(["position": .point(Point(100, 7))])
        try additive.apply(to: &values, atParentTime: 0.5)
        assertValue(values["position"], .point(Point(125, 7)), tolerance: 1e-12)

        // Cumulative, 0→10 three times: cycle k adds k·10.
        var timing = MediaTiming(duration: 1, repeatCount: 3, fillMode: .forwards)
        let cumulative = try BasicAnimation(
            keyPath: "opacity", fromValue: .scalar(0), toValue: .scalar(10),
            timing: timing, cumulative: true)
        let expectations: [(Double, Double)] = [
            (0.5, 5),  // cycle 0
            (1.5, 15),  // 5 + 10
            (2.5, 25),  // 5 + 20
            (9, 30),  // after the end: last cycle (k = 2) at its end, 10 + 20
        ]
        for (t, v) in expectations {
            assertValue(try opacity(cumulative, at: t), .scalar(v), tolerance: 1e-12, "t = \(t)")
        }
        // Autoreversing cycles end where they began, so there is nothing to accumulate:
        // at 1.5 s (cycle 0, on the way back, 0.5 s before its end) the value is 5.
        timing.autoreverses = true
        let reversing = try BasicAnimation(
            keyPath: "opacity", fromValue: .scalar(0), toValue: .scalar(10),
            timing: timing, cumulative: true)
        assertValue(try opacity(reversing, at: 1.5), .scalar(5), tolerance: 1e-12)
    }

    func testValidationAndMissingCurrentValue() throws {
        assertEngineError("keyPath") { _ = try BasicAnimation(keyPath: "", toValue: .scalar(1)) }
        assertEngineError("toValue") {
            _ = try BasicAnimation(keyPath: "opacity", fromValue: .scalar(0), toValue: .point(.zero))
        }
        assertEngineError("fromValue") {
            _ = try BasicAnimation(keyPath: "opacity", fromValue: .scalar(.nan))
        }
        // A key path with no value and no default cannot be animated "to" anything.
        let a = try BasicAnimation(keyPath: "custom", toValue: .scalar(1), timing: oneSecond)
        var values = PropertyValues()
        assertEngineError("keyPath") { try a.apply(to: &values, atParentTime: 0.5) }
    }
}
