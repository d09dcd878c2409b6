import CCairo
import Foundation
import InbetweenEngine

/// The conic gradient, evaluated per device pixel (Cairo has no conic pattern). At a point p of
/// the layer the angle is measured from the direction startPoint → endPoint, "increas[ing] in
/// the direction of rotation of positive x-axis towards positive y-axis" (CAGradientLayer.h),
/// which in the layer's y-down coordinates is clockwise on screen; the colour line's 0 to 1
/// is one whole turn. Each device pixel takes the colour at its centre, quantised to 8 bits
/// once (the error against the exact colour is under 1/255 per channel).
extension LayerPainter {
    static func paintConic(
        _ cr: OpaquePointer, _ stops: GradientStops, _ s: Point, _ e: Point, _ fade: Double,
        width: Double, height: Double
    ) {
        var ctm = cairo_matrix_t()
        cairo_get_matrix(cr, &ctm)
        var inverse = ctm
        guard cairo_matrix_invert(&inverse) == CAIRO_STATUS_SUCCESS else { return }
        guard let box = conicDeviceBox(cr) else { return }
        let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(box.w), Int32(box.h))!
        defer { cairo_surface_destroy(image) }
        guard cairo_surface_status(image) == CAIRO_STATUS_SUCCESS,
            let data = cairo_image_surface_get_data(image)
        else { return }
        let stride = Int(cairo_image_surface_get_stride(image))
        let zero = atan2(e.y - s.y, e.x - s.x)
        let turn = 2 * Double.pi
        for row in 0..<box.h {
            let pixels = (data + row * stride).withMemoryRebound(to: UInt32.self, capacity: box.w) { $0 }
            for col in 0..<box.w {
                var x = Double(box.x + col) + 0.5
                var y = Double(box.y + row) + 0.5
                cairo_matrix_transform_point(&inverse, &x, &y)
                var a = atan2(y - s.y, x - s.x) - zero
                a -= turn * (a / turn).rounded(.down)
                pixels[col] = premultipliedARGB(stops.color(at: a / turn), fade)
            }
        }
        cairo_surface_mark_dirty(image)
        // From the layer's coordinates to the image's pixels: the device's, moved to the box.
        var toImage = cairo_matrix_t()
        var shift = cairo_matrix_t()
        cairo_matrix_init_translate(&shift, -Double(box.x), -Double(box.y))
        cairo_matrix_multiply(&toImage, &ctm, &shift)
        let pattern = cairo_pattern_create_for_surface(image)!
        cairo_pattern_set_matrix(pattern, &toImage)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_NEAREST)
        cairo_set_source(cr, pattern)
        cairo_paint(cr)
        cairo_pattern_destroy(pattern)
    }

    /// The device pixels the clip (the layer's shape, cut to the surface) covers.
    private static func conicDeviceBox(_ cr: OpaquePointer) -> (x: Int, y: Int, w: Int, h: Int)? {
        var x1 = 0.0
        var y1 = 0.0
        var x2 = 0.0
        var y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        var xs: [Double] = []
        var ys: [Double] = []
        for (px, py) in [(x1, y1), (x2, y1), (x1, y2), (x2, y2)] {
            var (dx, dy) = (px, py)
            cairo_user_to_device(cr, &dx, &dy)
            xs.append(dx)
            ys.append(dy)
        }
        // The clip lies within the surface, so the box is a frame's size at most; a limit
        // keeps a broken matrix from asking for more.
        let limit = Double(1 << 15)
        let x0 = max(xs.min()!.rounded(.down), -limit)
        let y0 = max(ys.min()!.rounded(.down), -limit)
        let xEnd = min(xs.max()!.rounded(.up), limit)
        let yEnd = min(ys.max()!.rounded(.up), limit)
        guard x0.isFinite, y0.isFinite, xEnd > x0, yEnd > y0 else { return nil }
        return (Int(x0), Int(y0), Int(xEnd - x0), Int(yEnd - y0))
    }

    /// Cairo's ARGB32: premultiplied, alpha in the top byte of a native-endian word.
    private static func premultipliedARGB(_ c: Color, _ fade: Double) -> UInt32 {
        func byte(_ v: Double) -> UInt32 { UInt32((min(max(v, 0), 1) * 255).rounded()) }
        let a = min(max(c.alpha * fade, 0), 1)
        return byte(a) << 24 | byte(c.red * a) << 16 | byte(c.green * a) << 8 | byte(c.blue * a)
    }
}
