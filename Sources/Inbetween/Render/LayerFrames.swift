import InbetweenEngine
import InbetweenLua

/// The layers of a run frame by frame, as the renderer draws them: pulled from a frame stream
/// sampling `LayerSnapshot.keyPaths` of every layer, or from frames kept by
/// `bufferAndMeasure()` when the picture's size has to wait for the run's end.
struct LayerFrames {
    struct Frame {
        var index: Int
        var time: Double
        /// In the order they are drawn, back to front.
        var layers: [DrawnLayer]
    }

    let fps: Double
    let total: Int?
    private let stream: InbetweenLua.FrameStream?
    /// The scene as the stream's host has it when a frame is handed out (its events up to
    /// that frame applied): a tree is drawn from it (`DrawnLayer.world`).
    private let scene: (() -> Scene)?
    private var kept: [Frame] = []
    private var nextKept = 0

    init(stream: InbetweenLua.FrameStream, scene: (() -> Scene)? = nil) {
        self.stream = stream
        self.scene = scene
        fps = stream.fps
        total = stream.total
    }

    /// Frames made in memory (tests, and scenes built in Swift).
    init(frames: [Frame], fps: Double) {
        stream = nil
        scene = nil
        kept = frames
        self.fps = fps
        total = frames.count
    }

    /// What the renderer does between frames, for a limit's message (FrameStream.setActivity).
    func setActivity(_ what: String?) { stream?.setActivity(what) }

    mutating func next() throws(ScriptError) -> Frame? {
        if nextKept < kept.count {
            nextKept += 1
            return kept[nextKept - 1]
        }
        guard let stream else { return nil }
        let sampled: SampledFrame?
        // A limit that fired while the last frame was drawn (no Lua ran to see it) stops here,
        // naming that work; sampling the next one (the script's events) is not the renderer's.
        do { try stream.throwIfStopped() } catch { throw ScriptError(error) }
        stream.setActivity(nil)
        do { sampled = try stream.next() } catch { throw ScriptError(error) }
        guard let sampled else { return nil }
        // A tree: what the stage shows, through every layer's superlayers. A flat scene: its
        // layers in their own space, from the frame's values.
        if let scene = scene?(), scene.hasTree {
            var layers: [DrawnLayer]
            do {
                layers = try DrawnLayer.world(of: scene, at: sampled.time)
                DrawnLayer.attachContents(&layers, scene: scene, at: sampled.time)
            } catch {
                // An engine error (a value the world cannot compose), worded as the stream's.
                throw ScriptError(kind: .runtime, message: String(describing: error))
            }
            return Frame(index: sampled.index, time: sampled.time, layers: layers)
        }
        var frame = LayerFrames.frame(sampled)
        if let scene = scene?() { DrawnLayer.attachContents(&frame.layers, scene: scene, at: sampled.time) }
        return frame
    }

    /// Pulls the whole run into memory and returns the size the Lottie export would give its
    /// canvas: from the origin to the far corner of every layer's bounds and path points over
    /// the run (at least 1 × 1).
    mutating func bufferAndMeasure() throws(ScriptError) -> Size {
        var far = Point(x: 1, y: 1)
        var frames: [Frame] = []
        while let frame = try next() {
            for layer in frame.layers {
                for p in layer.layer.drawnCorners(plane: layer.plane) where p.x.isFinite && p.y.isFinite {
                    far.x = max(far.x, p.x)
                    far.y = max(far.y, p.y)
                }
            }
            frames.append(frame)
        }
        kept = frames
        nextKept = 0
        return Size(width: far.x, height: far.y)
    }

    /// A sampled frame's tracks come layer by layer, `LayerSnapshot.keyPaths.count` a layer.
    static func frame(_ sampled: SampledFrame) -> Frame {
        let count = LayerSnapshot.keyPaths.count
        var layers: [LayerSnapshot] = []
        layers.reserveCapacity(sampled.tracks.count / count)
        var k = 0
        while k + count <= sampled.tracks.count {
            layers.append(
                LayerSnapshot(name: sampled.tracks[k].layer, values: sampled.values[k..<(k + count)]))
            k += count
        }
        return Frame(index: sampled.index, time: sampled.time, layers: flat(layers))
    }

    /// A flat scene's layers (made in scene order) in the order they are drawn: by
    /// zPosition, and among equal ones in the order they were made, as Core Animation sorts
    /// the sublayers of a layer (and the preview page stacks them).
    static func flat(_ layers: [LayerSnapshot]) -> [DrawnLayer] {
        let order = layers.indices.sorted {
            (layers[$0].zPosition, $0) < (layers[$1].zPosition, $1)
        }
        return order.map { DrawnLayer(layer: layers[$0]) }
    }
}

extension LayerSnapshot {
    /// The corners of the layer's bounds (when it has an area) and its path's points, in scene
    /// coordinates (`plane`: from the layer's to the stage's): what the Lottie export measures
    /// its canvas by.
    func drawnCorners(plane m: Projection) -> [Point] {
        var local: [Point] = []
        let w = bounds.size.width
        let h = bounds.size.height
        if w != 0 && h != 0 { local += [Point(0, 0), Point(w, 0), Point(0, h), Point(w, h)] }
        // Path points are in the bounds' coordinates: the bounds' origin is the layer's top left.
        var points: [Point] = []
        for e in path.elements {
            switch e {
            case .move(let p), .line(let p): points.append(p)
            case .quad(let c, let p): points += [c, p]
            case .curve(let c1, let c2, let p): points += [c1, c2, p]
            case .close: continue
            }
        }
        local += points.map { Point($0.x - bounds.origin.x, $0.y - bounds.origin.y) }
        return local.compactMap { m.apply($0) }
    }
}
