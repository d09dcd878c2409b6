/// The scene's event queue. Events are not stored ahead of time: they are read off the
/// animations' state whenever the host asks, so an animation added by a handler (even at the
/// very time being processed) is found by the next `popEvent(upTo:)`.
///
/// Order: by time; at equal times by layer (scene order), then by the order animations were
/// added to that layer, a start before its own stop; then cues in the order scheduled;
/// transactions that added nothing last.
/// So a replaced animation's stop comes before its replacement's start, as in Core Animation.
extension Scene {
    /// The earliest event not yet delivered, or nil. Does not change the scene.
    public func nextEventTime() -> Double? { nextCandidate()?.time }

    /// Removes and returns the earliest undelivered event if its time is <= `time`, applying
    /// its effect on the scene: an animation with removedOnCompletion is removed when its stop
    /// is delivered. The host runs its handlers for the returned event with `self.time` set to
    /// the event's time.
    public mutating func popEvent(upTo time: Double) -> AnimationEvent? {
        guard let next = nextCandidate(), next.time <= time else { return nil }
        var delivered: PendingEvent
        switch next.source {
        case .start(let l, let e):
            layers[l].entries[e].startDelivered = true
            delivered = layers[l].entries[e].pending(.start, at: next.time, layer: layers[l].name)
        case .stop(let l, let e):
            let entry = layers[l].entries[e]
            delivered = entry.pending(.stop(finished: true), at: next.time, layer: layers[l].name)
            if entry.animation.removedOnCompletion {
                layers[l].entries.remove(at: e)
            } else {
                layers[l].entries[e].stopDelivered = true
            }
        case .retired(let l, let r):
            delivered = layers[l].retiredEvents.remove(at: r)
        case .completion(let c):
            return pendingCompletions.remove(at: c)
        case .cue(let c):
            return pendingCues.remove(at: c)
        }
        if case .stop = delivered.event.kind, let token = delivered.transaction,
            !hasOutstandingAnimations(transaction: token)
        {
            delivered.event.completionToken = token
        }
        return delivered.event
    }

    /// Ends a transaction at `time`. Its completion normally rides on the stop of its last
    /// animation; a transaction that added none (disableActions, duration 0, nothing set)
    /// completes here, with a `.transactionCompleted` event at `time`.
    public mutating func commit(_ transaction: Transaction, at time: Double) throws {
        try EngineError.requireFinite(time, "time")
        guard let token = transaction.completionToken,
            !hasOutstandingAnimations(transaction: token)
        else { return }
        pendingCompletions.append(
            AnimationEvent(time: time, layer: "", key: "", kind: .transactionCompleted,
                           completionToken: token))
    }

    // MARK: Internals

    enum Source { case start(Int, Int), stop(Int, Int), retired(Int, Int), completion(Int), cue(Int) }

    struct Candidate {
        var time: Double
        var order: (layer: Int, serial: Int, phase: Int)
        var source: Source

        func precedes(_ other: Candidate) -> Bool {
            if time != other.time { return time < other.time }
            return order < other.order
        }
    }

    /// A linear scan: scenes hold a handful of layers with a few animations each.
    func nextCandidate() -> Candidate? {
        var best: Candidate?
        func consider(_ c: Candidate) { if best.map({ c.precedes($0) }) ?? true { best = c } }
        for (l, layer) in layers.enumerated() {
            for (r, pending) in layer.retiredEvents.enumerated() {
                let phase = pending.event.kind == .start ? 0 : 1
                consider(Candidate(time: pending.event.time, order: (l, pending.serial, phase),
                                   source: .retired(l, r)))
            }
            for (e, entry) in layer.entries.enumerated() {
                if !entry.startDelivered {
                    consider(Candidate(time: entry.startTime, order: (l, entry.serial, 0),
                                       source: .start(l, e)))
                } else if !entry.stopDelivered, let stop = entry.stopTime {
                    consider(Candidate(time: stop, order: (l, entry.serial, 1),
                                       source: .stop(l, e)))
                }
            }
        }
        // Cues after the layers' events at the same time, in the order they were scheduled.
        for (c, event) in pendingCues.enumerated() {
            guard case .cue(let id) = event.kind else { continue }
            consider(Candidate(time: event.time, order: (Int.max - 1, id, 0), source: .cue(c)))
        }
        for (c, event) in pendingCompletions.enumerated() {
            consider(Candidate(time: event.time, order: (Int.max, c, 0), source: .completion(c)))
        }
        return best
    }

    /// Whether any animation of the transaction has yet to deliver its stop.
    func hasOutstandingAnimations(transaction token: Int) -> Bool {
        layers.contains { layer in
            layer.entries.contains { $0.completionToken == token && !$0.stopDelivered }
                || layer.retiredEvents.contains { $0.transaction == token }
        }
    }
}
