/// CAMediaTiming's properties and the time conversion they define.
///
/// Apple's header describes two stages: parent time → "active local time" (where the object
/// sits in its parent's timeline and how fast it plays), then active → "basic local time"
/// (repeats and autoreverse folded into one `duration`). The steps, for parent time tp, with
/// D = effectiveDuration and AD = activeDuration:
///
/// 1. Elapsed parent time: p = tp - beginTime. The object is active for p in [0, AD/|speed|)
///    (all of p ≥ 0 when speed is 0: a paused object never ends). p < 0 is the *before*
///    phase, p past the end the *after* phase.
/// 2. Fill: before, `fillMode` backwards/both holds p = 0, otherwise no effect (nil); after,
///    forwards/both holds the end p = AD/|speed|, otherwise no effect.
/// 3. Active local time, Apple's formula: a = p · speed + timeOffset. The offset shifts where
///    playback starts but not how long the object is active: as observed on Core Animation,
///    an animation with timeOffset plays from that point, wraps around, and stops after its
///    usual active duration (|C D E A B| for offset C). A negative speed runs a downwards
///    from timeOffset, so with timeOffset 0 it plays the animation backwards from its end.
/// 4. Basic local time: with the cycle length c = D (2D with autoreverses), repeat
///    index k = floor(a / c) and position q = a - k·c in [0, c); the iteration time is q,
///    or 2D - q on the way back (q > D) of an autoreversing cycle.
/// 5. Boundaries: at an exact multiple of c the playhead has just entered the next cycle, so
///    q = 0 (q = c when running backwards); at the end of the active duration it has just
///    left the last one instead, so the final frame is the end of that cycle (q = c forwards,
///    q = 0 backwards). That makes `repeatCount 1` end on its last frame, not on its first.
///
/// Hierarchical timing falls out of this: a group's children use the group's iteration time
/// (step 4's result) as their parent time, so they run in the group's local time, at its
/// speed, and cannot see past the group's duration.
public struct MediaTiming: Hashable, Sendable {
    /// Core Animation's duration when `duration` is 0 (CAAnimation's documented default).
    public static let defaultDuration = 0.25
    /// Relative distance from a cycle boundary treated as on it (see step 4 in the code).
    static let boundaryTolerance = 1e-12

    public var beginTime: Double = 0
    /// 0 means "unset"; `effectiveDuration` then applies Core Animation's default of 0.25 s.
    /// May be `.infinity` (a timeline that never wraps, like a layer's).
    public var duration: Double = 0
    public var speed: Double = 1
    public var timeOffset: Double = 0
    /// Number of cycles, may be fractional or `.infinity`; 0 means one cycle.
    public var repeatCount: Double = 0
    /// Seconds of local time to repeat for; 0 means unset.
    public var repeatDuration: Double = 0
    /// One cycle plays forwards then backwards, so it lasts 2 × duration.
    public var autoreverses: Bool = false
    public var fillMode: FillMode = .removed

    public init() {}

