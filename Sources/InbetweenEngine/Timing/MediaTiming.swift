// CONTRACT STUB — the timing helper replaces the bodies; the public signatures are the contract.

/// `fillMode`: whether an animation holds its value before its begin and after its end.
public enum FillMode: String, Hashable, Sendable, CaseIterable {
    case removed, forwards, backwards, both
}

/// CAMediaTiming's properties and the time conversion they define.
public struct MediaTiming: Hashable, Sendable {
    public var beginTime: Double = 0
    /// 0 means "unset"; `effectiveDuration` then applies Core Animation's default of 0.25 s.
    public var duration: Double = 0
    public var speed: Double = 1
    public var timeOffset: Double = 0
    public var repeatCount: Double = 0
    public var repeatDuration: Double = 0
    public var autoreverses: Bool = false
    public var fillMode: FillMode = .removed

    public init() {}

    public var effectiveDuration: Double { duration == 0 ? 0.25 : duration }

    /// Time of the active interval's end in the parent's time (infinity when it repeats
    /// forever); when `onStop` fires.
    public var endTime: Double { beginTime + effectiveDuration }

    /// The time inside one iteration, in [0, effectiveDuration], for the given parent time, with
    /// repeats and autoreverse folded in; nil when the object has no effect at that time
    /// (before begin without backwards fill, after end without forwards fill).
    public func iterationTime(atParentTime t: Double) -> Double? {
        let local = t - beginTime
        if local < 0 { return nil }
        return min(local, effectiveDuration)
    }
}
