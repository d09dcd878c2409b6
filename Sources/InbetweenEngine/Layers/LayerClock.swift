/// How a layer's local time follows from scene time: the timing of every layer from the stage
/// down to it, each a CAMediaTiming object whose parent time is its superlayer's local time
/// (the stage's time is scene time). "Layers have their own local time space that is derived
/// from their parent" (Core Animation Programming Guide, "Timing, Timespaces, and
/// CAAnimation"; CAMediaTiming reference: "each object in the hierarchy has its own local time
/// that is derived from its parent"), so nested speeds multiply and a layer's `beginTime` is
/// read in its superlayer's time.
///
/// A layer with the default timing is the identity at every time (negative ones included) and
/// takes no step, so the clock of a layer in a tree without timing is empty and costs nothing:
/// sampling then reads scene times as they are, as it did before layers had timing.
public struct LayerClock: Hashable, Sendable {
    /// One derivation from a parent time to a child's.
    public enum Step: Hashable, Sendable {
        /// A layer's own timing (`MediaTiming.layerTime(atParentTime:)`).
        case timing(MediaTiming)
        /// A replicator's instance `i`: its sublayers' parent time is the replicator's local
        /// time less `i × instanceDelay` (CAReplicatorLayer: "the delay, in seconds, between
        /// replicated copies").
        case delay(Double)
    }

    /// From the stage down.
    public var steps: [Step]

    public init(steps: [Step] = []) { self.steps = steps }

    /// No timing anywhere: local time is scene time.
    public var isIdentity: Bool { steps.isEmpty }

    /// The layer's local time at scene time `t` (what its animations' parent time counts
    /// from), or nil while some layer on the way has no effect (before its `beginTime`
    /// without backwards fill, after its end without forwards fill): then no animation of
    /// the layer applies and it shows its model values.
    public func localTime(atSceneTime t: Double) -> Double? {
        var time = t
        for step in steps {
            switch step {
            case .timing(let m):
                guard let local = m.layerTime(atParentTime: time) else { return nil }
                time = local
            case .delay(let d): time -= d
            }
        }
        return time
    }

    /// Apple's active local time down the tree, (tp − beginTime) · speed + timeOffset at each
    /// layer, with no phases and no repeats folded: what `convertTime:fromLayer:` gives, and
    /// the time an animation added while the layer has no effect is stamped with.
    public func activeTime(atSceneTime t: Double) -> Double {
        var time = t
        for step in steps {
            switch step {
            case .timing(let m): time = m.localTime(atParentTime: time)
            case .delay(let d): time -= d
            }
        }
        return time
    }

    /// The inverse of `activeTime(atSceneTime:)`: the scene time whose active local time is
    /// `local`. Throws when a layer on the way is paused (speed 0: every parent time maps to
    /// its timeOffset, so none is the answer), naming it by `name`.
    public func sceneTime(ofActiveTime local: Double, layerNames: [String] = []) throws -> Double {
        var time = local
        for (i, step) in steps.enumerated().reversed() {
            switch step {
            case .timing(let m):
                guard m.speed != 0 else {
                    throw EngineError(
                        parameter: "speed", value: 0,
                        rule: "layer '\(i < layerNames.count ? layerNames[i] : "?")' is paused, so its times"
                            + " do not map back to its superlayer's")
                }
                time = (time - m.timeOffset) / m.speed + m.beginTime
            case .delay(let d): time += d
            }
        }
        return time
    }

    // MARK: When a local time is reached

    /// A stretch of scene time [start, end) over which the local time is `value` at `start`
    /// and changes at `slope` local seconds per scene second; `value` nil: no local time.
    struct Piece: Hashable, Sendable {
        var start: Double
        var end: Double
        var value: Double?
        var slope: Double
    }

    /// At most this many pieces are followed ahead (a layer that repeats forever splits scene
    /// time into a piece per cycle): a local time first reached after more cycles than this
    /// counts as never reached.
    static let maximumPieces = 4096

