/// `functionWithControlPoints::::` — the curve from (0,0) to (1,1) with two control points.
///
/// The curve is B(t) = (x(t), y(t)) for t in [0, 1]; `solve(x)` finds the t with x(t) = x and
/// returns y(t). Because x1 and x2 lie in [0, 1], x(t) is non-decreasing, so that t is unique
/// (up to flat stretches, where any t gives the same point).
public struct CubicBezier: Hashable, Sendable {
    public let x1: Double, y1: Double, x2: Double, y2: Double

    // Power-basis coefficients: x(t) = ((ax·t + bx)·t + cx)·t, the same for y. Precomputed so
    // the hot path is three multiply-adds per evaluation.
    @usableFromInline let ax: Double, bx: Double, cx: Double
    @usableFromInline let ay: Double, by: Double, cy: Double
    /// Slopes used to extrapolate outside [0, 1] (see `init`).
    @usableFromInline let startGradient: Double, endGradient: Double
    /// y(t) = x(t) (x1 == y1 and x2 == y2, e.g. `linear`, (0,0,1,1)): the curve is y = x, and
    /// so are its extrapolations (every end-tangent case below gives slope 1). Returned exactly
    /// rather than through the solver's 1e-9.
    @usableFromInline let isIdentity: Bool
    /// The first guess of t(x) and the residual limits that certify one Newton step from it
    /// (CubicBezier+Guess.swift, CubicBezier+Solver.swift).
    @usableFromInline let guess: CubicBezierGuess

    /// Throws when an x lies outside [0, 1] or any value is not finite.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) throws {
        for (name, v) in [("x1", x1), ("y1", y1), ("x2", x2), ("y2", y2)] {
            try EngineError.requireFinite(v, name)
        }
        for (name, v) in [("x1", x1), ("x2", x2)] where !(0...1).contains(v) {
            // Outside [0, 1] x(t) may turn back, and the curve would no longer be a function.
            throw EngineError(parameter: name, value: v, rule: "x control points must lie in [0, 1]")
        }
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        // y control points near ±1.8e308 overflow 3·y1 and 3·(y2 − y1): each coefficient is
        // saturated to the largest finite double of its sign, as Chromium's CubicBezier does, so
        // the curve evaluates to finite values (ui/gfx/geometry/cubic_bezier_unittest.cc,
        // CubicBezierTest.ClampInfinityEvaluation: y1 and y2 of ±max give finite Solve, Slope
        // and samples). x1 and x2 lie in [0, 1], so the x coefficients cannot overflow.
        cy = clampToFinite(3 * y1)
        by = clampToFinite(3 * (y2 - y1) - cy)
        ay = clampToFinite(1 - cy - by)

        // End tangents, as WebKit's UnitBezier and Chromium's CubicBezier define them. At the
        // start (the end at (1,1) mirrors it with x2/y2 and 1 - x):
        // 1. x1 > 0: the tangent at (0,0) points at the first control point: y1 / x1.
        // 2. x1 == 0 and y1 == 0 (first control point on the end point) and x2 > 0: the
        //    tangent points at the other control point: y2 / x2.
        // 3. Both control points on (0,0) horizontally and vertically (y1 == y2 == 0, e.g.
        //    (0,0,0,0)): the curve degenerates to a line, slope 1.
        // 4. x1 == 0 but y1 != 0: the true tangent is vertical; an infinite slope cannot be
        //    extrapolated, so the slope is 0 (the curve holds its end value).
        // The gradients saturate too (y1 / x1 of 1.8e308 / 0.5), as the coefficients above.
        if x1 > 0 {
            startGradient = clampToFinite(y1 / x1)
        } else if y1 == 0 && x2 > 0 {
            startGradient = clampToFinite(y2 / x2)
        } else if y1 == 0 && y2 == 0 {
            startGradient = 1
        } else {
            startGradient = 0
        }
        if x2 < 1 {
            endGradient = clampToFinite((y2 - 1) / (x2 - 1))
        } else if y2 == 1 && x1 < 1 {
            endGradient = clampToFinite((y1 - 1) / (x1 - 1))
        } else if y2 == 1 && y1 == 1 {
            endGradient = 1
        } else {
            endGradient = 0
        }
        isIdentity = x1 == y1 && x2 == y2
        guess = CubicBezierGuess(ax: ax, bx: bx, cx: cx, ay: ay, by: by, cy: cy)
    }

    static func unchecked(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> CubicBezier {
        try! CubicBezier(x1, y1, x2, y2)
    }

    /// Control points 0...3 like `getControlPointAtIndex:values:`: (0,0), (x1,y1), (x2,y2), (1,1).
    public func controlPoint(at index: Int) -> Point? {
        switch index {
        case 0: return Point(0, 0)
        case 1: return Point(x1, y1)
        case 2: return Point(x2, y2)
        case 3: return Point(1, 1)
        default: return nil
        }
    }

    /// y for the given x; outside [0, 1] along the end tangents. Accurate to 1e-9 in y on [0, 1].
    @inlinable @inline(__always)
    public func solve(_ x: Double) -> Double {
        if isIdentity { return x }
        if x >= 0 && x <= 1 { return clampToFinite(sampleY(parameter(forX: x))) }
        if x < 0 { return clampToFinite(startGradient * x) }
        if x > 1 { return clampToFinite(1 + endGradient * (x - 1)) }
        return x  // NaN in, NaN out: not finite input.
    }

    /// dy/dx at x (Chromium's `Slope`); outside [0, 1] the extrapolation slope.
    public func slope(_ x: Double) -> Double {
        if x < 0 { return startGradient }
        if x > 1 { return endGradient }
        // NaN in, NaN out, as `solve`: the table guess would trap converting it to a cell.
        if x.isNaN { return x }
        let t = parameter(forX: x)
        let dx = sampleDerivativeX(t)
        // In units of the largest y coefficient: with y control points near ±1.8e308, 3·ay·t
        // and 2·by overflow to opposite infinities, whose sum is NaN; scaled, they stay within
        // 6, and the quotient is scaled back (and saturated) at the end.
        let scale = max(1, abs(ay), abs(by), abs(cy))
        let dy = (3 * (ay / scale) * t + 2 * (by / scale)) * t + cy / scale
        // Where x'(t) vanishes (x1 == 0 at t = 0, say) the slope is the ratio of the leading
        // terms; fall back to the extrapolation slope, which is that limit.
        if abs(dx) < CubicBezierSolver.minimumDerivative { return t < 0.5 ? startGradient : endGradient }
        return clampToFinite(dy / dx * scale)
    }

    @inlinable func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    @inlinable func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    @inlinable func sampleDerivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
}

/// Extrapolating far outside [0, 1] (x near ±1.8e308 times a slope above 1) could overflow to
/// infinity from a finite input; the engine promises finite outputs, so saturate instead.
@inlinable
func clampToFinite(_ v: Double) -> Double {
    v.isInfinite ? (v > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude) : v
}
