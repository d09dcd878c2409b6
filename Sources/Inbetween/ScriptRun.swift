import InbetweenEngine
import InbetweenLua

/// One run of a script (`InbetweenHost.run`): the scene it built, to pull frame by frame with
/// `next()`, or to export in one of the output formats (to `Data`, a `String`, a
/// `FileHandle` or a file), as `inbetween run --format` writes it.
///
/// Nothing is computed ahead: a ten-minute run holds as much as a one-second one, and the
/// script's callbacks run as the frames they belong to are pulled. A run is either pulled or
/// exported, once: exporting a run whose frames were pulled is an error.
///
/// Threading: a run uses its host's Lua state: pull or export it on the host's thread (or in
/// the actor that owns the host). Starting another run on the same host ends this one (its
/// `next()` then returns nil). The frames it hands out are `Sendable` values.
public final class ScriptRun {
    /// The frame rate the run samples at.
    public let fps: Double
    /// How many frames the run has, when that is known before it starts (a fixed end); nil
    /// for a natural end, which callbacks may push further as the run goes.
    public let total: Int?
    /// The script's name in messages and export headers (its path, or the `name` of a script
    /// given as text).
    public let name: String

    let host: InbetweenHost
    let request: SamplingRequest
    let script: ScriptSource
    private var stream: InbetweenLua.FrameStream?
    private var lookup = TrackLookup()
    /// The tree the last frame had, and how many of the runtime's tree changes it holds (-1
    /// before the first frame).
    private var currentTree: LayerTree?
    private var treeChanges = -1
    /// Set by `next()`, an export and a `Renderer` made of the run: a run is pulled once.
    var started = false
    var ended = false
    /// The time of the frame `next()` returned last (see `world()`).
    var lastFrameTime: Double?

    init(host: InbetweenHost, script: ScriptSource, request: SamplingRequest) throws(LuaError) {
        self.host = host
        self.script = script
        self.request = request
        name = script.name
        let clock = try host.runtime.clock(for: request)
        fps = clock.fps
        total = clock.frameCount
    }

    deinit { end() }

    /// The next frame, or nil when the run is over.
    /// - Throws: `ScriptError` when a callback or an easing fails, a value is not finite, or
    ///   a limit is reached; the run is over after that.
    public func next() throws(ScriptError) -> Frame? {
        guard !ended else { return nil }
        do {
            if stream == nil {
                started = true
                stream = try host.runtime.frames(request)
            }
            // Read in place: no copy of the frame's arrays, and the track index is made again
            // only when tracks were added.
            guard let frame = try stream!.next() else {
                end()
                return nil
            }
            if frame.tracks.count != lookup.count { lookup = lookup.updated(frame.tracks) }
            lastFrameTime = frame.time
            return Frame(
                index: frame.index, time: frame.time, tracks: frame.tracks, values: frame.values,
                tree: tree, lookup: lookup)
        } catch {
            end()
            throw ScriptError(error)
        }
    }

    /// The layer tree as the run stands: as the script built it before the first frame, and
    /// then as callbacks changed it up to the last frame pulled (the tree of that frame).
    public var tree: LayerTree {
        let changes = host.runtime.treeLog.changes.count
        if changes != treeChanges || currentTree == nil {
            currentTree = LayerTree(host.runtime.scene)
            treeChanges = changes
        }
        return currentTree!
    }

    /// Every frame not pulled yet.
    public func collect() throws(ScriptError) -> [Frame] {
        var out: [Frame] = []
        while let frame = try next() { out.append(frame) }
        return out
    }

    /// Ends the run and its limits' budget (once).
    func end() {
        guard !ended else { return }
        ended = true
        stream = nil
        host.runEnded(self)
    }
}

@available(*, unavailable, message: "a run uses its host's Lua state: use it on the host's thread")
extension ScriptRun: Sendable {}
