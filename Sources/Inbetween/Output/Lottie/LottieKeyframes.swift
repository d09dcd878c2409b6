import Foundation
import InbetweenEngine

/// How a Lottie keyframe reaches the next one. Lottie 1.0 (lottie/lottie-spec, `base-keyframe`):
/// `o` is the out handle of this keyframe and `i` the in handle of the next, as the cubic
/// Bézier (0,0) (o.x,o.y) (i.x,i.y) (1,1) of time against value progress: exactly CSS
/// `cubic-bezier(o.x, o.y, i.x, i.y)` and `CAMediaTimingFunction(controlPoints:)`. `h: 1` holds
/// the value until the next keyframe, where it jumps.
package enum LottieEasing: Equatable {
    case linear
    case cubic(CubicBezier)
    case hold

    /// Value progress at time progress x in [0, 1].
    package func progress(_ x: Double) -> Double {
        switch self {
        case .linear: return x
        case .hold: return 0
        case .cubic(let bezier): return bezier.solve(x)
        }
    }
}

/// A stretch of a property's timeline whose shape the scene's structure gives exactly: from
/// frame `start` to frame `end` (fractional frames allowed) the value runs from one value to
/// another along `easing`. The values themselves are read off the sampled frames (so a hint
/// never has to know how a key path maps to a Lottie property) and the hint is used only when
/// every sampled frame inside it agrees (`LottieKeyframes.exactTolerance`); otherwise that
/// stretch is baked.
package struct LottieSegmentHint: Equatable {
    package var start: Double
    package var end: Double
    package var easing: LottieEasing
    /// The animated key path (`position`, `transform.scale.x`) and, when the animation states
    /// them, its values at the two ends; a property that can convert them uses them (needed
    /// when fewer than two frames fall inside, as between keys 1/59 s apart at 60 fps), and
    /// otherwise they are solved from the frames.
    package var keyPath: String
    package var ends: Ends?

    package struct Ends: Equatable {
        package var from: Value
        package var to: Value
    }
}

/// One keyframe: at frame `time` the value `value`, then `easing` toward the next keyframe.
package struct LottieKeyframe {
    package var time: Double
    package var value: [Double]
    package var easing: LottieEasing
    /// Came from a verified hint (an exact segment starts here), not from baking.
    package var exact = false
    /// The end of a segment followed at the same time by another value: must stay.
    package var pinned = false
}

