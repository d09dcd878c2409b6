/// One drawing segment of a path as a cubic Bézier. Lines and quadratics are raised to cubics
/// exactly: a line's control points at 1/3 and 2/3 keep B(t) = p0 + (p3 - p0)·t, and a
/// quadratic's are p0 + 2/3(c - p0) and p3 + 2/3(c - p3) (degree elevation), so
/// `point(at:)` is the original element's own parametrisation.
public struct CubicSegment: Hashable, Sendable {
    public var p0: Point, p1: Point, p2: Point, p3: Point

    public init(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) {
        self.p0 = p0
        self.p1 = p1
        self.p2 = p2
        self.p3 = p3
    }

    public static func line(_ a: Point, _ b: Point) -> CubicSegment {
        CubicSegment(a, lerp(a, b, 1.0 / 3), lerp(a, b, 2.0 / 3), b)
    }

    public static func quad(_ a: Point, _ c: Point, _ b: Point) -> CubicSegment {
        CubicSegment(a, lerp(a, c, 2.0 / 3), lerp(b, c, 2.0 / 3), b)
    }

    /// B(t) in Bernstein form; defined for every t (extrapolates outside [0, 1]).
    public func point(at t: Double) -> Point {
        let u = 1 - t
        let b0 = u * u * u
        let b1 = 3 * u * u * t
        let b2 = 3 * u * t * t
        let b3 = t * t * t
        return Point(
            x: b0 * p0.x + b1 * p1.x + b2 * p2.x + b3 * p3.x,
            y: b0 * p0.y + b1 * p1.y + b2 * p2.y + b3 * p3.y)
    }

    /// B'(t) = 3[(1-t)²(p1-p0) + 2(1-t)t(p2-p1) + t²(p3-p2)].
    public func derivative(at t: Double) -> Point {
        let u = 1 - t
        let a = 3 * u * u
        let b = 6 * u * t
        let c = 3 * t * t
        return Point(
            x: a * (p1.x - p0.x) + b * (p2.x - p1.x) + c * (p3.x - p2.x),
            y: a * (p1.y - p0.y) + b * (p2.y - p1.y) + c * (p3.y - p2.y))
    }

    /// |B'(t)|, the integrand of arc length.
    func speed(at t: Double) -> Double {
        let d = derivative(at: t)
        return (d.x * d.x + d.y * d.y).squareRoot()
    }

    /// Direction of travel at t. Where B' vanishes (a control point on its end point), the
    /// direction is the limit of B' from inside the segment, found a step inside; if the
    /// whole segment is one point, the chord (zero) gives nil.
    func direction(at t: Double) -> Point? {
        let insideStep = 1e-6
        for probe in [t, t < 0.5 ? t + insideStep : t - insideStep] {
            let d = derivative(at: probe)
            if (d.x * d.x + d.y * d.y).squareRoot() > 1e-12 * (1 + extent) { return d }
        }
        let chord = Point(x: p3.x - p0.x, y: p3.y - p0.y)
        return chord == .zero ? nil : chord
    }

    private var extent: Double {
        [p0, p1, p2, p3].map { max(abs($0.x), abs($0.y)) }.max() ?? 0
    }

    /// Parameters in (0, 1) where x'(t) or y'(t) is zero: the curve's extremes, for bounds.
    func extremaParameters() -> [Double] {
        var ts: [Double] = []
        for axis in 0..<2 {
            let v = [p0, p1, p2, p3].map { axis == 0 ? $0.x : $0.y }
            // B'(t)/3 = a t² + b t + c with these coefficients.
            let a = -v[0] + 3 * v[1] - 3 * v[2] + v[3]
            let b = 2 * (v[0] - 2 * v[1] + v[2])
            let c = v[1] - v[0]
            ts += quadraticRoots(a, b, c)
        }
        return ts.filter { $0 > 0 && $0 < 1 }
    }
}

func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point {
    Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
}

/// Real roots of a t² + b t + c, treating a tiny leading coefficient as a linear equation.
func quadraticRoots(_ a: Double, _ b: Double, _ c: Double) -> [Double] {
    let scale = max(abs(a), abs(b), abs(c))
    guard scale > 0 else { return [] }
    if abs(a) < 1e-12 * scale { return abs(b) > 0 ? [-c / b] : [] }
    let disc = b * b - 4 * a * c
    if disc < 0 { return [] }
    let r = disc.squareRoot()
    return [(-b + r) / (2 * a), (-b - r) / (2 * a)]
}
