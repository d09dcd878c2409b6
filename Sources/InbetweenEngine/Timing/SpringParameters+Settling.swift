import Foundation

extension SpringParameters {
    /// |x - 1| below which the spring counts as settled: SwiftUI documents 0.001 for
    /// `Spring.settlingDuration` (target 1, initial velocity 0, epsilon 0.001).
    public static let settlingEpsilon = 0.001
    /// An undamped spring (damping 0) never settles; its settling duration is capped here
    /// so that no infinity reaches a caller sampling "over the settling duration".
    public static let maximumSettlingDuration = 3600.0

    /// Seconds until the spring stays close enough to 1.
    ///
    /// Definition: the first time T after which an upper bound ("envelope") of |x(t) - 1|
    /// stays below `settlingEpsilon` (0.001) for every t ≥ T. The envelope is the solution's
    /// amplitude with each trigonometric factor replaced by its bound:
    /// under-damped R·e^(-ζω0·t) with R = √(u0² + ((v0 + ζω0·u0)/ωd)²);
    /// critical (|u0| + |v0 + ω0·u0|·t)·e^(-ω0·t);
    /// over-damped e^(-ζω0·t)·(|u0|·cosh γt + |v0 + ζω0·u0|·sinh(γt)/γ).
    /// These are exact for v0 = 0 except in the under-damped case, where the true |x - 1|
    /// touches the envelope once per half period. Apple does not publish its algorithm; for
    /// mass 1, stiffness 100 this gives 2.78 s with damping 5 (Apple: "approximately 2.85 s")
    /// and 0.98 s with damping 15 (Apple: "just over 1 s") — see SpringSolverTests.
    public var settlingDuration: Double {
        let omega = naturalFrequency
        let zeta = dampingRatio
        guard omega.isFinite, omega > 0, zeta.isFinite, zeta > 0 else { return Self.maximumSettlingDuration }
        let u0 = -1.0
        let v0 = initialVelocity
        let eps = Self.settlingEpsilon
        if zeta < 1 {
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            let amplitude = (u0 * u0 + pow((v0 + zeta * omega * u0) / omegaD, 2)).squareRoot()
            let t = log(amplitude / eps) / (zeta * omega)
            return min(max(t, 0), Self.maximumSettlingDuration)
        }
        // Critical and over-damped envelopes rise at most once, then fall: the set where
        // they exceed eps is an interval [0, T) (they start at |u0| = 1 > eps). Double a
        // probe until it is past T, then bisect.
        let envelope = { (t: Double) -> Double in
            abs(
                self.displacement(
                    at: t, omega: omega, zeta: zeta, u0: -abs(u0),
                    v0: -abs(v0 + zeta * omega * u0) + zeta * omega * abs(u0)))
        }
        var low = 0.0
        var high = 1 / omega
        while envelope(high) > eps {
            low = high
            high *= 2
            if high >= Self.maximumSettlingDuration { return Self.maximumSettlingDuration }
        }
        for _ in 0..<60 {
            let mid = 0.5 * (low + high)
            if envelope(mid) > eps { low = mid } else { high = mid }
        }
        return high
    }
}
