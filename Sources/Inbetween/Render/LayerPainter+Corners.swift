import CCairo
import Foundation
import InbetweenEngine

/// The rounded bounds with CALayer's corner styles: `maskedCorners` (which corners
/// `cornerRadius` rounds; the others stay square) and `cornerCurve` (circular: quarter
/// circles; continuous: Apple's smoother corner, whose curvature grows from the straight edge).
///
/// Corners by CACornerMask bit, with y down as the layer's coordinates are here (an iOS layer's
/// minY edge is its top): 1 minX-minY top left, 2 maxX-minY top right, 4 minX-maxY bottom left,
/// 8 maxX-maxY bottom right.
///
/// Apple does not publish the continuous curve. We draw the one PaintCode measured from iOS 7's
/// rounded rectangles and published ("Code for iOS 7 rounded rectangles", PaintCode blog, 2013,
/// https://www.paintcodeapp.com/news/code-for-ios-7-rounded-rectangles): per corner three cubic
/// Béziers joined by two short lines, leaving the straight edge 1.52866483 radii from the
/// corner instead of 1, with the radius held to min(width, height) / 2 / 1.52866483 so the
/// corners never meet. Their coordinates are symmetric about the corner's diagonal to 1e-6
/// radii; we use the first half and mirror it. iOS 13's `continuous` is said to be this
/// corner; nobody outside Apple can measure how closely, so we claim the published curve, not
/// Apple's pixels. A circular corner is drawn exactly as before (Cairo arcs).
extension LayerPainter {
    /// The continuous corner in radii, from the edge the path comes along: (distance back
    /// along that edge from the corner, distance along the edge it leaves by). Lines then
    /// cubics (two controls and an end), the second half the first mirrored.
    static let continuousCorner: [[Point]] = {
        let half: [[Point]] = [
            [Point(1.52866483, 0)],
            [Point(1.08849323, 0), Point(0.86840689, 0), Point(0.66993427, 0.06549600)],
            [Point(0.63149399, 0.07491100)],
            [Point(0.37282392, 0.16905899), Point(0.16905899, 0.37282392), Point(0.07491100, 0.63149399)],
        ]
        // The mirror: the same points with the two distances swapped, in reverse order.
        let mirrored: [[Point]] = [
            [Point(0.06549600, 0.66993427)],
            [Point(0, 0.86840689), Point(0, 1.08849323), Point(0, 1.52866483)],
        ]
        return half + mirrored
    }()

    /// How far a continuous corner reaches along each edge, in radii.
    static let continuousReach = 1.52866483

    /// The bounds' outline rounded by `r` at the corners `mask` names, circular or continuous.
    /// With every corner rounded and circular this is `roundedRect` exactly.
    static func styledRect(
        _ cr: OpaquePointer, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ r: Double,
        mask: Int, continuous: Bool
    ) {
        if mask & 15 == 15 && !continuous {
            roundedRect(cr, x, y, w, h, r)
            return
        }
        var (ax, ay) = (r, 0.0)
        cairo_user_to_device_distance(cr, &ax, &ay)
        guard r > 0, hypot(ax, ay).isFinite, mask & 15 != 0 else {
            cairo_rectangle(cr, x, y, w, h)
            return
        }
        var r = hypot(ax, ay) > widestArc ? r * (widestArc / hypot(ax, ay)) : r
        if continuous { r = min(r, min(w, h) / 2 / continuousReach) }
        // Clockwise from the top right, as `roundedRect`: each corner's point, the mask bit,
        // the direction the path arrives in and the one it leaves by, and the arc's start angle.
        let corners: [(Point, Int, Point, Point, Double)] = [
            (Point(x + w, y), 2, Point(1, 0), Point(0, 1), -.pi / 2),
            (Point(x + w, y + h), 8, Point(0, 1), Point(-1, 0), 0),
            (Point(x, y + h), 4, Point(-1, 0), Point(0, -1), .pi / 2),
            (Point(x, y), 1, Point(0, -1), Point(1, 0), .pi),
        ]
        cairo_new_sub_path(cr)
        for (c, bit, arrive, leave, start) in corners {
            guard mask & bit != 0 else {
                cairo_line_to(cr, c.x, c.y)
                continue
            }
            // A point (a back along the arriving edge, b along the leaving one), in radii.
            func at(_ p: Point) -> Point {
                Point(
                    c.x - p.x * r * arrive.x + p.y * r * leave.x, c.y - p.x * r * arrive.y + p.y * r * leave.y
                )
            }
            if continuous {
                for step in continuousCorner {
                    let q = step.map(at)
                    if q.count == 1 {
                        cairo_line_to(cr, q[0].x, q[0].y)
                    } else {
                        cairo_curve_to(cr, q[0].x, q[0].y, q[1].x, q[1].y, q[2].x, q[2].y)
                    }
                }
            } else {
                let centre = at(Point(1, 1))
                cairo_arc(cr, centre.x, centre.y, r, start, start + .pi / 2)
            }
        }
        cairo_close_path(cr)
    }
}
