import Foundation

/// An easing drawn as a path: SVG path data read as y over x (GSAP's CustomEase takes the same
/// data from its editor), evaluated exactly — each piece is solved for x, never sampled.
///
/// Normalisation follows CustomEase 3 (`setData` and `_normalize` in gsap/src/CustomEase.js):
/// - four numbers alone are `cubic-bezier(x1, y1, x2, y2)` (see `TimingFunction.path`);
/// - a path that already runs from x = 0 to x = 1 is used as it is (y up, the easing's space);
/// - otherwise it is taken to be drawn in SVG's y-down space and mapped: x from its start to
///   its end onto [0, 1]; y so that `originY` (default: the lower on screen of the start and end,
///   max(y_start, y_end)) maps to 0 and the end maps to 1 — or, when the start and end y are
///   within 1% of the x extent of each other (an easing that returns to where it began), the
///   lowest anchor (smallest y) maps to 1; `height` replaces that divisor (y' = (originY − y) /
///   height). A path whose y then has no extent is scaled by the x scale.
///
/// Where CustomEase samples a lookup table (about 1e-3 off at its default precision), each
/// piece here is solved for x by safeguarded Newton iteration to the last bit (|Δs| ≤ 1e-15),
/// so values are exact to rounding. Where CustomEase drops points that run backwards in x and
/// leaves a jump, a piece whose x runs backwards is an error naming it. Vertical pieces (x
/// constant) are jumps: at their x the value after the jump holds, as with `steps()`. Inputs
/// outside [0, 1] continue along the end tangents (a vertical end tangent holds the end value).
public struct PathEasing: Sendable {
    struct Piece: Sendable {
        var geometry: SVGPathData.Piece.Geometry
        /// Normalised x at the piece's start and end.
        var x0: Double
        var x1: Double
    }

    /// The path data as given.
    public let data: String
    let pieces: [Piece]
    /// Normalised = (raw + t) · s, per axis.
    let tx: Double, sx: Double, ty: Double, sy: Double

    /// - Parameters:
    ///   - data: SVG path data (`M0,0 C0.1,0.9 0.2,1 1,1`).
    ///   - height, originY: CustomEase's options for paths drawn in SVG space (see above).
    /// - Throws: `EngineError` naming the path for malformed data, a path with no x extent,
    ///   or a piece whose x runs backwards (naming the piece and its command).
    public init(_ data: String, height: Double? = nil, originY: Double? = nil) throws {
        self.data = data
        for (name, v) in [("height", height), ("originY", originY)] {
            if let v { try EngineError.requireFinite(v, name) }
        }
        if let height, height == 0 {
            throw EngineError(parameter: "height", value: height, rule: "must not be 0")
        }
        let parsed = try SVGPathData(data).pieces
        let start = PathEasing.point(parsed.first!.geometry, 0)
        let end = PathEasing.point(parsed.last!.geometry, 1)
        if start.x == 0 && end.x == 1 && height == nil && originY == nil {
            (tx, sx, ty, sy) = (0, 1, 0, 1)
        } else {
            guard end.x != start.x else {
                throw EngineError(
                    parameter: "path", value: "'\(data)'",
                    rule: "starts and ends at the same x (\(start.x)): an easing needs an x extent")
            }
            let origin = originY ?? max(start.y, end.y)
            tx = -start.x
            sx = 1 / (end.x - start.x)
            ty = -origin
            var divisor: Double
            if let height {
                divisor = -height
            } else if abs(end.y - start.y) < 0.01 * abs(end.x - start.x) {
                let anchors = [start.y] + parsed.map { PathEasing.point($0.geometry, 1).y }
                divisor = anchors.min()! - origin
            } else {
                divisor = end.y - origin
            }
            sy = divisor != 0 ? 1 / divisor : -sx
        }
        var pieces: [Piece] = []
        for piece in parsed {
            let p0 = PathEasing.point(piece.geometry, 0)
            let p1 = PathEasing.point(piece.geometry, 1)
            pieces.append(Piece(geometry: piece.geometry, x0: (p0.x + tx) * sx, x1: (p1.x + tx) * sx))
        }
        self.pieces = pieces
        for (piece, source) in zip(pieces, parsed) {
            if backwardsParameter(piece) != nil {
                // Report where x turns back and how far it falls: x at the ends and at the roots
                // of dx/ds, in order along the piece.
                let xs = ([0.0] + xTurns(piece) + [1.0]).map {
                    normalized(PathEasing.point(piece.geometry, $0)).x
                }
                let i = (0..<xs.count - 1).first { xs[$0 + 1] < xs[$0] } ?? 0
                throw EngineError(
                    parameter: "path", value: "'\(data)'",
                    rule: "segment \(source.number) (\(source.command)) runs backwards in x: it reaches x = "
                        + "\(Self.short(xs[i])), then falls back to \(Self.short(xs[(i + 1)...].min()!)) (normalised); "
                        + "an easing's x must never decrease")
            }
        }
    }

