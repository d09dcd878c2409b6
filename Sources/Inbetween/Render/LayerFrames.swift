import InbetweenEngine
import InbetweenLua

/// The layers of a run frame by frame, as the renderer draws them: pulled from a frame stream
/// sampling `LayerSnapshot.keyPaths` of every layer, or from frames kept by
/// `bufferAndMeasure()` when the picture's size has to wait for the run's end.
struct LayerFrames {
    struct Frame {
        var index: Int
        var time: Double
        /// In scene order (the order the layers were made).
        var layers: [LayerSnapshot]
    }

    let fps: Double
    let total: Int?
    private let stream: InbetweenLua.FrameStream?
    private var kept: [Frame] = []
    private var nextKept = 0

    init(stream: InbetweenLua.FrameStream) {
        self.stream = stream
        fps = stream.fps
        total = stream.total
    }

    /// Frames made in memory (tests, and scenes built in Swift).
    init(frames: [Frame], fps: Double) {
        stream = nil
        kept = frames
        self.fps = fps
        total = frames.count
    }

    mutating func next() throws(ScriptError) -> Frame? {
        if nextKept < kept.count {
            nextKept += 1
            return kept[nextKept - 1]
        }
        guard let stream else { return nil }
        let sampled: SampledFrame?
        do { sampled = try stream.next() } catch { throw ScriptError(error) }
        return sampled.map(LayerFrames.frame)
    }

    /// Pulls the whole run into memory and returns the size the Lottie export would give its
    /// canvas: from the origin to the far corner of every layer's bounds and path points over
    /// the run (at least 1 × 1).
    mutating func bufferAndMeasure() throws(ScriptError) -> Size {
        var far = Point(x: 1, y: 1)
        var frames: [Frame] = []
        while let frame = try next() {
            for layer in frame.layers {
                for p in layer.drawnCorners() where p.x.isFinite && p.y.isFinite {
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
        return Frame(index: sampled.index, time: sampled.time, layers: layers)
    }
}

extension LayerSnapshot {
    /// The corners of the layer's bounds (when it has an area) and its path's points, in scene
    /// coordinates: what the Lottie export measures its canvas by.
    func drawnCorners() -> [Point] {
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
        let m = plane
        return local.compactMap { m.apply($0) }
    }
}
