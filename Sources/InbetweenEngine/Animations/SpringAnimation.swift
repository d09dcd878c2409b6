/// CASpringAnimation: a basic animation whose progress is the spring's displacement at the
/// elapsed time in seconds, `spring.value(at: elapsed)`, not the fraction of the duration.
/// The timing function does not apply (a spring has its own shape). The duration still cuts
/// the animation off as in Core Animation; when it is left unset (0) it is set to
/// `settlingDuration`, because the 0.25 s CAMediaTiming default would stop almost every
/// spring mid-flight. Core Animation users set `duration = settlingDuration` by hand for the
/// same reason.
public struct SpringAnimation: Sendable {
    public var keyPath: String { didSet { accessor = KeyPathAccessor(keyPath) } }
    /// `keyPath` parsed once (see `KeyPathAccessor`).
    private(set) var accessor: KeyPathAccessor
    public var fromValue: Value?
    public var toValue: Value?
    public var byValue: Value?
    public var spring: SpringParameters
    public var timing: MediaTiming
    public var additive: Bool
    public var cumulative: Bool
    public var removedOnCompletion: Bool

    public init(
        keyPath: String, fromValue: Value? = nil, toValue: Value? = nil, byValue: Value? = nil,
        spring: SpringParameters, timing: MediaTiming = MediaTiming(),
        additive: Bool = false, cumulative: Bool = false, removedOnCompletion: Bool = true
    ) throws {
        try BasicAnimation.validate(keyPath: keyPath, from: fromValue, to: toValue, by: byValue)
        self.keyPath = keyPath
        accessor = KeyPathAccessor(keyPath)
        self.fromValue = fromValue
        self.toValue = toValue
        self.byValue = byValue
        self.spring = spring
        self.timing = timing
        if self.timing.duration == 0 { self.timing.duration = spring.settlingDuration }
        self.additive = additive
        self.cumulative = cumulative
        self.removedOnCompletion = removedOnCompletion
    }

    /// With CASpringAnimation's parameters and Apple's defaults (mass 1, stiffness 100,
    /// damping 10, initialVelocity 0); invalid ones throw from `SpringParameters`.
    public init(
        keyPath: String, fromValue: Value? = nil, toValue: Value? = nil, byValue: Value? = nil,
        mass: Double = 1, stiffness: Double = 100, damping: Double = 10,
        initialVelocity: Double = 0, allowsOverdamping: Bool = false,
        timing: MediaTiming = MediaTiming(),
        additive: Bool = false, cumulative: Bool = false, removedOnCompletion: Bool = true
    ) throws {
        try self.init(
            keyPath: keyPath, fromValue: fromValue, toValue: toValue, byValue: byValue,
            spring: try SpringParameters(
                mass: mass, stiffness: stiffness, damping: damping,
                initialVelocity: initialVelocity, allowsOverdamping: allowsOverdamping),
            timing: timing, additive: additive, cumulative: cumulative,
            removedOnCompletion: removedOnCompletion)
    }

    public var mass: Double { spring.mass }
    public var stiffness: Double { spring.stiffness }
    public var damping: Double { spring.damping }
    public var initialVelocity: Double { spring.initialVelocity }

    /// CASpringAnimation.settlingDuration: the spring's estimate of when it is at rest
    /// (definition in the spring solver).
    public var settlingDuration: Double { spring.settlingDuration }

    package func apply<Store: PropertyStore>(to values: inout Store, atParentTime t: Double) throws {
        guard let elapsed = timing.iterationTime(atParentTime: t) else { return }
        let p = spring.value(at: elapsed)
        let keyPath = self.accessor  // captured below instead of self (see BasicAnimation.apply)
        // `values` itself, not a copy (see BasicAnimation.apply).
        let result = try BasicAnimation.value(
            from: fromValue, to: toValue, by: byValue, progress: p, keyPath: keyPath.keyPath,
            current: { try values.value(at: keyPath) })
        try PropertyEffect(keyPath: keyPath, additive: additive, cumulative: cumulative)
            .write(
                result.value, cycleChange: try Value.subtract(result.to, result.from),
                timing: timing, parentTime: t, into: &values)
    }
}
