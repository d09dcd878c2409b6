import InbetweenEngine

/// The scene as it was at every moment of a run: the scene the script built before sampling,
/// then the scene after each event's handlers. Any time can then be evaluated exactly as the
/// sampler evaluates it (events at or before t applied, presentation read at t), which is what
/// exporters need to see what each animation is, when it was added and removed, which model
/// values callbacks changed, and to bake what a target cannot say.
///
/// Filled through `Runtime.sceneObserver` while the frames are pulled (`OutputPipeline`).
package final class SceneHistory {
    /// A script whose handlers keep adding animations would otherwise keep a scene per event
    /// for the whole run; past this many snapshots the structural exports fall back to frames.
    package static let maximumSnapshots = 100_000

    /// The time of each snapshot, sorted; the first is the scene before any event (-infinity).
    private var times: [Double]
    /// Per layer (in scene order), the snapshots where it changed and how it was then: only
    /// a changed layer is kept (`Layer.revision`). A whole scene per event kept every layer
    /// at every event, and 1,000 staggered layers (1,000 events) took 310 MB to export as CSS
    /// against 35 MB as JSON, growing with the square of the layers (issue 31).
    private var versions: [[(snapshot: Int, layer: Layer)]] = []
    private var revisions: [Int] = []
    private var indexByName: [String: Int] = [:]
    /// The stage's sublayers at each snapshot where the tree changed (`Scene.treeRevision`).
    private var stageVersions: [(snapshot: Int, sublayers: [Int])] = []
    private var treeRevision = -1
    private(set) var overflowed = false

    /// What one kept version of a layer costs, and each animation it holds: measured on CSS
    /// exports of one layer taking a new animation every 0.5 ms, 1,000 running at once (peak
    /// RSS of the release build less the process's 30 MB over the animations the kept
    /// versions hold: 2,000 adds 166 bytes an animation, 4,000 adds 165), rounded up so that
    /// an export stopped by the limit stays within it beside Lua's heap and the writer's own.
    static let versionBytes = 1024
    static let animationBytes = 256
    /// Bytes the kept versions hold, by `versionBytes` and `animationBytes`.
    package private(set) var heldBytes = 0
    /// The most `heldBytes` may reach (0: no limit): the memory limit the run was given.
    package var budget = 0
    /// Whether the kept versions hold more than `budget`.
    package var exceedsBudget: Bool { budget > 0 && heldBytes > budget }

    /// The scene after the last event recorded (the initial one before any): the scene
    /// followed (`follow`) while there is one. Held here between events, a copy of the
    /// runtime's scene made the next change to any layer copy the whole list of layers, at
    /// every event.
    package var latest: Scene { live?() ?? recorded }
    private var recorded: Scene
    private var live: (() -> Scene)?
    /// How far `Scene.layersChanged(since:)` has been read.
    private var changeMark = 0
    /// False: only `latest` is kept (a writer that reads the scene as the run goes, not its past).
    private let keepsSnapshots: Bool

    package init(initial: Scene, keepsSnapshots: Bool = true) {
        times = [-.infinity]
        recorded = initial
        self.keepsSnapshots = keepsSnapshots
        keep(initial, snapshot: 0)
    }

    /// Records the scene after an event at `time`.
    package func record(time: Double, scene: Scene) {
        if live == nil { recorded = scene }
        guard keepsSnapshots, !overflowed else { return }
        if times.count >= SceneHistory.maximumSnapshots {
            overflowed = true
            return
        }
        times.append(time)
        keep(scene, snapshot: times.count - 1)
    }

    /// Reads `latest` from `scene` (the runtime's scene, whose events `record` is given)
    /// until `stopFollowing`.
    package func follow(_ scene: @escaping () -> Scene) {
        live = scene
    }

    /// Keeps the scene followed as it is now, and lets it go.
    package func stopFollowing() {
        if let live { recorded = live() }
        live = nil
    }

    /// The layers of `scene` that are new or changed since they were last kept: those the
    /// scene's change log names (every layer when the log no longer reaches back).
    private func keep(_ scene: Scene, snapshot: Int) {
        if scene.treeRevision != treeRevision {
            stageVersions.append((snapshot, scene.stageSublayers))
            treeRevision = scene.treeRevision
        }
        let (changed, mark) = scene.layersChanged(since: changeMark)
        changeMark = mark
        if let changed {
            for i in changed { keep(layer: i, of: scene, snapshot: snapshot) }
        } else {
            for i in scene.layers.indices { keep(layer: i, of: scene, snapshot: snapshot) }
        }
        #if DEBUG
            for i in versions.indices where revisions[i] != scene.layers[i].revision {
                assertionFailure(
                    "layer '\(scene.layers[i].name)' changed without an entry in the scene's change log")
            }
        #endif
    }

    /// How many times `keep` looked at a layer, for tests that must know the work stays linear.
    package private(set) var layersRead = 0

    /// Layer `i` when it changed since it was last kept; layers new since, up to `i`, in order.
    private func keep(layer i: Int, of scene: Scene, snapshot: Int) {
        layersRead += 1
        if i >= versions.count {
            for n in versions.count...i {
                let layer = scene.layers[n]
                indexByName[layer.name] = n
                versions.append([(snapshot, layer)])
                revisions.append(layer.revision)
                hold(layer)
            }
        } else if revisions[i] != scene.layers[i].revision {
            versions[i].append((snapshot, scene.layers[i]))
            revisions[i] = scene.layers[i].revision
            hold(scene.layers[i])
        }
    }

    private func hold(_ layer: Layer) {
        heldBytes &+= SceneHistory.versionBytes &+ layer.animationCount &* SceneHistory.animationBytes
    }

    /// Event times, each once, in order.
    package var eventTimes: [Double] {
        var out: [Double] = []
        for t in times.dropFirst() where out.last != t { out.append(t) }
        return out
    }

    /// The layer called `name` at each snapshot where it was new or changed, with that
    /// snapshot's time, in order (between two of them it stayed as the first was).
    package func versions(of name: String) -> [(time: Double, layer: Layer)] {
        guard let i = indexByName[name] else { return [] }
        return versions[i].map { (times[$0.snapshot], $0.layer) }
    }

    /// The stage's sublayers (indices into the scene's layers, back to front) as the sampler
    /// reads them at time t.
    package func stageSublayers(at t: Double) -> [Int] {
        let snapshot = self.snapshot(at: t)
        var low = 0
        var high = stageVersions.count
        while low < high {
            let mid = (low + high) / 2
            if stageVersions[mid].snapshot <= snapshot { low = mid + 1 } else { high = mid }
        }
        return low > 0 ? stageVersions[low - 1].sublayers : []
    }

    /// The last snapshot at or before t.
    private func snapshot(at t: Double) -> Int {
        var low = 0
        var high = times.count
        while low < high {
            let mid = (low + high) / 2
            if times[mid] <= t { low = mid + 1 } else { high = mid }
        }
        return max(low - 1, 0)
    }

    /// The layer called `name` as the sampler reads it at time t: its version in the last
    /// snapshot at or before t (nil when it did not exist yet).
    package func layer(_ name: String, at t: Double) -> Layer? {
        guard let i = indexByName[name] else { return nil }
        return layer(index: i, at: t)
    }

    /// `layer(_:at:)` by the layer's index in the scene's list.
    private func layer(index i: Int, at t: Double) -> Layer? {
        guard versions.indices.contains(i) else { return nil }
        let snapshot = self.snapshot(at: t)
        let kept = versions[i]
        var low = 0
        var high = kept.count
        while low < high {
            let mid = (low + high) / 2
            if kept[mid].snapshot <= snapshot { low = mid + 1 } else { high = mid }
        }
        return low > 0 ? kept[low - 1].layer : nil
    }

    /// A presentation value of one layer at time t, as the sampler would write it.
    package func value(layer: String, keyPath: String, at t: Double) throws -> Value? {
        guard let i = indexByName[layer], let found = self.layer(index: i, at: t) else { return nil }
        guard latest.usesLayerTiming else { return try found.presentationValues(at: t)[keyPath] }
        // Read at its local time then, with the tree and timings of that moment.
        let clock = LayerClock(ofLayer: i) { self.layer(index: $0, at: t) }
        return try found.presentationValues(at: clock.localTime(atSceneTime: t) ?? -.infinity)[keyPath]
    }

    /// Whether every layer kept one timing and one superlayer for the whole run (none changed
    /// by a callback): each layer's clock is then the same function of scene time throughout,
    /// which a target that has layer timing itself (Core Animation) can set once.
    package var clocksAreStatic: Bool {
        for name in indexByName.keys {
            let kept = versions(of: name)
            guard let first = kept.first?.layer else { continue }
            if kept.contains(where: {
                $0.layer.timing != first.timing || $0.layer.superlayer != first.superlayer
            }) {
                return false
            }
        }
        return true
    }

    /// The active local time of the layer called `name` at scene time t, with the tree and
    /// timings of that moment, unclamped (`LayerClock.activeTime(atSceneTime:)`): what CALayer's
    /// `convertTime(_:from: nil)` gives and what an animation's add time is stamped with.
    package func activeTime(of name: String, atSceneTime t: Double) -> Double? {
        guard let i = indexByName[name] else { return nil }
        return LayerClock(ofLayer: i) { self.layer(index: $0, at: t) }.activeTime(atSceneTime: t)
    }

    /// Whether the layer called `name` ran on scene time for the whole run: neither it nor a
    /// layer above it had a timing of its own at any moment (`Scene.runsOnSceneTime(_:)`). Its
    /// animations' add times are then scene times a writer can place them at; otherwise their
    /// properties are baked.
    package func runsOnSceneTime(_ name: String) -> Bool {
        guard latest.usesLayerTiming, let i = indexByName[name] else { return true }
        var seen = Set<Int>()
        for t in times where seen.insert(snapshot(at: t)).inserted {
            guard LayerClock(ofLayer: i, layer: { self.layer(index: $0, at: t) }).isIdentity else {
                return false
            }
        }
        return true
    }

    /// The model value of one layer at time t.
    package func modelValue(layer: String, keyPath: String, at t: Double) -> Value? {
        self.layer(layer, at: t)?.modelValues[keyPath]
    }
}
