// Foundation for floor/ceil (libm); nothing else from it.
import Foundation

/// The frame times of a sampling run: start, start + 1/fps, ... up to and including `end`.
///
/// Each time is computed from its index as start + i/fps, never by adding 1/fps repeatedly:
/// summing 1/60 sixty times drifts off 1.0 by rounding (0.9999999999999999... or 1.0000...02
/// depending on the order), while 60/60 is exactly 1.
package struct FrameTimes: RandomAccessCollection, Hashable, Sendable {
    /// How far (in frames) `end` may lie past a grid point and still count as that point, so
    /// that an end computed as 0.2 + 1.0 lands on frame 72 at 60 fps instead of losing it to
    /// rounding. A millionth of a frame is far below any time a person could set on purpose.
    public static let gridTolerance = 1e-6
    /// Guards the Int conversion of the count; issue 7's frame limit is the host's business.
    public static let maximumCount = 1 << 40

    public let start: Double
    public let end: Double
    public let fps: Double
    /// Number of frames: floor((end - start) * fps) + 1 (with `gridTolerance`).
    public let count: Int

    public init(start: Double, end: Double, fps: Double) throws {
        try EngineError.requireFinite(start, "start")
        try EngineError.requireFinite(end, "end")
        try EngineError.requireFinite(fps, "fps")
        guard fps > 0 else {
            throw EngineError(parameter: "fps", value: fps, rule: "must be > 0")
        }
        guard end >= start else {
            throw EngineError(parameter: "end", value: end, rule: "must be >= start (\(start))")
        }
        let frames = try FrameTimes.index(covering: end - start, fps: fps, rounding: .down)
        self.start = start
        self.end = end
        self.fps = fps
        self.count = frames + 1
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    /// The time of frame `i`; the last frame is clamped to `end` so that tolerance never
    /// yields a time past it.
    public subscript(i: Int) -> Double {
        Swift.min(FrameTimes.time(ofFrame: i, start: start, fps: fps), end)
    }

    /// start + i/fps.
    public static func time(ofFrame i: Int, start: Double, fps: Double) -> Double {
        start + Double(i) / fps
    }

    /// The index of the frame at or just before (`.down`) or at or just after (`.up`) the
    /// time `span` seconds after the start, snapping to a grid point within `gridTolerance`.
    public static func index(covering span: Double, fps: Double, rounding: FloatingPointRoundingRule)
        throws -> Int
    {
        let frames = span * fps
        let snapped = rounding == .down ? floor(frames + gridTolerance) : ceil(frames - gridTolerance)
        guard snapped.isFinite, snapped < Double(maximumCount) else {
            throw EngineError(
                parameter: "fps", value: fps,
                rule: "gives more than \(maximumCount) frames over \(span) s")
        }
        return Swift.max(0, Int(snapped))
    }
}
