/// How fast a presentation value is changing: what UIKit, SwiftUI and Motion hand from an
/// interrupted animation to the next one so that it carries on without a jolt.
extension Layer {
    /// Time step of the differences below, in seconds. Truncation: h^2·|v'''|/6 for the central
    /// difference, h^2·|v'''|/3 for the one-sided ones; for a spring of ω0 = 10 rad/s starting
    /// 200 pt from its target (|v'''| ≈ ω0³·200) that is 2e-6 pt/s at most, against speeds of
    /// tens to hundreds of pt/s. Rounding adds about 2.2e-16·|value|/h: 1.3e-8 pt/s at 300 pt.
    public static let velocityStep = 5e-6

    /// d/dt of the presentation value at `keyPath` at scene time `time`, in units per second,
    /// as a value of the same kind (a point's velocity is a point of (dx/dt, dy/dt)).
    ///
    /// Measured by a second-order difference of presentation values: central, or one-sided
    /// (forward from `time`, else backward to it) when an animation starts or stops in effect
    /// within 2·h of `time`, so that the estimate never straddles an animation's start, its
    /// removal or a replacement. At a jump (a step, a discrete key frame) there is no velocity
    /// and the value returned is meaningless.
    public func presentationVelocity(forKeyPath keyPath: String, at time: Double) throws -> Value {
        try EngineError.requireFinite(time, "time")
        let h = Layer.velocityStep
        func values(_ t: Double) throws -> [Double] {
            try presentationValue(forKeyPath: keyPath, at: t).components
        }
        func sameEffect(_ a: Double, _ b: Double) -> Bool {
            entries.indices.allSatisfy { entries[$0].isInEffect(at: a) == entries[$0].isInEffect(at: b) }
        }
        let here = try presentationValue(forKeyPath: keyPath, at: time)
        let p0 = here.components
        let derivative: [Double]
        if sameEffect(time - 2 * h, time) && sameEffect(time, time + 2 * h) {
            // (p(t + h) − p(t − h)) / 2h
            let a = try values(time - h)
            let b = try values(time + h)
            derivative = zip(a, b).map { ($1 - $0) / (2 * h) }
        } else if sameEffect(time, time + 2 * h) {
            // (−3·p(t) + 4·p(t + h) − p(t + 2h)) / 2h, exact for quadratics
            let a = try values(time + h)
            let b = try values(time + 2 * h)
            derivative = (0..<p0.count).map { (-3 * p0[$0] + 4 * a[$0] - b[$0]) / (2 * h) }
        } else {
            let a = try values(time - h)
            let b = try values(time - 2 * h)
            derivative = (0..<p0.count).map { (3 * p0[$0] - 4 * a[$0] + b[$0]) / (2 * h) }
        }
        return try here.withComponents(derivative)
    }
}

extension Scene {
    /// `Layer.presentationVelocity` of a layer of this scene at the scene's time (its local time).
    public func presentationVelocity(forKeyPath keyPath: String, ofLayer layer: String) throws -> Value {
        guard let l = indexByName[layer] else {
            throw EngineError(parameter: "layer", value: layer, rule: "no layer with this name")
        }
        // Per second of the layer's local time, the time its animations (and a hand-off to the
        // next one) run in.
        return try layers[l].presentationVelocity(forKeyPath: keyPath, at: changeTime(ofLayer: l))
    }
}
