/// Time down the tree: every layer is a CAMediaTiming object (`Layer.timing`) whose parent
/// time is its superlayer's local time, and its animations run in its local time (see
/// `LayerClock`). An animation is stamped with the layer's local time when it is added (as
/// Core Animation converts CACurrentMediaTime() into the layer's time), its events are due
/// when the layer's local time reaches them, and a change of timing (or a move in the tree)
/// from a callback reschedules the events of the layers below from that moment: a paused
/// subtree (speed 0) has none due, and one resumed has them again, later by the pause.
extension Scene {
    /// `Layer.timing` of every layer from the stage down to layer `l`, as a clock.
    public func clock(ofLayer l: Int) -> LayerClock {
        guard usesLayerTiming else { return LayerClock() }
        return LayerClock(ofLayer: l) { layers[$0] }
    }

    /// The clock of the layer called `name`.
    public func clock(ofLayer name: String) throws -> LayerClock {
        clock(ofLayer: try timedLayerIndex(name))
    }

    /// The local time of the layer called `name` at scene time `t`; nil while it (or a layer
    /// above it) has no effect (see `LayerClock.localTime(atSceneTime:)`).
    public func localTime(ofLayer name: String, atSceneTime t: Double) throws -> Double? {
        clock(ofLayer: try timedLayerIndex(name)).localTime(atSceneTime: t)
    }

    /// The local time of layer `l` as drawn in replicator instance `instances` (one index per
    /// replicator above it, outermost first; missing ones are 0): each replicator's sublayers
    /// see its local time less i × its `instanceDelay` (read at that time). For the geometry of
    /// a replicator's copies; the layer itself (every index 0) is `clock(ofLayer:)`'s.
    public func localTime(ofLayer l: Int, instances: [Int], atSceneTime t: Double) -> Double? {
        var chain: [Int] = [l]
        while case .layer(let up) = layers[chain[chain.count - 1]].superlayer { chain.append(up) }
        var time = t
        var replicator = 0
        for a in chain.reversed() {
            guard let local = layers[a].timing.layerTime(atParentTime: time) else { return nil }
            time = local
            guard layers[a].kind == .replicator, a != l else { continue }
            let i = replicator < instances.count ? instances[replicator] : 0
            replicator += 1
            guard i != 0, let values = try? layers[a].presentationValues(at: time),
                case .scalar(let delay)? = values["instanceDelay"]
            else { continue }
            time -= Double(i) * delay
        }
        return time
    }

    /// `[layer convertTime:t fromLayer:from]` of the layer `to`, with nil for the stage (scene
    /// time) on either side: `t` in `from`'s active local time, the result in `to`'s (Apple's
    /// (tp − beginTime) · speed + timeOffset down the tree, without phases or repeats).
    /// QA1673 pauses a layer with `timeOffset = convertTime(CACurrentMediaTime(), from: nil)`.
    public func convertTime(_ t: Double, from: String?, to: String?) throws -> Double {
        try EngineError.requireFinite(t, "time")
        var scene = t
        if let from {
            let l = try timedLayerIndex(from)
            scene = try clock(ofLayer: l).sceneTime(ofActiveTime: t, layerNames: timedAncestorNames(of: l))
        }
        guard let to else { return scene }
        return clock(ofLayer: try timedLayerIndex(to)).activeTime(atSceneTime: scene)
    }

    /// Whether the layer called `name` and every layer above it have the default timing, so its
    /// local time is scene time: what a writer that says animations with their scene times
    /// (CSS, Swift, Lottie) can say as it is; a layer for which this is false is baked.
    public func runsOnSceneTime(_ name: String) -> Bool {
        guard let l = indexByName[name] else { return true }
        return clock(ofLayer: l).isIdentity
    }

    /// Sets a layer's CAMediaTiming properties at the scene's time (`time`), as a script does
    /// from its top level or a callback: the layer and everything below it run on the new
    /// timing from now, and their undelivered events are rescheduled accordingly.
    public mutating func setTiming(_ timing: MediaTiming, ofLayer name: String) throws {
        let l = try timedLayerIndex(name)
        try timing.validate()
        guard layers[l].timing != timing else { return }
        if !timing.isDefault { usesLayerTiming = true }
        noteChange(ofLayer: l)
        layers[l].timing = timing
        rescheduleEvents(ofSubtree: l)
    }

