import Foundation

/// An SVG elliptical arc in centre form: the points
/// (cx + rx·cos φ·cos θ − ry·sin φ·sin θ, cy + rx·sin φ·cos θ + ry·cos φ·sin θ) for θ from θ1
/// to θ1 + Δθ. Kept exact for path easings (no cubic approximation).
struct EllipticArc: Hashable, Sendable {
    var center: Point
    var rx: Double
    var ry: Double
    /// φ, the x-axis rotation, in radians.
    var rotation: Double
    var startAngle: Double
    var sweep: Double
    /// The end points as written, returned exactly at s = 0 and s = 1 (cos and sin would
    /// leave rounding there, and an easing must start and end where its path does).
    var from: Point
    var to: Point

    enum Made {
        case none, line
        case arc(EllipticArc)
    }

    /// SVG's endpoint form to centre form, following SVG 2's implementation notes B.2.4
    /// ("Conversion from endpoint to center parameterization") and B.2.5 (out-of-range radii):
    /// equal end points draw nothing; a zero radius draws a line; radii too small to reach the
    /// end point are scaled up by √Λ.
    static func make(
        from p1: Point, to p2: Point, rx rx0: Double, ry ry0: Double, rotationDegrees: Double,
        largeArc: Bool, sweep sweepFlag: Bool
    ) -> Made {
        if p1 == p2 { return .none }
        var rx = abs(rx0)
        var ry = abs(ry0)
        if rx == 0 || ry == 0 { return .line }
        let phi = rotationDegrees.truncatingRemainder(dividingBy: 360) * .pi / 180
        let c = cos(phi)
        let s = sin(phi)
        // Step 1: (x1', y1'), the start point in the ellipse's rotated frame, relative to the
        // chord's midpoint.
        let dx = (p1.x - p2.x) / 2
        let dy = (p1.y - p2.y) / 2
        let x1 = c * dx + s * dy
        let y1 = -s * dx + c * dy
        // B.2.5: Λ = x1'²/rx² + y1'²/ry² > 1 means the radii cannot span the chord.
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            rx *= lambda.squareRoot()
            ry *= lambda.squareRoot()
        }
        // Step 2: the centre in the rotated frame; the sign picks one of the two candidate
        // ellipses from the flags.
        let rx2 = rx * rx
        let ry2 = ry * ry
        let numerator = max(0, rx2 * ry2 - rx2 * y1 * y1 - ry2 * x1 * x1)
        let denominator = rx2 * y1 * y1 + ry2 * x1 * x1
        var k = (numerator / denominator).squareRoot()
        if largeArc == sweepFlag { k = -k }
        let cx1 = k * rx * y1 / ry
        let cy1 = -k * ry * x1 / rx
        // Step 3: back to the user frame.
        let center = Point(x: c * cx1 - s * cy1 + (p1.x + p2.x) / 2, y: s * cx1 + c * cy1 + (p1.y + p2.y) / 2)
        // Step 4: θ1 and Δθ from the unit vectors of the start and end points.
        let ux = (x1 - cx1) / rx
        let uy = (y1 - cy1) / ry
        let vx = (-x1 - cx1) / rx
        let vy = (-y1 - cy1) / ry
        let start = atan2(uy, ux)
        var delta = atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        if !sweepFlag && delta > 0 { delta -= 2 * .pi }
        if sweepFlag && delta < 0 { delta += 2 * .pi }
        return .arc(
            EllipticArc(
                center: center, rx: rx, ry: ry, rotation: phi, startAngle: start, sweep: delta,
                from: p1, to: p2))
    }

    /// The point at parameter s in [0, 1] (θ = θ1 + s·Δθ).
    func point(_ s: Double) -> Point {
        if s == 0 { return from }
        if s == 1 { return to }
        let theta = startAngle + s * sweep
        let c = cos(rotation)
        let sn = sin(rotation)
        let ct = cos(theta)
        let st = sin(theta)
        return Point(x: center.x + rx * c * ct - ry * sn * st, y: center.y + rx * sn * ct + ry * c * st)
    }

    /// d(point)/ds.
    func derivative(_ s: Double) -> Point {
        let theta = startAngle + s * sweep
        let c = cos(rotation)
        let sn = sin(rotation)
        let ct = cos(theta)
        let st = sin(theta)
        return Point(x: sweep * (-rx * c * st - ry * sn * ct), y: sweep * (-rx * sn * st + ry * c * ct))
    }

    /// The parameters in (0, 1) where dx/ds has a turning point (dx/ds is a sinusoid in θ,
    /// −Δθ·R·sin(θ + α), whose extremes sit where θ + α = π/2 + kπ): with the ends, the only
    /// places its minimum can be.
    func xDerivativeExtremes() -> [Double] { parameters(atAnglesPlusAlpha: Double.pi / 2) }

    /// The parameters in (0, 1), in order, where dx/ds is zero (θ + α = kπ).
    func xDerivativeZeros() -> [Double] { parameters(atAnglesPlusAlpha: 0) }

    /// The parameters in (0, 1), in order along the arc, of the angles θ = offset − α + kπ,
    /// where α = atan2(ry·sin φ, rx·cos φ) makes dx/dθ = −R·sin(θ + α).
    private func parameters(atAnglesPlusAlpha offset: Double) -> [Double] {
        let c = cos(rotation)
        let sn = sin(rotation)
        let alpha = atan2(ry * sn, rx * c)
        var out: [Double] = []
        let lo = min(startAngle, startAngle + sweep)
        let hi = max(startAngle, startAngle + sweep)
        var theta = offset - alpha
        theta -= ((theta - lo) / .pi).rounded(.down) * .pi
        while theta < hi {
            if theta > lo { out.append((theta - startAngle) / sweep) }
            theta += .pi
        }
        return sweep > 0 ? out : out.reversed()
    }
}
