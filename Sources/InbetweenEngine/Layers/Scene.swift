/// The layers a script animates, by name and in creation order, and the scene clock's "now".
///
/// Host loop (the Lua layer's `FrameStream` is the one that runs it): for each frame time t,
/// pop and handle every event with time <= t in time order (`popEvent(upTo:)`); handlers may
/// add animations, remove them or set values at the event's time, and whatever events that
/// creates are found by the next pop; then read presentation values at t (`TrackColumns`).
///
/// Every change goes through `addLayer` or `modifyLayer`, which schedule the events the
/// change causes in the event queue (see `EventQueue`), so nothing ever scans the scene to
/// find the next event.
public struct Scene: Sendable {
    public internal(set) var layers: [Layer] = []
    var indexByName: [String: Int] = [:]
    /// The stage's sublayers (the tree's top level), as indices into `layers`, back to front.
    public internal(set) var stageSublayers: [Int] = []
    /// Counts the changes to the tree (see `Scene+Tree`); 0 while it is flat.
    public internal(set) var treeRevision = 0
    /// Whether a transform layer or replicator was made.
    var hasNonPlainLayer = false
    /// The scene time host-driven changes happen at: the host sets it to each event's time
    /// before running its handler and to each frame's time before sampling. Bindings pass it
    /// as the `at` of the changes a script makes.
    public var time: Double = 0
    /// Whether some layer was ever given a timing other than the default (`setTiming`): until
    /// then every layer's local time is scene time and nothing converts it.
    public internal(set) var usesLayerTiming = false
    /// Completions of transactions that added no animation, not yet delivered, with the id
    /// their queue entry names them by.
    var pendingCompletions: [(id: Int, event: AnimationEvent)] = []
    var nextCompletionID = 0
    /// Cues not yet delivered (see Scene+Cues).
    var pendingCues: [AnimationEvent] = []
    var queue = EventQueue()
    /// Per transaction token: the stops its animations still owe (live animations whose stop
    /// is not delivered, plus retired stops). Its completion rides on the stop that brings
    /// this to zero.
    var outstandingStops: [Int: Int] = [:]
    /// Increases whenever an animation is added to any layer (cheap change detection for
    /// hosts that discover tracks as they go).
    public internal(set) var additionCount = 0
    /// Increases with every change to the animations attached (adds, removals, delivered
    /// stops): a host caches what it derives from them (the natural end) against it.
    public internal(set) var changeCount = 0
    /// Whether any layer was given contents (an image, a gravity): the renderer looks them up
    /// only then.
    package internal(set) var hasContents = false
    /// The indices of the layers changed, in order, for readers that follow the scene's changes
    /// (`layersChanged(since:)`) instead of reading every layer after every event: with a
    /// change per layer (a stagger), that read every layer at every event. Emptied once it holds
    /// as many entries as the scene has layers (`changeLogStart` counts those dropped), so it
    /// stays within the scene's size, and a reader that fell behind reads every layer once.
    var changeLog: [Int] = []
    var changeLogStart = 0

    public init(layers: [Layer] = []) throws {
        for layer in layers { try addLayer(layer) }
    }

    /// Adds a layer; names are unique within a scene.
    public mutating func addLayer(_ layer: Layer) throws {
        guard indexByName[layer.name] == nil else {
            throw EngineError(
                parameter: "name", value: layer.name,
                rule: "a layer with this name already exists in the scene")
        }
        indexByName[layer.name] = layers.count
        var layer = layer
        layer.superlayer = .stage
        layer.sublayers = []
        if layer.kind != .layer { hasNonPlainLayer = true }
        stageSublayers.append(layers.count)
        layers.append(layer)
        noteChange(ofLayer: layers.count - 1)
        scheduleChanges(ofLayer: layers.count - 1, serialsFrom: 0, retiredFrom: 0)
    }

    public subscript(name: String) -> Layer? {
        indexByName[name].map { layers[$0] }
    }

    /// The position of a layer in `layers`.
    public func index(ofLayer name: String) -> Int? { indexByName[name] }

