import CCairo
import Foundation
import InbetweenEngine

/// A layer under perspective (a transform with `m34`, or any other entry that makes the
/// plane's map projective): Core Animation renders the layer flat and shows that picture
/// through the projection. So here: the layer is drawn into a surface of its own, in its own
/// coordinates at least as finely as it appears on screen, and every canvas pixel it may
/// cover is mapped back through the inverse projection and sampled there (bilinear, over
/// premultiplied pixels, so edges stay anti-aliased), then laid over the canvas.
///
/// The warp is done here in double precision rather than by pixman's projective image
/// transform: pixman's matrices are 16.16 fixed point, which leaves a perspective entry of
/// 1/500 (m34 = −1/500, the usual value) only three significant digits, an error of the
/// order of a pixel across a large layer.
enum ProjectiveWarp {
    /// The largest side of the layer's own surface, in pixels.
    static let maximumSide = 4096.0

    /// `throughCairo`: the warped pixels are made in a surface of their own and painted
    /// through the canvas's Cairo context, so that the clip and the opacity group in effect
    /// apply (a flat scene writes them straight into the canvas, as it always has).
    static func paint(
        _ painter: LayerPainter, map: Projection, into canvas: SceneCanvas, throughCairo: Bool = false
    ) {
        // A layer whose box is not finite (bounds near 1e308 grown by a shadow's reach) has no
        // picture of its own to warp.
        guard let inverse = map.inverse, let extent = painter.drawnExtent(),
            extent.size.width > 0, extent.size.height > 0, extent.size.width.isFinite,
            extent.size.height.isFinite, extent.origin.x.isFinite, extent.origin.y.isFinite
        else { return }
        // Where the layer's box lands, and how much the projection magnifies it there: the
        // longest of its four sides on screen over its length in the layer.
        let corners = extent.corners
        let projected = corners.map { map.apply($0) }
        var k = 1.0
        var x0 = 0.0
        var y0 = 0.0
        var x1 = Double(canvas.width)
        var y1 = Double(canvas.height)
        if projected.allSatisfy({ $0 != nil }) {
            let q = projected.map { $0! }
            for (a, b) in [(0, 1), (0, 2), (1, 3), (2, 3)] {
                let local = hypot(corners[b].x - corners[a].x, corners[b].y - corners[a].y)
                let screen = hypot(q[b].x - q[a].x, q[b].y - q[a].y)
                if local > 0 { k = max(k, screen / local) }
            }
            x0 = max(x0, q.map(\.x).min()!.rounded(.down))
            y0 = max(y0, q.map(\.y).min()!.rounded(.down))
            x1 = min(x1, q.map(\.x).max()!.rounded(.up))
            y1 = min(y1, q.map(\.y).max()!.rounded(.up))
        } else {
            // Part of the layer lies behind the viewer: a sharp enough picture of the rest.
            k = max(k, canvas.scale * 2)
        }
        guard x1 > x0 && y1 > y0 else { return }
        k = min(k, maximumSide / extent.size.width, maximumSide / extent.size.height)
        guard k.isFinite && k > 0 else { return }
        // One transparent pixel around the picture, so that sampling past its edge fades out.
        let sw = Int((extent.size.width * k).rounded(.up)) + 2
        let sh = Int((extent.size.height * k).rounded(.up)) + 2
        let own = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(sw), Int32(sh))
        defer { cairo_surface_destroy(own) }
        let ocr = cairo_create(own)!
        let toOwn = Projection.translation(-extent.origin.x, -extent.origin.y).then(.scale(k)).then(
            .translation(1, 1))
        painter.draw(ocr, device: toOwn, width: sw, height: sh)
        cairo_destroy(ocr)
        cairo_surface_flush(own)
        // The pixels [x0, x1) × [y0, y1) of the canvas, or of a surface of that size.
        let (ox, oy) = throughCairo ? (Int(x0), Int(y0)) : (0, 0)
        let out =
            throughCairo
            ? cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(x1 - x0), Int32(y1 - y0))!
            : canvas.surface
        defer { if throughCairo { cairo_surface_destroy(out) } }
        cairo_surface_flush(out)
        guard let src = cairo_image_surface_get_data(own),
            let dst = cairo_image_surface_get_data(out)
        else { return }
        let sStride = Int(cairo_image_surface_get_stride(own)) / 4
        let dStride = Int(cairo_image_surface_get_stride(out)) / 4
        let source = UnsafeRawPointer(src).assumingMemoryBound(to: UInt32.self)
        let target = UnsafeMutableRawPointer(dst).assumingMemoryBound(to: UInt32.self)
        let h = map.h
        let back = inverse.h
        for y in Int(y0)..<Int(y1) {
            for x in Int(x0)..<Int(x1) {
                // The pixel's centre, back in the layer's plane.
                let px = Double(x) + 0.5
                let py = Double(y) + 0.5
                let w = px * back[2] + py * back[5] + back[8]
                guard w != 0 else { continue }
                let lx = (px * back[0] + py * back[3] + back[6]) / w
                let ly = (px * back[1] + py * back[4] + back[7]) / w
                // Only the side of the plane in front of the viewer is seen.
                guard lx * h[2] + ly * h[5] + h[8] > 0 else { continue }
                // In the layer's surface, pixel centres at whole numbers + 0.5.
                let sx = (lx - extent.origin.x) * k + 1 - 0.5
                let sy = (ly - extent.origin.y) * k + 1 - 0.5
                guard sx > -1 && sy > -1 && sx < Double(sw) && sy < Double(sh) else { continue }
                let p = bilinear(source, stride: sStride, width: sw, height: sh, x: sx, y: sy)
                guard p.3 > 0 else { continue }
                let k = (y - oy) * dStride + x - ox
                target[k] = over(p, target[k])
            }
        }
        cairo_surface_mark_dirty(out)
        guard throughCairo else { return }
        cairo_save(canvas.cr)
        cairo_identity_matrix(canvas.cr)
        cairo_set_source_surface(canvas.cr, out, x0, y0)
        cairo_paint(canvas.cr)
        cairo_restore(canvas.cr)
    }

    /// Premultiplied (red, green, blue, alpha) in 0...255 at a point between pixel centres.
    static func bilinear(
        _ s: UnsafePointer<UInt32>, stride: Int, width: Int, height: Int, x: Double, y: Double
    ) -> (Double, Double, Double, Double) {
        let fx = x.rounded(.down)
        let fy = y.rounded(.down)
        let ix = Int(fx)
        let iy = Int(fy)
        let u = x - fx
        let v = y - fy
        var acc = (0.0, 0.0, 0.0, 0.0)
        for (dx, dy, weight) in [
            (0, 0, (1 - u) * (1 - v)), (1, 0, u * (1 - v)), (0, 1, (1 - u) * v), (1, 1, u * v),
        ] {
            let cx = ix + dx
            let cy = iy + dy
            guard weight > 0, cx >= 0, cy >= 0, cx < width, cy < height else { continue }
            let p = s[cy * stride + cx]
            acc.0 += weight * Double((p >> 16) & 0xff)
            acc.1 += weight * Double((p >> 8) & 0xff)
            acc.2 += weight * Double(p & 0xff)
            acc.3 += weight * Double(p >> 24)
        }
        return acc
    }

    /// Porter–Duff source-over of premultiplied pixels.
    static func over(_ s: (Double, Double, Double, Double), _ d: UInt32) -> UInt32 {
        let keep = 1 - s.3 / 255
        func channel(_ sc: Double, _ shift: UInt32) -> UInt32 {
            let dc = Double((d >> shift) & 0xff)
            return UInt32(min(255, max(0, (sc + dc * keep).rounded()))) << shift
        }
        return channel(s.3, 24) | channel(s.0, 16) | channel(s.1, 8) | channel(s.2, 0)
    }
}
