import XCTest

@testable import InbetweenEngine

/// Closed forms, mass 1 and stiffness 100 (ω0 = 10) unless stated; u0 = -1; values computed
/// from the formulas written out in each comment (double precision), compared with 1e-12.
final class SpringSolverTests: XCTestCase {
    struct Row {
        let name: String
        let spring: SpringParameters
        let samples: [(t: Double, x: Double)]
    }

    static func rows() throws -> [Row] {
        [
            // Under-damped, damping 10 → ζ = 0.5, ωd = 10·√0.75 = 8.660254037844386:
            // x = 1 - e^(-5t)·(cos ωd t + (5/ωd)·sin ωd t).
            Row(
                name: "under-damped", spring: try SpringParameters(),
                samples: [(0.1, 0.34029984660829826), (0.25, 1.0233595799066924), (0.5, 1.0745905665950333)]),
            // Under-damped with initialVelocity 5 (toward the target): b = v0 + ζω0·u0 = 5 - 5 = 0,
            // so x = 1 - e^(-5t)·cos(ωd t).
            Row(
                name: "under-damped v0 5", spring: try SpringParameters(initialVelocity: 5),
                samples: [(0.1, 0.6070534441656448), (0.25, 1.1604145292595436), (0.5, 1.0306193562287769)]),
            // Critical, damping 20 → ζ = 1: x = 1 - e^(-10t)·(1 + 10t).
            Row(
                name: "critical", spring: try SpringParameters(damping: 20),
                samples: [(0.1, 0.26424111765711533), (0.25, 0.7127025048163542), (0.5, 0.9595723180054871)]),
            // Over-damped, damping 50 → ζ = 2.5: roots -25 ± √525 = -2.0871215252208017,
            // -47.9128784747792; C_slow = r_fast/(r_slow - r_fast) = -1.045544725589981,
            // C_fast = -1 - C_slow; x = 1 + C_slow·e^(r_slow t) + C_fast·e^(r_fast t).
            Row(
                name: "over-damped", spring: try SpringParameters(damping: 50, allowsOverdamping: true),
                samples: [(0.1, 0.15178386178471606), (0.25, 0.3795081593841023), (0.5, 0.6317608708981428)]),
            // allowsOverdamping false (the default) clamps damping 50 to critical (20).
            Row(
                name: "over-damped clamped", spring: try SpringParameters(damping: 50),
                samples: [(0.1, 0.26424111765711533), (0.25, 0.7127025048163542)]),
            // Undamped (damping 0): x = 1 - cos(10t); at t = π/20, cos = 0 → 1; at π/10 → 2.
            Row(
                name: "undamped", spring: try SpringParameters(damping: 0),
                samples: [(Double.pi / 20, 1), (Double.pi / 10, 2)]),
        ]
    }

    func testClosedFormValuesInAllRegimes() throws {
        for row in try Self.rows() {
            XCTAssertEqual(row.spring.value(at: 0), 0, row.name)
            for s in row.samples {
                XCTAssertEqual(row.spring.value(at: s.t), s.x, accuracy: 1e-12, "\(row.name) t=\(s.t)")
            }
        }
    }

    /// The spring ends at its target, and nothing non-finite comes out even far away or for
    /// extreme (valid) parameters (the overflow guard: cosh(γt)·e^(-ζω0 t) would be ∞·0).
    func testEndsAtTargetWithoutOverflow() throws {
        let springs = [
            try SpringParameters(), try SpringParameters(damping: 20),
            try SpringParameters(damping: 50, allowsOverdamping: true),
            try SpringParameters(damping: 1e3, allowsOverdamping: true),
            try SpringParameters(damping: 20.000001, allowsOverdamping: true),
            try SpringParameters(mass: 1e-3, stiffness: 1e5, damping: 3, initialVelocity: -40),
        ]
        for spring in springs {
            let settle = spring.settlingDuration
            XCTAssertTrue(settle.isFinite && settle > 0, "\(spring)")
            for t in [settle, 2 * settle, 1e3, 1e9] {
                let x = spring.value(at: t)
                XCTAssertTrue(x.isFinite, "\(spring) t=\(t)")
                // By definition of settlingDuration: within ε = 0.001 from then on (plus 1e-12
                // because at T itself the envelope equals ε, up to rounding).
                XCTAssertEqual(x, 1, accuracy: SpringParameters.settlingEpsilon + 1e-12, "\(spring) t=\(t)")
            }
        }
        XCTAssertEqual(try SpringParameters().value(at: 1e3), 1, accuracy: 0)  // e^(-5000) underflows to 0
        // ζ = 50 000: the slow root is about -ω0/(2ζ) = -1e-4, so it takes hours to settle
        // (capped), but every value stays finite: e^(fast·t) underflows instead of overflowing.
        let sluggish = try SpringParameters(damping: 1e6, allowsOverdamping: true)
        XCTAssertEqual(sluggish.settlingDuration, SpringParameters.maximumSettlingDuration)
        for t in [1e-3, 1.0, 1e3, 1e9] { XCTAssertTrue(sluggish.value(at: t).isFinite, "t=\(t)") }
        XCTAssertEqual(sluggish.value(at: 1e9), 1, accuracy: 1e-12)
    }

