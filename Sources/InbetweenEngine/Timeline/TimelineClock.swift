/// How a timeline plays its children: speed, repeats, the delay between repeats and
/// autoreverse (GSAP's `timeScale`, `repeat`, `repeatDelay`, `yoyo`).
///
/// GSAP's rules (greensock/GSAP, src/gsap-core.js, v3.11):
/// - total duration (`_setDuration`): `dur * (repeat + 1) + repeatDelay * repeat`; no delay
///   after the last iteration;
/// - iterations (`Timeline.render`): with `cycleDuration = dur + repeatDelay`, iteration
///   k covers total time [k·cycle, k·cycle + dur], then holds for the delay; with `yoyo` the
///   odd iterations play backwards (`time = dur - time`);
/// - in its parent a child occupies `[start, start + totalDuration / timeScale]`
///   (`_addToTimeline` / `_setEnd`), so a child twice as fast takes half the time.
public struct TimelineClock: Hashable, Sendable {
    /// Whole repeats after the first iteration (CAMediaTiming's name; GSAP's `repeat`).
    public var repeatCount: Int
    /// Seconds of the timeline's own time between the end of one iteration and the next.
    public var repeatDelay: Double
    /// Odd iterations play backwards (GSAP's `yoyo`, CAMediaTiming's name).
    public var autoreverses: Bool
    /// Playback rate relative to the parent (GSAP's `timeScale`); must be > 0.
    public var speed: Double

    public init(repeatCount: Int = 0, repeatDelay: Double = 0, autoreverses: Bool = false, speed: Double = 1)
        throws
    {
        guard repeatCount >= 0 else {
            throw EngineError(
                parameter: "repeatCount", value: Double(repeatCount), rule: "must be a whole number >= 0")
        }
        try EngineError.requireFinite(repeatDelay, "repeatDelay")
        guard repeatDelay >= 0 else {
            throw EngineError(parameter: "repeatDelay", value: repeatDelay, rule: "must be >= 0")
        }
        try EngineError.requireFinite(speed, "speed")
        guard speed > 0 else {
            throw EngineError(parameter: "speed", value: speed, rule: "must be > 0")
        }
        self.repeatCount = repeatCount
        self.repeatDelay = repeatDelay
        self.autoreverses = autoreverses
        self.speed = speed
    }

    /// The length of all iterations and the delays between them, in the timeline's own time.
    public func totalDuration(of duration: Double) -> Double {
        guard repeatCount > 0 else { return duration }
        return duration * Double(repeatCount + 1) + repeatDelay * Double(repeatCount)
    }

    /// One iteration: where it starts in total time and whether it plays backwards.
    public struct Iteration: Hashable, Sendable {
        public var index: Int
        public var totalTimeOffset: Double
        public var reversed: Bool
    }

    /// Every iteration, in order.
    public func iterations(of duration: Double) -> [Iteration] {
        (0...repeatCount).map { k in
            Iteration(
                index: k, totalTimeOffset: Double(k) * (duration + repeatDelay),
                reversed: autoreverses && k % 2 == 1)
        }
    }
}
