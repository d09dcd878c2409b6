/// Tuning of `CubicBezier.parameter(forX:)`, named as WebKit's UnitBezier names its constants.
/// Computed properties, not stored `static let`s: the solver is inlined into other modules,
/// where a stored global would cost a lazy-initialisation check on every sample.
@usableFromInline
enum CubicBezierSolver {
    /// The fallback loop stops when |x(t) - x| is below this. x(t) is evaluated with an error of
    /// a few ulps (about 5e-16 near 1), so 1e-14 is reached in one step past the classic 1e-7.
    @inlinable static var newtonEpsilon: Double { 1e-14 }
    /// Quadratic convergence needs 3–5 steps from t = x for common curves; more means x'(t) is
    /// near zero (x1 == 0 or x2 == 1, or the (1,·,0,·) inflection) and Newton crawls.
    @inlinable static var maxNewtonIterations: Int { 8 }
    /// Below this x'(t) a Newton step is a division by (almost) zero.
    @inlinable static var minimumDerivative: Double { 1e-12 }
    /// Bisection on [0, 1] halves 53 times to reach one ulp; 64 is a safe bound.
    @inlinable static var maxBisectionIterations: Int { 64 }
    /// A bound on the rounding error of the computed x(t) - x: Horner's rule on coefficients
    /// with |ax| + |bx| + |cx| ≤ 13 (x1, x2 in [0, 1]) errs by at most 6·2⁻⁵³·13 ≈ 8.7e-15,
    /// plus half an ulp for the subtraction.
    @inlinable static var residualRoundingBound: Double { 1e-14 }
    /// The share of the 1e-9 accuracy goal the certified Newton step may use; the rest covers
    /// rounding in the step and in y(t).
    @inlinable static var certifiedYError: Double { 5e-10 }

    /// Safeguarded Newton on x(t) = ((ax·t + bx)·t + cx)·t from `start` inside the bracket
    /// [lo, hi] around the root: each step keeps the bracket (x(t) is non-decreasing), takes
    /// the Newton step when it stays inside and bisects otherwise; plain bisection when Newton
    /// has not converged after `maxNewtonIterations`.
    @usableFromInline @inline(never)
    static func safeguardedNewton(
        _ x: Double, from start: Double, _ low: Double, _ high: Double, _ ax: Double, _ bx: Double,
        _ cx: Double
    ) -> Double {
        var t = start
        var lo = low
        var hi = high
        for _ in 0..<maxNewtonIterations {
            let error = ((ax * t + bx) * t + cx) * t - x
            if abs(error) < newtonEpsilon { return t }
            if error < 0 { lo = t } else { hi = t }
            let derivative = (3 * ax * t + 2 * bx) * t + cx
            let next = t - error / derivative
            if abs(derivative) < minimumDerivative || !(next > lo && next < hi) {
                t = 0.5 * (lo + hi)
            } else {
                t = next
            }
        }
        // Bisection: slow but certain, for the rare curves where x'(t) ≈ 0 near the root.
        t = 0.5 * (lo + hi)
        for _ in 0..<maxBisectionIterations {
            let error = ((ax * t + bx) * t + cx) * t - x
            if abs(error) < newtonEpsilon { return t }
            if error < 0 { lo = t } else { hi = t }
            let mid = 0.5 * (lo + hi)
            if mid == t { break }
            t = mid
        }
        return t
    }
}

extension CubicBezier {
    /// The t in [0, 1] with x(t) = x, for x in [0, 1], such that |y(t) - y(t*)| ≤ 1e-9 for the
    /// exact root t*.
    ///
    /// Fast path: the table guess t0 (CubicBezierGuess) and its residual e = x(t0) - x. When
    /// |e| is under the cell's first limit, t0 is the answer; under the second, one Newton step
    /// t0 - e/x'(t0) is. Why both are accurate: the cell's stretch T of t holds both t0 and t*
    /// (CubicBezierGuess.init checks x at its ends); let D = min x', X2 = max |x''| and
    /// Y1 = max |y'| on T, and E = |e| + δ, where δ bounds the rounding of e, so
    /// E ≥ |x(t0) - x(t*)|.
    /// 1. Mean value theorem: |t0 - t*| ≤ E/D, so |y(t0) - y(t*)| ≤ Y1·E/D.
    /// 2. Taylor at t0: 0 = e + x'(t0)·(t* - t0) + x''(ξ)/2·(t* - t0)² with ξ in T, so the
    ///    exact Newton step errs by |t - t*| ≤ X2·(t0 - t*)²/(2·x'(t0)) ≤ X2·E²/(2·D³); the
    ///    rounded e adds δ/D. So |y(t) - y(t*)| ≤ Y1·(X2·E²/(2·D³) + δ/D).
    /// The limits are the |e| at which these bounds reach 5e-10, which leaves 5e-10 for
    /// rounding in the step and in y(t) (about 1e-14 for control values of moderate size).
    /// Otherwise (x' = 0 in the cell, where the guess is poor and the bounds useless) the
    /// safeguarded loop runs from t0 to |x(t) - x| < 1e-14, which the accuracy tests check at
    /// 1e-9 on random curves.
    ///
    /// Speed: for common curves nearly every x takes the first path, whose result t0 does not
    /// wait for the residual (the branch is predicted), so a sample costs the table lookup, the
    /// quintic and y(t0). Correcting t0 by the residual instead (a division-free Newton step)
    /// would make every y wait for x(t0): measured about 40% slower, for accuracy (1e-16
    /// instead of about 1e-10 for ease-in-out) beyond the 1e-9 promised. No allocation;
    /// everything stays in registers. Always inlined (as is the guess), the loop out of line:
    /// as calls they cost as much as the solving.
    @inlinable @inline(__always)
    func parameter(forX x: Double) -> Double {
        let (t0, guessLimit, newtonLimit) = guess.parameter(forX: x)
        let e = sampleX(t0) - x
        if abs(e) <= guessLimit { return t0 }
        if abs(e) <= newtonLimit { return min(max(t0 - e / sampleDerivativeX(t0), 0), 1) }
        // The ends exactly: where x' vanishes there, |x(t) - x| < 1e-14 leaves t off by ~1e-7.
        if x == 0 || x == 1 { return x }
        return CubicBezierSolver.safeguardedNewton(x, from: t0, 0, 1, ax, bx, cx)
    }
}
