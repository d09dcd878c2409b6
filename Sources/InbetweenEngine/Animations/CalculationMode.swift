/// CAKeyframeAnimation.calculationMode (kCAAnimationLinear, ...Discrete, ...Paced, ...Cubic,
/// ...CubicPaced), with Core Animation's names as raw values.
public enum CalculationMode: String, Hashable, Sendable, CaseIterable {
    /// Straight interpolation between neighbouring values at their key times.
    case linear
    /// No interpolation: each value holds until the next key time.
    case discrete
    /// Constant speed: key times come from the distances between values (or the path's arc
    /// length); `keyTimes` and `timingFunctions` are ignored.
    case paced
    /// A Kochanek–Bartels spline through the values at their key times.
    case cubic
    /// The spline with paced key times; `keyTimes` and `timingFunctions` are ignored.
    case cubicPaced

    var isPaced: Bool { self == .paced || self == .cubicPaced }
}

/// CAKeyframeAnimation.rotationMode for path animations: the layer turns to the path's
/// tangent (`auto`, kCAAnimationRotateAuto) or to the tangent plus a half turn
/// (`autoReverse`, kCAAnimationRotateAutoReverse).
public enum RotationMode: String, Hashable, Sendable, CaseIterable {
    case auto
    case autoReverse
}
