/// The clock of a sampling run: frame index -> scene time, and where the run ends. Pure: the
/// host that owns the loop (the Lua layer's `FrameStream`) asks it, frame by frame.
///
/// Times are start + i/fps from the index (see `FrameTimes` for why never a running sum).
package struct FrameClock: Hashable, Sendable {
    public enum End: Hashable, Sendable {
        /// Up to and including this scene time (`--to T`).
        case time(Double)
        /// Until the first frame at or after the latest stop of any animation, re-evaluated
        /// after each frame's events (handlers chain new animations), however late that is.
        /// Animations that never end (infinite repeats) are sampled up to `cap` seconds of
        /// scene time, and only they: a finite animation that ends later still gets its frames.
        case natural(cap: Double)
    }

    /// A handler that keeps adding animations that stop at once would otherwise never let
    /// the clock move; a frame with this many events is taken to be such a loop.
    public static let maximumEventsPerFrame = 1_000_000

    public let start: Double
    public let fps: Double
    public let end: End
    /// Where the frame grid starts: frame i is at `grid + (gridIndex + i) / fps`. The same as
    /// `start` (and `gridIndex` 0) unless the clock is a window of a longer run whose start
    /// lies on that run's grid: then its frames are at that run's very times (5 + 1/60 and
    /// 301/60 differ in the last bit), so a window's rows are the full run's rows.
    public let grid: Double
    /// The index on the grid of this clock's first frame.
    public let gridIndex: Int

    /// `grid`: where the whole run's frames start, when this clock samples only a window of
    /// it (`--from`); `start` is its first frame when it lies on that grid within
    /// `FrameTimes.gridTolerance`.
    public init(start: Double = 0, fps: Double = 60, end: End, grid: Double? = nil) throws {
        try EngineError.requireFinite(start, "start")
        switch end {
        case .time(let t): _ = try FrameTimes(start: start, end: t, fps: fps)
        case .natural(let cap): _ = try FrameTimes(start: start, end: cap, fps: fps)
        }
        self.start = start
        self.fps = fps
        self.end = end
        if let grid, grid.isFinite, grid < start {
            let frames = (start - grid) * fps
            let k = frames.rounded()
            if abs(frames - k) <= FrameTimes.gridTolerance, k < Double(FrameTimes.maximumCount) {
                self.grid = grid
                self.gridIndex = Int(k)
                return
            }
        }
        self.grid = start
        self.gridIndex = 0
    }

    /// The number of frames when it is known before the run (`.time`); nil for a natural end.
    public var frameCount: Int? {
        guard case .time(let t) = end else { return nil }
        return try? FrameTimes(start: start, end: t, fps: fps).count
    }

    /// The time of frame `i`; with a fixed end the last frame is clamped to it, so grid
    /// tolerance never yields a time past it.
    public func time(ofFrame i: Int) -> Double {
        let t = FrameTimes.time(ofFrame: gridIndex + i, start: grid, fps: fps)
        if case .time(let end) = end { return min(t, end) }
        return t
    }

    /// The index of the last frame for a natural end, given what the scene's animations
    /// say now; `cutByCap` is true when an animation that never ends is what sets it.
    public func lastFrame(for natural: Scene.NaturalEnd) throws -> (index: Int, cutByCap: Bool) {
        guard case .natural(let cap) = end else {
            return (try FrameTimes(start: start, end: endTime, fps: fps).count - 1, false)
        }
        let covering = try FrameTimes.index(
            covering: (natural.latestStop ?? start) - start, fps: fps, rounding: .up)
        guard natural.hasEndless else { return (covering, false) }
        let capped = try FrameTimes.index(covering: cap - start, fps: fps, rounding: .down)
        return capped >= covering ? (capped, true) : (covering, false)
    }

    private var endTime: Double {
        switch end {
        case .time(let t): return t
        case .natural(let cap): return cap
        }
    }
}
