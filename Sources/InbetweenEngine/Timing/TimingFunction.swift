/// A function from input progress to output progress (CAMediaTimingFunction and CSS easing
/// functions). Defined for every finite x, not only [0, 1].
///
/// Only the combinator cases are `indirect`: a `.cubic` value is stored inline, so evaluating
/// it costs the enum switch and the solver, nothing more (the sampling benchmark compares
/// this path with a C solver).
public enum TimingFunction: Sendable {
    case cubic(CubicBezier)
    case steps(Steps)
    case piecewiseLinear(PiecewiseLinear)
    case custom(CustomTiming)
    /// 1 - f(1 - x): turns an "in" easing into its "out" form (Penner's easeOut from easeIn).
    indirect case reversed(TimingFunction)
    /// First half runs f, second half runs reversed(f): "in" -> "inOut".
    indirect case mirrored(TimingFunction)
    /// First half runs reversed(f), second half f: "in" -> "outIn".
    indirect case outIn(TimingFunction)

    /// Always inlined for `.cubic`, the common case (presets, CSS cubic-bezier), so that a
    /// caller's loop runs the solver without a call or a copy of the curve; the other cases
    /// (some of them recursive, which cannot be inlined) go through `evaluateOther`.
    @inlinable @inline(__always)
    public func callAsFunction(_ x: Double) -> Double {
        if case .cubic(let bezier) = self { return bezier.solve(x) }
        return evaluateOther(x)
    }

    @usableFromInline
    func evaluateOther(_ x: Double) -> Double {
        switch self {
        case .cubic(let bezier): return bezier.solve(x)
        case .steps(let steps): return steps.evaluate(x)
        case .piecewiseLinear(let linear): return linear.evaluate(x)
        case .custom(let custom): return custom.function(x)
        case .reversed(let f): return 1 - f(1 - x)
        // Doubling x can overflow near ±1.8e308; the inner argument is saturated so that a
        // finite input stays finite (see clampToFinite).
        case .mirrored(let f):
            // Each half is f squeezed into half the time and half the height:
            // x < 0.5: f(2x) / 2; x ≥ 0.5: 1/2 + reversed(f)(2x - 1) / 2 = 1 - f(2 - 2x) / 2.
            return x < 0.5 ? 0.5 * f(clampToFinite(2 * x)) : 1 - 0.5 * f(clampToFinite(2 - 2 * x))
        case .outIn(let f):
            // x < 0.5: reversed(f)(2x) / 2 = (1 - f(1 - 2x)) / 2; x ≥ 0.5: 1/2 + f(2x - 1) / 2.
            return x < 0.5 ? 0.5 * (1 - f(clampToFinite(1 - 2 * x))) : 0.5 + 0.5 * f(clampToFinite(2 * x - 1))
        }
    }

    /// Control points 0...3 like `getControlPointAtIndex:values:`; nil when the function is not
    /// a cubic Bézier or the index is outside 0...3.
    public func controlPoint(at index: Int) -> Point? {
        guard case .cubic(let bezier) = self else { return nil }
        return bezier.controlPoint(at: index)
    }

    /// `functionWithControlPoints::::`; throws for x outside [0, 1] or non-finite values.
    public static func cubic(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) throws -> TimingFunction
    {
        .cubic(try CubicBezier(x1, y1, x2, y2))
    }
}