    /// The first scene time at or after `t0` at which the local time is `x` or more: when an
    /// event at local time `x` is due. `t0` itself when the local time is already there (a
    /// `timeOffset` set past it); nil when it is never reached (paused, running backwards,
    /// a layer out of effect for good, or a repeating layer that wraps before it).
    public func sceneTime(reaching x: Double, from t0: Double) -> Double? {
        if steps.isEmpty { return max(x, t0) }
        var pieces = [Piece(start: t0, end: .infinity, value: t0, slope: 1)]
        for step in steps {
            var next: [Piece] = []
            for piece in pieces {
                Self.split(piece, by: step, into: &next)
                if next.count >= Self.maximumPieces { break }
            }
            pieces = next
        }
        for piece in pieces {
            guard let v = piece.value else { continue }
            if v >= x { return piece.start }
            guard piece.slope > 0 else { continue }
            let t = piece.start + (x - v) / piece.slope
            if t < piece.end { return max(t, piece.start) }
        }
        return nil
    }

    /// The pieces of a child's time over a parent's piece: cut where the child's phase changes
    /// (its beginTime and end) and, for a finite duration, at every multiple of it (a new cycle,
    /// or the turn of an autoreverse), each then linear.
    static func split(_ piece: Piece, by step: Step, into out: inout [Piece]) {
        guard let p0 = piece.value else {
            out.append(piece)
            return
        }
        let m: MediaTiming
        switch step {
        case .delay(let d):
            out.append(Piece(start: piece.start, end: piece.end, value: p0 - d, slope: piece.slope))
            return
        case .timing(let timing): m = timing
        }
        if piece.slope == 0 || m.speed == 0 {
            // A constant parent time, or a paused child: one constant (or absent) local time,
            // which for a paused child still depends on the phase, so cut at beginTime.
            var cuts = [piece.start]
            if piece.slope != 0 {
                let t = piece.start + (m.beginTime - p0) / piece.slope
                if t > piece.start && t < piece.end { cuts.append(t) }
            }
            cuts.append(piece.end)
            for i in 0..<(cuts.count - 1) where !isInstant(cuts[i], cuts[i + 1]) {
                let mid = midpoint(cuts[i], cuts[i + 1])
                let p = p0 + piece.slope * (mid - piece.start)
                out.append(
                    Piece(start: cuts[i], end: cuts[i + 1], value: m.layerTime(atParentTime: p), slope: 0))
            }
            return
        }
        let infinite = !(m.duration > 0 && m.duration.isFinite)
        let shape = infinite ? m.withDuration(.infinity) : m
        // Parent times where the child's time bends.
        var bends: [Double] = [m.beginTime]
        // Set when more cycles follow than are cut here: the time past the last bend is unknown.
        var lastBend: Double?
        let active = shape.activeDuration
        if active.isFinite { bends.append(m.beginTime + active / abs(m.speed)) }
        let p1 = p0 + piece.slope * (piece.end - piece.start)  // ±infinity for an endless piece
        if !infinite {
            // Active local time a = (p − beginTime)·speed + timeOffset crosses k·D at
            // p = beginTime + (k·D − timeOffset)/speed: every k between where the piece enters
            // the active interval and where it leaves it, in the order the piece meets them.
            let d = m.effectiveDuration
            let activeEnd = active.isFinite ? m.beginTime + active / abs(m.speed) : .infinity
            let forwards = piece.slope > 0
            let enter = forwards ? max(p0, m.beginTime) : min(p0, activeEnd)
            let leave = forwards ? min(p1, activeEnd) : max(p1, m.beginTime)
            if forwards ? enter < leave : enter > leave {
                let rising = (piece.slope > 0) == (m.speed > 0)
                let aEnter = m.localTime(atParentTime: enter)
                let aLeave =
                    leave.isFinite ? m.localTime(atParentTime: leave) : (rising ? .infinity : -.infinity)
                var k = (aEnter / d).rounded(rising ? .up : .down)
                func ahead(_ k: Double) -> Bool { rising ? k * d <= aLeave : k * d >= aLeave }
                var count = 0
                while ahead(k) && count < maximumPieces {
                    bends.append(m.beginTime + (k * d - m.timeOffset) / m.speed)
                    k += rising ? 1 : -1
                    count += 1
                }
                if ahead(k) { lastBend = bends.last }
            }
        }
        var cuts = bends.map { piece.start + ($0 - p0) / piece.slope }.filter {
            $0 > piece.start && $0 < piece.end
        }
        cuts.sort()
        cuts.insert(piece.start, at: 0)
        if let lastBend {
            let t = piece.start + (lastBend - p0) / piece.slope
            cuts = cuts.filter { $0 <= t }
        } else {
            cuts.append(piece.end)
        }
        for i in 0..<(cuts.count - 1) where !isInstant(cuts[i], cuts[i + 1]) {
            // Read in the middle, away from the bends, and carried back to the start.
            let mid = midpoint(cuts[i], cuts[i + 1])
            let p = p0 + piece.slope * (mid - piece.start)
            guard let local = m.layerTime(atParentTime: p) else {
                out.append(Piece(start: cuts[i], end: cuts[i + 1], value: nil, slope: 0))
                continue
            }
            var slope = 0.0
            if shape.phase(atParentTime: p) == .active {
                slope = piece.slope * m.speed
                if !infinite && m.autoreverses {
                    let cycle = 2 * m.effectiveDuration
                    var q = m.localTime(atParentTime: p).truncatingRemainder(dividingBy: cycle)
                    if q < 0 { q += cycle }
                    if q > m.effectiveDuration { slope = -slope }
                }
            }
            out.append(
                Piece(start: cuts[i], end: cuts[i + 1], value: local - slope * (mid - cuts[i]), slope: slope))
        }
    }

