/// Tuning of `CubicBezier.parameter(forX:)`, named as WebKit's UnitBezier names its constants.
@usableFromInline
enum CubicBezierSolver {
    /// Newton stops when |x(t) - x| is below this. x(t) is evaluated with an error of a few
    /// ulps (about 5e-16 near 1), so 1e-14 is reached in one step past the classic 1e-7 and
    /// leaves |Δy| ≤ |dy/dx|·1e-14, far inside the 1e-9 goal for any sane curve.
    @usableFromInline static let newtonEpsilon = 1e-14
    /// Quadratic convergence from t = x needs 3–5 steps for common curves; more means x'(t) is
    /// near zero (x1 == 0 or x2 == 1, or the (1,·,0,·) inflection) and Newton crawls.
    @usableFromInline static let maxNewtonIterations = 8
    /// Below this x'(t) a Newton step is a division by (almost) zero.
    @usableFromInline static let minimumDerivative = 1e-12
    /// Bisection on [0, 1] halves 53 times to reach one ulp; 64 is a safe bound.
    @usableFromInline static let maxBisectionIterations = 64
}

extension CubicBezier {
    /// The t in [0, 1] with x(t) = x, for x in [0, 1].
    ///
    /// Safeguarded Newton: each step keeps a bracket [lo, hi] around the root (x(t) is
    /// non-decreasing), takes the Newton step when it stays inside the bracket and bisects
    /// otherwise. Starting from t = x is exact for linear x(t) and close for common curves.
    /// No allocation; everything stays in registers.
    @inlinable
    func parameter(forX x: Double) -> Double {
        var t = x
        var lo = 0.0, hi = 1.0
        for _ in 0..<CubicBezierSolver.maxNewtonIterations {
            let error = sampleX(t) - x
            if abs(error) < CubicBezierSolver.newtonEpsilon { return t }
            if error < 0 { lo = t } else { hi = t }
            let derivative = sampleDerivativeX(t)
            let next = t - error / derivative
            if abs(derivative) < CubicBezierSolver.minimumDerivative || !(next > lo && next < hi) {
                t = 0.5 * (lo + hi)
            } else {
                t = next
            }
        }
        return bisect(x, lo, hi)
    }

    /// Plain bisection inside a bracket: slow but certain, for the rare curves where Newton
    /// did not converge (x'(t) ≈ 0 near the root).
    @usableFromInline
    func bisect(_ x: Double, _ low: Double, _ high: Double) -> Double {
        var lo = low, hi = high
        var t = 0.5 * (lo + hi)
        for _ in 0..<CubicBezierSolver.maxBisectionIterations {
            let error = sampleX(t) - x
            if abs(error) < CubicBezierSolver.newtonEpsilon { return t }
            if error < 0 { lo = t } else { hi = t }
            let mid = 0.5 * (lo + hi)
            if mid == t { break }
            t = mid
        }
        return t
    }
}