    /// Changes one layer in place (add/remove animations, set values). To act at the scene
    /// time, read `time` before the call (the closure cannot read the scene it mutates), or
    /// use the `Scene+LayerChanges` shorthands.
    @discardableResult
    public mutating func modifyLayer<R>(named name: String, _ body: (inout Layer) throws -> R)
        throws -> R
    {
        guard let index = indexByName[name] else {
            throw EngineError(parameter: "layer", value: name, rule: "no layer with this name")
        }
        noteChange(ofLayer: index)
        let serials = layers[index].nextSerial
        let retired = layers[index].retiredEvents.count
        // Also when the body throws part-way: whatever it changed is scheduled.
        defer { scheduleChanges(ofLayer: index, serialsFrom: serials, retiredFrom: retired) }
        return try body(&layers[index])
    }

    /// Logs that layer `l` changed (see `changeLog`).
    mutating func noteChange(ofLayer l: Int) {
        if changeLog.count >= max(64, layers.count) {
            changeLogStart += changeLog.count
            changeLog.removeAll(keepingCapacity: true)
        }
        changeLog.append(l)
    }

    /// The indices of the layers that changed since `mark` (a count of changes this returned
    /// before; 0 at first), each as often as it changed, and the mark for the next call. nil
    /// when the log no longer reaches back to `mark`: any layer may have changed. A layer in the
    /// list may be unchanged after all (`Layer.revision` says).
    package func layersChanged(since mark: Int) -> (layers: ArraySlice<Int>?, mark: Int) {
        let end = changeLogStart + changeLog.count
        guard mark >= changeLogStart else { return (nil, end) }
        return (changeLog[(mark - changeLogStart)...], end)
    }

    /// Schedules the events of animations added to layer `l` since its `nextSerial` was
    /// `serialsFrom`, and of the retired events appended after index `retiredFrom`: retired
    /// first, since a replacement retires the animation it replaces before it is added.
    private mutating func scheduleChanges(ofLayer l: Int, serialsFrom: Int, retiredFrom: Int) {
        let layer = layers[l]
        guard layer.nextSerial != serialsFrom || layer.retiredEvents.count != retiredFrom else { return }
        changeCount += 1
        additionCount += layer.nextSerial - serialsFrom
        // Owed events were stamped with the layer's local time; on a layer with a clock of its
        // own they are due now, at the removal.
        let clock = clock(ofLayer: l)
        if !clock.isIdentity {
            for r in layers[l].retiredEvents.indices.dropFirst(retiredFrom) {
                layers[l].retiredEvents[r].event.time = time
            }
        }
        for pending in layers[l].retiredEvents[retiredFrom...] {
            let isStart = pending.event.kind == .start
            queue.schedule(
                .retired(layer: l, serial: pending.serial, isStart: isStart), at: pending.event.time)
            // An animation added and removed within this change still owes its stop.
            if !isStart, pending.serial >= serialsFrom, let token = pending.transaction {
                outstandingStops[token, default: 0] += 1
            }
        }
        var first = layer.entries.count
        while first > 0, layer.entries[first - 1].serial >= serialsFrom { first -= 1 }
        for e in first..<layer.entries.count {
            let entry = layer.entries[e]
            if !clock.isIdentity {
                layers[l].entries[e].scheduledStart = dueTime(ofLocalTime: entry.startTime, clock: clock)
                layers[l].entries[e].scheduledStop = entry.stopTime.flatMap {
                    dueTime(ofLocalTime: $0, clock: clock)
                }
            }
            if let start = layers[l].entries[e].scheduledStart {
                queue.schedule(.start(layer: l, serial: entry.serial), at: start)
            }
            if let stop = layers[l].entries[e].scheduledStop {
                queue.schedule(.stop(layer: l, serial: entry.serial), at: stop)
            }
            if let token = entry.completionToken { outstandingStops[token, default: 0] += 1 }
        }
    }

