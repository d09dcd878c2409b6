import CCairo
import Foundation
import InbetweenEngine

/// CAGradientLayer's drawing: "a color gradient over its background color, filling the shape
/// of the layer" (Apple's CAGradientLayer reference), the shape including the rounded corners
/// (CAGradientLayer.h). `startPoint` and `endPoint` are in the unit coordinate space "mapped to
/// the layer's bounds rectangle when drawn" (the reference's startPoint page): (x, y) lands at
/// (x·width, y·height) in the layer's own coordinates, whose y grows downward as on iOS.
///
/// - axial: a Cairo linear pattern from startPoint to endPoint (exact but for Cairo's 8-bit
///   colour steps);
/// - radial: an ellipse centred at startPoint with radii |endPoint.x − startPoint.x|·width and
///   |endPoint.y − startPoint.y|·height (CAGradientLayer.h: width and height
///   "(endPoint.x - startPoint.x) * 2" and "(endPoint.y - startPoint.y) * 2"), a Cairo radial
///   pattern of the unit circle stretched onto it; a flat ellipse (a zero radius) leaves every
///   point outside it, in the last colour;
/// - conic: Cairo has no conic pattern, so it is evaluated per device pixel at the pixel's
///   centre (`conicImage`) and painted through the layer's shape: exact at the centres up to
///   8-bit rounding, with no anti-aliasing of the seam at 0°.
extension LayerPainter {
    var drawsGradient: Bool {
        !layer.colors.isEmpty && layer.bounds.size.width > 0 && layer.bounds.size.height > 0
    }

    func drawGradient(_ cr: OpaquePointer, radius: Double, fade: Double) {
        guard drawsGradient else { return }
        let w = layer.bounds.size.width
        let h = layer.bounds.size.height
        let stops = GradientStops(colors: layer.colors, locations: layer.locations)
        let s = Point(layer.startPoint.x * w, layer.startPoint.y * h)
        let e = Point(layer.endPoint.x * w, layer.endPoint.y * h)
        cairo_save(cr)
        LayerPainter.styledRect(
            cr, 0, 0, w, h, radius, mask: layer.maskedCorners, continuous: layer.cornerCurve == 1)
        cairo_clip(cr)
        switch layer.gradientType {
        case .axial: LayerPainter.paintAxial(cr, stops, s, e, fade)
        case .radial: LayerPainter.paintRadial(cr, stops, s, e, fade)
        case .conic: LayerPainter.paintConic(cr, stops, s, e, fade, width: w, height: h)
        }
        cairo_restore(cr)
    }

    private static func addStops(
        _ pattern: OpaquePointer, _ stops: GradientStops, lo: Double, hi: Double, _ fade: Double
    ) {
        for stop in stops.stops {
            let c = stop.color
            cairo_pattern_add_color_stop_rgba(
                pattern, (stop.offset - lo) / (hi - lo), c.red, c.green, c.blue, c.alpha * fade)
        }
    }

    static func paintAxial(
        _ cr: OpaquePointer, _ stops: GradientStops, _ s: Point, _ e: Point, _ fade: Double
    ) {
        // Stops past [0, 1] move the pattern's ends along the axis to where they fall.
        let (lo, hi) = stops.span
        let a = Point(s.x + lo * (e.x - s.x), s.y + lo * (e.y - s.y))
        let b = Point(s.x + hi * (e.x - s.x), s.y + hi * (e.y - s.y))
        let pattern = cairo_pattern_create_linear(a.x, a.y, b.x, b.y)!
        addStops(pattern, stops, lo: lo, hi: hi, fade)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(cr, pattern)
        cairo_paint(cr)
        cairo_pattern_destroy(pattern)
    }

    static func paintRadial(
        _ cr: OpaquePointer, _ stops: GradientStops, _ s: Point, _ e: Point, _ fade: Double
    ) {
        let rx = abs(e.x - s.x)
        let ry = abs(e.y - s.y)
        guard rx > 0 && ry > 0 && rx.isFinite && ry.isFinite else {
            setColor(cr, stops.stops.last!.color, fade)
            cairo_paint(cr)
            return
        }
        // No circle of negative radius: the stops from 0 on, out to the farthest.
        let from0 = stops.from(0)
        let hi = max(1, from0.stops.last!.offset)
        let pattern = cairo_pattern_create_radial(0, 0, 0, 0, 0, hi)!
        addStops(pattern, from0, lo: 0, hi: hi, fade)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        // The pattern's space is the ellipse's unit circle: ((x − cx)/rx, (y − cy)/ry).
        var m = cairo_matrix_t()
        cairo_matrix_init_scale(&m, 1 / rx, 1 / ry)
        cairo_matrix_translate(&m, -s.x, -s.y)
        cairo_pattern_set_matrix(pattern, &m)
        cairo_set_source(cr, pattern)
        cairo_paint(cr)
        cairo_pattern_destroy(pattern)
    }
}
