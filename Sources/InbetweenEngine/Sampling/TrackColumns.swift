/// The sampler's per-frame buffers: which tracks are sampled, which layer each reads, and the
/// reused storage for presentation values, so the frame loop allocates nothing of its own
/// once the track set is stable.
struct TrackColumns {
    private(set) var tracks: [Track] = []
    private(set) var values: [Value] = []
    /// Scene layer index of each track.
    private var layerOfTrack: [Int] = []
    /// The distinct layer indices that have tracks, and per track its slot among them.
    private var sampledLayers: [Int] = []
    private var slotOfTrack: [Int] = []
    private var presentations: [PropertyValues] = []
    private var known: Set<Track> = []
    private var seenAdditions = -1

    init(fixed: [Track]?, scene: Scene) throws {
        guard let fixed else { return }
        for track in fixed {
            guard let layer = scene[track.layer] else {
                throw EngineError(parameter: "track", value: track.description,
                                  rule: "names no layer of the scene")
            }
            _ = try layer.value(forKeyPath: track.keyPath)
            append(track, scene: scene)
        }
    }

    /// Appends tracks for animations added since the last call.
    mutating func discover(in scene: Scene) {
        let additions = scene.additionCount
        guard additions != seenAdditions else { return }
        seenAdditions = additions
        for track in scene.animatedTracks where !known.contains(track) {
            append(track, scene: scene)
        }
    }

    mutating func sample(_ scene: Scene, at time: Double) throws {
        for (slot, layerIndex) in sampledLayers.enumerated() {
            presentations[slot] = try scene.layers[layerIndex].presentationValues(at: time)
        }
        for i in tracks.indices {
            guard let value = presentations[slotOfTrack[i]][tracks[i].keyPath] else {
                throw EngineError(parameter: "keyPath", value: tracks[i].keyPath,
                                  rule: "has no value on layer '\(tracks[i].layer)'")
            }
            values[i] = value
        }
    }

    private mutating func append(_ track: Track, scene: Scene) {
        let layerIndex = scene.layers.firstIndex { $0.name == track.layer }!
        known.insert(track)
        tracks.append(track)
        values.append(.scalar(0))
        layerOfTrack.append(layerIndex)
        if let slot = sampledLayers.firstIndex(of: layerIndex) {
            slotOfTrack.append(slot)
        } else {
            slotOfTrack.append(sampledLayers.count)
            sampledLayers.append(layerIndex)
            presentations.append(PropertyValues())
        }
    }
}
