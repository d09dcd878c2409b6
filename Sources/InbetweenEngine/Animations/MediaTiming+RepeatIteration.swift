/// Which repeat of its active duration an animation is in: the factor a `cumulative`
/// animation multiplies its per-cycle change by.
///
/// Local time follows CAMediaTiming: local = (t − beginTime) · speed + timeOffset. One cycle
/// lasts the duration, twice that with `autoreverses` (forward + back is one repeat). The
/// active duration is `repeatDuration` when set, else `repeatCount` cycles (at least one).
/// At or after the end of the active duration the index is that of the last cycle that ran,
/// so a forwards fill holds the value the last cycle ended on.
extension MediaTiming {
    public func repeatIteration(atParentTime t: Double) -> Int {
        let cycle = effectiveDuration * (autoreverses ? 2 : 1)
        guard cycle > 0 else { return 0 }
        let local = (t - beginTime) * speed + timeOffset
        let active: Double
        if repeatDuration > 0 {
            active = repeatDuration
        } else if repeatCount > 0 {
            active = repeatCount * cycle
        } else {
            active = cycle
        }
        let clamped = min(max(local, 0), active)
        guard clamped.isFinite else { return 0 }
        var index = (clamped / cycle).rounded(.down)
        // Exactly at the end of a whole number of cycles the last cycle has just finished.
        if clamped >= active && index > 0 && clamped == index * cycle { index -= 1 }
        // Cap far below Int.max: a cumulative step this many cycles away is meaningless anyway.
        let maxIndex = 1e15
        return Int(min(index, maxIndex))
    }
}
