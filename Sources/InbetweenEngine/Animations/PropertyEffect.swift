/// What every property animation does with the value it computes: optionally add the
/// per-cycle change for `cumulative`, optionally add to what is already there for `additive`,
/// then write it through the key path.
struct PropertyEffect {
    var keyPath: KeyPathAccessor
    var additive: Bool
    var cumulative: Bool

    /// `cycleChange` is end − start of one cycle (Apple: "the value of the animation is the
    /// value at the end of the previous repeat cycle, plus the value of the current repeat
    /// cycle"). An autoreversing cycle ends where it began, so it accumulates nothing.
    func write<Store: PropertyStore>(
        _ value: Value, cycleChange: @autoclosure () throws -> Value, timing: MediaTiming,
        parentTime t: Double, into values: inout Store
    ) throws {
        var v = value
        if cumulative && !timing.autoreverses {
            // MediaTiming's cycle index (0 for the first); capped far below Int.max, where a
            // cumulative step is meaningless anyway.
            let maxCycles = 1e15
            let k = min(max(timing.iterationState(atParentTime: t)?.cycle ?? 0, 0), maxCycles)
            if k > 0 { v = try Value.add(v, try cycleChange().repeated(Int(k))) }
        }
        if additive, let existing = try values.value(at: keyPath) {
            v = try Value.add(existing.converted(toKindOf: v), v)
        }
        try values.set(v, at: keyPath)
    }

    /// The fraction of the current iteration, 0...1 (nil when the timing has no effect at t).
    static func iterationFraction(_ timing: MediaTiming, atParentTime t: Double) -> Double? {
        guard let local = timing.iterationTime(atParentTime: t) else { return nil }
        let d = timing.effectiveDuration
        return d > 0 ? local / d : 1
    }
}

extension Value {
    /// The value added to itself k times (k ≥ 0): component-wise k·v, or for a transform the
    /// matrix concatenated k times (by repeated squaring, so large k stays cheap).
    func repeated(_ k: Int) throws -> Value {
        if case .transform(let t) = self {
            var result = Transform3D.identity
            var base = t
            var n = k
            while n > 0 {
                if n & 1 == 1 { result = result.concatenating(base) }
                base = base.concatenating(base)
                n >>= 1
            }
            return .transform(result)
        }
        return try withComponents(components.map { $0 * Double(k) })
    }
}
