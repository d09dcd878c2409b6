/// Every kind of value an animation can drive. Interpolation is component-wise and never
/// clamped (back and elastic easings overshoot).
///
/// Transforms are the exception to "component-wise": like Core Animation, a whole-matrix
/// `transform` is interpolated through its decomposition (translation, scale, rotation; see
/// `Transform3D+Decomposition.swift`) so that identity → rotate(π/2) turns instead of shrinking
/// through a degenerate matrix. `add` concatenates matrices (what an additive or `byValue`
/// transform means) and `subtract` undoes that concatenation.
public enum Value: Hashable, Sendable {
    case scalar(Double)
    case point(Point)
    case size(Size)
    case rect(Rect)
    case color(Color)
    case transform(Transform3D)
    case vector([Double])
    case path(Path)
    /// A list of values of one kind, as CAGradientLayer's `colors` and `locations` are NSArrays
    /// (see `Value+Array.swift`): element by element when the counts match, a discrete
    /// switch at the midpoint when they do not.
    case array([Value])

    /// a + (b - a) * t, component-wise; throws when the two values are of different kinds or
    /// shapes (paths with different element structure, vectors of different lengths).
    public static func interpolate(_ a: Value, _ b: Value, _ t: Double) throws -> Value {
        // The fixed-size kinds without arrays (this runs for every animated track of every
        // frame); the same a + (b - a) * t per component as the general path below.
        switch (a, b) {
        case (.scalar(let x), .scalar(let y)): return .scalar(lerp(x, y, t))
        case (.point(let p), .point(let q)): return .point(Point(x: lerp(p.x, q.x, t), y: lerp(p.y, q.y, t)))
        case (.size(let p), .size(let q)):
            return .size(Size(width: lerp(p.width, q.width, t), height: lerp(p.height, q.height, t)))
        case (.rect(let p), .rect(let q)):
            return .rect(
                Rect(
                    x: lerp(p.origin.x, q.origin.x, t), y: lerp(p.origin.y, q.origin.y, t),
                    width: lerp(p.size.width, q.size.width, t),
                    height: lerp(p.size.height, q.size.height, t)))
        case (.color(let p), .color(let q)):
            return .color(
                Color(
                    red: lerp(p.red, q.red, t), green: lerp(p.green, q.green, t),
                    blue: lerp(p.blue, q.blue, t), alpha: lerp(p.alpha, q.alpha, t)))
        default: break
        }
        if let switched = discreteArraySwitch(a, b, t) { return switched }
        try requireSameShape(a, b, operation: "interpolate")
        if case .transform(let ta) = a, case .transform(let tb) = b {
            return .transform(Transform3D.interpolate(ta, tb, t))
        }
        let ca = a.components
        let cb = b.components
        var out = [Double](repeating: 0, count: ca.count)
        for i in ca.indices { out[i] = ca[i] + (cb[i] - ca[i]) * t }
        return try a.withComponents(out)
    }

    @inline(__always)
    private static func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }

    /// a + b component-wise (additive / cumulative / byValue animations).
    public static func add(_ a: Value, _ b: Value) throws -> Value {
        switch (a, b) {
        case (.scalar(let x), .scalar(let y)): return .scalar(x + y)
        case (.point(let p), .point(let q)): return .point(Point(x: p.x + q.x, y: p.y + q.y))
        default: break
        }
        try requireSameShape(a, b, operation: "add")
        if case .transform(let ta) = a, case .transform(let tb) = b {
            // Apply `a` first, then `b`: an additive transform animation stacks on the model.
            return .transform(ta.concatenating(tb))
        }
        return try combine(a, b) { $0 + $1 }
    }

    /// b - a component-wise.
    public static func subtract(_ b: Value, _ a: Value) throws -> Value {
        switch (b, a) {
        case (.scalar(let x), .scalar(let y)): return .scalar(x - y)
        case (.point(let p), .point(let q)): return .point(Point(x: p.x - q.x, y: p.y - q.y))
        default: break
        }
        try requireSameShape(a, b, operation: "subtract")
        if case .transform(let ta) = a, case .transform(let tb) = b {
            // The d with a·d = b, so that add(a, subtract(b, a)) == b.
            return .transform(try ta.inverted().concatenating(tb))
        }
        return try combine(b, a) { $0 - $1 }
    }

    /// Euclidean distance between the component vectors (paced keyframe animation).
    /// Transforms measure the distance between their 16 matrix entries.
    public static func distance(_ a: Value, _ b: Value) throws -> Double {
        try requireSameShape(a, b, operation: "measure the distance between")
        let ca = a.components
        let cb = b.components
        var sum = 0.0
        for i in ca.indices { sum += (cb[i] - ca[i]) * (cb[i] - ca[i]) }
        return sum.squareRoot()
    }

    /// The value's numbers in a fixed order (what outputs write per frame): scalar; x, y;
    /// width, height; x, y, width, height; r, g, b, a; m11...m44 row by row; the vector; every
    /// point of a path in element order (x, y pairs; control points before end points).
    public var components: [Double] {
        switch self {
        case .scalar(let v): return [v]
        case .point(let p): return [p.x, p.y]
        case .size(let s): return [s.width, s.height]
        case .rect(let r): return [r.origin.x, r.origin.y, r.size.width, r.size.height]
        case .color(let c): return [c.red, c.green, c.blue, c.alpha]
        case .transform(let t): return t.m
        case .vector(let v): return v
        case .path(let p): return p.points.flatMap { [$0.x, $0.y] }
        case .array(let items): return items.flatMap(\.components)
        }
    }

    private static func combine(
        _ a: Value, _ b: Value, _ op: (Double, Double) -> Double
    ) throws -> Value {
        let ca = a.components
        let cb = b.components
        var out = [Double](repeating: 0, count: ca.count)
        for i in ca.indices { out[i] = op(ca[i], cb[i]) }
        return try a.withComponents(out)
    }
}
