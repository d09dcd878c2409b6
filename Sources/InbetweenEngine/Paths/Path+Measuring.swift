/// One-off geometry queries on a path. Each builds a `PathMeasure`; keep one yourself when
/// asking many questions of the same path.
extension Path {
    public func measure() -> PathMeasure { PathMeasure(self) }

    /// Drawing segments: every element except `move` (a `close` is a line back to the start).
    public var segmentCount: Int {
        elements.filter { if case .move = $0 { return false } else { return true } }.count
    }

    public var length: Double { measure().length }

    public func point(segment: Int, t: Double) -> Point { measure().point(segment: segment, t: t) }

    public func point(atLength distance: Double) -> Point { measure().point(atLength: distance) }

    public func tangentAngle(atLength distance: Double) -> Double {
        measure().tangentAngle(atLength: distance)
    }

    /// CGPath's `boundingBoxOfPath`: the smallest rectangle holding every point on the path
    /// (curve extremes included, off-curve control points not), and every move point; nil
    /// for an empty path (CGRect.null).
    public var boundingBox: Rect? {
        var xs: [Double] = []
        var ys: [Double] = []
        for e in elements {
            if case .move(let p) = e {
                xs.append(p.x)
                ys.append(p.y)
            }
        }
        for s in measure().segments {
            for t in [0, 1] + s.extremaParameters() {
                let p = s.point(at: t)
                xs.append(p.x)
                ys.append(p.y)
            }
        }
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max()
        else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
