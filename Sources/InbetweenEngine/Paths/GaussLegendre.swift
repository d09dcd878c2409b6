import Foundation

/// Adaptive Gauss–Legendre quadrature for arc length. A 16-point rule integrates polynomials
/// up to degree 31 exactly; |B'(t)| is smooth except near a cusp, where the adaptive halving
/// takes over. The nodes are computed once from Newton's method on the Legendre polynomial
/// P₁₆ (starting at cos(π(i − ¼)/(n + ½)), the classic first guess), so no table is copied.
enum GaussLegendre {
    static let order = 16
    /// Halvings allowed below a segment before accepting the estimate (2⁻³⁰ of a segment).
    static let maxDepth = 30

    static let rule: (nodes: [Double], weights: [Double]) = {
        let n = order
        var nodes: [Double] = []
        var weights: [Double] = []
        for i in 1...n {
            var x = cos(Double.pi * (Double(i) - 0.25) / (Double(n) + 0.5))
            var derivative = 0.0
            for _ in 0..<100 {
                // Three-term recurrence: k P_k = (2k − 1) x P_{k−1} − (k − 1) P_{k−2}.
                var p0 = 1.0
                var p1 = x
                for k in 2...n {
                    let p2 = (Double(2 * k - 1) * x * p1 - Double(k - 1) * p0) / Double(k)
                    p0 = p1
                    p1 = p2
                }
                derivative = Double(n) * (x * p1 - p0) / (x * x - 1)
                let dx = p1 / derivative
                x -= dx
                if abs(dx) < 1e-16 { break }
            }
            nodes.append(x)
            weights.append(2 / ((1 - x * x) * derivative * derivative))
        }
        return (nodes, weights)
    }()

    static func fixed(_ f: (Double) -> Double, _ a: Double, _ b: Double) -> Double {
        let half = (b - a) / 2
        let mid = (a + b) / 2
        var sum = 0.0
        for i in 0..<order { sum += rule.weights[i] * f(mid + half * rule.nodes[i]) }
        return sum * half
    }

    /// ∫ f over [a, b] to an absolute tolerance `tolerance`.
    static func integrate(_ f: (Double) -> Double, _ a: Double, _ b: Double, tolerance: Double)
        -> Double
    {
        refine(f, a, b, whole: fixed(f, a, b), tolerance: tolerance, depth: maxDepth)
    }

    private static func refine(
        _ f: (Double) -> Double, _ a: Double, _ b: Double, whole: Double, tolerance: Double,
        depth: Int
    ) -> Double {
        let m = (a + b) / 2
        let left = fixed(f, a, m)
        let right = fixed(f, m, b)
        // A sum that is infinite or NaN (control points near ±1.8e308 overflow the speed)
        // never meets the tolerance: halving would only walk the whole tree, 2^maxDepth
        // evaluations per query (a path animation ran for minutes). It stays what it is.
        if abs(left + right - whole) <= tolerance || depth == 0 || !(left + right).isFinite {
            return left + right
        }
        return refine(f, a, m, whole: left, tolerance: tolerance / 2, depth: depth - 1)
            + refine(f, m, b, whole: right, tolerance: tolerance / 2, depth: depth - 1)
    }
}