    /// y at x (normalised), exact to rounding.
    public func evaluate(_ x: Double) -> Double {
        let first = pieces[0]
        let last = pieces[pieces.count - 1]
        if x < first.x0 { return extrapolate(first, at: 0, x) }
        if x > last.x1 { return extrapolate(last, at: 1, x) }
        // The last piece starting at or before x: after a vertical piece (a jump) that is the
        // one after the jump.
        var lo = 0
        var hi = pieces.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if pieces[mid].x0 <= x { lo = mid } else { hi = mid - 1 }
        }
        let piece = pieces[lo]
        if piece.x1 == piece.x0 { return normalized(PathEasing.point(piece.geometry, 1)).y }
        return normalized(PathEasing.point(piece.geometry, solve(piece, x))).y
    }

    /// The parameter s in [0, 1] with x(s) = x: Newton's method kept inside a bracket that
    /// bisection shrinks whenever a Newton step would leave it (x(s) is non-decreasing).
    func solve(_ piece: Piece, _ x: Double) -> Double {
        var lo = 0.0
        var hi = 1.0
        var s = (x - piece.x0) / (piece.x1 - piece.x0)
        for _ in 0..<200 {
            let f = normalized(PathEasing.point(piece.geometry, s)).x - x
            if f == 0 { return s }
            if f < 0 { lo = s } else { hi = s }
            let d = PathEasing.derivative(piece.geometry, s).x * sx
            var next = s - f / d
            if !(d > 0) || !(next > lo && next < hi) { next = 0.5 * (lo + hi) }
            if abs(next - s) <= 1e-15 || hi - lo <= 1e-15 { return next }
            s = next
        }
        return s
    }

    /// Along the tangent at the end `s` (0 or 1) of `piece`.
    private func extrapolate(_ piece: Piece, at s: Double, _ x: Double) -> Double {
        let end = normalized(PathEasing.point(piece.geometry, s))
        let direction = tangent(piece.geometry, at: s)
        let dx = direction.x * sx
        let dy = direction.y * sy
        guard dx > 0 else { return end.y }
        return end.y + (x - end.x) * dy / dx
    }

    /// The direction the piece leaves (s = 0) or enters (s = 1) its end point: the derivative,
    /// or for a cubic whose control point coincides with the end, the next control point that
    /// does not (the limit of the derivative's direction).
    private func tangent(_ geometry: SVGPathData.Piece.Geometry, at s: Double) -> Point {
        switch geometry {
        case .arc(let arc): return arc.derivative(s)
        case .cubic(let c):
            let (from, candidates) = s == 0 ? (c.p0, [c.p1, c.p2, c.p3]) : (c.p3, [c.p2, c.p1, c.p0])
            for c in candidates where c != from {
                return s == 0
                    ? Point(x: c.x - from.x, y: c.y - from.y) : Point(x: from.x - c.x, y: from.y - c.y)
            }
            return Point(x: 1, y: 0)
        }
    }

    /// A parameter where the normalised x decreases, or nil when it never does. dx/ds is a
    /// quadratic in s for a cubic and a sinusoid for an arc: its minimum over [0, 1] lies at an
    /// end or where it turns.
    func backwardsParameter(_ piece: Piece) -> Double? {
        // Rounding in the control points of a straight or vertical piece must not count.
        let tolerance = 1e-12
        for s in [0.0, 1.0] + turningParameters(piece)
        where PathEasing.derivative(piece.geometry, s).x * sx < -tolerance {
            return s
        }
        return nil
    }

    /// The parameters in (0, 1) where dx/ds turns: the vertex of a cubic's quadratic
    /// derivative, an arc's `xDerivativeExtremes`.
    func turningParameters(_ piece: Piece) -> [Double] {
        switch piece.geometry {
        case .cubic(let c):
            let d0 = 3 * (c.p1.x - c.p0.x)
            let d1 = 3 * (c.p2.x - c.p1.x)
            let d2 = 3 * (c.p3.x - c.p2.x)
            let a = d0 - 2 * d1 + d2
            guard a != 0 else { return [] }
            let vertex = (d0 - d1) / a
            return vertex > 0 && vertex < 1 ? [vertex] : []
        case .arc(let arc):
            return arc.xDerivativeExtremes()
        }
    }

    /// The parameters in (0, 1) where dx/ds is zero, in order: the roots of a cubic's quadratic
    /// derivative d0·(1−s)² + 2·d1·(1−s)·s + d2·s², or an arc's angles θ = −α + kπ.
    func xTurns(_ piece: Piece) -> [Double] {
        switch piece.geometry {
        case .cubic(let c):
            let d0 = 3 * (c.p1.x - c.p0.x)
            let d1 = 3 * (c.p2.x - c.p1.x)
            let d2 = 3 * (c.p3.x - c.p2.x)
            let a = d0 - 2 * d1 + d2
            let b = 2 * (d1 - d0)
            let c = d0
            var roots: [Double]
            if a == 0 {
                roots = b != 0 ? [-c / b] : []
            } else {
                let disc = b * b - 4 * a * c
                guard disc >= 0 else { return [] }
                let r = disc.squareRoot()
                roots = [(-b - r) / (2 * a), (-b + r) / (2 * a)]
            }
            return roots.filter { $0 > 0 && $0 < 1 }.sorted()
        case .arc(let arc):
            return arc.xDerivativeZeros()
        }
    }

    func normalized(_ p: Point) -> Point { Point(x: (p.x + tx) * sx, y: (p.y + ty) * sy) }

    static func point(_ geometry: SVGPathData.Piece.Geometry, _ s: Double) -> Point {
        switch geometry {
        case .arc(let arc): return arc.point(s)
        case .cubic(let c): return c.point(at: s)  // exact at s = 0 and s = 1
        }
    }

    static func derivative(_ geometry: SVGPathData.Piece.Geometry, _ s: Double) -> Point {
        switch geometry {
        case .arc(let arc): return arc.derivative(s)
        case .cubic(let c): return c.derivative(at: s)
        }
    }

    private static func short(_ v: Double) -> String { String(format: "%.4g", v) }
}

extension TimingFunction {
    /// An easing from SVG path data (see `PathEasing`): `path(M0,0 C0.1,0.9 0.2,1 1,1)` in
    /// CSS-like strings, `timing.path(data, {height =, originY =})` in Lua. Four numbers alone
    /// are `cubic-bezier(x1, y1, x2, y2)`, as in CustomEase.
    public static func path(_ data: String, height: Double? = nil, originY: Double? = nil) throws
        -> TimingFunction
    {
        let numbers = data.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" || $0 == "\n" })
        if numbers.count == 4, height == nil, originY == nil {
            let values = numbers.compactMap { Double($0) }
            if values.count == 4 {
                return .cubic(try CubicBezier(values[0], values[1], values[2], values[3]))
            }
        }
        let easing = try PathEasing(data, height: height, originY: originY)
        return .custom(CustomTiming(name: "path(\(data))") { easing.evaluate($0) })
    }
}
