import InbetweenEngine

/// CAShapeLayer's `strokeStart` and `strokeEnd`: the part of the path stroked, as fractions of
/// its whole length measured along every subpath in order (a `close` counts as the line back
/// to the subpath's start). Only that part is stroked, its ends capped; the fill is the whole
/// path's.
enum PathTrim {
    /// The pieces of `path` between `start` and `end` (each clamped to [0, 1]), as cubic
    /// segments; `true` in the pair starts a new piece (a pen lift: the trim's start, or a
    /// new subpath). Empty when end ≤ start.
    static func pieces(of path: Path, start: Double, end: Double) -> [(newPiece: Bool, segment: CubicSegment)]
    {
        let s0 = min(max(start, 0), 1)
        let s1 = min(max(end, 0), 1)
        guard s1 > s0 else { return [] }
        let measure = path.measure()
        let total = measure.length
        guard total > 0 else { return [] }
        // Which segments begin a subpath: PathMeasure makes one segment of every element but
        // a move, in order.
        var startsSubpath: [Bool] = []
        var afterMove = true
        for e in path.elements {
            if case .move = e {
                afterMove = true
                continue
            }
            startsSubpath.append(afterMove)
            afterMove = false
        }
        let from = s0 * total
        let to = s1 * total
        var out: [(Bool, CubicSegment)] = []
        var penDown = false
        for (i, segment) in measure.segments.enumerated() {
            let a = measure.cumulativeLengths[i]
            let b = measure.cumulativeLengths[i + 1]
            if startsSubpath[i] { penDown = false }
            guard b > from && a < to && b > a else { continue }
            let ta = from > a ? parameter(measure, i, from) : 0
            let tb = to < b ? parameter(measure, i, to) : 1
            out.append((!penDown, segment.portion(from: ta, to: tb)))
            penDown = true
        }
        return out
    }

    private static func parameter(_ m: PathMeasure, _ segment: Int, _ distance: Double) -> Double {
        guard let (i, t) = m.location(atLength: distance), i == segment else {
            // The distance falls at this segment's very end or start (rounding): clamp.
            return distance - m.cumulativeLengths[segment] > m.segmentLength(segment) / 2 ? 1 : 0
        }
        return t
    }
}

extension CubicSegment {
    /// The curve between parameters a ≤ b, as a cubic of its own (de Casteljau's split at b,
    /// then the first part split at a / b).
    func portion(from a: Double, to b: Double) -> CubicSegment {
        let first = b < 1 ? split(at: b).0 : self
        guard a > 0, b > 0 else { return first }
        return first.split(at: a / b).1
    }

    func split(at t: Double) -> (CubicSegment, CubicSegment) {
        func mix(_ p: Point, _ q: Point) -> Point { Point(p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t) }
        let p01 = mix(p0, p1)
        let p12 = mix(p1, p2)
        let p23 = mix(p2, p3)
        let a = mix(p01, p12)
        let b = mix(p12, p23)
        let m = mix(a, b)
        return (CubicSegment(p0, p01, a, m), CubicSegment(m, b, p23, p3))
    }
}