/// Turns a property's sampled frames (frame i at Lottie frame i) into keyframes: exact
/// segments where hints verify, and baked linear keyframes thinned within `tolerance`
/// elsewhere.
package enum LottieKeyframes {
    /// How far a sampled frame may sit from a hint's curve for the hint to count as exact:
    /// relative to the size of the values, a few thousand ulps, far below anything visible and
    /// far above the rounding of the engine's own arithmetic (the cubic solver here is the same
    /// one that produced the frames).
    package static let exactTolerance = 1e-9

    package struct Result {
        package var keyframes: [LottieKeyframe]
        /// Frame ranges covered by exact segments.
        package var exactRanges: [ClosedRange<Double>]
    }

    /// Converts a hint's end values (of its key path) into the property's numbers, nil when
    /// the property cannot.
    package typealias Converter = (_ keyPath: String, _ value: Value) -> [Double]?

    package static func build(
        frames: [[Double]], hints: [LottieSegmentHint], tolerance: Double,
        convert: Converter? = nil
    ) -> Result {
        let segments = acceptedSegments(frames: frames, hints: hints, convert: convert)
        var keyframes: [LottieKeyframe] = []
        var next = 0  // next sampled frame not yet placed
        var baked: [LottieKeyframe] = []
        func flushBaked() {
            keyframes += thin(baked, tolerance: tolerance)
            baked = []
        }
        for segment in segments {
            while next < frames.count, Double(next) < segment.hint.start - frameEpsilon {
                baked.append(LottieKeyframe(time: Double(next), value: frames[next], easing: .linear))
                next += 1
            }
            // The last baked keyframe leads into the segment's first: it must stay.
            flushBaked()
            if let last = keyframes.last, abs(last.time - segment.hint.start) <= frameEpsilon,
                !last.pinned
            {
                keyframes.removeLast()  // the same value at the same time
            }
            keyframes.append(
                LottieKeyframe(
                    time: segment.hint.start, value: segment.from,
                    easing: segment.hint.easing, exact: true))
            if segment.hint.easing == .hold {
                // Held up to its end, where whatever comes next (a frame, a segment) jumps in.
                while next < frames.count, Double(next) < segment.hint.end - frameEpsilon { next += 1 }
            } else if segment.openEnd {
                // The curve reaches its end value, and at that same time the next keyframe
                // (a frame or a segment) takes over: a zero-length held step. At a frame equal
                // to both times players show the later keyframe (the spec's t_k <= t < t_k+1).
                var end = LottieKeyframe(time: segment.hint.end, value: segment.to, easing: .hold)
                end.pinned = true
                keyframes.append(end)
                while next < frames.count, Double(next) < segment.hint.end - frameEpsilon { next += 1 }
            } else {
                keyframes.append(LottieKeyframe(time: segment.hint.end, value: segment.to, easing: .linear))
                while next < frames.count, Double(next) <= segment.hint.end + frameEpsilon { next += 1 }
            }
        }
        while next < frames.count {
            baked.append(LottieKeyframe(time: Double(next), value: frames[next], easing: .linear))
            next += 1
        }
        if !baked.isEmpty, let last = keyframes.last, last.easing == .linear {
            // The segment's end keyframe anchors the baked run after it.
            keyframes.removeLast()
            baked.insert(last, at: 0)
        }
        flushBaked()
        return Result(
            keyframes: keyframes,
            exactRanges: segments.map { $0.hint.start...$0.hint.end })
    }

    /// Frame times closer than this are the same frame (a key time of 0.3 s at 60 fps is
    /// frame 17.999999999999996 in floating point).
    package static let frameEpsilon = 1e-6

    package struct Segment {
        package var hint: LottieSegmentHint
        package var from: [Double]
        package var to: [Double]
        /// The frame at (or the value right after) its end belongs to something else: the
        /// animation stopped there without filling, or the next segment starts elsewhere.
        package var openEnd = false
    }

    /// The hints that verify against the frames, in time order, none overlapping.
    package static func acceptedSegments(
        frames: [[Double]], hints: [LottieSegmentHint],
        convert: Converter?
    ) -> [Segment] {
        var out: [Segment] = []
        for hint in hints.sorted(by: { $0.start < $1.start }) where hint.end > hint.start {
            if let last = out.last, hint.start < last.hint.end - frameEpsilon { continue }
            guard let segment = verify(hint, frames: frames, convert: convert) else { continue }
            if let last = out.last, abs(last.hint.end - hint.start) <= frameEpsilon,
                !close(last.to, segment.from)
            {
                out[out.count - 1].openEnd = true  // a jump where the two meet
            }
            out.append(segment)
        }
        return out
    }

    /// The segment with its end values (from the hint when the property can convert them,
    /// else solved from the frames inside it) if every frame inside lies on its curve; nil
    /// otherwise, or when the frames cannot tell (fewer than two inside and no stated values).
    /// A non-held segment whose last frame is its end and is the only one off the curve is
    /// kept with `openEnd`: an animation that stops there without filling forwards.
    package static func verify(_ hint: LottieSegmentHint, frames: [[Double]], convert: Converter?) -> Segment?
    {
        // Clamped to the frames in Double first: a begin time of 1e308 is a frame past Int's end.
        guard !hint.start.isNaN, !hint.end.isNaN else { return nil }
        let count = Double(frames.count)
        let first = Int(min(max(0, (hint.start - frameEpsilon).rounded(.up)), count))
        let last = Int(max(min(count - 1, (hint.end + frameEpsilon).rounded(.down)), -1))
        let inside = first <= last ? Array(first...last) : []
        let stated = hint.ends.flatMap { ends -> ([Double], [Double])? in
            guard let a = convert?(hint.keyPath, ends.from), let b = convert?(hint.keyPath, ends.to),
                a.count == b.count, a.count == frames.first?.count
            else { return nil }
            return (a, b)
        }
        if hint.easing == .hold {
            // Held from its start up to (not including) its end.
            let held = inside.filter { Double($0) < hint.end - frameEpsilon }
            guard let value = stated?.0 ?? held.first.map({ frames[$0] }),
                held.allSatisfy({ close(frames[$0], value) })
            else { return nil }
            return Segment(hint: hint, from: value, to: value)
        }
        let span = hint.end - hint.start
        func eased(_ i: Int) -> Double {
            hint.easing.progress(min(1, max(0, (Double(i) - hint.start) / span)))
        }
        guard let ends = stated ?? solvedEnds(hint, inside: inside, frames: frames, eased: eased) else {
            return nil
        }
        let (from, to) = ends
        func onCurve(_ i: Int) -> Bool {
            let e = eased(i)
            return close((0..<from.count).map { from[$0] + (to[$0] - from[$0]) * e }, frames[i])
        }
        var segment = Segment(hint: hint, from: from, to: to)
        for i in inside where !onCurve(i) {
            guard i == inside.last, abs(Double(i) - hint.end) <= frameEpsilon, inside.count > 1 else {
                return nil
            }
            segment.openEnd = true
        }
        return segment
    }

    /// A segment's end values solved from its frames: v = A + (B - A)·e per component, from
    /// the first frame inside and the last (or the one before it when the last sits on the end,
    /// which may be open); nil when fewer than two frames are inside or their progress is the same.
    private static func solvedEnds(
        _ hint: LottieSegmentHint, inside: [Int], frames: [[Double]], eased: (Int) -> Double
    ) -> ([Double], [Double])? {
        guard inside.count >= 2 else { return nil }
        let i0 = inside[0]
        let i1 =
            inside.count > 2 && abs(Double(inside[inside.count - 1]) - hint.end) <= frameEpsilon
            ? inside[inside.count - 2] : inside[inside.count - 1]
        let (e0, e1) = (eased(i0), eased(i1))
        guard abs(e1 - e0) > 1e-6 else { return nil }
        let n = frames[i0].count
        var a = [Double](repeating: 0, count: n)
        var b = a
        for c in 0..<n {
            let slope = (frames[i1][c] - frames[i0][c]) / (e1 - e0)
            a[c] = frames[i0][c] - slope * e0
            b[c] = a[c] + slope
        }
        return (a, b)
    }

    package static func close(_ a: [Double], _ b: [Double]) -> Bool {
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) where abs(x - y) > exactTolerance * max(1, abs(x), abs(y)) { return false }
        return true
    }

    /// The most frames one baked keyframe may reach over: each reach is checked against every
    /// frame it covers, so an unbounded reach costs the square of a long run's frame count
    /// (a straight ten-minute move); with the bound it is linear, at one keyframe per this
    /// many frames of a straight stretch.
    package static let maximumReach = 240

    /// Drops baked keyframes that linear interpolation between the kept ones reproduces
    /// within `tolerance` (every component, at every dropped frame): greedy, each kept
    /// keyframe reaching as far as it can (up to `maximumReach`). The first and last keyframes
    /// always stay.
    package static func thin(_ keyframes: [LottieKeyframe], tolerance: Double) -> [LottieKeyframe] {
        guard keyframes.count > 2 else { return keyframes }
        var kept = [keyframes[0]]
        var anchor = 0
        var candidate = anchor + 2
        while candidate < keyframes.count {
            if candidate - anchor <= maximumReach,
                spans(keyframes, from: anchor, to: candidate, tolerance: tolerance)
            {
                candidate += 1
            } else {
                anchor = candidate - 1
                kept.append(keyframes[anchor])
                candidate = anchor + 2
            }
        }
        kept.append(keyframes[keyframes.count - 1])
        return kept
    }

    private static func spans(_ k: [LottieKeyframe], from a: Int, to b: Int, tolerance: Double) -> Bool {
        let (ta, tb) = (k[a].time, k[b].time)
        for j in (a + 1)..<b {
            let x = (k[j].time - ta) / (tb - ta)
            for c in k[j].value.indices {
                let v = k[a].value[c] + (k[b].value[c] - k[a].value[c]) * x
                if abs(v - k[j].value[c]) > tolerance { return false }
            }
        }
        return true
    }
}
