import InbetweenEngine
import InbetweenLua

/// The frames of one script run, pulled one at a time: `next()` samples and returns the next
/// frame, or nil after the last. Nothing is computed ahead: a ten-minute run holds as much as
/// a one-second one, and callbacks run as the frames they belong to are pulled.
///
/// A stream holds its host's Lua state and the run's limits: pull it on the host's thread.
/// Starting another run on the same host ends this one (its `next()` then returns nil).
public final class FrameStream {
    /// The frame rate the run samples at.
    public var fps: Double { inner.fps }
    /// How many frames the run has, when that is known before it starts (a fixed end); nil for
    /// a natural end, which callbacks may push further as the run goes.
    public var total: Int? { inner.total }

    private let inner: InbetweenLua.FrameStream
    private let onEnd: () -> Void
    private var ended = false

    init(_ inner: InbetweenLua.FrameStream, onEnd: @escaping () -> Void) {
        self.inner = inner
        self.onEnd = onEnd
    }

    deinit { end() }

    /// The next frame, or nil when the run is over.
    /// - Throws: `ScriptError` when a callback or an easing fails, a value is not finite, or
    ///   a limit is reached; the stream is over after that.
    public func next() throws(ScriptError) -> Frame? {
        guard !ended else { return nil }
        do {
            guard let frame = try inner.next() else {
                end()
                return nil
            }
            return Frame(frame)
        } catch {
            end()
            throw ScriptError(error)
        }
    }

    /// Every frame not pulled yet.
    public func collect() throws(ScriptError) -> [Frame] {
        var out: [Frame] = []
        while let frame = try next() { out.append(frame) }
        return out
    }

    /// Ends the run's limits (once).
    func end() {
        guard !ended else { return }
        ended = true
        onEnd()
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
