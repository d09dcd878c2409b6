/// The scene's events, taken from its `EventQueue` in time order (equal times in the order
/// they were scheduled): an animation added by a handler, even at the very time being
/// processed, is found by the next `popEvent(upTo:)`.
extension Scene {
    /// The earliest event not yet delivered, or nil.
    public mutating func nextEventTime() -> Double? {
        dropStaleEvents()
        return queue.first?.time
    }

    /// Removes and returns the earliest undelivered event if its time is <= `time`, applying
    /// its effect on the scene: an animation with removedOnCompletion is removed when its stop
    /// is delivered. The host runs its handlers for the returned event with `self.time` set to
    /// the event's time.
    public mutating func popEvent(upTo time: Double) -> AnimationEvent? {
        dropStaleEvents()
        guard let next = queue.first, next.time <= time else { return nil }
        queue.removeFirst()
        var delivered: PendingEvent
        switch next.source {
        case .start(let l, let serial):
            let e = entryIndex(layer: l, serial: serial)!
            noteChange(ofLayer: l)
            layers[l].entries[e].startDelivered = true
            delivered = layers[l].entries[e].pending(.start, at: next.time, layer: layers[l].name)
        case .stop(let l, let serial):
            let e = entryIndex(layer: l, serial: serial)!
            let entry = layers[l].entries[e]
            noteChange(ofLayer: l)
            delivered = entry.pending(.stop(finished: true), at: next.time, layer: layers[l].name)
            if entry.animation.removedOnCompletion {
                layers[l].entries.remove(at: e)
            } else {
                layers[l].entries[e].stopDelivered = true
            }
            changeCount += 1
        case .retired(let l, let serial, let isStart):
            let r = retiredIndex(layer: l, serial: serial, isStart: isStart)!
            noteChange(ofLayer: l)
            delivered = layers[l].retiredEvents.remove(at: r)
        case .completion(let id):
            let c = pendingCompletions.firstIndex { $0.id == id }!
            return pendingCompletions.remove(at: c).event
        case .cue(let id):
            let c = pendingCues.firstIndex { $0.kind == .cue(id) }!
            changeCount += 1
            return pendingCues.remove(at: c)
        }
        if case .stop = delivered.event.kind, let token = delivered.transaction {
            let left = (outstandingStops[token] ?? 1) - 1
            outstandingStops[token] = left > 0 ? left : nil
            if left <= 0 { delivered.event.completionToken = token }
        }
        return delivered.event
    }

    /// Ends a transaction at `time`. Its completion normally rides on the stop of its last
    /// animation; a transaction that added none (disableActions, duration 0, nothing set)
    /// completes here, with a `.transactionCompleted` event at `time`.
    public mutating func commit(_ transaction: Transaction, at time: Double) throws {
        try EngineError.requireFinite(time, "time")
        guard let token = transaction.completionToken, !hasOutstandingAnimations(transaction: token)
        else { return }
        let id = nextCompletionID
        nextCompletionID += 1
        pendingCompletions.append(
            (
                id,
                AnimationEvent(
                    time: time, layer: "", key: "", kind: .transactionCompleted,
                    completionToken: token)
            ))
        queue.schedule(.completion(id: id), at: time)
    }

    // MARK: Internals

    /// Whether any animation of the transaction has yet to deliver its stop.
    func hasOutstandingAnimations(transaction token: Int) -> Bool {
        (outstandingStops[token] ?? 0) > 0
    }

    /// Pops queue entries whose animation was removed (or whose event was already delivered
    /// through its removal) since they were scheduled.
    private mutating func dropStaleEvents() {
        while let next = queue.first, !isLive(next) { queue.removeFirst() }
    }

    private func isLive(_ next: EventQueue.Entry) -> Bool {
        switch next.source {
        case .start(let l, let serial):
            guard let e = entryIndex(layer: l, serial: serial) else { return false }
            // A rescheduled event (its layer's clock changed) keeps only its latest entry.
            return !layers[l].entries[e].startDelivered
                && layers[l].entries[e].scheduledStart?.bitPattern == next.time.bitPattern
        case .stop(let l, let serial):
            guard let e = entryIndex(layer: l, serial: serial) else { return false }
            return !layers[l].entries[e].stopDelivered
                && layers[l].entries[e].scheduledStop?.bitPattern == next.time.bitPattern
        case .retired(let l, let serial, let isStart):
            return retiredIndex(layer: l, serial: serial, isStart: isStart) != nil
        case .completion, .cue:
            return true
        }
    }

    /// Entries stay in serial order (appended with increasing serials, removed in place), so
    /// a binary search finds one.
    func entryIndex(layer l: Int, serial: Int) -> Int? {
        let entries = layers[l].entries
        var low = 0
        var high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].serial < serial { low = mid + 1 } else { high = mid }
        }
        return low < entries.count && entries[low].serial == serial ? low : nil
    }

    private func retiredIndex(layer l: Int, serial: Int, isStart: Bool) -> Int? {
        layers[l].retiredEvents.firstIndex {
            $0.serial == serial && ($0.event.kind == .start) == isStart
        }
    }
}
