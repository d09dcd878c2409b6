import InbetweenEngine

/// A segment's easing as keyframe targets can write it: CSS `cubic-bezier()`, `steps()`,
/// `linear()`, a hold (discrete keyframes), or an arbitrary function (a Lua easing, a
/// composed preset, a spring) sampled into a `linear()` within a stated tolerance.
/// Lottie: `.cubicBezier` becomes o/i tangents, `.steps`/`.hold` hold keyframes, `.sampled`
/// thinned linear keyframes.
package enum ExportEasing: Hashable {
    case linear
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)
    case steps(count: Int, position: Steps.Position)
    /// A CSS `linear()` the script gave itself: written as given.
    case piecewiseLinear(PiecewiseLinear)
    /// Holds the segment's first value until the segment ends (discrete mode).
    case hold
    /// An arbitrary easing sampled into `linear()` stops (inputs and outputs), within
    /// `tolerance` of the function in output units at 10,001 evenly spaced inputs.
    case sampled(PiecewiseLinear, tolerance: Double)

    /// Samples per unit of input for `.sampled` (as `CSSLinear.defaultSampleCount`).
    package static let sampleCount = 10_001

    /// The easing of a timing function; nil means linear (CAAnimation's default).
    /// `tolerance` bounds a sampled easing's error in output units.
    package init(_ f: TimingFunction?, tolerance: Double) {
        guard let f else {
            self = .linear
            return
        }
        switch f {
        case .cubic(let b):
            self =
                b.x1 == b.y1 && b.x2 == b.y2 ? .linear : .cubicBezier(x1: b.x1, y1: b.y1, x2: b.x2, y2: b.y2)
        case .steps(let s): self = .steps(count: s.count, position: s.position)
        case .piecewiseLinear(let p): self = .piecewiseLinear(p)
        default: self = ExportEasing.sampling({ f($0) }, over: 1, tolerance: tolerance)
        }
    }

    /// `g(x · duration)` for x in [0, 1] sampled into stops (springs pass their displacement
    /// in seconds with the duration; easings pass duration 1).
    package static func sampling(_ g: (Double) -> Double, over duration: Double, tolerance: Double)
        -> ExportEasing
    {
        let n = sampleCount
        let xs = (0..<n).map { Double($0) / Double(n - 1) }
        let ys = xs.map { g($0 * duration) }
        let kept = CSSLinear.simplify(xs: xs, ys: ys, tolerance: tolerance)
        let stops = kept.map { PiecewiseLinear.Stop(output: ys[$0], input: xs[$0]) }
        return .sampled(try! PiecewiseLinear(stops), tolerance: tolerance)
    }

    /// The CSS text: `linear`, `cubic-bezier(0.42, 0, 1, 1)`, `steps(4, jump-end)`,
    /// `step-end` (hold), `linear(0, 0.5 25%, 1)`.
    package func css(_ number: (Double) -> String) -> String {
        switch self {
        case .linear: return "linear"
        case .cubicBezier(let x1, let y1, let x2, let y2):
            return "cubic-bezier(\(number(x1)), \(number(y1)), \(number(x2)), \(number(y2)))"
        case .steps(let n, let p): return "steps(\(n), \(p.rawValue))"
        case .hold: return "step-end"
        case .piecewiseLinear(let p):
            let stops = zip(p.outputs, p.inputs).map { "\(number($0)) \(number($1 * 100))%" }
            return "linear(\(stops.joined(separator: ", ")))"
        case .sampled(let p, let tolerance):
            return ExportEasing.fittedCSS(p, tolerance: ExportEasing.cssTolerance(sampledWithin: tolerance))
                ?? ExportEasing.piecewiseLinear(p).css(number)
        }
    }

    /// The most a sampled easing's CSS strays from its progress: `curve --format css`'s 0.001,
    /// or less where a segment moves far. The stylesheet's header states both bounds.
    package static let cssTolerance = CSSLinear.defaultTolerance
    /// How much looser than the sampling the CSS fit may be where the move is large: the value
    /// tolerances (0.002 px for lengths, 2e-5 otherwise, `ExportScene.valueTolerance`) become
    /// 0.008 px and 8e-5; the fit keeps 0.9 of that, and with the sampling's own error the
    /// value stays within 4.6 × (under 5 ×) the value tolerance: 0.01 px and 1e-4, the accuracy
    /// the CSS export is held to in Chromium (ChromiumPlaybackTests).
    package static let cssLoosening = 4.0

    /// The progress tolerance of the CSS of an easing sampled within `tolerance` (progress).
    package static func cssTolerance(sampledWithin tolerance: Double) -> Double {
        min(cssTolerance, cssLoosening * tolerance)
    }

    /// A sampled easing as `curve --format css` writes one (`CSSLinear.make`, which prints the
    /// fewest decimals that keep it within 0.9 × `tolerance`), made from the sampled stops
    /// themselves: the refit keeps some of them, so it and the sampled polyline are both linear
    /// between the sampled stops, their difference is largest at one of those, and checking it
    /// there (as `make` does) bounds it everywhere, up to the rounding of printed inputs. Nil
    /// where doubles are too coarse for the tolerance (|y| near 1e13): the full stops instead.
    static func fittedCSS(_ p: PiecewiseLinear, tolerance: Double) -> String? {
        guard p.inputs.count >= 2 else { return nil }
        return try? CSSLinear.make(xs: p.inputs, ys: p.outputs, tolerance: tolerance, parsing: false).function
    }

    /// The easing as a function (what a target that samples it computes).
    package func callAsFunction(_ x: Double) -> Double {
        switch self {
        case .linear: return x
        case .cubicBezier(let x1, let y1, let x2, let y2):
            return (try? TimingFunction.cubic(x1, y1, x2, y2))?(x) ?? x
        case .steps(let n, let p): return (try? Steps(n, p))?.evaluate(x) ?? x
        case .hold: return x < 1 ? 0 : 1
        case .piecewiseLinear(let p), .sampled(let p, _): return p.evaluate(x)
        }
    }
}

extension ExportEasing {
    /// The most jumps of a steps() easing written out one by one: two stops a jump, 200,000
    /// stops, a few megabytes of text.
    package static let maximumSpelledSteps = 100_000

    /// A steps() easing as linear() stops with exact jumps: at each jump two stops at the same
    /// input (CSS Easing Level 2 evaluates such a pair as a jump to the second output).
    /// Throws beyond `maximumSpelledSteps` jumps: steps(1e9) would be 2e9 stops (tens of
    /// gigabytes before a byte is written), and no reader wants that many.
    package static func stepStops(_ s: Steps) throws -> [(x: Double, y: Double)] {
        let n = s.count
        guard n <= maximumSpelledSteps else {
            throw CommandError(
                "steps(\(n)) has \(n) jumps; an export spells each jump out as two stops or keyframes, "
                    + "and takes at most \(maximumSpelledSteps) of them")
        }
        var stops: [(x: Double, y: Double)] = [(0, s.evaluate(0))]
        for j in 1...n {
            let x = Double(j) / Double(n)
            let before = s.evaluate(x - 0.5 / Double(n))
            let after = j == n ? s.evaluate(1) : s.evaluate(x)
            stops.append((x, before))
            if after != before { stops.append((x, after)) }
        }
        return stops
    }
}
