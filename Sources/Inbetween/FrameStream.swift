import InbetweenEngine
import InbetweenLua

/// The frames of one script run, pulled one at a time: `next()` returns the next frame, or
/// nil after the last. A stream holds its host's Lua state: use it on the host's thread, one
/// stream per host at a time.
public final class FrameStream {
    /// The frame rate the run samples at.
    public let fps: Double
    private var frames: [Frame]
    private var position = 0

    init(fps: Double, frames: [Frame]) {
        self.fps = fps
        self.frames = frames
    }

    /// How many frames the run has.
    public var total: Int? { frames.count }

    /// The next frame, or nil when the run is over.
    public func next() throws(ScriptError) -> Frame? {
        guard position < frames.count else { return nil }
        defer { position += 1 }
        return frames[position]
    }

    /// Every frame not pulled yet.
    public func collect() throws(ScriptError) -> [Frame] {
        var out: [Frame] = []
        while let frame = try next() { out.append(frame) }
        return out
    }
}

extension Frame {
    init(_ frame: SampledFrame) {
        index = frame.index
        time = frame.time
        values = zip(frame.tracks, frame.values).map {
            TrackValue(layer: $0.layer, keyPath: $0.keyPath, value: $1)
        }
    }
}
