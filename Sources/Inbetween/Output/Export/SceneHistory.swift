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

    /// Sorted by time; the first is the scene before any event (time -infinity).
    private(set) var snapshots: [(time: Double, scene: Scene)]
    private(set) var overflowed = false

    /// The scene after the last event recorded (the initial one before any).
    package private(set) var latest: Scene
    /// False: only `latest` is kept (a writer that reads the scene as the run goes, not its past).
    private let keepsSnapshots: Bool

    package init(initial: Scene, keepsSnapshots: Bool = true) {
        snapshots = [(-.infinity, initial)]
        latest = initial
        self.keepsSnapshots = keepsSnapshots
    }

    /// Records the scene after an event at `time`.
    package func record(time: Double, scene: Scene) {
        latest = scene
        guard keepsSnapshots, !overflowed else { return }
        if snapshots.count >= SceneHistory.maximumSnapshots {
            overflowed = true
            return
        }
        snapshots.append((time, scene))
    }

    /// Event times, each once, in order.
    package var eventTimes: [Double] {
        var out: [Double] = []
        for s in snapshots.dropFirst() where out.last != s.time { out.append(s.time) }
        return out
    }

    /// The scene the sampler reads at time t: the last snapshot at or before t.
    package func scene(at t: Double) -> Scene {
        var low = 0
        var high = snapshots.count
        while low < high {
            let mid = (low + high) / 2
            if snapshots[mid].time <= t { low = mid + 1 } else { high = mid }
        }
        return snapshots[max(low - 1, 0)].scene
    }

    /// A presentation value of one layer at time t, as the sampler would write it.
    package func value(layer: String, keyPath: String, at t: Double) throws -> Value? {
        guard let found = scene(at: t)[layer] else { return nil }
        return try found.presentationValues(at: t)[keyPath]
    }

    /// The model value of one layer at time t.
    package func modelValue(layer: String, keyPath: String, at t: Double) -> Value? {
        scene(at: t)[layer]?.modelValues[keyPath]
    }
}
