/// A per-curve table of t(x) on an even grid of x, built once when the curve is made, so that
/// solving x(t) = x starts next to the root instead of at t = x (Firefox's nsSMILKeySpline and
/// WebKit's spline tables use the same idea with 11 linearly interpolated samples).
///
/// Each of the 32 cells [x_i, x_i+1] holds the quintic Hermite interpolant of t(x), which
/// matches t, dt/dx = 1/x' and d²t/dx² = -x''/x'³ at both nodes and so errs by O(h⁶): for
/// (0.42,0,0.58,1) under 5e-11 in t, close enough that most guesses need no Newton step at
/// all. The guess is clamped to [t_i, t_i+1], where the root lies. Cells where x' vanishes
/// (x1 = 0 at t = 0, x2 = 1 at t = 1, the (1,·,0,·) inflection) interpolate linearly.
///
/// Two residual limits per cell say how far |x(t0) - x| may be from zero for t0 itself, or for
/// one Newton step from it, to be accurate to 5e-10 in y (the argument is at
/// `CubicBezier.parameter(forX:)`). Layout, cell after cell: c0 … c5 of the quintic in
/// u = x·cellCount - i (Estrin's scheme below), the limit for t0, the limit for a Newton step;
/// then t = 1, so that cell i's upper clamp t_i+1 is always the next c0.
@usableFromInline package struct CubicBezierGuess: Hashable, Sendable {
    /// 32 cells: 257 doubles (2 KiB) per curve and 33 root solves when the curve is made.
    @inlinable static var cellCount: Int { 32 }
    @inlinable static var stride: Int { 8 }

    @usableFromInline let cells: [Double]

    /// Built node by node into the one array it keeps: the same numbers as with an array per
    /// step (nodes, each cell's coefficients, its limits, the extremes' candidates), which
    /// made about 100 allocations a curve, 64K instructions, and a worker makes nine curves
    /// before its first job (the presets and css.lua's keywords; callgrind).
    init(ax: Double, bx: Double, cx: Double, ay: Double, by: Double, cy: Double) {
        let n = Self.cellCount
        let h = 1 / Double(n)
        let x = { (t: Double) in ((ax * t + bx) * t + cx) * t }
        // t, and h·dt/dx and h²·d²t/dx² there: derivatives in u = x·cellCount - i.
        let node = { (i: Int) -> Hermite in
            let t =
                i == n
                ? 1
                : CubicBezierSolver.safeguardedNewton(Double(i) * h, from: Double(i) * h, 0, 1, ax, bx, cx)
            let (dx, ddx) = ((3 * ax * t + 2 * bx) * t + cx, 6 * ax * t + 2 * bx)
            return Hermite(value: t, slope: h / dx, curvature: -h * h * ddx / (dx * dx * dx))
        }
        var cells = [Double]()
        cells.reserveCapacity(Self.stride * n + 1)
        var low = node(0)
        for i in 0..<n {
            let high = node(i + 1)
            let c = Hermite.quintic(low, high)
            if c.0.isFinite && c.1.isFinite && c.2.isFinite && c.3.isFinite && c.4.isFinite && c.5.isFinite {
                cells.append(c.0)
                cells.append(c.1)
                cells.append(c.2)
                cells.append(c.3)
                cells.append(c.4)
                cells.append(c.5)
            } else {  // x' = 0 at a node
                cells.append(low.value)
                cells.append(high.value - low.value)
                for _ in 0..<4 { cells.append(0) }
            }
            // The stretch T of t that holds both t0 and the root for every x of the cell: the
            // nodes are only solved to a residual of 1e-14, so widen them until x at the ends
            // is certainly outside [x_i, x_i+1] (x is non-decreasing, so the root is inside).
            var limits = (guess: -1.0, newton: -1.0)  // -1: never certified, the loop runs
            var w = 1e-9
            while w < 1e-3 {
                let a = max(low.value - w, 0)
                let b = min(high.value + w, 1)
                let lowEnd = a == 0 || x(a) + CubicBezierSolver.residualRoundingBound < Double(i) * h
                let highEnd = b == 1 || x(b) - CubicBezierSolver.residualRoundingBound > Double(i + 1) * h
                if lowEnd && highEnd {
                    limits = Self.residualLimits(a, b, ax, bx, cx, ay, by, cy)
                    break
                }
                w *= 10
            }
            cells.append(limits.guess)
            cells.append(limits.newton)
            low = high
        }
        cells.append(1)
        self.cells = cells
    }

    /// The guess t0 for x in [0, 1] and the residual limits of its cell. Always inlined: as a
    /// call it costs as much as the rest of the solver.
    @inlinable @inline(__always)
    func parameter(forX x: Double) -> (t: Double, guessLimit: Double, newtonLimit: Double) {
        let scaled = x * Double(Self.cellCount)
        let cell = min(Int(scaled), Self.cellCount - 1)  // x = 1 is the end of the last cell
        let u = scaled - Double(cell)
        return cells.withUnsafeBufferPointer { c in
            // Wrapping arithmetic: cell is in 0..<cellCount, so nothing here can overflow, and
            // the checked forms cost about six instructions a sample (callgrind,
            // `InbetweenBench cubic`).
            let i = Self.stride &* cell
            // Estrin's scheme: independent pairs, so the multiplications overlap.
            let u2 = u * u
            let t =
                (c[i] + c[i &+ 1] * u) + u2
                * ((c[i &+ 2] + c[i &+ 3] * u) + u2 * (c[i &+ 4] + c[i &+ 5] * u))
            // max(t, c[i]) written as the comparison x86's maxsd makes: the same value for
            // every t that is not NaN (t never is), one instruction where `max`, which must
            // return t for a NaN c[i], took five.
            let low = c[i]
            return (min(t > low ? t : low, c[i &+ Self.stride]), c[i &+ 6], c[i &+ 7])
        }
    }

    /// The largest |x(t0) - x| for which t0 itself, and for which one Newton step from t0, is
    /// within 5e-10 of the exact y, for t0 and the root in [a, b]: with D = min x',
    /// X2 = max |x''| and Y1 = max |y'| on [a, b] and E = |e| + δ, t0 errs by at most Y1·E/D
    /// and the step by Y1·(X2·E²/(2·D³) + δ/D) (see `parameter(forX:)`); these solve both for
    /// |e|. -1 (never) where x' reaches 0.
    static func residualLimits(
        _ a: Double, _ b: Double, _ ax: Double, _ bx: Double, _ cx: Double, _ ay: Double, _ by: Double,
        _ cy: Double
    ) -> (guess: Double, newton: Double) {
        let delta = CubicBezierSolver.residualRoundingBound
        let target = CubicBezierSolver.certifiedYError
        let d = extremes(ofQuadratic: 3 * ax, 2 * bx, cx, on: a, b).min
        guard d > 0 else { return (-1, -1) }
        let x2 = max(abs(6 * ax * a + 2 * bx), abs(6 * ax * b + 2 * bx))  // x'' is linear
        let ySlope = extremes(ofQuadratic: 3 * ay, 2 * by, cy, on: a, b)
        let y1 = max(abs(ySlope.min), abs(ySlope.max))
        let guess = target * d / y1 - delta
        let budget = target / y1 - delta / d  // what the Newton error may use
        guard budget > 0 else { return (guess, -1) }
        if x2 == 0 { return (guess, .infinity) }  // x linear: Newton is exact
        return (guess, (2 * d * d * d * budget / x2).squareRoot() - delta)
    }

    /// min and max of p·t² + q·t + r on [a, b]: at the ends or at the vertex.
    /// (Compared in the order, and with the comparisons, of `Sequence.min()` and `max()` over
    /// the ends and the vertex, without the array they took.)
    static func extremes(ofQuadratic p: Double, _ q: Double, _ r: Double, on a: Double, _ b: Double)
        -> (min: Double, max: Double)
    {
        let atA = (p * a + q) * a + r
        let atB = (p * b + q) * b + r
        var low = atA
        var high = atA
        if atB < low { low = atB }
        if high < atB { high = atB }
        if p != 0 {
            let vertex = -q / (2 * p)
            if vertex > a && vertex < b {
                let atVertex = (p * vertex + q) * vertex + r
                if atVertex < low { low = atVertex }
                if high < atVertex { high = atVertex }
            }
        }
        return (low, high)
    }
}

/// A function's value and its first two derivatives at a node, in units of the cell (u).
struct Hermite {
    let value: Double, slope: Double, curvature: Double

    /// c0 … c5 of the quintic p(u) on [0, 1] with p, p' and p'' as given at u = 0 and u = 1.
    static func quintic(_ a: Hermite, _ b: Hermite) -> (Double, Double, Double, Double, Double, Double) {
        let step = b.value - a.value
        let (v0, v1, a0, a1) = (a.slope, b.slope, a.curvature, b.curvature)
        return (
            a.value, v0, a0 / 2,
            10 * step - 6 * v0 - 4 * v1 - (3 * a0 - a1) / 2,
            -15 * step + 8 * v0 + 7 * v1 + (3 * a0 - 2 * a1) / 2,
            6 * step - 3 * v0 - 3 * v1 - (a0 - a1) / 2
        )
    }
}