    /// What bounds the natural end of a run: the largest stop time (scene time) of the animations
    /// currently attached (after its stop an animation either is removed or holds a fill
    /// value) or of a cue still to come (it may add more), and whether an animation never
    /// stops (infinite repeats, speed 0).
    public struct NaturalEnd: Hashable, Sendable {
        /// nil when no animation with an end is attached and no cue is pending.
        public var latestStop: Double?
        public var hasEndless: Bool
        /// The first such animation, in scene order (for the warning about the cap).
        public var endless: (layer: String, key: String)? {
            get { endlessLayer.map { ($0, endlessKey) } }
            set {
                endlessLayer = newValue?.layer
                endlessKey = newValue?.key ?? ""
            }
        }
        var endlessLayer: String?
        var endlessKey = ""
    }

    public var naturalEnd: NaturalEnd {
        var end = NaturalEnd(latestStop: nil, hasEndless: false, endlessLayer: nil)
        for cue in pendingCues { end.latestStop = max(end.latestStop ?? cue.time, cue.time) }
        for (l, layer) in layers.enumerated() {
            let bound = layer.endBound { replicatedDelay(ofLayer: l) }
            if let stop = bound.latestStop { end.latestStop = max(end.latestStop ?? stop, stop) }
            if let key = bound.endlessKey, !end.hasEndless {
                end.hasEndless = true
                end.endless = (layer.name, key)
            }
        }
        return end
    }

    /// How much later than layer `l` its last replicated copy runs: the sum, over the
    /// replicators above it, of (instanceCount − 1) × instanceDelay (model values, in their
    /// local time; a negative delay runs the copies earlier and adds nothing).
    func replicatedDelay(ofLayer l: Int) -> Double {
        var delay = 0.0
        var current = l
        while case .layer(let up) = layers[current].superlayer {
            current = up
            guard layers[up].kind == .replicator,
                case .scalar(let count)? = layers[up].modelValues["instanceCount"],
                case .scalar(let step)? = layers[up].modelValues["instanceDelay"],
                count > 1, step > 0, step.isFinite
            else { continue }
            delay += (min(count, Double(LayerGeometry.mostInstances)).rounded(.down) - 1) * step
        }
        return delay
    }

    /// The attached animation that stops last (the first in scene order among equals), for
    /// an error about an end too far away to sample; nil when a cue or nothing sets the end.
    public var latestStopping: (layer: String, key: String, stop: Double)? {
        var found: (layer: String, key: String, stop: Double)?
        for layer in layers {
            for entry in layer.entries {
                if let stop = entry.scheduledStop, stop > (found?.stop ?? -.infinity) {
                    found = (layer.name, entry.key, stop)
                }
            }
        }
        return found
    }

    /// Every (layer, key path) an attached animation drives, layers in scene order, key paths
    /// in the order their animations were added, each once.
    public var animatedTracks: [Track] {
        var tracks: [Track] = []
        var seen = Set<Track>()
        for layer in layers {
            for entry in layer.entries {
                for keyPath in entry.animation.keyPaths {
                    let track = Track(layer: layer.name, keyPath: keyPath)
                    if seen.insert(track).inserted { tracks.append(track) }
                }
            }
        }
        return tracks
    }
}

extension Layer {
    /// What one layer's attached animations give `Scene.naturalEnd`: the latest scheduled stop
    /// (scene time), and the key of the first animation that never stops.
    struct EndBound {
        var latestStop: Double?
        var endlessKey: String?
    }

    /// `replicatedDelay`: the layer's `Scene.replicatedDelay(ofLayer:)`, asked only when needed.
    func endBound(replicatedDelay: () -> Double) -> EndBound {
        var bound = EndBound()
        var delay: Double?
        for entry in entries {
            if var stop = entry.scheduledStop {
                // One kept after its end goes on moving in a replicator's later copies
                // (each reads it at its own, earlier, time); a removed one leaves every copy
                // at once (`Layer.presentationValues(at:listedAt:)`), so its stop is the end.
                if !entry.animation.removedOnCompletion {
                    if delay == nil { delay = replicatedDelay() }
                    stop += delay!
                }
                bound.latestStop = max(bound.latestStop ?? stop, stop)
            } else if entry.stopTime != nil {
                // Its layer's clock never reaches its end (paused): it holds still, and
                // sampling does not wait for it; a resume schedules its stop again.
                continue
            } else if bound.endlessKey == nil {
                bound.endlessKey = entry.key
            }
        }
        return bound
    }
}
