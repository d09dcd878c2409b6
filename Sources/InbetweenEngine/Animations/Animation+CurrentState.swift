/// UIView's `.beginFromCurrentState`, asked for explicitly: an animation that starts where the
/// layer is seen and, for a spring, as fast as it is moving there.
extension Animation {
    /// This animation, changed to begin from `layer`'s presentation value at scene time `time`
    /// (its fromValue), and for a spring that is not given its own `initialVelocity`
    /// (`handOffVelocity`), with the presentation velocity there as its initial velocity.
    ///
    /// CASpringAnimation's and UIKit's initial velocity is in units of the whole distance per
    /// second ("a value of 1 corresponds to the total animation distance traversed in one
    /// second", UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:)
    /// in Apple's documentation), so the velocity v becomes v·d / (d·d) for the distance
    /// d = to − from: exact along d; a component of v across d (a 2-D motion turning) cannot be
    /// carried by a spring of one progress and is dropped. It is 0 when d is 0.
    ///
    /// Basic and spring animations only: a keyframe animation's values and a group's children
    /// say where they start themselves.
    public func beginningFromCurrentState(of layer: Layer, at time: Double, handOffVelocity: Bool) throws
        -> Animation
    {
        switch self {
        case .basic(var a):
            a.fromValue = try Animation.current(layer, a.keyPath, at: time, like: a.toValue ?? a.byValue)
            if a.fromValue != nil && a.toValue != nil { a.byValue = nil }
            return .basic(a)
        case .spring(var a):
            let from = try Animation.current(layer, a.keyPath, at: time, like: a.toValue ?? a.byValue)
            let to =
                try a.toValue ?? a.byValue.map { try Value.add(from, $0) }
                ?? layer.value(forKeyPath: a.keyPath)
            a.fromValue = from
            a.toValue = to
            a.byValue = nil
            if handOffVelocity {
                let v = try layer.presentationVelocity(forKeyPath: a.keyPath, at: time).converted(
                    toKindOf: from)
                let d = try Value.subtract(to, from).components
                let dd = d.reduce(0) { $0 + $1 * $1 }
                let vd = zip(v.components, d).reduce(0) { $0 + $1.0 * $1.1 }
                let defaulted = a.timing.duration == a.spring.settlingDuration
                a.spring.initialVelocity = dd > 0 ? vd / dd : 0
                try EngineError.requireFinite(a.spring.initialVelocity, "initialVelocity")
                // A spring given no duration runs for its settling duration, which depends on
                // the initial velocity: keep it in step (SpringAnimation.init's rule).
                if defaulted { a.timing.duration = a.spring.settlingDuration }
            }
            return .spring(a)
        case .keyframe, .group:
            throw EngineError(
                parameter: "beginFromCurrentState", value: "true",
                rule:
                    "applies to basic and spring animations (a keyframe animation's values and a group's children say where they start)"
            )
        }
    }

    /// The presentation value at `keyPath`, as the kind of `template` (a point given for a
    /// size-valued key path and the like).
    private static func current(_ layer: Layer, _ keyPath: String, at time: Double, like template: Value?)
        throws -> Value
    {
        let value = try layer.presentationValue(forKeyPath: keyPath, at: time)
        return template.map { value.converted(toKindOf: $0) } ?? value
    }
}
