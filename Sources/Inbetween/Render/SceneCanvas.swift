import CCairo
import InbetweenEngine

/// The picture frames are drawn into: a Cairo ARGB32 image surface (premultiplied alpha,
/// native-endian 32-bit pixels), cleared to the background and drawn layer by layer in
/// Core Animation's order, then read out as straight RGBA.
final class SceneCanvas {
    let width: Int
    let height: Int
    /// Pixels per point.
    let scale: Double
    let background: RenderOptions.Background
    let surface: OpaquePointer
    let cr: OpaquePointer

    init(width: Int, height: Int, scale: Double, background: RenderOptions.Background) {
        self.width = width
        self.height = height
        self.scale = scale
        self.background = background
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        cr = cairo_create(surface)
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// Clears to the background and draws `layers` (in scene order) back to front: by
    /// zPosition, and among equal ones in the order they were made, as Core Animation sorts
    /// the sublayers of a flat layer (and the preview page stacks them).
    func draw(_ layers: [LayerSnapshot]) {
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        switch background {
        case .transparent: cairo_set_source_rgba(cr, 0, 0, 0, 0)
        case .color(let c): cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
        }
        cairo_paint(cr)
        cairo_restore(cr)
        let order = layers.indices.sorted {
            (layers[$0].zPosition, $0) < (layers[$1].zPosition, $1)
        }
        let toPixels = Projection.scale(scale)
        for i in order {
            LayerPainter(layer: layers[i]).paint(into: self, sceneToPixels: toPixels)
        }
        cairo_surface_flush(surface)
    }

    /// The picture as straight RGBA, rows top to bottom. Cairo keeps premultiplied pixels; each
    /// channel is divided back by alpha, rounded to nearest (as Cairo's own PNG writer does,
    /// `unpremultiply_data` in cairo-png.c: (c·255 + a/2) / a).
    func rgba() -> [UInt8] {
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return [] }
        var out = [UInt8](repeating: 0, count: width * height * 4)
        out.withUnsafeMutableBufferPointer { dst in
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let p = row[x]
                    let a = p >> 24
                    let k = (y * width + x) * 4
                    guard a != 0 else { continue }
                    var r = (p >> 16) & 0xff
                    var g = (p >> 8) & 0xff
                    var b = p & 0xff
                    if a != 255 {
                        r = (r * 255 + a / 2) / a
                        g = (g * 255 + a / 2) / a
                        b = (b * 255 + a / 2) / a
                    }
                    dst[k] = UInt8(truncatingIfNeeded: r)
                    dst[k + 1] = UInt8(truncatingIfNeeded: g)
                    dst[k + 2] = UInt8(truncatingIfNeeded: b)
                    dst[k + 3] = UInt8(truncatingIfNeeded: a)
                }
            }
        }
        return out
    }
}
