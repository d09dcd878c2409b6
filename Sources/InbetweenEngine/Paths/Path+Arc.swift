import Foundation

/// CGPathAddArc: a circular arc approximated by cubic Béziers of at most 90° each.
///
/// Each piece spanning θ uses control points on the end tangents at distance
/// k = (4/3)·tan(θ/4)·r, which puts the curve's midpoint on the circle; the largest radial
/// error of a 90° piece is about 2.7e-4·r (0.027 %), smaller pieces much less (it falls
/// with θ⁶). That is the error this approximation states.
extension Path {
    /// Largest angle covered by one cubic piece.
    static let maxArcPiece = Double.pi / 2

    /// Adds an arc of the circle at `center` with `radius` from `startAngle` to `endAngle`
    /// (radians, measured from +x toward +y). `clockwise: false` sweeps with increasing angle,
    /// `true` with decreasing angle (in a y-down, UIKit-flipped space this looks reversed, as
    /// it does with CGPath). Like CGPath: a line joins the current point to the arc's start,
    /// or a move starts the path when it is empty. A sweep that is a non-zero multiple of 2π
    /// draws the full circle; otherwise it is reduced into (0, 2π).
    public mutating func addArc(
        center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool
    ) throws {
        for (name, v) in [
            ("center.x", center.x), ("center.y", center.y), ("radius", radius),
            ("startAngle", startAngle), ("endAngle", endAngle),
        ] {
            try EngineError.requireFinite(v, name)
        }
        guard radius >= 0 else {
            throw EngineError(parameter: "radius", value: radius, rule: "must not be negative")
        }
        let sweep = Path.arcSweep(from: startAngle, to: endAngle, clockwise: clockwise)
        let start = Point(
            x: center.x + radius * cos(startAngle),
            y: center.y + radius * sin(startAngle))
        if currentPoint == nil { move(to: start) } else { line(to: start) }
        guard sweep != 0 else { return }
        // The 1e-9 keeps a sweep of exactly 90° (up to rounding) in one piece.
        let pieces = max(1, Int((abs(sweep) / Path.maxArcPiece - 1e-9).rounded(.up)))
        let step = sweep / Double(pieces)
        let k = 4.0 / 3.0 * tan(step / 4) * radius
        for i in 0..<pieces {
            let a0 = startAngle + step * Double(i)
            let a1 = a0 + step
            let p0 = Point(x: center.x + radius * cos(a0), y: center.y + radius * sin(a0))
            let p1 = Point(x: center.x + radius * cos(a1), y: center.y + radius * sin(a1))
            // Tangent direction at angle a is (-sin a, cos a); k carries the sweep's sign.
            curve(
                control1: Point(x: p0.x - k * sin(a0), y: p0.y + k * cos(a0)),
                control2: Point(x: p1.x + k * sin(a1), y: p1.y - k * cos(a1)),
                to: p1)
        }
    }

    /// Signed sweep: positive counter-clockwise (increasing angle), negative clockwise.
    static func arcSweep(from start: Double, to end: Double, clockwise: Bool) -> Double {
        let fullTurn = 2 * Double.pi
        let raw = clockwise ? start - end : end - start
        var sweep = raw.truncatingRemainder(dividingBy: fullTurn)
        if sweep < 0 { sweep += fullTurn }
        if sweep == 0 && raw != 0 { sweep = fullTurn }
        return clockwise ? -sweep : sweep
    }
}
