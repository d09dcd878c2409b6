import Foundation

/// A path prepared for measuring: its drawing segments as cubics, their arc lengths and a
/// table for turning a distance along the path into a segment parameter. Build it once
/// (`Path.measure()`) and query it many times, as paced keyframe animations do every frame.
///
/// Accuracy: lengths by adaptive Gauss–Legendre to 1e-12 relative; inversion by Newton's
/// method on s(t) − target (s'(t) = |B'(t)|) with a bisection safeguard, to 1e-12 in t. Paced
/// motion is therefore uniform in arc length to far better than 1e-6.
public struct PathMeasure: Hashable, Sendable {
    /// Drawing segments in order: every element but `move`; `close` is the line back to the
    /// subpath's start (CAKeyframeAnimation's "each point except moveTo defines a segment").
    public let segments: [CubicSegment]
    /// Arc length at the start of each segment, plus the total at the end (count + 1).
    public let cumulativeLengths: [Double]
    /// The first move point, where an empty or zero-length path sits.
    public let startPoint: Point
    /// Per segment, arc length from t = 0 to t = k / tableSteps for k = 0...tableSteps.
    let tables: [[Double]]

    static let tableSteps = 16
    static let relativeTolerance = 1e-12

    public init(_ path: Path) {
        var segs: [CubicSegment] = []
        var current = Point.zero
        var subpathStart = Point.zero
        var first: Point?
        for e in path.elements {
            switch e {
            case .move(let p):
                current = p
                subpathStart = p
            case .line(let p):
                segs.append(.line(current, p))
                current = p
            case .quad(let c, let p):
                segs.append(.quad(current, c, p))
                current = p
            case .curve(let c1, let c2, let p):
                segs.append(CubicSegment(current, c1, c2, p))
                current = p
            case .close:
                segs.append(.line(current, subpathStart))
                current = subpathStart
            }
            if first == nil { first = segs.first?.p0 ?? current }
        }
        segments = segs
        startPoint = first ?? .zero
        var cumulative = [0.0]
        var tables: [[Double]] = []
        for s in segs {
            var table = [0.0]
            for k in 1...PathMeasure.tableSteps {
                let a = Double(k - 1) / Double(PathMeasure.tableSteps)
                let b = Double(k) / Double(PathMeasure.tableSteps)
                table.append(table[k - 1] + PathMeasure.length(of: s, from: a, to: b))
            }
            tables.append(table)
            cumulative.append(cumulative.last! + table.last!)
        }
        self.tables = tables
        cumulativeLengths = cumulative
    }

    public var length: Double { cumulativeLengths.last ?? 0 }

    static func length(of s: CubicSegment, from a: Double, to b: Double) -> Double {
        let rough = GaussLegendre.fixed(s.speed, a, b)
        return GaussLegendre.integrate(
            s.speed, a, b, tolerance: max(rough, 1e-300) * relativeTolerance)
    }

    /// Arc length of segment `i` from its start to parameter t ∈ [0, 1].
    func length(segment i: Int, to t: Double) -> Double {
        let steps = Double(PathMeasure.tableSteps)
        let k = min(PathMeasure.tableSteps - 1, max(0, Int(t * steps)))
        return tables[i][k] + PathMeasure.length(of: segments[i], from: Double(k) / steps, to: t)
    }

    /// The segment and its parameter at `distance` along the path, with `distance` clamped to
    /// [0, length] (callers extrapolate beyond the ends themselves). Zero-length segments are
    /// never chosen when a longer one exists.
    public func location(atLength distance: Double) -> (segment: Int, t: Double)? {
        guard !segments.isEmpty else { return nil }
        let total = length
        let s = min(max(distance, 0), total)
        var i = 0
        // The last segment whose start is at or before s and that has length.
        for j in segments.indices where cumulativeLengths[j] <= s && segmentLength(j) > 0 { i = j }
        let target = s - cumulativeLengths[i]
        let segLength = segmentLength(i)
        guard segLength > 0 else { return (i, 0) }
        return (i, parameter(segment: i, arcLength: min(target, segLength)))
    }

    public func segmentLength(_ i: Int) -> Double { cumulativeLengths[i + 1] - cumulativeLengths[i] }

    /// Solves s_i(t) = target with Newton steps kept inside a shrinking bracket.
    private func parameter(segment i: Int, arcLength target: Double) -> Double {
        let table = tables[i]
        let steps = PathMeasure.tableSteps
        var k = 0
        while k < steps - 1 && table[k + 1] < target { k += 1 }
        var lo = Double(k) / Double(steps)
        var hi = Double(k + 1) / Double(steps)
        let span = table[k + 1] - table[k]
        var t = span > 0 ? lo + (target - table[k]) / span * (hi - lo) : lo
        let parameterTolerance = 1e-12
        for _ in 0..<60 {
            let f = length(segment: i, to: t) - target
            if f > 0 { hi = t } else { lo = t }
            let speed = segments[i].speed(at: t)
            var next = speed > 0 ? t - f / speed : (lo + hi) / 2
            if !(next > lo && next < hi) { next = (lo + hi) / 2 }
            if abs(next - t) < parameterTolerance { return next }
            t = next
        }
        return t
    }
}
