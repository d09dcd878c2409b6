// CONTRACT STUB — the timing helper replaces the bodies; the public signatures are the contract.

/// A damped harmonic oscillator moving from 0 to 1 (CASpringAnimation's model), in closed form.
public struct SpringParameters: Hashable, Sendable {
    public var mass: Double = 1
    public var stiffness: Double = 100
    public var damping: Double = 10
    public var initialVelocity: Double = 0
    public var allowsOverdamping: Bool = true

    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10,
                initialVelocity: Double = 0, allowsOverdamping: Bool = true) throws {
        self.mass = mass; self.stiffness = stiffness; self.damping = damping
        self.initialVelocity = initialVelocity; self.allowsOverdamping = allowsOverdamping
    }

    /// Perceptual constructor (SwiftUI / iOS 17 `CASpringAnimation(perceptualDuration:bounce:)`).
    public init(duration: Double, bounce: Double) throws { try self.init() }

    /// UIKit's `usingSpringWithDamping:initialSpringVelocity:` style parameters.
    public init(dampingRatio: Double, response: Double, initialVelocity: Double = 0) throws {
        try self.init()
    }

    /// Progress from 0 toward 1 at time t seconds (may overshoot 1).
    public func value(at t: Double) -> Double { min(1, t) }

    /// Seconds until the spring stays close enough to 1 (definition documented in the solver).
    public var settlingDuration: Double { 1 }
}
