/// One animation attached to a layer, with everything needed to place it on the scene's clock.
///
/// Time model. Times are the layer's local time in seconds (scene time unless the layer or one
/// above it has a timing of its own; see `LayerClock`). An animation added at local time
/// `addedAt` runs in its parent's time `t - addedAt`: Core Animation stamps a beginTime of 0
/// with "now" when the animation is added, and we make every beginTime relative to that
/// moment, so beginTime 0 starts at once and beginTime 1 one second after the add. (Scripts
/// have no CACurrentMediaTime(), so an absolute beginTime would have nothing to be relative
/// to.)
struct LayerAnimationEntry: Sendable {
    var key: String
    var animation: Animation
    /// The layer's local time at the add (scene time unless the layer has a timing of its own).
    var addedAt: Double
    /// Order of adds on this layer; breaks ties between events at the same time.
    var serial: Int
    /// The transaction whose completion waits for this animation.
    var completionToken: Int?
    /// Local time at which the start event fires: the add time plus a positive beginTime
    /// (a negative beginTime means it is already running when added), never after the stop.
    var startTime: Double
    /// Local time of the end of the active interval (MediaTiming.endTime after the add), when
    /// the stop event fires; nil when it never ends (infinite repeats, speed 0).
    var stopTime: Double?
    var startDelivered = false
    var stopDelivered = false
    /// Scene times the start and stop events are scheduled at: `startTime` and `stopTime` on a
    /// layer whose local time is scene time; otherwise when its local time reaches them (nil:
    /// never, as while paused). See `Scene.rescheduleEvents(ofSubtree:)`.
    var scheduledStart: Double?
    var scheduledStop: Double?

    init(key: String, animation: Animation, addedAt: Double, serial: Int, completionToken: Int?)
        throws
    {
        let timing = animation.timing
        try timing.validate()
        let end = timing.endTime
        guard !end.isNaN, end != -.infinity else {
            throw EngineError(
                parameter: "duration", value: end,
                rule: "the animation's timing gives no end time; check duration, speed and repeats")
        }
        let begin = max(0, timing.beginTime)
        if end.isFinite {
            let stop = addedAt + max(0, end)
            stopTime = stop
            startTime = min(addedAt + begin, stop)
        } else {
            stopTime = nil
            startTime = addedAt + begin
        }
        scheduledStart = startTime
        scheduledStop = stopTime
        self.key = key
        self.animation = animation
        self.addedAt = addedAt
        self.serial = serial
        self.completionToken = completionToken
    }

    /// Whether the animation contributes to the presentation at local time `t`.
    ///
    /// It did not exist before its add. An animation with removedOnCompletion is removed when
    /// its stop event is delivered; presentation must not depend on whether the host has
    /// delivered that event yet, so from its stop time on it counts as removed already.
    func isInEffect(at t: Double) -> Bool {
        LayerAnimationEntry.isInEffect(
            at: t, addedAt: addedAt, stopTime: stopTime, removedOnCompletion: animation.removedOnCompletion)
    }

    /// Shared with `TrackPlan.Step`, which keeps these three fields of an entry.
    @inline(__always)
    static func isInEffect(at t: Double, addedAt: Double, stopTime: Double?, removedOnCompletion: Bool)
        -> Bool
    {
        if t < addedAt { return false }
        if removedOnCompletion, let stop = stopTime, t >= stop { return false }
        return true
    }

    /// Events this animation still owes when it is removed at local time `t` (by
    /// removeAnimation or by a replacement under the same key), in delivery order.
    func eventsOnRemoval(at t: Double, layer: String) -> [PendingEvent] {
        if stopDelivered { return [] }
        var events: [PendingEvent] = []
        // The natural stop already passed (events not yet delivered): it finished.
        let finished = stopTime.map { t >= $0 } ?? false
        let stopAt = finished ? stopTime! : t
        if !startDelivered, startTime <= stopAt {
            events.append(pending(.start, at: startTime, layer: layer))
        }
        events.append(pending(.stop(finished: finished), at: stopAt, layer: layer))
        return events
    }

    func pending(_ kind: AnimationEvent.Kind, at time: Double, layer: String) -> PendingEvent {
        PendingEvent(
            event: AnimationEvent(
                time: time, layer: layer, key: key, kind: kind,
                completionToken: nil),
            serial: serial, transaction: completionToken)
    }
}

/// An event the engine has decided on but the host has not received yet.
struct PendingEvent: Sendable {
    var event: AnimationEvent
    var serial: Int
    /// The transaction this event may complete (resolved when it is delivered).
    var transaction: Int?
}
