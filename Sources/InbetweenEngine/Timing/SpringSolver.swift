import Foundation

/// A damped harmonic oscillator moving from 0 to 1 (CASpringAnimation's model), in closed form.
///
/// m·x'' + c·x' + k·(x - 1) = 0, x(0) = 0, x'(0) = initialVelocity. With the displacement
/// u = x - 1 (u0 = -1), ω0 = √(k/m) and damping ratio ζ = c / (2√(k·m)):
/// - under-damped (ζ < 1), ωd = ω0·√(1 - ζ²):
///   u(t) = e^(-ζω0·t) · (u0·cos(ωd·t) + (v0 + ζω0·u0) · sin(ωd·t)/ωd)
/// - critically damped (ζ = 1): u(t) = e^(-ω0·t) · (u0 + (v0 + ω0·u0)·t)
/// - over-damped (ζ > 1), γ = ω0·√(ζ² - 1):
///   u(t) = e^(-ζω0·t) · (u0·cosh(γt) + (v0 + ζω0·u0) · sinh(γt)/γ)
///
/// `initialVelocity` follows CASpringAnimation's header: in units of the whole distance per
/// second (1 covers the from→to distance in one second, as UIKit's initialSpringVelocity),
/// positive toward the target (toValue), negative away from it.
public struct SpringParameters: Hashable, Sendable {
    /// CASpringAnimation's defaults (its header and documentation: mass 1, stiffness 100,
    /// damping 10, initialVelocity 0), written here once; every parser fills what a script or
    /// a SPEC leaves out from these.
    public static let defaultMass = 1.0
    public static let defaultStiffness = 100.0
    public static let defaultDamping = 10.0
    public static let defaultInitialVelocity = 0.0

    public var mass: Double = SpringParameters.defaultMass
    public var stiffness: Double = SpringParameters.defaultStiffness
    public var damping: Double = SpringParameters.defaultDamping
    public var initialVelocity: Double = SpringParameters.defaultInitialVelocity
    /// When false, damping above critical is clamped to critical (ζ = 1), as SwiftUI's
    /// `Spring(allowOverDamping: false)` documents. False by default, as both SwiftUI's
    /// `Spring(mass:stiffness:damping:allowOverDamping:)` and CASpringAnimation behave out of the
    /// box (RBBAnimation v0.2.0's release notes record the latter).
    public var allowsOverdamping: Bool = false

    /// Apple's defaults: mass 1, stiffness 100, damping 10, initialVelocity 0.
    /// Throws unless mass > 0, stiffness > 0, damping ≥ 0, all finite.
    public init(
        mass: Double = defaultMass, stiffness: Double = defaultStiffness,
        damping: Double = defaultDamping, initialVelocity: Double = defaultInitialVelocity,
        allowsOverdamping: Bool = false
    ) throws {
        for (name, v) in [
            ("mass", mass), ("stiffness", stiffness), ("damping", damping),
            ("initialVelocity", initialVelocity),
        ] {
            try EngineError.requireFinite(v, name)
        }
        guard mass > 0 else {
            throw EngineError(parameter: "mass", value: mass, rule: "must be greater than 0")
        }
        guard stiffness > 0 else {
            throw EngineError(parameter: "stiffness", value: stiffness, rule: "must be greater than 0")
        }
        guard damping >= 0 else {
            throw EngineError(parameter: "damping", value: damping, rule: "must be 0 or greater")
        }
        // √(k/m) and √(k·m) must stay finite and non-zero for the formulas above.
        let ratio = stiffness / mass
        let product = stiffness * mass
        guard ratio.isNormal, product.isNormal else {
            throw EngineError(
                parameter: "stiffness", value: stiffness,
                rule: "stiffness and mass must not over- or underflow together (k/m and k·m finite, non-zero)"
            )
        }
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
        self.allowsOverdamping = allowsOverdamping
    }

    /// The physical form with Apple's defaults for each parameter that is nil.
    public static func filling(
        mass: Double?, stiffness: Double?, damping: Double?,
        initialVelocity: Double?, allowsOverdamping: Bool = false
    ) throws -> SpringParameters {
        try SpringParameters(
            mass: mass ?? defaultMass, stiffness: stiffness ?? defaultStiffness,
            damping: damping ?? defaultDamping,
            initialVelocity: initialVelocity ?? defaultInitialVelocity, allowsOverdamping: allowsOverdamping)
    }

    /// Undamped angular frequency ω0 = √(k/m), in radians per second.
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// ζ = c / (2√(k·m)) after the `allowsOverdamping` clamp.
    public var dampingRatio: Double {
        let ratio = damping / (2 * (stiffness * mass).squareRoot())
        return allowsOverdamping ? ratio : min(ratio, 1)
    }

    /// Progress from 0 toward 1 at time t seconds (may overshoot 1). 0 for t ≤ 0.
    public func value(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        let omega = naturalFrequency
        let zeta = dampingRatio
        guard omega.isFinite, omega > 0, zeta.isFinite, zeta >= 0, t.isFinite else { return 1 }
        return 1 + displacement(at: t, omega: omega, zeta: zeta, u0: -1, v0: initialVelocity)
    }

    /// u(t) for the three regimes of the type comment. Overflow guard: the textbook forms
    /// multiply e^(-ζω0·t), which underflows to 0, by cosh(γt), which overflows to infinity
    /// for large t or ζ (0 × ∞ = NaN). So the over-damped case is written with the two real
    /// roots r = -ζω0 ± γ, whose exponentials are both ≤ 1 for t ≥ 0, and the slow root as
    /// -ω0/(ζ + √(ζ²-1)) to avoid cancelling -ζω0 + γ when ζ is large.
    func displacement(at t: Double, omega: Double, zeta: Double, u0: Double, v0: Double) -> Double {
        let b = v0 + zeta * omega * u0
        if zeta < 1 {
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            return exp(-zeta * omega * t) * (u0 * cos(omegaD * t) + b * sin(omegaD * t) / omegaD)
        }
        if zeta == 1 {
            return exp(-omega * t) * (u0 + (v0 + omega * u0) * t)
        }
        let root = (zeta * zeta - 1).squareRoot()
        let gamma = omega * root
        let slow = -omega / (zeta + root)
        let fast = -omega * (zeta + root)
        let eSlow = exp(slow * t)
        let eFast = exp(fast * t)
        let coshPart = 0.5 * (eSlow + eFast)
        // sinh(γt)/γ · e^(-ζω0·t) = (eSlow - eFast) / (2γ); near critical damping γ → 0 and
        // that difference cancels, so use expm1, which keeps full precision there.
        let x = 2 * gamma * t
        let sinhPart = x < 1 ? eFast * expm1(x) / (2 * gamma) : (eSlow - eFast) / (2 * gamma)
        return u0 * coshPart + b * sinhPart
    }
}
