import XCTest

@testable import InbetweenEngine

final class GroupAndSpringTests: XCTestCase {
    /// A 2 s child (0 → 2, so value = time) in a 1 s group: the child is cut off at 1.
    func testGroupCutsChildrenOffAtItsDuration() throws {
        let child = try BasicAnimation(
            keyPath: "opacity", fromValue: .scalar(0), toValue: .scalar(2),
            timing: MediaTiming(duration: 2, fillMode: .forwards))
        let cases: [(FillMode, Double, Double)] = [
            (.removed, 0.5, 0.5),  // inside the group: the child's own value
            (.removed, 1.5, 10),  // after the group: nothing, the model value 10 shows
            (.forwards, 1.5, 1),  // the group holds its end: the child frozen at 1 s, not 1.5
            (.forwards, 9, 1),
        ]
        for (fill, t, expected) in cases {
            let group = AnimationGroup(
                animations: [.basic(child)],
                timing: MediaTiming(duration: 1, fillMode: fill))
            var values = PropertyValues(["opacity": .scalar(10)])
            try Animation.group(group).apply(to: &values, atParentTime: t)
            assertValue(values["opacity"], .scalar(expected), tolerance: 1e-12, "\(fill) at \(t)")
        }
    }

    /// Listing 3-4 of the Core Animation Programming Guide: children without a duration run
    /// over the group's 5 s. borderWidth 0 -> 10 with no duration: at 2.5 s it is halfway (5);
    /// a child with its own 1 s keeps it (ended, so the model value 3 shows at 2.5 s).
    func testChildWithoutDurationTakesTheGroups() throws {
        let unset = try BasicAnimation(keyPath: "borderWidth", fromValue: .scalar(0), toValue: .scalar(10))
        let own = try BasicAnimation(
            keyPath: "opacity", fromValue: .scalar(0), toValue: .scalar(1),
            timing: MediaTiming(duration: 1))
        let group = AnimationGroup(
            animations: [.basic(unset), .basic(own)], timing: MediaTiming(duration: 5))
        var values = PropertyValues(["opacity": .scalar(3)])
        try group.apply(to: &values, atParentTime: 2.5)
        assertValue(values["borderWidth"], .scalar(5), tolerance: 1e-12)
        assertValue(values["opacity"], .scalar(3), tolerance: 0)
        XCTAssertEqual(group.animations[0].timing.duration, 5)
        XCTAssertEqual(group.animations[1].timing.duration, 1)
    }

    /// A group starting at 1 s: children's times are relative to the group.
    func testGroupShiftsChildren() throws {
        let child = try BasicAnimation(
            keyPath: "position.x", fromValue: .scalar(0), toValue: .scalar(100),
            timing: MediaTiming(beginTime: 0.5, duration: 1))
        let group = AnimationGroup(
            animations: [.basic(child)], timing: MediaTiming(beginTime: 1, duration: 3))
        var values = PropertyValues()
        // Parent 2 s → group 1 s → child 0.5 s into its 1 s: 50.
        try group.apply(to: &values, atParentTime: 2)
        assertValue(values["position.x"], .scalar(50), tolerance: 1e-12)
    }

    func testSpringEndsAtItsTarget() throws {
        // Apple's defaults: mass 1, stiffness 100, damping 10, so ω0 = 10, ζ = 0.5, and
        // |x − 1| ≤ e^(−ζω0·t)/√(1−ζ²) = e^(−5t)·1.1547; at 10 s that is 2.2e-22.
        let spring = try SpringAnimation(
            keyPath: "position.y", fromValue: .scalar(0), toValue: .scalar(100),
            timing: MediaTiming(duration: 10, fillMode: .forwards))
        var values = PropertyValues()
        try spring.apply(to: &values, atParentTime: 10)
        assertValue(values["position.y"], .scalar(100), tolerance: 1e-9)
        try spring.apply(to: &values, atParentTime: 0)
        assertValue(values["position.y"], .scalar(0), tolerance: 1e-12)
        // It overshoots on the way (ζ < 1): the first peak at π/ωd = π/(10·√0.75) ≈ 0.3628 s
        // is 1 + e^(−ζπ/√(1−ζ²)) = 1 + e^(−π/√3) ≈ 1.163.
        try spring.apply(to: &values, atParentTime: Double.pi / (10 * 0.75.squareRoot()))
        assertValue(
            values["position.y"], .scalar(100 * (1 + exp(-Double.pi / 3.0.squareRoot()))), tolerance: 1e-6)
    }

    func testSpringDurationDefaultsToSettling() throws {
        let spring = try SpringAnimation(
            keyPath: "opacity", fromValue: .scalar(0), toValue: .scalar(1),
            damping: 15, timing: MediaTiming(fillMode: .forwards))
        XCTAssertEqual(spring.timing.duration, spring.settlingDuration)
        XCTAssertGreaterThan(spring.settlingDuration, 0.5)
        var values = PropertyValues()
        try spring.apply(to: &values, atParentTime: 60)
        // Settled means within the solver's settlingEpsilon of the target.
        assertValue(values["opacity"], .scalar(1), tolerance: SpringParameters.settlingEpsilon)
        assertEngineError("mass") {
            _ = try SpringAnimation(keyPath: "opacity", toValue: .scalar(1), mass: 0)
        }
    }
}
