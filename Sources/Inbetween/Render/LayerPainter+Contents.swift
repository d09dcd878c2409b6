import CCairo
import Foundation
import InbetweenEngine

/// A layer's image (CALayer's `contents`), drawn over the background and under the path and
/// border, faded with the rest of the layer, as Apple's CALayer reference describes each
/// property:
/// - `contentsRect` picks the part of the image shown, in the unit square; "if pixels outside
///   the unit rectangle are requested, the edge pixels of the contents image will be extended
///   outwards".
/// - `contentsScale` maps image pixels to points: a 60-pixel-wide part at scale 2 is 30 points.
/// - `contentsGravity` places that size in the bounds (`placement`). The resizing values
///   stretch it; the others keep its size, and it may overflow the bounds (only masksToBounds
///   clips it).
/// - `contentsCenter` splits the part into a 3 × 3 grid: "the four corner rectangles are not
///   stretched at all", the top and bottom middles only horizontally, the left and right
///   middles only vertically, the centre both ways. Corners wider than the placement together
///   are shrunk to fit it.
/// - `magnificationFilter` samples when the image is drawn larger than its pixels,
///   `minificationFilter` when smaller: linear is bilinear, nearest picks the pixel (pixel art).
extension LayerPainter {
    /// Where the image goes in the layer's coordinates (origin at the bounds' top-left corner,
    /// y down).
    ///
    /// Top and bottom: the gravity constants name edges of Core Animation's unflipped space,
    /// y up; Apple's contentsGravity reference: "When [contentsAreFlipped()] is true, top aligns
    /// contents to the bottom of the layer and bottom aligns content to the top of the layer",
    /// and iOS's coordinate system has "its origin at the upper left ... positive values extend
    /// down". So an iOS layer, whose geometry is not flipped (`isGeometryFlipped` is false by
    /// default), draws `top` against its bottom edge (largest y) and `bottom` against its top
    /// edge, as an iOS app observes (github.com/ynaoto/iOSCALayer: kCAGravityBottom sticks to
    /// the top of the screen). Scenes here are iOS's, y down, and are drawn that way.
    static func placement(_ c: DrawnContents, width: Double, height: Double) -> Rect? {
        let natural = Size(
            width: abs(c.rect.size.width) * Double(c.image.width) / c.scale,
            height: abs(c.rect.size.height) * Double(c.image.height) / c.scale)
        guard natural.width > 0, natural.height > 0, natural.width.isFinite, natural.height.isFinite
        else { return nil }
        let size: Size
        switch c.gravity {
        case .resize: return Rect(x: 0, y: 0, width: width, height: height)
        case .resizeAspect, .resizeAspectFill:
            let fit = [width / natural.width, height / natural.height]
            let s = c.gravity == .resizeAspect ? fit.min()! : fit.max()!
            size = Size(width: natural.width * s, height: natural.height * s)
        default: size = natural
        }
        // Where the spare room goes: 0 all after, 0.5 split, 1 all before (y down).
        let (hx, vy): (Double, Double) =
            switch c.gravity {
            case .left: (0, 0.5)
            case .right: (1, 0.5)
            case .top: (0.5, 1)
            case .bottom: (0.5, 0)
            case .topLeft: (0, 1)
            case .topRight: (1, 1)
            case .bottomLeft: (0, 0)
            case .bottomRight: (1, 0)
            default: (0.5, 0.5)
            }
        return Rect(
            x: (width - size.width) * hx, y: (height - size.height) * vy, width: size.width,
            height: size.height)
    }

    func contentsExtent() -> Rect? {
        guard let c = layer.contents else { return nil }
        return LayerPainter.placement(c, width: layer.bounds.size.width, height: layer.bounds.size.height)
    }

