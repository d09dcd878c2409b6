import InbetweenEngine

/// CSS `linear()` from samples of an easing: the polyline through the samples, simplified
/// until it has few stops but stays within a stated tolerance of every sample, then written
/// with as few decimals as keep it there.
///
/// Method: Ramer–Douglas–Peucker on (x, y) measuring *vertical* distance |y - line(x)|, the
/// error a browser makes when it evaluates the easing at x (CSS Easing Level 2 interpolates in
/// y over x). RDP keeps the sample farthest from the chord and recurses on both halves until
/// every dropped sample is within `simplifyShare`·T of its chord. Printing rounds the stops;
/// the result is parsed back with the engine's CSS parser and evaluated at every sample, and
/// the decimals grow until that stays within `verifiedShare`·T. The rest of T covers the curve
/// between samples: with the default 10,001 samples (spacing h = 1e-4) a chord strays at most
/// h²·|y''|/8 from the curve, under 0.1·T = 1e-4 whenever |y''| < 8e4 (Penner's elasticOut
/// peaks near 4.4e2 — ω = 2π/0.3 squared). Jumps (steps()) cannot be met pointwise by any
/// continuous polyline sampled on a grid; they come out as steep ramps one sample wide.
package enum CSSLinear {
    package static let defaultTolerance = 0.001
    /// Samples over [0, 1] used for `--format css` unless `--samples` says otherwise.
    package static let defaultSampleCount = 10_001
    package static let simplifyShare = 0.8
    package static let verifiedShare = 0.9
    /// Decimals tried for outputs and percentages, fewest first.
    package static let decimalsRange = 2...12

    package struct Result: Hashable {
        /// `linear(0, 0.25 12.5%, ..., 1)`
        package var function: String
        package var stopCount: Int
        /// Largest |linear(x) - y| over the samples, after printing.
        package var maxError: Double
    }

    /// - Parameters: xs strictly increasing, ys the easing at those xs, tolerance T > 0;
    ///   `parsing`: check each printed candidate by parsing its text with the engine's CSS
    ///   parser (`curve`'s check of its one function), or, false, by the stops it prints read
    ///   back as numbers: an export fits hundreds of easings, and parsing each candidate's text
    ///   was half of a CSS export's time (200 scripted easings: 15 s against 5 s before).
    package static func make(xs: [Double], ys: [Double], tolerance: Double, parsing: Bool = true) throws
        -> Result
    {
        precondition(xs.count == ys.count && xs.count >= 2)
        // Where neighbouring doubles are farther apart than the tolerance (ulp(y) = |y|·2^-52),
        // no rounding can meet it: every sample would become a stop of 300-digit numbers,
        // written and parsed back for each count of decimals (backOut(1e308) took 40 s).
        let largest = ys.reduce(0) { max($0, abs($1)) }
        guard largest.ulp <= simplifyShare * tolerance else {
            throw CommandError(
                "the curve reaches |y| = \(NumberFormat.shortest.string(largest)), where doubles are "
                    + "\(NumberFormat.shortest.string(largest.ulp)) apart: linear() cannot keep to the tolerance "
                    + "\(NumberFormat.shortest.string(tolerance)) there (a larger --tolerance can)")
        }
        let kept = simplify(xs: xs, ys: ys, tolerance: simplifyShare * tolerance)
        var best: Result?
        for decimals in decimalsRange {
            let stops = kept.map { (x: xs[$0], y: ys[$0]) }
            let text = format(stops, decimals: decimals)
            let error =
                parsing
                ? try maxError(of: text, xs: xs, ys: ys)
                : try maxError(ofPrinted: stops, decimals: decimals, xs: xs, ys: ys)
            best = Result(function: text, stopCount: kept.count, maxError: error)
            if error <= verifiedShare * tolerance { break }
        }
        return best!
    }

    /// Indices of the samples RDP keeps (always the first and the last), in order.
    package static func simplify(xs: [Double], ys: [Double], tolerance: Double) -> [Int] {
        var keep = [Bool](repeating: false, count: xs.count)
        keep[0] = true
        keep[xs.count - 1] = true
        // An explicit stack: a pathological curve could nest one level per sample.
        var ranges = [(0, xs.count - 1)]
        while let (a, b) = ranges.popLast() {
            guard b - a > 1 else { continue }
            let slope = (ys[b] - ys[a]) / (xs[b] - xs[a])
            var farthest = a
            var distance = 0.0
            for i in (a + 1)..<b {
                let d = abs(ys[i] - (ys[a] + slope * (xs[i] - xs[a])))
                if d > distance {
                    distance = d
                    farthest = i
                }
            }
            if distance > tolerance {
                keep[farthest] = true
                ranges.append((a, farthest))
                ranges.append((farthest, b))
            }
        }
        return keep.indices.filter { keep[$0] }
    }

    /// `linear(y0, y1 x1%, ..., yn)`: the first and last inputs are left out when they are 0
    /// and 1 (the spec's defaults for a first and last stop without a percentage).
    package static func format(_ stops: [(x: Double, y: Double)], decimals: Int) -> String {
        let number = NumberFormat.compact(decimals)
        var out = Array("linear(".utf8)
        for (i, stop) in stops.enumerated() {
            if i > 0 { out.append(contentsOf: ", ".utf8) }
            number.append(stop.y, to: &out)
            let isDefaultInput = (i == 0 && stop.x == 0) || (i == stops.count - 1 && stop.x == 1)
            if !isDefaultInput {
                out.append(UInt8(ascii: " "))
                number.append(stop.x * 100, to: &out)
                out.append(UInt8(ascii: "%"))
            }
        }
        out.append(UInt8(ascii: ")"))
        return String(decoding: out, as: UTF8.self)
    }

    /// The stops as `format` prints them, read back (a percentage divided by 100, the first
    /// and last inputs left out as 0 and 1), evaluated as CSS Easing Level 2 does (the engine's
    /// `PiecewiseLinear`) and compared with the samples.
    package static func maxError(
        ofPrinted stops: [(x: Double, y: Double)], decimals: Int, xs: [Double], ys: [Double]
    )
        throws -> Double
    {
        let number = NumberFormat.compact(decimals)
        let read = stops.enumerated().map { i, stop in
            let isDefaultInput = (i == 0 && stop.x == 0) || (i == stops.count - 1 && stop.x == 1)
            return PiecewiseLinear.Stop(
                output: Double(number.string(stop.y)) ?? .nan,
                input: isDefaultInput ? stop.x : (Double(number.string(stop.x * 100)) ?? .nan) / 100)
        }
        let easing = try PiecewiseLinear(read)
        var worst = 0.0
        for (x, y) in zip(xs, ys) { worst = max(worst, abs(easing.evaluate(x) - y)) }
        return worst
    }

    /// The CSS Easing Level 2 evaluation of `text` (the engine's `PiecewiseLinear`), compared
    /// with the samples.
    package static func maxError(of text: String, xs: [Double], ys: [Double]) throws -> Double {
        let easing = try TimingFunction.parse(css: text)
        var worst = 0.0
        for (x, y) in zip(xs, ys) { worst = max(worst, abs(easing(x) - y)) }
        return worst
    }
}
