import InbetweenEngine

/// What a script builds up for the host to sample: the scene, the open transactions, and the
/// Lua callbacks waiting for their events.
final class SceneState {
    // Unchecked: read or written for every frame (its time) and every event, always on the
    // runtime's one thread, and no engine call on it runs Lua code that could reach it again
    // (`modifyLayer`'s closure touches only the layer). The run-time checks were about 6,000
    // instructions of a small batch job.
    @exclusivity(unchecked) var scene: Scene
    /// Innermost last; property sets use the innermost (CATransaction nesting).
    var transactions: [Transaction] = []
    var completions: [Int: LuaReference] = [:]
    var nextToken = 1
    var unnamedLayers = 0
    /// Whether a replicator was made: only then can the scene's copies outgrow the memory
    /// limit (`Runtime.checkSceneCopiesFit`).
    var hasReplicator = false
    /// The largest `instanceCount` an animation added to a replicator reaches, by layer name.
    var largestCount: [String: Double] = [:]
    /// Animations created and not (yet) added to a layer or a group: serial -> where the
    /// script created it (`x.lua:3:`).
    var animationsNotAdded: [Int: String] = [:]
    var animationSerial = 0
    /// Callbacks per (layer, key), oldest first. Core Animation delivers a replaced
    /// animation's stop before its replacement's start, so the oldest entry is always the
    /// one an event is about.
    var callbacks: [String: [Callbacks]] = [:]
    /// What `scene{...}` asked for.
    var settings = SceneSettings()
    /// What each scheduled cue does (a timeline's adds and calls), by cue id.
    var cues: [Int: TimelineCue] = [:]
    var nextCue = 1
    /// Registered easings already turned into timing functions this run, by spec, with the
    /// address of the Lua function each calls (`Runtime.registeredEasing`).
    var easings: [String: (function: UnsafeRawPointer?, timing: TimingFunction)] = [:]
    /// The last animations made, whose storage an identical new one shares.
    var animations = AnimationSharing()
    /// The layers made and moved, in order (see `TreeLog`).
    let tree = TreeLog()

    struct Callbacks {
        var onStart: LuaReference?
        var onStop: LuaReference?
        var started = false
    }

    init() {
        scene = try! Scene()
    }

    static func callbackKey(layer: String, key: String) -> String { layer + "\u{0}" + key }
}

/// Sampling settings a script may give with `scene{ fps = 60, from = 0, to = 5 }`; the CLI's
/// options override them.
package struct SceneSettings: Sendable {
    package var fps: Double?
    package var from: Double?
    package var to: Double?
    /// Bound on the natural end when animations repeat forever.
    package var cap: Double?
    /// The canvas an exporter draws on (`scene{ size = size(375, 667) }`): Lottie's `w`, `h`.
    package var size: Size?
    package init() {}
}
