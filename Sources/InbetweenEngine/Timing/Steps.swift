/// CSS `steps(n, <step-position>)`, per CSS Easing Level 2,
/// https://www.w3.org/TR/css-easing-2/#step-easing-functions
///
/// The engine has no "before flag": CAMediaTiming folds time before the easing is applied,
/// so an input of exactly 0 (or any step boundary) always takes the value after the jump,
/// and inputs outside [0, 1] follow the spec's formula unclamped (they arise from
/// extrapolating timing functions such as an overshooting cubic-bezier feeding a step).
public struct Steps: Hashable, Sendable {
    public enum Position: String, Hashable, Sendable, CaseIterable {
        case jumpStart = "jump-start"
        case jumpEnd = "jump-end"
        case jumpNone = "jump-none"
        case jumpBoth = "jump-both"
        /// CSS aliases: `start` behaves as `jump-start`, `end` as `jump-end`.
        case start, end
    }

    public let count: Int
    public let position: Position

    /// The largest step count: 2^53, below which every count and count + 1 (jump-both's
    /// jumps) is exact as a Double, the type the output is computed in, and far from Int's end.
    public static let maximumCount = 1 << 53

    /// `count` must be at least 1, and at least 2 for `jump-none` (whose n - 1 jumps would
    /// otherwise be zero, a division by zero in step 7 below), and at most `maximumCount`.
    public init(_ count: Int, _ position: Position = .end) throws {
        guard count <= Steps.maximumCount else {
            throw EngineError(
                parameter: "steps", value: String(count),
                rule: "the step count must be at most 2^53 (\(Steps.maximumCount))")
        }
        let minimum = position == .jumpNone ? 2 : 1
        guard count >= minimum else {
            throw EngineError(
                parameter: "steps", value: String(count),
                rule: position == .jumpNone
                    ? "the step count must be at least 2 with jump-none"
                    : "the step count must be a positive integer")
        }
        self.count = count
        self.position = position
    }

    /// The number of jumps in the output (the divisor of step 7).
    public var jumps: Int {
        switch position {
        case .jumpStart, .jumpEnd, .start, .end: return count
        case .jumpNone: return count - 1
        case .jumpBoth: return count + 1
        }
    }

    /// The spec's "output of a step easing function", steps 1–7, without the before flag
    /// (its step 3 never applies here):
    /// 1. current step = floor(input × steps);
    /// 2. add one for jump-start / start / jump-both;
    /// 3. (before flag at a boundary: subtract one — not applicable, see the type comment);
    /// 4. if input ≥ 0 and current step < 0, current step = 0;
    /// 5. jumps = steps for jump-start/jump-end, steps - 1 for jump-none, steps + 1 for jump-both;
    /// 6. if input ≤ 1 and current step > jumps, current step = jumps;
    /// 7. output = current step / jumps.
    /// Steps are kept as Double so huge counts or inputs cannot overflow an Int.
    public func evaluate(_ x: Double) -> Double {
        let n = Double(count)
        var step = (x * n).rounded(.down)
        switch position {
        case .jumpStart, .start, .jumpBoth: step += 1
        case .jumpEnd, .end, .jumpNone: break
        }
        let jumps = Double(self.jumps)
        if x >= 0 && step < 0 { step = 0 }
        if x <= 1 && step > jumps { step = jumps }
        return clampToFinite(step / jumps)
    }
}