    func drawContents(_ cr: OpaquePointer, _ c: DrawnContents, fade: Double) {
        let w = layer.bounds.size.width
        let h = layer.bounds.size.height
        guard let target = LayerPainter.placement(c, width: w, height: h), target.size.width > 0,
            target.size.height > 0
        else { return }
        let (iw, ih) = (Double(c.image.width), Double(c.image.height))
        let source = Rect(
            x: c.rect.origin.x * iw, y: c.rect.origin.y * ih, width: c.rect.size.width * iw,
            height: c.rect.size.height * ih)
        // The pixels the part covers, as a surface of their own: a sprite's neighbours in the
        // sheet never bleed into it, and its edge pixels are what extends outwards.
        let x0 = min(max(Int(source.origin.x.rounded(.down)), 0), c.image.width - 1)
        let y0 = min(max(Int(source.origin.y.rounded(.down)), 0), c.image.height - 1)
        let x1 = max(min(Int((source.origin.x + source.size.width).rounded(.up)), c.image.width), x0 + 1)
        let y1 = max(min(Int((source.origin.y + source.size.height).rounded(.up)), c.image.height), y0 + 1)
        cairo_save(cr)
        if c.masksToBounds {
            LayerPainter.roundedRect(cr, 0, 0, w, h, LayerPainter.clampedRadius(layer.cornerRadius, w, h))
            cairo_clip(cr)
        }
        c.image.pixels.withUnsafeBufferPointer { pixels in
            let whole = cairo_image_surface_create_for_data(
                UnsafeMutableRawPointer(mutating: pixels.baseAddress!).assumingMemoryBound(to: UInt8.self),
                CAIRO_FORMAT_ARGB32, Int32(c.image.width), Int32(c.image.height), Int32(c.image.width * 4))
            let part = cairo_surface_create_for_rectangle(
                whole, Double(x0), Double(y0), Double(x1 - x0), Double(y1 - y0))
            let shifted = Rect(
                x: source.origin.x - Double(x0), y: source.origin.y - Double(y0), width: source.size.width,
                height: source.size.height)
            for (from, to) in LayerPainter.nineCells(c, source: shifted, target: target) {
                drawCell(cr, part!, from: from, to: to, contents: c, fade: fade)
            }
            cairo_surface_destroy(part)
            cairo_surface_finish(whole)
            cairo_surface_destroy(whole)
        }
        cairo_restore(cr)
    }

    /// The grid's cells as (source pixels, target rectangle) pairs, empty ones left out.
    static func nineCells(_ c: DrawnContents, source s: Rect, target t: Rect) -> [(Rect, Rect)] {
        func edges(_ start: Double, _ length: Double, _ cellStart: Double, _ cellLength: Double) -> [Double] {
            [start, start + cellStart * length, start + (cellStart + cellLength) * length, start + length]
        }
        let sx = edges(s.origin.x, s.size.width, c.center.origin.x, c.center.size.width)
        let sy = edges(s.origin.y, s.size.height, c.center.origin.y, c.center.size.height)
        func targetEdges(_ start: Double, _ length: Double, _ src: [Double]) -> [Double] {
            // The corners keep their size in points, shrunk together when they overflow.
            var before = max(src[1] - src[0], 0) / c.scale
            var after = max(src[3] - src[2], 0) / c.scale
            if before + after > length, before + after > 0 {
                let k = length / (before + after)
                before *= k
                after *= k
            }
            return [start, start + before, start + length - after, start + length]
        }
        let tx = targetEdges(t.origin.x, t.size.width, sx)
        let ty = targetEdges(t.origin.y, t.size.height, sy)
        var cells: [(Rect, Rect)] = []
        for row in 0..<3 {
            for column in 0..<3 {
                let from = Rect(
                    x: sx[column], y: sy[row], width: sx[column + 1] - sx[column],
                    height: sy[row + 1] - sy[row])
                let to = Rect(
                    x: tx[column], y: ty[row], width: tx[column + 1] - tx[column],
                    height: ty[row + 1] - ty[row])
                guard from.size.width > 0, from.size.height > 0, to.size.width > 0, to.size.height > 0 else {
                    continue
                }
                cells.append((from, to))
            }
        }
        return cells
    }

    private func drawCell(
        _ cr: OpaquePointer, _ surface: OpaquePointer, from: Rect, to: Rect, contents c: DrawnContents,
        fade: Double
    ) {
        let pattern = cairo_pattern_create_for_surface(surface)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        // Drawn larger than its pixels on the device (the layer's matrix included) along either
        // axis: magnified (a nine-part edge stretched one way is magnified).
        var device = cairo_matrix_t()
        cairo_get_matrix(cr, &device)
        let growth = max(
            hypot(device.xx, device.yx) * to.size.width / from.size.width,
            hypot(device.xy, device.yy) * to.size.height / from.size.height)
        let filter = growth > 1 ? c.magnificationFilter : c.minificationFilter
        cairo_pattern_set_filter(pattern, filter == .nearest ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR)
        // The pattern's matrix maps the layer's coordinates to the part's pixels.
        let kx = from.size.width / to.size.width
        let ky = from.size.height / to.size.height
        var m = cairo_matrix_t()
        cairo_matrix_init(
            &m, kx, 0, 0, ky, from.origin.x - to.origin.x * kx, from.origin.y - to.origin.y * ky)
        cairo_pattern_set_matrix(pattern, &m)
        cairo_set_source(cr, pattern)
        cairo_rectangle(cr, to.origin.x, to.origin.y, to.size.width, to.size.height)
        if fade < 1 {
            cairo_save(cr)
            cairo_clip(cr)
            cairo_paint_with_alpha(cr, fade)
            cairo_restore(cr)
        } else {
            cairo_fill(cr)
        }
        cairo_pattern_destroy(pattern)
    }
}
