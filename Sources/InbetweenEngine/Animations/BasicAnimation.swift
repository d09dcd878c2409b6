/// CABasicAnimation: one key path from a start to an end value over the duration, shaped by
/// `timingFunction` (nil is linear, CAAnimation's default). See `InterpolationEndpoints` for
/// how fromValue / toValue / byValue choose the two ends.
public struct BasicAnimation: Sendable {
    public var keyPath: String { didSet { accessor = KeyPathAccessor(keyPath) } }
    /// `keyPath` parsed once (see `KeyPathAccessor`).
    private(set) var accessor: KeyPathAccessor
    public var fromValue: Value?
    public var toValue: Value?
    public var byValue: Value?
    public var timing: MediaTiming
    public var timingFunction: TimingFunction?
    /// CAPropertyAnimation.additive: the value is added to the current presentation value.
    public var additive: Bool
    /// CAPropertyAnimation.cumulative: each repeat starts where the previous one ended.
    public var cumulative: Bool
    public var removedOnCompletion: Bool

    /// Throws when `keyPath` is empty, all three of fromValue / toValue / byValue are set, or
    /// the set ones are of different kinds.
    public init(
        keyPath: String, fromValue: Value? = nil, toValue: Value? = nil, byValue: Value? = nil,
        timing: MediaTiming = MediaTiming(), timingFunction: TimingFunction? = nil,
        additive: Bool = false, cumulative: Bool = false, removedOnCompletion: Bool = true
    ) throws {
        self.keyPath = keyPath
        accessor = KeyPathAccessor(keyPath)
        self.fromValue = fromValue
        self.toValue = toValue
        self.byValue = byValue
        self.timing = timing
        self.timingFunction = timingFunction
        self.additive = additive
        self.cumulative = cumulative
        self.removedOnCompletion = removedOnCompletion
        try BasicAnimation.validate(keyPath: keyPath, from: fromValue, to: toValue, by: byValue)
    }

    static func validate(keyPath: String, from: Value?, to: Value?, by: Value?) throws {
        guard !keyPath.isEmpty else {
            throw EngineError(parameter: "keyPath", value: "", rule: "must not be empty")
        }
        let given = [("fromValue", from), ("toValue", to), ("byValue", by)]
            .compactMap { name, v in v.map { (name, $0) } }
        if given.count == 3 {
            throw EngineError(
                parameter: "byValue", value: "set with fromValue and toValue",
                rule: "no more than two of fromValue, toValue and byValue may be set")
        }
        for (name, v) in given {
            // (Not through `components`, an array made per value of every animation.)
            guard v.firstNonFiniteComponent == nil else {
                throw EngineError(
                    parameter: name, value: "\(v.components)",
                    rule: "must hold finite numbers")
            }
            if let (firstName, first) = given.first, !first.converted(toKindOf: v).isAnimatable(to: v) {
                throw EngineError(
                    parameter: name, value: v.kindName,
                    rule: "must be the same kind as \(firstName) (\(first.kindName))")
            }
        }
    }

    /// The interpolated value at progress p (after the timing function) for the given current
    /// presentation value; shared with SpringAnimation.
    static func value(
        from: Value?, to: Value?, by: Value?, progress p: Double, keyPath: String,
        current: () throws -> Value?
    ) throws -> (value: Value, from: Value, to: Value) {
        let ends = try InterpolationEndpoints.resolve(
            from: from, to: to, by: by, current: current, keyPath: keyPath)
        return (try Value.interpolate(ends.from, ends.to, p), ends.from, ends.to)
    }

    package func apply<Store: PropertyStore>(to values: inout Store, atParentTime t: Double) throws {
        guard let fraction = PropertyEffect.iterationFraction(timing, atParentTime: t) else {
            return
        }
        let p = timingFunction.map { $0(fraction) } ?? fraction
        // The common case first (both ends given, neither additive nor cumulative): what the
        // general path below computes then, the interpolation written as it is, without its
        // tuple of values and closures (a fifth of a small batch job's sampling, easing aside).
        if !additive, !cumulative, byValue == nil, let from = fromValue, let to = toValue {
            try values.set(try Value.interpolate(from, to, p), at: accessor)
            return
        }
        // The closure captures this local, not `self`: capturing self copied the whole
        // animation (its values, strings and timing function) on every frame.
        let keyPath = self.accessor
        // `values` itself, not a copy kept alive across the write below: a copy would make
        // that write duplicate the dictionary (copy-on-write) on every frame.
        let result = try BasicAnimation.value(
            from: fromValue, to: toValue, by: byValue, progress: p, keyPath: keyPath.keyPath,
            current: { try values.value(at: keyPath) })
        try PropertyEffect(keyPath: keyPath, additive: additive, cumulative: cumulative)
            .write(
                result.value, cycleChange: try Value.subtract(result.to, result.from), timing: timing,
                parentTime: t, into: &values)
    }
}