    public init(
        beginTime: Double = 0, duration: Double = 0, speed: Double = 1, timeOffset: Double = 0,
        repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
        fillMode: FillMode = .removed
    ) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
    }

    /// `duration`, or 0.25 s when it is 0 (or not a positive number).
    public var effectiveDuration: Double { duration > 0 ? duration : Self.defaultDuration }

    /// Length of one cycle in local time: forwards, plus backwards when autoreversing.
    public var cycleDuration: Double { autoreverses ? 2 * effectiveDuration : effectiveDuration }

    /// Length of the active period in local time. Apple calls setting both `repeatCount` and
    /// `repeatDuration` undefined; we follow SMIL (which CAMediaTiming is modelled on): the
    /// shorter of the two wins.
    public var activeDuration: Double {
        let byCount = repeatCount > 0 ? repeatCount * cycleDuration : nil
        let byDuration = repeatDuration > 0 ? repeatDuration : nil
        switch (byCount, byDuration) {
        case (let count?, let time?): return min(count, time)
        case (let count?, nil): return count
        case (nil, let time?): return time
        case (nil, nil): return cycleDuration
        }
    }

    /// Time of the active interval's end in the parent's time (infinity when it repeats
    /// forever or speed is 0); when `onStop` fires.
    public var endTime: Double {
        speed == 0 ? .infinity : beginTime + activeDuration / abs(speed)
    }

    /// Throws unless every property is usable: finite beginTime, speed, timeOffset;
    /// duration, repeatCount and repeatDuration non-negative (infinity allowed).
    public func validate() throws {
        try EngineError.requireFinite(beginTime, "beginTime")
        try EngineError.requireFinite(speed, "speed")
        try EngineError.requireFinite(timeOffset, "timeOffset")
        for (name, value) in [
            ("duration", duration), ("repeatCount", repeatCount), ("repeatDuration", repeatDuration),
        ]
        where !(value >= 0) {
            throw EngineError(parameter: name, value: value, rule: "must be 0 or greater")
        }
    }

    /// Step 3 without fill: Apple's active local time (tp - beginTime) · speed + timeOffset.
    public func localTime(atParentTime t: Double) -> Double {
        (t - beginTime) * speed + timeOffset
    }

    /// Whether the parent time lies in the active interval [beginTime, endTime).
    public func isActive(atParentTime t: Double) -> Bool {
        phase(atParentTime: t) == .active
    }

    public enum Phase: Hashable, Sendable { case before, active, after }

    public func phase(atParentTime t: Double) -> Phase {
        let elapsed = t - beginTime
        if elapsed < 0 { return .before }
        // An end reached with rounding (0.6 - 0.2 is 0.39999999999999997 for a 0.4 s
        // animation begun at 0.2) is the end: otherwise step 5 would snap the last frame to
        // the start of a cycle that never comes. Same relative tolerance as step 4.
        if speed != 0 && elapsed * abs(speed) >= activeDuration * (1 - MediaTiming.boundaryTolerance) {
            return .after
        }
        return .active
    }

    /// The time inside one iteration, in [0, effectiveDuration], for the given parent time, with
    /// repeats and autoreverse folded in; nil when the object has no effect at that time
    /// (before begin without backwards fill, after end without forwards fill).
    public func iterationTime(atParentTime t: Double) -> Double? {
        iterationState(atParentTime: t)?.time
    }

    /// Where an object is within its repeats (what `cumulative` animations need).
    public struct IterationState: Hashable, Sendable {
        /// Time inside one iteration, in [0, effectiveDuration].
        public var time: Double
        /// Which cycle (0 for the first); a Double so that infinite repeats cannot overflow.
        public var cycle: Double
        public var phase: Phase
    }

    /// Steps 1–5 of the type comment.
    public func iterationState(atParentTime t: Double) -> IterationState? {
        guard t.isFinite else { return nil }
        let phase = phase(atParentTime: t)
        let local: Double  // steps 2 and 3
        switch phase {
        case .before:
            guard fillMode.fillsBackwards else { return nil }
            local = timeOffset
        case .after:
            guard fillMode.fillsForwards else { return nil }
            // p = AD/|speed|, so p · speed = ±AD; written directly to avoid a rounding step.
            local = (speed < 0 ? -activeDuration : activeDuration) + timeOffset
        case .active:
            local = (t - beginTime) * speed + timeOffset
        }
        let d = effectiveDuration
        guard d.isFinite else { return IterationState(time: max(0, local), cycle: 0, phase: phase) }
        let cycle = cycleDuration
        // Step 4. Within the first cycle the remainder is `local` itself, exactly (fmod is exact
        // and returns x for 0 <= x < y): skipped there, since fmod is among the slowest steps of
        // sampling a frame.
        var q = local >= 0 && local < cycle ? local : local.truncatingRemainder(dividingBy: cycle)
        if q < 0 { q += cycle }
        // A boundary computed with rounding (3 × 0.1 is 0.30000000000000004) must still count
        // as a boundary, or `repeatCount 3` of 0.1 s would end on its first frame.
        let fuzz = MediaTiming.boundaryTolerance * max(cycle, abs(local))
        if q < fuzz || cycle - q < fuzz { q = 0 }
        var k = ((local - q) / cycle).rounded()
        // Step 5: which side of a cycle boundary to show.
        let runningBackwards = speed < 0
        let takeEndOfCycle = runningBackwards != (phase == .after)
        if q == 0 && takeEndOfCycle {
            q = cycle
            k -= 1
        }
        let time = q <= d ? q : cycle - q
        return IterationState(time: min(max(time, 0), d), cycle: k, phase: phase)
    }
}
