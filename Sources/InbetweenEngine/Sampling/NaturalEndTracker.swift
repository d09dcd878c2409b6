/// `Scene.naturalEnd` kept up to date as the scene changes, for a frame loop that asks after
/// every event: each layer's part (`Layer.endBound`) is read again only when the layer changed
/// (`Scene.layersChanged(since:)`), so the work is linear in the events. Reading every layer
/// after each event cost layers x events in a scene with an event per layer (a stagger).
struct NaturalEndTracker {
    /// Per layer, its part of the natural end.
    private var bounds: [Layer.EndBound] = []
    /// A layer with the latest stop, and the first with an endless animation in scene order;
    /// nil when none.
    private var latest: Int?
    private var firstEndless: Int?
    private var mark = 0
    /// How many times a layer's part was read, for tests that must know the work stays linear.
    private(set) var layersRead = 0

    /// The scene's natural end: the same value as `scene.naturalEnd`.
    mutating func naturalEnd(of scene: Scene) -> Scene.NaturalEnd {
        // A replicator's copies delay a kept animation's end by its instanceDelay, which a
        // change to the replicator moves without a change to the layer: read whole.
        if scene.hasNonPlainLayer { return scene.naturalEnd }
        let (changed, next) = scene.layersChanged(since: mark)
        mark = next
        if let changed {
            for l in changed { update(l, scene) }
        } else {
            for l in scene.layers.indices { update(l, scene) }
        }
        var end = Scene.NaturalEnd(latestStop: nil, hasEndless: false, endlessLayer: nil)
        for cue in scene.pendingCues { end.latestStop = max(end.latestStop ?? cue.time, cue.time) }
        if let l = latest, let stop = bounds[l].latestStop {
            end.latestStop = max(end.latestStop ?? stop, stop)
        }
        if let l = firstEndless, let key = bounds[l].endlessKey {
            end.hasEndless = true
            end.endless = (scene.layers[l].name, key)
        }
        return end
    }

    /// Reads layer `l`'s part again (and those of layers new since the last read).
    private mutating func update(_ l: Int, _ scene: Scene) {
        while bounds.count <= l { bounds.append(Layer.EndBound()) }
        layersRead += 1
        let old = bounds[l].latestStop
        let new = scene.layers[l].endBound { 0 }
        bounds[l] = new
        if let stop = new.latestStop, stop > latest.flatMap({ bounds[$0].latestStop }) ?? -.infinity {
            latest = l
        } else if latest == l, (new.latestStop ?? -.infinity) < (old ?? -.infinity) {
            // The layer with the latest stop lost it: found again among all (rare: an animation
            // goes at its stop, when the time has reached it).
            latest = nil
            for i in bounds.indices {
                if let stop = bounds[i].latestStop,
                    stop > latest.flatMap({ bounds[$0].latestStop }) ?? -.infinity
                {
                    latest = i
                }
            }
        }
        if new.endlessKey != nil, firstEndless.map({ l < $0 }) ?? true {
            firstEndless = l
        } else if firstEndless == l, new.endlessKey == nil {
            firstEndless = bounds.indices.first { bounds[$0].endlessKey != nil }
        }
    }
}