    /// Whether [a, b) is empty or a rounding artifact: two bends that are one point in exact
    /// arithmetic (a child that begins where its parent's time turns back) cut a sliver of scene
    /// time where a local time would exist for an instant only.
    private static func isInstant(_ a: Double, _ b: Double) -> Bool {
        !(b - a > MediaTiming.boundaryTolerance * max(1, abs(a)))
    }

    /// A point inside [a, b) away from both ends (b may be infinite).
    private static func midpoint(_ a: Double, _ b: Double) -> Double {
        b.isFinite ? a + (b - a) / 2 : a + 1
    }
}

extension MediaTiming {
    /// A layer's timing is CALayer's default: every property as `MediaTiming()` has it.
    public var isDefault: Bool { self == MediaTiming() }

    /// A copy with another `duration`.
    func withDuration(_ duration: Double) -> MediaTiming {
        var copy = self
        copy.duration = duration
        return copy
    }

    /// A layer's local time at parent time `p`, or nil while it has no effect. As an
    /// animation's (`iterationTime(atParentTime:)`), except that a `duration` of 0 means the
    /// layer's time never wraps (CALayer's default duration is 0, and a layer's animations
    /// run on, as QA1673's resumed layer shows): then the active time is Apple's
    /// (p − beginTime)·speed + timeOffset, not clamped, and `repeatDuration` (if set) ends it.
    /// The default timing is the identity at every time.
    public func layerTime(atParentTime p: Double) -> Double? {
        if isDefault { return p }
        if duration > 0 && duration.isFinite { return iterationTime(atParentTime: p) }
        let endless = withDuration(.infinity)
        switch endless.phase(atParentTime: p) {
        case .before: return fillMode.fillsBackwards ? timeOffset : nil
        case .active: return localTime(atParentTime: p)
        case .after:
            guard fillMode.fillsForwards else { return nil }
            let active = endless.activeDuration
            return (speed < 0 ? -active : active) + timeOffset
        }
    }
}
