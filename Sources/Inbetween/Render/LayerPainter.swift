import CCairo
import InbetweenEngine

/// Draws one layer as Core Animation composes a CALayer that is also a CAShapeLayer, in CA's
/// order: the shadow, the background
/// (rounded by `cornerRadius`), the content (the shape layer's path: filled, then stroked),
/// then the border on top, inside the bounds. The whole is one group faded by `opacity`
/// (group opacity, CALayer's `allowsGroupOpacity` default), so where the parts overlap the
/// layer is not see-through to itself.
struct LayerPainter {
    let layer: LayerSnapshot

    func paint(into canvas: SceneCanvas, sceneToPixels: Projection) {
        guard layer.opacity > 0 else { return }
        let map = Projection(layer.sceneMatrix).then(sceneToPixels)
        let cr = canvas.cr
        guard map.isAffine else {
            // Perspective: drawn in the layer's own surface and warped (ProjectiveWarp).
            return
        }
        guard map.determinant != 0 && map.determinant.isFinite else { return }
        let h = map.h
        var m = cairo_matrix_t()
        cairo_matrix_init(&m, h[0], h[1], h[3], h[4], h[6], h[7])
        cairo_save(cr)
        cairo_set_matrix(cr, &m)
        let grouped = layer.opacity < 1
        if grouped { cairo_push_group(cr) }
        drawParts(cr)
        if grouped {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, min(layer.opacity, 1))
        }
        cairo_restore(cr)
    }

    /// Background, content, border, in the layer's own coordinates (origin at the bounds' top
    /// left corner).
    func drawParts(_ cr: OpaquePointer) {
        let w = layer.bounds.size.width
        let h = layer.bounds.size.height
        let radius = LayerPainter.clampedRadius(layer.cornerRadius, w, h)
        if layer.backgroundColor.alpha > 0 && w > 0 && h > 0 {
            LayerPainter.roundedRect(cr, 0, 0, w, h, radius)
            LayerPainter.setColor(cr, layer.backgroundColor)
            cairo_fill(cr)
        }
        if !layer.path.elements.isEmpty {
            cairo_save(cr)
            cairo_translate(cr, -layer.bounds.origin.x, -layer.bounds.origin.y)
            LayerPainter.addPath(cr, layer.path)
            if layer.fillColor.alpha > 0 {
                LayerPainter.setColor(cr, layer.fillColor)
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
                cairo_fill_preserve(cr)
            }
            if layer.strokeColor.alpha > 0 && layer.lineWidth > 0 {
                LayerPainter.setColor(cr, layer.strokeColor)
                cairo_set_line_width(cr, layer.lineWidth)
                cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
                cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
                cairo_set_miter_limit(cr, max(layer.miterLimit, 1))
                cairo_stroke_preserve(cr)
            }
            cairo_new_path(cr)
            cairo_restore(cr)
        }
        let bw = min(layer.borderWidth, min(w, h) / 2)
        if bw > 0 && layer.borderColor.alpha > 0 {
            // Inside the bounds (CALayer's border is "inset from the bounds"): the ring between
            // the rounded bounds and the same inset by the width, whose corners keep the same
            // centres (radius − width, at least 0), as CSS draws an inner border edge.
            LayerPainter.roundedRect(cr, 0, 0, w, h, radius)
            LayerPainter.roundedRect(cr, bw, bw, w - 2 * bw, h - 2 * bw, max(radius - bw, 0))
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            LayerPainter.setColor(cr, layer.borderColor)
            cairo_fill(cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        }
    }

    // MARK: Cairo helpers

    /// Core Animation, like CSS, draws no corner wider than half the shorter side.
    static func clampedRadius(_ r: Double, _ w: Double, _ h: Double) -> Double {
        max(0, min(r, min(w, h) / 2))
    }

    static func setColor(_ cr: OpaquePointer, _ c: Color) {
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
    }

    /// A rectangle with circular corners of radius r (0: square corners).
    static func roundedRect(
        _ cr: OpaquePointer, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ r: Double
    ) {
        guard r > 0 else {
            cairo_rectangle(cr, x, y, w, h)
            return
        }
        cairo_new_sub_path(cr)
        cairo_arc(cr, x + w - r, y + r, r, -.pi / 2, 0)
        cairo_arc(cr, x + w - r, y + h - r, r, 0, .pi / 2)
        cairo_arc(cr, x + r, y + h - r, r, .pi / 2, .pi)
        cairo_arc(cr, x + r, y + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }

    /// The engine's path as Cairo's: quadratic segments raised to cubics (exactly: control
    /// points at 2/3 of the way to the quadratic's control point).
    static func addPath(_ cr: OpaquePointer, _ path: Path) {
        var current = Point.zero
        var start = Point.zero
        for e in path.elements {
            switch e {
            case .move(let p):
                cairo_move_to(cr, p.x, p.y)
                current = p
                start = p
            case .line(let p):
                cairo_line_to(cr, p.x, p.y)
                current = p
            case .quad(let c, let p):
                let c1 = Point(current.x + 2 / 3 * (c.x - current.x), current.y + 2 / 3 * (c.y - current.y))
                let c2 = Point(p.x + 2 / 3 * (c.x - p.x), p.y + 2 / 3 * (c.y - p.y))
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
                current = p
            case .curve(let c1, let c2, let p):
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
                current = p
            case .close:
                cairo_close_path(cr)
                current = start
            }
        }
    }
}
