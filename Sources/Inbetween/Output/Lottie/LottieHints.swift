import InbetweenEngine

/// Where an attached animation's effect is exactly a Lottie keyframe curve, from the engine's
/// animation types: the exact segments it suggests per root key path, in scene seconds.
/// Anything not listed here (springs, Lua easings, `linear()`, cubic and path keyframes,
/// partial or reversed playback) suggests nothing and is baked from the frames.
///
/// Each segment is only a suggestion: `LottieKeyframes.verify` keeps it when the sampled
/// frames inside it lie on its curve, so a case the rules here get wrong (an additive animation
/// on top of another, a removal by a callback) is baked rather than written wrong.
package enum LottieHints {
    /// A segment in some animation's own time: from `start` to `end` seconds, `easing`.
    package struct Span {
        package var keyPath: String
        package var start: Double
        package var end: Double
        package var easing: LottieEasing
        package var ends: LottieSegmentHint.Ends? = nil
    }

    /// A piece of an animation's own [0, 1] with the values at its ends when they are known.
    package typealias Piece = (
        start: Double, end: Double, easing: LottieEasing, ends: LottieSegmentHint.Ends?
    )

    /// Segments of `animation`, added at scene time `addedAt`, in scene seconds.
    package static func spans(of animation: Animation, addedAt: Double) -> [Span] {
        parentSpans(animation).map {
            Span(
                keyPath: $0.keyPath, start: addedAt + $0.start, end: addedAt + $0.end, easing: $0.easing,
                ends: $0.ends)
        }
    }

    /// The animation's segments in its parent's time.
    package static func parentSpans(_ animation: Animation) -> [Span] {
        let timing = animation.timing
        let d = timing.effectiveDuration
        let inner: [Span]
        switch animation {
        case .basic(let a):
            // The ends are known when both are given and nothing is added on top.
            let ends =
                a.fromValue != nil && a.toValue != nil && !a.additive && !a.cumulative
                ? LottieSegmentHint.Ends(from: a.fromValue!, to: a.toValue!) : nil
            inner = pieces(a.timingFunction, ends: ends).map {
                Span(
                    keyPath: a.keyPath, start: $0.start * d, end: $0.end * d, easing: $0.easing, ends: $0.ends
                )
            }
        case .keyframe(let a):
            inner = keyframeSpans(a).map {
                Span(
                    keyPath: a.keyPath, start: $0.start * d, end: $0.end * d, easing: $0.easing,
                    ends: a.additive || a.cumulative ? nil : $0.ends)
            }
        case .spring:
            inner = []
        case .group(let g):
            guard g.timingFunction == nil else { return [] }
            // Children run in the group's local time and are cut off at its duration.
            inner = g.animations.flatMap(parentSpans).filter { $0.start >= 0 && $0.end <= d + 1e-12 }
        }
        return unroll(inner, timing: timing)
    }

    /// Repeats and autoreverse laid out on the parent's timeline: cycle k forwards, then (with
    /// autoreverses) mirrored. Negative speeds, time offsets and the partial last cycle of a
    /// fractional repeatCount suggest nothing.
    package static func unroll(_ inner: [Span], timing: MediaTiming) -> [Span] {
        guard timing.speed > 0, timing.timeOffset == 0, timing.effectiveDuration.isFinite else { return [] }
        let d = timing.effectiveDuration
        let cycles = timing.activeDuration / timing.cycleDuration
        guard cycles.isFinite else { return [] }
        // Bounded in Double first: a repeatCount of 1e308 is past Int's end.
        let whole = Int(min((cycles + 1e-9).rounded(.down), 10_000))
        var out: [Span] = []
        for k in 0..<whole {
            let cycleStart = Double(k) * timing.cycleDuration
            for s in inner {
                out.append(
                    Span(
                        keyPath: s.keyPath, start: timing.beginTime + (cycleStart + s.start) / timing.speed,
                        end: timing.beginTime + (cycleStart + s.end) / timing.speed, easing: s.easing,
                        ends: s.ends))
            }
            if timing.autoreverses {
                for s in inner {
                    guard let reversed = s.easing.reversed else { continue }
                    let mid = cycleStart + d
                    out.append(
                        Span(
                            keyPath: s.keyPath, start: timing.beginTime + (mid + d - s.end) / timing.speed,
                            end: timing.beginTime + (mid + d - s.start) / timing.speed, easing: reversed,
                            ends: s.ends.map { LottieSegmentHint.Ends(from: $0.to, to: $0.from) }))
                }
            }
        }
        return out
    }

    /// A timing function's exact pieces on [0, 1] between the values `ends`: one cubic or
    /// linear piece, or one hold per step of `steps(n)` (its jumps sit at k/n whatever the jump
    /// position; step k holds the value at progress f(k/n)).
    package static func pieces(_ f: TimingFunction?, ends: LottieSegmentHint.Ends?) -> [Piece] {
        guard let f else { return [(0, 1, .linear, ends)] }
        switch f {
        case .cubic(let b): return [(0, 1, b.isLinear ? .linear : .cubic(b), ends)]
        // Beyond the bound, no exact holds: the layer is sampled at the frame rate instead,
        // whose keyframes the scene's frames bound (steps(1e9) was 208 GB of holds).
        case .steps(let s) where s.count <= ExportEasing.maximumSpelledSteps:
            let n = Double(s.count)
            return (0..<s.count).map { k in
                let held = ends.flatMap { e in
                    (try? Value.interpolate(e.from, e.to, f(Double(k) / n))).map {
                        LottieSegmentHint.Ends(from: $0, to: $0)
                    }
                }
                return (Double(k) / n, Double(k + 1) / n, .hold, held)
            }
        default: return []
        }
    }

    /// Key segments of a keyframe animation on its own [0, 1], each shaped by its entry in
    /// `timingFunctions`. Only plain values (no path) in linear, discrete or paced mode with no
    /// overall `timingFunction`; cubic modes follow splines Lottie cannot write.
    package static func keyframeSpans(_ a: KeyframeAnimation) -> [Piece] {
        guard a.path == nil, a.timingFunction == nil, a.values.count > 1 else { return [] }
        let n = a.values.count
        switch a.calculationMode {
        case .linear:
            let times = a.keyTimes ?? (0..<n).map { Double($0) / Double(n - 1) }
            return (0..<(n - 1)).flatMap { i -> [Piece] in
                let (t0, t1) = (times[i], times[i + 1])
                guard t1 > t0 else { return [] }
                let ends = LottieSegmentHint.Ends(from: a.values[i], to: a.values[i + 1])
                return pieces(a.timingFunctions?[i], ends: ends).map {
                    (t0 + $0.start * (t1 - t0), t0 + $0.end * (t1 - t0), $0.easing, $0.ends)
                }
            }
        case .paced:
            // Key times proportional to the distance covered (CAKeyframeAnimation, paced).
            var lengths = [0.0]
            for i in 1..<n {
                guard let step = try? Value.distance(a.values[i - 1], a.values[i]) else { return [] }
                lengths.append(lengths[i - 1] + step)
            }
            guard let total = lengths.last, total > 0 else { return [] }
            return (0..<(n - 1)).compactMap { i in
                lengths[i + 1] > lengths[i]
                    ? (
                        lengths[i] / total, lengths[i + 1] / total, .linear,
                        LottieSegmentHint.Ends(from: a.values[i], to: a.values[i + 1])
                    )
                    : nil
            }
        case .discrete:
            let times = a.keyTimes.map { Array($0.prefix(n)) } ?? (0..<n).map { Double($0) / Double(n) }
            return (0..<n).compactMap { i in
                let end = i + 1 < n ? times[i + 1] : 1
                return end > times[i]
                    ? (times[i], end, .hold, LottieSegmentHint.Ends(from: a.values[i], to: a.values[i])) : nil
            }
        default:
            return []
        }
    }
}

extension LottieEasing {
    /// The same curve run backwards in time (an autoreversing cycle's way back):
    /// E'(x) = 1 - E(1 - x), for a cubic the one with control points (1 - x2, 1 - y2) and
    /// (1 - x1, 1 - y1). A hold has no such form (it would hold the later value).
    package var reversed: LottieEasing? {
        switch self {
        case .linear: return .linear
        case .hold: return nil
        case .cubic(let b):
            guard let r = try? CubicBezier(1 - b.x2, 1 - b.y2, 1 - b.x1, 1 - b.y1) else { return nil }
            return .cubic(r)
        }
    }
}

extension CubicBezier {
    /// (0, 0, 1, 1) and every curve whose control points lie on the diagonal is the identity.
    package var isLinear: Bool { x1 == y1 && x2 == y2 }
}