    // MARK: Internals

    /// The time a change to layer `l` made now is stamped with: its local time at the scene's
    /// time, or (while it has no effect) its active time.
    func changeTime(ofLayer l: Int) -> Double {
        guard usesLayerTiming else { return time }
        let clock = clock(ofLayer: l)
        return clock.localTime(atSceneTime: time) ?? clock.activeTime(atSceneTime: time)
    }

    /// The time layer `l`'s presentation is read at for scene time `t`: its local time, or
    /// −infinity (before any add, so no animation applies) while it has no effect.
    func presentationTime(ofLayer l: Int, atSceneTime t: Double) -> Double {
        guard usesLayerTiming else { return t }
        return clock(ofLayer: l).localTime(atSceneTime: t) ?? -.infinity
    }

    /// The scene time an event of layer `l` at local time `x` is due: the first time from now
    /// its local time reaches `x`; nil when it never does (paused).
    func dueTime(ofLocalTime x: Double, clock: LayerClock) -> Double? {
        clock.isIdentity ? x : clock.sceneTime(reaching: x, from: time)
    }

    /// Recomputes when the undelivered events of layer `root` and of every layer below it are
    /// due, after their clocks changed now (a timing set, a move in the tree). A time already
    /// reached makes the event due now; a stale queue entry is skipped when popped, since it
    /// no longer matches the entry's scheduled time (`isLive`).
    mutating func rescheduleEvents(ofSubtree root: Int) {
        guard usesLayerTiming else { return }
        var stack = [root]
        var changed = false
        while let l = stack.popLast() {
            stack += layers[l].sublayers
            guard !layers[l].entries.isEmpty else { continue }
            noteChange(ofLayer: l)
            let clock = clock(ofLayer: l)
            for e in layers[l].entries.indices {
                let entry = layers[l].entries[e]
                if !entry.startDelivered {
                    let due = dueTime(ofLocalTime: entry.startTime, clock: clock)
                    if due?.bitPattern != entry.scheduledStart?.bitPattern {
                        layers[l].entries[e].scheduledStart = due
                        if let due { queue.schedule(.start(layer: l, serial: entry.serial), at: due) }
                        changed = true
                    }
                }
                if !entry.stopDelivered, let stop = entry.stopTime {
                    let due = dueTime(ofLocalTime: stop, clock: clock)
                    if due?.bitPattern != entry.scheduledStop?.bitPattern {
                        layers[l].entries[e].scheduledStop = due
                        if let due { queue.schedule(.stop(layer: l, serial: entry.serial), at: due) }
                        changed = true
                    }
                }
            }
        }
        if changed { changeCount += 1 }
    }

    private func timedLayerIndex(_ name: String) throws -> Int {
        guard let l = indexByName[name] else {
            throw EngineError(parameter: "layer", value: name, rule: "no layer with this name")
        }
        return l
    }

    /// The names of the layers whose timing makes up `clock(ofLayer: l)`'s steps, in order.
    private func timedAncestorNames(of l: Int) -> [String] {
        var chain: [Int] = [l]
        while case .layer(let up) = layers[chain[chain.count - 1]].superlayer { chain.append(up) }
        return chain.reversed().filter { !layers[$0].timing.isDefault }.map { layers[$0].name }
    }
}

extension LayerClock {
    /// The clock of layer `l`, reading layers (by index into the scene's list) through
    /// `layer`: its superlayer's, and so on up to the stage (a layer out of the tree counts
    /// from the stage's time too, having no parent), each layer's timing unless it is the
    /// default.
    public init(ofLayer l: Int, layer: (Int) -> Layer?) {
        var chain: [MediaTiming] = []
        var current = layer(l)
        while let found = current {
            if !found.timing.isDefault { chain.append(found.timing) }
            guard case .layer(let up) = found.superlayer else { break }
            current = layer(up)
        }
        self.init(steps: chain.reversed().map { .timing($0) })
    }
}
