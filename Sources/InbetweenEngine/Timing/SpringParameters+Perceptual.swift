import Foundation

/// Constructors from perceptual parameters, with the published conversions (mass 1):
/// stiffness = (2π / duration)², damping = 4π·ζ / duration. They follow from ω0 = 2π/duration
/// (the period of the undamped spring is the perceived duration) and c = 2ζ·√(k·m) = 2ζ·ω0.
extension SpringParameters {
    /// Perceptual constructor (SwiftUI / iOS 17 `CASpringAnimation(perceptualDuration:bounce:)`).
    /// Apple documents bounce 0 as no bounce (critical damping), up to 1 for an undamped
    /// oscillation, and negative bounce as over-damped: ζ = 1 - bounce for bounce ≥ 0,
    /// ζ = 1 / (1 + bounce) for bounce < 0. So bounce must lie in (-1, 1].
    public init(duration: Double, bounce: Double) throws {
        try EngineError.requireFinite(bounce, "bounce")
        guard bounce > -1 && bounce <= 1 else {
            throw EngineError(parameter: "bounce", value: bounce, rule: "must lie in (-1, 1]")
        }
        let ratio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        try self.init(ratio: ratio, period: duration, periodName: "duration", initialVelocity: 0)
    }

    /// UIKit's `usingSpringWithDamping:initialSpringVelocity:` style parameters: the damping
    /// ratio ζ, the response (period of the undamped spring, in seconds) and the initial
    /// velocity in distance per second (UIKit's convention, the same as CASpringAnimation's).
    public init(dampingRatio: Double, response: Double, initialVelocity: Double = 0) throws {
        try EngineError.requireFinite(dampingRatio, "dampingRatio")
        guard dampingRatio >= 0 else {
            throw EngineError(parameter: "dampingRatio", value: dampingRatio, rule: "must be 0 or greater")
        }
        try self.init(
            ratio: dampingRatio, period: response, periodName: "response",
            initialVelocity: initialVelocity)
    }

    private init(ratio: Double, period: Double, periodName: String, initialVelocity: Double) throws {
        try EngineError.requireFinite(period, periodName)
        guard period > 0 else {
            throw EngineError(parameter: periodName, value: period, rule: "must be greater than 0")
        }
        let omega = 2 * Double.pi / period
        // allowsOverdamping true: a negative bounce or a ratio above 1 asks for over-damping.
        try self.init(
            mass: 1, stiffness: omega * omega, damping: 2 * ratio * omega,
            initialVelocity: initialVelocity, allowsOverdamping: true)
    }
}
