/// "Sample these tracks of this scene at time t": which tracks a run samples, which layer
/// each reads, and the reused storage for their values, so sampling allocates nothing of its
/// own once the track set is stable. Pure; the host's frame loop calls it once per run
/// of frames between events (`sample(_:at:failed:)`).
package struct TrackColumns: Sendable {
    public private(set) var tracks: [Track] = []
    /// `values[i]` is the value of `tracks[i]` at the first time of the last `sample`.
    public var values: [Value] { frames.first ?? [] }
    /// `frames[k][i]` is the value of `tracks[i]` at the `k`th time of the last
    /// `sample(_:at:failed:)`. Rows from `k = times.count` on are left from a longer run of
    /// frames before, kept for the next (runs differ in length: a small batch job's are one
    /// frame, then up to 63): a row made anew costs about 2K instructions with its first
    /// copy and its end, and moving rows aside and back cost more than that.
    public private(set) var frames: [[Value]] = []
    /// Rows another `TrackColumns` left (`adoptRows`), not yet in `frames`.
    private var spareRows: [[Value]] = []
    /// `TrackPlan.values(at:count:into:track:scratch:)`'s working arrays.
    private var manyScratch = TrackPlan.ManyScratch()
    /// The distinct layer indices that have tracks, and per track its slot among them.
    private var sampledLayers: [Int] = []
    private var slotOfLayer: [Int: Int] = [:]
    private var slotOfTrack: [Int] = []
    /// Each track's key path, parsed when the track appears.
    private var accessors: [KeyPathAccessor] = []
    private var accessorByKeyPath: [String: KeyPathAccessor] = [:]
    private var presentations: [PropertyValues] = []
    /// Per layer slot, its local times at the last `sample`'s times; empty on scene time.
    private var localTimes: [[Double]] = []
    /// Per track, how its value is computed for its layer's current revision (see `TrackPlan`).
    private var plans: [TrackPlan?] = []
    /// The layer revision each plan was made for.
    private var revisions: [Int] = []
    /// Tracks appended since the last `updatePlans`, which have no plan yet.
    private var unplanned: [Int] = []
    /// Per layer slot, its tracks.
    private var tracksOfSlot: [[Int]] = []
    /// How far `updatePlans` has read `Scene.layersChanged(since:)`.
    private var changeMark = 0
    /// What the next plan may share with the last ones made.
    private var sharing = TrackPlanSharing()
    /// Set during one `sample` for a track read from its layer's whole presentation.
    private var wholePresentation: [Bool] = []
    /// Per layer slot: whether some track of that layer needs the whole presentation this frame.
    private var needsPresentation: [Bool] = []
    /// The order `sample` evaluates tracks in: by `TrackPlan.kind` (tracks with no plan last),
    /// each kind in track order. Group g (a kind's raw value, `TrackPlan.Kind.count` for no
    /// plan) is `order[groupEnds[g - 1]..<groupEnds[g]]`; a track whose plan changes kind moves
    /// from one group to the other (`regroup`), where sorting every track again after each
    /// event cost tracks x events.
    private var order: [Int] = []
    private var groupEnds = [Int](repeating: 0, count: TrackPlan.Kind.count + 1)
    /// Per track, its group (-1 before it has one).
    private var groupOfTrack: [Int] = []
    private var known: Set<Track> = []
    private var seenAdditions = -1
    /// `init(keyPathsOfEveryLayer:scene:)`: the key paths, and how many layers have them.
    private var everyLayer: (keyPaths: [String], layers: Int)?

    /// Tracks to discover as they appear (`fixed == nil`), or exactly `fixed`.
    public init(fixed: [Track]? = nil, scene: Scene) throws {
        guard let fixed else { return }
        for track in fixed {
            guard let layer = scene[track.layer] else {
                throw EngineError(
                    parameter: "track", value: track.description,
                    rule: "names no layer of the scene")
            }
            _ = try layer.value(forKeyPath: track.keyPath)
            append(track, scene: scene)
        }
        seenAdditions = Int.max
    }

    /// These key paths of every layer, layer by layer in scene order (`keyPaths.count` tracks a
    /// layer), including layers a callback adds once sampling has started: `discover` appends
    /// theirs when they appear. What the preview draws.
    public init(keyPathsOfEveryLayer keyPaths: [String], scene: Scene) throws {
        for keyPath in keyPaths { try LayerProperties.validate(keyPath: keyPath, in: PropertyValues()) }
        everyLayer = (keyPaths, 0)
        seenAdditions = Int.max
        discover(in: scene)
    }

    /// Appends tracks for animations added since the last call (none for fixed tracks), or
    /// for layers added since (`init(keyPathsOfEveryLayer:scene:)`).
    public mutating func discover(in scene: Scene) {
        if let every = everyLayer, every.layers < scene.layers.count {
            for layer in scene.layers[every.layers...] {
                for keyPath in every.keyPaths {
                    append(Track(layer: layer.name, keyPath: keyPath), scene: scene)
                }
            }
            everyLayer = (every.keyPaths, scene.layers.count)
        }
        let additions = scene.additionCount
        guard seenAdditions != Int.max, additions != seenAdditions else { return }
        seenAdditions = additions
        // `Scene.animatedTracks`' order, read straight from the layers: that property built an
        // array and a set of every track of the scene on each call (3 MB at 10,000 layers, all
        // of it garbage at once).
        for layer in scene.layers {
            for entry in layer.entries {
                for keyPath in entry.animation.keyPaths {
                    let track = Track(layer: layer.name, keyPath: keyPath)
                    if !known.contains(track) { append(track, scene: scene) }
                }
            }
        }
    }

    /// Reads every track's presentation value at `time` into `values`: one time of
    /// `sample(_:at:failed:)`.
    public mutating func sample(_ scene: Scene, at time: Double) throws {
        _ = try sample(scene, at: [time]) { false }
    }

    /// Reads every track's presentation value at each of `times` into `frames[k]` (one array
    /// per time), track by track: each track's plan, closures and animation are fetched once for
    /// all the times instead of once per frame. A frame read a scene's state for all its tracks
    /// (about 1.3 KB a track): 40 MB a frame for 10,000 layers, far past the caches, and the
    /// scene waited on memory (issue 10, goal 9).
    ///
    /// A track whose root property only its own key path's animations touch is computed alone,
    /// from that root's model value (`TrackPlan`): the same accessor reads and writes as the
    /// layer's whole presentation, so the same values, without the property dictionary. Any
    /// other track reads its layer's whole presentation, built once per layer per time. Tracks
    /// computed alone are evaluated grouped by `TrackPlan.kind`, in track order within a kind
    /// (a Lua easing of one track may so run before one of an earlier track's).
    ///
    /// The scene must be the same at every time of `times` (no event between them: only events
    /// run Lua code that changes it). The values are those each time would get sampled alone.
    ///
    /// `failed` is asked after every value computed one at a time; true (a Lua easing failed, a
    /// limit fired) means the value just computed, at `times[k]`, is not to be used: later
    /// tracks are then computed only before `times[k]`. A track whose timing function computes
    /// a run at once (`TrackPlan.values`) stops at the first failure itself, checking the
    /// limits after each call, and `failed` is asked once, then, for its error. Returns how many leading times have every value
    /// (`times.count` when nothing failed): the frame where the first failure happened is the
    /// first one left out, as when frames are sampled one at a time.
    public mutating func sample(_ scene: Scene, at times: [Double], failed: () -> Bool) throws -> Int {
        updatePlans(for: scene)
        // Rows added when `times` needs more, never dropped or made again (see `frames`);
        // every row is written before it is read.
        if let row = frames.first, row.count != tracks.count { frames.removeAll() }
        while frames.count < times.count {
            if let row = spareRows.popLast(), row.count == tracks.count {
                frames.append(row)
            } else {
                // A row of its own each (`repeatElement` shared one buffer, copied at each first write).
                frames.append(Array(repeating: .scalar(0), count: tracks.count))
            }
        }
        var good = times.count
        var alone = 0
        // Layers with a clock of their own (`Scene.usesLayerTiming`) read their plans and
        // presentations at their local times; the others (all of them until a script sets a
        // layer's timing) at `times` as they are.
        let timed = scene.usesLayerTiming
        if timed { updateLocalTimes(scene, times) }
        for i in order {
            wholePresentation[i] = true
            guard let plan = plans[i] else { continue }
            let times = timed ? localTimes(ofSlot: slotOfTrack[i], times) : times
            if let computed = try plan.values(
                at: times, count: good, into: &frames, track: i, scratch: &manyScratch)
            {
                // The timing function failed, or a limit fired, at frame `computed`: the check
                // below after each value would have found it there.
                if computed < good {
                    _ = failed()
                    good = computed
                }
                wholePresentation[i] = false
                alone += 1
                continue
            }
            var k = 0
            while k < good {
                guard let value = try plan.value(at: times[k]) else { break }
                frames[k][i] = value
                if failed() {
                    good = k
                    break
                }
                k += 1
            }
            // Else the plan could not read its key path: the whole presentation, below.
            if k == good {
                wholePresentation[i] = false
                alone += 1
            }
        }
        guard alone < tracks.count else { return good }
        for slot in needsPresentation.indices { needsPresentation[slot] = false }
        for i in tracks.indices where wholePresentation[i] { needsPresentation[slotOfTrack[i]] = true }
        var k = 0
        frameLoop: while k < good {
            for slot in sampledLayers.indices where needsPresentation[slot] {
                let time = timed ? localTimes(ofSlot: slot, times)[k] : times[k]
                presentations[slot] = try scene.layers[sampledLayers[slot]].presentationValues(at: time)
                if failed() {
                    good = k
                    break frameLoop
                }
            }
            for i in tracks.indices where wholePresentation[i] {
                frames[k][i] = try presentationValue(of: i)
            }
            k += 1
        }
        return good
    }

    /// The rows, for the next `TrackColumns` of the same caller (`adoptRows`), leaving none: a
    /// batch worker's jobs sample the same few tracks, one stream each, and made anew, the rows
    /// of one tiny job (up to 63, see `frames`) cost about 70K instructions of its 420K
    /// (callgrind), with their ends. Only the rows go on, and they hold nothing a run reads:
    /// `sample` writes every row before it is read. None when they hold more than `keptValues`
    /// values: a large scene's rows are not worth holding on to.
    public mutating func takeRows() -> [[Value]] {
        let rows = frames.isEmpty ? spareRows : frames
        frames = []
        spareRows = []
        return rows.count * (rows.first?.count ?? 0) <= TrackColumns.keptValues ? rows : []
    }

    /// Rows an earlier `TrackColumns` left (`takeRows`), taken up by `sample` as it needs rows
    /// (one of another width is dropped). Until then `frames` holds none of them.
    public mutating func adoptRows(_ rows: [[Value]]) {
        spareRows = rows
    }

    static let keptValues = 4096

    /// Each sampled layer's local times at `times` (`Scene.clock(ofLayer:)`), −infinity where
    /// it has none (no animation applies then); none kept for a layer on scene time.
    private mutating func updateLocalTimes(_ scene: Scene, _ times: [Double]) {
        if localTimes.count != sampledLayers.count {
            localTimes = Array(repeating: [], count: sampledLayers.count)
        }
        for slot in sampledLayers.indices {
            let clock = scene.clock(ofLayer: sampledLayers[slot])
            localTimes[slot].removeAll(keepingCapacity: true)
            guard !clock.isIdentity else { continue }
            for t in times { localTimes[slot].append(clock.localTime(atSceneTime: t) ?? -.infinity) }
        }
    }

    private func localTimes(ofSlot slot: Int, _ times: [Double]) -> [Double] {
        localTimes[slot].isEmpty ? times : localTimes[slot]
    }

    /// Track `i`'s value read from its layer's whole presentation.
    private func presentationValue(of i: Int) throws -> Value {
        guard let value = (try? presentations[slotOfTrack[i]].value(at: accessors[i])) ?? nil else {
            throw EngineError(
                parameter: "keyPath", value: tracks[i].keyPath,
                rule: "has no value on layer '\(tracks[i].layer)'")
        }
        return value
    }

    /// Remakes the plans of tracks whose layer changed since they were made, and makes those
    /// of new tracks: the layers the scene's change log names (`Scene.layersChanged(since:)`),
    /// or every layer when the log no longer reaches back. Reading every track at every run of
    /// frames cost layers x events in a scene with an event per layer.
    private mutating func updatePlans(for scene: Scene) {
        for i in unplanned { updatePlan(i, scene) }
        unplanned.removeAll(keepingCapacity: true)
        let (changed, mark) = scene.layersChanged(since: changeMark)
        changeMark = mark
        if let changed {
            for l in changed {
                guard let slot = slotOfLayer[l] else { continue }
                for i in tracksOfSlot[slot] { updatePlan(i, scene) }
            }
        } else {
            for i in tracks.indices { updatePlan(i, scene) }
        }
    }

    private mutating func updatePlan(_ i: Int, _ scene: Scene) {
        plansChecked += 1
        let layerIndex = sampledLayers[slotOfTrack[i]]
        let revision = scene.layers[layerIndex].revision
        if revisions[i] != revision {
            revisions[i] = revision
            plans[i] = scene.layers[layerIndex].soleTrackPlan(for: accessors[i], sharing: &sharing)
            regroup(i)
        }
    }

    /// Moves track `i` into the group of its plan's kind (see `order`).
    private mutating func regroup(_ i: Int) {
        let new = plans[i]?.kind.rawValue ?? TrackPlan.Kind.count
        let old = groupOfTrack[i]
        guard new != old else { return }
        if old >= 0 {
            order.remove(at: position(of: i, inGroup: old))
            for g in old..<groupEnds.count { groupEnds[g] -= 1 }
        }
        order.insert(i, at: position(of: i, inGroup: new))
        for g in new..<groupEnds.count { groupEnds[g] += 1 }
        groupOfTrack[i] = new
    }

    /// Where track `i` is, or goes, in group `g` (kept in track order).
    private func position(of i: Int, inGroup g: Int) -> Int {
        var low = g == 0 ? 0 : groupEnds[g - 1]
        var high = groupEnds[g]
        while low < high {
            let mid = (low + high) / 2
            if order[mid] < i { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// How many tracks the last `sample` computed alone (`TrackPlan`), for tests that must know
    /// the shortcut was taken.
    var tracksComputedAlone: Int { plans.indices.count { plans[$0] != nil && !wholePresentation[$0] } }

    /// How many plan steps so far shared an earlier identical animation's evaluation, for
    /// tests that must know the sharing happened (`TrackPlanSharing`).
    var stepsSharingAnEvaluation: Int { sharing.shared }
    /// How many times a track's plan was checked against its layer, for tests that must know
    /// the work stays linear in the events.
    private(set) var plansChecked = 0
    /// How many plans so far were an earlier identical plan.
    var plansShared: Int { sharing.sharedPlans }

    private mutating func append(_ track: Track, scene: Scene) {
        let layerIndex = scene.index(ofLayer: track.layer)!
        known.insert(track)
        tracks.append(track)
        // One accessor per distinct key path: a scene's thousands of tracks share a few, parsed
        // once and kept in cache (each read on every frame).
        if let shared = accessorByKeyPath[track.keyPath] {
            accessors.append(shared)
        } else {
            let accessor = KeyPathAccessor(track.keyPath)
            accessorByKeyPath[track.keyPath] = accessor
            accessors.append(accessor)
        }
        unplanned.append(tracks.count - 1)
        groupOfTrack.append(-1)
        plans.append(nil)
        revisions.append(-1)
        wholePresentation.append(false)
        if let slot = slotOfLayer[layerIndex] {
            slotOfTrack.append(slot)
            tracksOfSlot[slot].append(tracks.count - 1)
        } else {
            slotOfLayer[layerIndex] = sampledLayers.count
            slotOfTrack.append(sampledLayers.count)
            tracksOfSlot.append([tracks.count - 1])
            sampledLayers.append(layerIndex)
            presentations.append(PropertyValues())
            needsPresentation.append(false)
        }
    }
}
