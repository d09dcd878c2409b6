import XCTest

@testable import InbetweenEngine

final class EdgeCaseAnimationTests: XCTestCase {
    /// Degenerate inputs still give finite numbers (no NaN may reach a caller).
    func testDegeneratePathsStayFinite() throws {
        let still = Path([.move(Point(3, 4)), .line(Point(3, 4)), .close])
        for mode in CalculationMode.allCases {
            let a = try KeyframeAnimation(
                keyPath: "position", path: still, rotationMode: .auto,
                calculationMode: mode, timing: MediaTiming(duration: 1))
            for t in [0, 0.3, 0.99] {
                var layer = PropertyValues()
                try a.apply(to: &layer, atParentTime: t)
                // 1e-12: the Bernstein weights sum to 1 only up to rounding.
                assertValue(layer["position"], .point(Point(3, 4)), tolerance: 1e-12, "\(mode) at \(t)")
                // No direction anywhere: the angle is defined as 0.
                assertValue(layer["transform.rotation.z"], .scalar(0), tolerance: 0, "\(mode)")
            }
        }
    }

    /// Discrete mode along a path jumps between its on-curve points.
    func testDiscretePath() throws {
        let path = Path([.move(.zero), .line(Point(10, 0)), .line(Point(10, 10))])
        let a = try KeyframeAnimation(keyPath: "position", path: path, calculationMode: .discrete)
        // Three points, no keyTimes: each holds for a third.
        let cases: [(Double, Point)] = [(0.1, .zero), (0.4, Point(10, 0)), (0.9, Point(10, 10))]
        for (f, p) in cases { assertValue(try a.value(atFraction: f).value, .point(p), tolerance: 0) }
    }

    /// A cumulative keyframe animation adds last − first per completed cycle.
    func testCumulativeKeyframes() throws {
        let a = try KeyframeAnimation(
            keyPath: "opacity", values: [.scalar(1), .scalar(3)],
            timing: MediaTiming(duration: 1, repeatCount: 2), cumulative: true)
        var values = PropertyValues()
        // Cycle 1 at 0.5: 2 + 1·(3 − 1) = 4.
        try a.apply(to: &values, atParentTime: 1.5)
        assertValue(values["opacity"], .scalar(4), tolerance: 1e-12)
    }

    /// A group's timing function warps the time its children see.
    func testGroupTimingFunction() throws {
        let child = try BasicAnimation(
            keyPath: "opacity", fromValue: .scalar(0), toValue: .scalar(1),
            timing: MediaTiming(duration: 2))
        let group = AnimationGroup(
            animations: [.basic(child)], timing: MediaTiming(duration: 2),
            timingFunction: .easeIn)
        var values = PropertyValues()
        // Group time 1 of 2 → easeIn(0.5) = 0.31535681257253945 (see BasicAnimationTests) → the
        // child sees 0.6307 s of its 2 s: 0.3153568...
        try group.apply(to: &values, atParentTime: 1)
        assertValue(values["opacity"], .scalar(0.31535681257253945), tolerance: 1e-7)
        XCTAssertEqual(Animation.group(group).keyPaths, ["opacity"])
    }
}
