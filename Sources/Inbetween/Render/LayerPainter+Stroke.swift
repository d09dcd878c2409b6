import CCairo
import Foundation
import InbetweenEngine

/// The shape layer's path, filled then stroked, with CAShapeLayer's styles: `fillRule`
/// (non-zero or even-odd winding), `lineCap`, `lineJoin`, `miterLimit`, and the dash pattern
/// `lineDashPattern` started `lineDashPhase` into it. Cairo's caps, joins, rules and dashes
/// are PostScript's and PDF's, which Core Graphics draws by (CGContext's setLineDash: "how far
/// into the dash pattern the line starts"; PDF 32000-1 §8.4.3.6: the pattern restarts, the
/// phase applied again, at the start of every subpath).
extension LayerPainter {
    func drawPath(_ cr: OpaquePointer, fade: Double) {
        cairo_save(cr)
        cairo_translate(cr, -layer.bounds.origin.x, -layer.bounds.origin.y)
        LayerPainter.addPath(cr, layer.path)
        if layer.fillColor.alpha > 0 {
            LayerPainter.setColor(cr, layer.fillColor, fade)
            cairo_set_fill_rule(cr, layer.fillRule == 1 ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            cairo_fill_preserve(cr)
        }
        if layer.strokeColor.alpha > 0 && layer.lineWidth > 0 {
            LayerPainter.setColor(cr, layer.strokeColor, fade)
            cairo_set_line_width(cr, layer.lineWidth)
            setLineStyle(cr)
            if layer.strokeStart > 0 || layer.strokeEnd < 1 {
                cairo_new_path(cr)
                for (newPiece, c) in PathTrim.pieces(
                    of: layer.path, start: layer.strokeStart, end: layer.strokeEnd)
                {
                    if newPiece { cairo_move_to(cr, c.p0.x, c.p0.y) }
                    cairo_curve_to(cr, c.p1.x, c.p1.y, c.p2.x, c.p2.y, c.p3.x, c.p3.y)
                }
            }
            cairo_stroke_preserve(cr)
        }
        cairo_new_path(cr)
        cairo_restore(cr)
    }

    /// Caps, joins, miter limit and dashes. CGLineCap/CGLineJoin and Cairo's enums share their
    /// order (butt, round, square; miter, round, bevel), which `LayerStyles` keeps.
    private func setLineStyle(_ cr: OpaquePointer) {
        let caps = [CAIRO_LINE_CAP_BUTT, CAIRO_LINE_CAP_ROUND, CAIRO_LINE_CAP_SQUARE]
        let joins = [CAIRO_LINE_JOIN_MITER, CAIRO_LINE_JOIN_ROUND, CAIRO_LINE_JOIN_BEVEL]
        cairo_set_line_cap(cr, caps[min(max(layer.lineCap, 0), 2)])
        cairo_set_line_join(cr, joins[min(max(layer.lineJoin, 0), 2)])
        cairo_set_miter_limit(cr, max(layer.miterLimit, 1))
        // A pattern of zeros only is refused where it is set; one whose dashes are all far
        // below a device pixel would make Cairo walk the path in billions of steps, so a
        // pattern shorter than a hundredth of a device pixel in all is drawn solid.
        let pattern = layer.lineDashPattern
        guard !pattern.isEmpty else { return }
        var (ux, uy) = (1.0, 0.0)
        cairo_user_to_device_distance(cr, &ux, &uy)
        let total = pattern.reduce(0, +) * (pattern.count % 2 == 1 ? 2 : 1)
        guard total * hypot(ux, uy) >= 0.01, layer.lineDashPhase.isFinite else { return }
        pattern.withUnsafeBufferPointer {
            cairo_set_dash(cr, $0.baseAddress, Int32($0.count), layer.lineDashPhase)
        }
    }

    /// How far the stroke reaches past the path: half the line width, times the miter limit at
    /// a sharp miter join, times √2 at the corner of a square cap (half the width out along
    /// the path and half across it).
    var strokeReach: Double {
        let joinReach = layer.lineJoin == 0 ? max(layer.miterLimit, 1) : 1
        let capReach = layer.lineCap == 2 ? 2.0.squareRoot() : 1
        return layer.lineWidth / 2 * max(joinReach, capReach)
    }

    /// Whether the layer shows its back (Apple, CALayer.isDoubleSided: when false, "the layer
    /// hides its content when it faces away from the viewer"). It faces away when its plane
    /// reaches the screen mirrored: the map from its coordinates to the stage turns clockwise
    /// into counter-clockwise at its centre, the sign of the Jacobian det(H)/w³, as a
    /// rasterizer tells a polygon's back face by the sign of its area on the screen (OpenGL 4.6
    /// §14.6.1). A flip about the y axis (a card turned half over) is the common case.
    var facesAway: Bool {
        let h = plane.h
        let cx = layer.bounds.size.width / 2
        let cy = layer.bounds.size.height / 2
        let w = cx * h[2] + cy * h[5] + h[8]
        return plane.determinant * w < 0
    }
}
