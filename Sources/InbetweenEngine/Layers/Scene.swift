/// The layers a script animates, by name and in creation order, and the scene clock's "now".
///
/// Host loop (see `SceneSampler`, which implements it): for each frame time t, pop and handle
/// every event with time <= t in time order (`popEvent(upTo:)`); handlers may add animations,
/// remove them or set values at the event's time, and whatever events that creates are found
/// by the next pop; then read presentation values at t.
public struct Scene: Sendable {
    public internal(set) var layers: [Layer] = []
    var indexByName: [String: Int] = [:]
    /// The scene time host-driven changes happen at: the sampler sets it to each event's time
    /// before running its handler and to each frame's time before sampling. Bindings pass it
    /// as the `at` of the changes a script makes.
    public var time: Double = 0
    /// Completions of transactions that added no animation, not yet delivered.
    var pendingCompletions: [AnimationEvent] = []
    /// Cues not yet delivered (see Scene+Cues).
    var pendingCues: [AnimationEvent] = []

    public init(layers: [Layer] = []) throws {
        for layer in layers { try addLayer(layer) }
    }

    /// Adds a layer; names are unique within a scene.
    public mutating func addLayer(_ layer: Layer) throws {
        guard indexByName[layer.name] == nil else {
            throw EngineError(parameter: "name", value: layer.name,
                              rule: "a layer with this name already exists in the scene")
        }
        indexByName[layer.name] = layers.count
        layers.append(layer)
    }

    public subscript(name: String) -> Layer? {
        indexByName[name].map { layers[$0] }
    }

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
        return try body(&layers[index])
    }

    /// The latest scene time at which an animation is still changing: the largest stop time
    /// of the animations currently attached (after its stop an animation either is removed
    /// or holds a fill value), or of a cue still to come (it may add more). One that never
    /// stops is bounded by `cap`, and so is the result. nil when no animation is attached
    /// and no cue is pending.
    public func naturalEnd(cap: Double) -> Double? {
        var end: Double?
        for cue in pendingCues { end = max(end ?? cue.time, min(cue.time, cap)) }
        for layer in layers {
            for entry in layer.entries {
                let stop = min(entry.stopTime ?? cap, cap)
                end = max(end ?? stop, stop)
            }
        }
        return end
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

    /// Increases whenever an animation is added to any layer (cheap change detection for
    /// samplers that discover tracks as they go).
    public var additionCount: Int { layers.reduce(0) { $0 + $1.nextSerial } }
}
