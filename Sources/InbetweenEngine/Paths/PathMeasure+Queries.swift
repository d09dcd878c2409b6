import Foundation

/// Points and directions by distance along the path or by segment parameter.
extension PathMeasure {
    /// The point `distance` along the path. Beyond either end (an easing that overshoots) the
    /// point continues along the end tangent, so motion is never clamped.
    public func point(atLength distance: Double) -> Point {
        guard let (i, t) = location(atLength: distance) else { return startPoint }
        let p = segments[i].point(at: t)
        let overshoot = distance < 0 ? distance : distance > length ? distance - length : 0
        guard overshoot != 0, let d = segments[i].direction(at: t) else { return p }
        let n = (d.x * d.x + d.y * d.y).squareRoot()
        return Point(x: p.x + d.x / n * overshoot, y: p.y + d.y / n * overshoot)
    }

    /// Angle of the direction of travel (radians, atan2(dy, dx)) `distance` along the path;
    /// 0 for a path without extent.
    public func tangentAngle(atLength distance: Double) -> Double {
        guard let (i, t) = location(atLength: distance) else { return 0 }
        return tangentAngle(segment: i, t: t)
    }

    /// B_i(t) for drawing segment i; t outside [0, 1] extrapolates the curve.
    public func point(segment i: Int, t: Double) -> Point { segments[i].point(at: t) }

    /// Angle of B_i'(t); a degenerate segment borrows the nearest direction along the path.
    public func tangentAngle(segment i: Int, t: Double) -> Double {
        if let d = segments[i].direction(at: t) { return atan2(d.y, d.x) }
        for j in stride(from: i - 1, through: 0, by: -1) {
            if let d = segments[j].direction(at: 1) { return atan2(d.y, d.x) }
        }
        for j in segments.indices where j > i {
            if let d = segments[j].direction(at: 0) { return atan2(d.y, d.x) }
        }
        return 0
    }
}