    /// Near critical damping the over-damped form must agree with the critical one (the
    /// expm1 branch): ζ = 1 + 1e-9 differs from ζ = 1 by O(1e-9) in x.
    func testContinuityAcrossCriticalDamping() throws {
        let critical = try SpringParameters(damping: 20)
        let over = try SpringParameters(damping: 20 * (1 + 1e-9), allowsOverdamping: true)
        let under = try SpringParameters(damping: 20 * (1 - 1e-9))
        for t in [0.05, 0.1, 0.3, 1] {
            XCTAssertEqual(over.value(at: t), critical.value(at: t), accuracy: 1e-8, "t=\(t)")
            XCTAssertEqual(under.value(at: t), critical.value(at: t), accuracy: 1e-8, "t=\(t)")
        }
    }

    /// initialVelocity convention (CASpringAnimation: positive toward the target, in whole
    /// distances per second): the slope at 0 equals it. Forward difference, h = 1e-7, error
    /// O(h·x''(0)) = 1e-7·100 → 1e-4.
    func testInitialVelocityIsTheSlopeAtZero() throws {
        for v0 in [-3.0, 0, 7] {
            let spring = try SpringParameters(initialVelocity: v0)
            XCTAssertEqual(spring.value(at: 1e-7) / 1e-7, v0, accuracy: 1e-4)
        }
    }

    /// Apple's documentation (CASpringAnimation.settlingDuration): mass 1, stiffness 100,
    /// damping 5 settles in "approximately 2.85 seconds"; damping 15 in "just over 1 second".
    /// Our envelope definition (ε = 0.001): ζ = 0.25 → R = 1/√(1-ζ²) = 1.0327955589886444,
    /// T = ln(R/ε)/(ζω0) = 2.7760098158203688 s (2.6% under Apple's); ζ = 0.75 →
    /// R = 1.5118578920369088, T = 0.9761459420765828 s (about 2.4% under 1 s).
    func testSettlingDurationAgainstApplesDocumentation() throws {
        let soft = try SpringParameters(damping: 5).settlingDuration
        let firm = try SpringParameters(damping: 15).settlingDuration
        XCTAssertEqual(soft, 2.7760098158203688, accuracy: 1e-12)
        XCTAssertEqual(firm, 0.9761459420765828, accuracy: 1e-12)
        XCTAssertEqual(soft, 2.85, accuracy: 0.08, "within 3% of Apple's 2.85 s")
        XCTAssertEqual(firm, 1.0, accuracy: 0.03, "within 3% of Apple's 'just over 1 s'")
        // Critical: (1 + 10t)·e^(-10t) = 0.001 → t ≈ 0.9233 (checked: bisection result satisfies it).
        let critical = try SpringParameters(damping: 20).settlingDuration
        XCTAssertEqual((1 + 10 * critical) * exp(-10 * critical), 0.001, accuracy: 1e-9)
        XCTAssertEqual(
            try SpringParameters(damping: 0).settlingDuration, SpringParameters.maximumSettlingDuration)
    }

    /// stiffness = (2π/duration)², damping = 4π·ζ/duration, mass 1; bounce ≥ 0 → ζ = 1 - bounce,
    /// bounce < 0 → ζ = 1/(1 + bounce).
    func testPerceptualAndUIKitConstructors() throws {
        let rows: [(SpringParameters, k: Double, c: Double)] = [
            (try SpringParameters(duration: 1, bounce: 0), 39.47841760435743, 12.566370614359172),  // 4π², 4π
            // ζ 0.5 → 2π
            (try SpringParameters(duration: 1, bounce: 0.5), 39.47841760435743, 6.283185307179586),
            // ζ 2 → 8π
            (try SpringParameters(duration: 1, bounce: -0.5), 39.47841760435743, 25.132741228718345),
            // (4π)², 4π
            (try SpringParameters(dampingRatio: 0.5, response: 0.5), 157.91367041742973, 12.566370614359172),
        ]
        for (spring, k, c) in rows {
            XCTAssertEqual(spring.mass, 1)
            XCTAssertEqual(spring.stiffness, k, accuracy: 1e-9)
            XCTAssertEqual(spring.damping, c, accuracy: 1e-12)
        }
        XCTAssertEqual(try SpringParameters(duration: 1, bounce: -0.5).dampingRatio, 2, accuracy: 1e-12)
        XCTAssertEqual(
            try SpringParameters(dampingRatio: 0.3, response: 1, initialVelocity: 2).initialVelocity, 2)
    }

    func testValidationNamesTheParameter() {
        let rows: [(() throws -> SpringParameters, String, String)] = [
            ({ try SpringParameters(mass: 0) }, "mass", "must be greater than 0"),
            ({ try SpringParameters(stiffness: -1) }, "stiffness", "must be greater than 0"),
            ({ try SpringParameters(damping: -0.1) }, "damping", "must be 0 or greater"),
            ({ try SpringParameters(initialVelocity: .nan) }, "initialVelocity", "must be a finite number"),
            ({ try SpringParameters(mass: .infinity) }, "mass", "must be a finite number"),
            ({ try SpringParameters(duration: 0, bounce: 0) }, "duration", "must be greater than 0"),
            ({ try SpringParameters(duration: 1, bounce: -1) }, "bounce", "must lie in (-1, 1]"),
            ({ try SpringParameters(duration: 1, bounce: 1.5) }, "bounce", "must lie in (-1, 1]"),
            ({ try SpringParameters(dampingRatio: -1, response: 1) }, "dampingRatio", "must be 0 or greater"),
            (
                { try SpringParameters(dampingRatio: 1, response: .nan) }, "response",
                "must be a finite number"
            ),
        ]
        for (make, parameter, rule) in rows {
            XCTAssertThrowsError(try make()) { error in
                XCTAssertEqual((error as? EngineError)?.parameter, parameter)
                XCTAssertEqual((error as? EngineError)?.rule, rule)
            }
        }
    }
}
