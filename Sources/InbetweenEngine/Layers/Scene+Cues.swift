/// Cues: scene times at which the host wants an event although no animation starts or stops
/// then. A timeline's schedule uses them to add its animations when their slots begin and to
/// run its callbacks (see `TimelineSchedule`). They take part in the event order (after the
/// layers' events at the same time) and in `naturalEnd`, so sampling reaches the last one.
extension Scene {
    /// Delivers a `.cue(id)` event at `time` (not before the scene's current time). Ids are
    /// the host's; cues at equal times come in increasing id order.
    public mutating func schedule(cue id: Int, at time: Double) throws {
        try EngineError.requireFinite(time, "time")
        let at = max(time, self.time)
        pendingCues.append(AnimationEvent(time: at, layer: "", key: "", kind: .cue(id)))
        queue.schedule(.cue(id: id), at: at)
        changeCount += 1
    }

}
