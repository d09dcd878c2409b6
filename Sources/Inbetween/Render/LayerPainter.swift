import CCairo
import Foundation
import InbetweenEngine

/// Draws one layer as Core Animation composes a CALayer that is also a CAShapeLayer and a
/// CAGradientLayer, in CA's order: the shadow, the background
/// (rounded by `cornerRadius`), the gradient over it, the content (the shape layer's path: filled, then stroked),
/// then the border on top, inside the bounds. The whole is one group faded by `opacity`
/// (group opacity, CALayer's `allowsGroupOpacity` default), so where the parts overlap the
/// layer is not see-through to itself.
struct LayerPainter {
    let layer: LayerSnapshot
    /// From the layer's coordinates to the stage's (its own geometry in a flat scene, the
    /// composed one in a tree: `DrawnLayer.plane`).
    let plane: Projection

    init(layer: LayerSnapshot, plane: Projection? = nil) {
        self.layer = layer
        self.plane = plane ?? layer.plane
    }

    /// `offscreen`: a clip or an opacity group is in effect, so a warped layer goes through
    /// Cairo (`ProjectiveWarp`) rather than straight into the canvas's pixels.
    func paint(into canvas: SceneCanvas, sceneToPixels: Projection, offscreen: Bool = false) {
        guard layer.opacity > 0, layer.doubleSided != 0 || !facesAway else { return }
        let map = plane.then(sceneToPixels)
        guard map.isAffine else {
            // Perspective (m34): drawn flat in a surface of its own, then warped.
            ProjectiveWarp.paint(self, map: map, into: canvas, throughCairo: offscreen)
            return
        }
        // A layer scaled to nothing (a zero scale, a quarter turn about x or y) is edge on.
        guard map.determinant != 0 && map.determinant.isFinite else { return }
        draw(canvas.cr, device: map, width: canvas.width, height: canvas.height)
    }

    /// Draws the whole layer onto `cr`'s surface (`width` × `height` pixels), `device` being
    /// the affine map from the layer's own coordinates to that surface's pixels.
    func draw(_ cr: OpaquePointer, device: Projection, width: Int, height: Int) {
        cairo_save(cr)
        // One part alone (a background, a path's fill...) faded is the same as that part
        // drawn in a colour that much more transparent: no group needed then.
        let fade = min(layer.opacity, 1)
        let grouped = fade < 1 && (partCount > 1 || hasShadow)
        if grouped {
            // The group's own surface is as large as the clip: only the layer's box, not the
            // whole picture (1,000 translucent layers would each fill a full frame).
            guard let box = deviceBox(device) else {
                cairo_restore(cr)
                return
            }
            cairo_rectangle(cr, box.origin.x, box.origin.y, box.size.width, box.size.height)
            cairo_clip(cr)
            cairo_push_group(cr)
        }
        drawShadow(cr, device: device, width: width, height: height)
        var m = LayerPainter.cairoMatrix(device)
        cairo_set_matrix(cr, &m)
        drawParts(cr, fade: grouped ? 1 : fade)
        if grouped {
            cairo_identity_matrix(cr)
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, fade)
        }
        cairo_restore(cr)
    }

    /// How many of background, fill, stroke and border show.
    var partCount: Int {
        let w = layer.bounds.size.width
        let h = layer.bounds.size.height
        let hasPath = !layer.path.elements.isEmpty
        var n = 0
        if layer.backgroundColor.alpha > 0 && w > 0 && h > 0 { n += 1 }
        if drawsGradient { n += 1 }
        if layer.contents != nil { n += 1 }
        if hasPath && layer.fillColor.alpha > 0 { n += 1 }
        if hasPath && layer.strokeColor.alpha > 0 && layer.lineWidth > 0 { n += 1 }
        if layer.borderWidth > 0 && layer.borderColor.alpha > 0 && w > 0 && h > 0 { n += 1 }
        return n
    }

    var hasShadow: Bool { layer.shadowColor.alpha * layer.shadowOpacity > 0 }

    /// The pixels of the picture (`canvas`, scene coordinates mapped by `sceneToPixels`) the
    /// layer may change; nil when it draws nothing. A layer partly behind the viewer may
    /// touch any of them.
    func pixelBox(sceneToPixels: Projection, canvas: PixelBox) -> PixelBox? {
        guard layer.opacity > 0, layer.doubleSided != 0 || !facesAway, let extent = drawnExtent() else {
            return nil
        }
        let map = plane.then(sceneToPixels)
        guard map.determinant != 0 && map.determinant.isFinite else { return nil }
        var x0 = Double.infinity
        var y0 = Double.infinity
        var x1 = -Double.infinity
        var y1 = -Double.infinity
        for corner in extent.corners {
            guard let q = map.apply(corner), q.x.isFinite, q.y.isFinite else { return canvas }
            x0 = min(x0, q.x)
            y0 = min(y0, q.y)
            x1 = max(x1, q.x)
            y1 = max(y1, q.y)
        }
        // Two pixels around: anti-aliasing, and the warp's bilinear reach. Each side held
        // within ±2^30 pixels, both ways (a layer at x = 1e19 lies far past either edge): the
        // box stays a whole number and its unions and sizes cannot overflow.
        let far = Double(Int32.max / 2)
        func whole(_ v: Double) -> Int { Int(min(max(v, -far), far)) }
        return PixelBox(
            x0: whole(x0.rounded(.down) - 2), y0: whole(y0.rounded(.down) - 2),
            x1: whole(x1.rounded(.up) + 2), y1: whole(y1.rounded(.up) + 2))
    }

    /// What the layer may draw, shadow included, in whole pixels of the surface `device`
    /// maps to; nil when it draws nothing.
    func deviceBox(_ device: Projection) -> Rect? {
        guard let extent = drawnExtent() else { return nil }
        let corners = extent.corners.compactMap { device.apply($0) }
        guard corners.count == 4 else { return nil }
        let x0 = corners.map(\.x).min()!.rounded(.down) - 1
        let y0 = corners.map(\.y).min()!.rounded(.down) - 1
        let x1 = corners.map(\.x).max()!.rounded(.up) + 1
        let y1 = corners.map(\.y).max()!.rounded(.up) + 1
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    static func cairoMatrix(_ p: Projection) -> cairo_matrix_t {
        // Cairo's x' = xx·x + xy·y + x0, y' = yx·x + yy·y + y0; row vectors put x's factors
        // in the first row: xx = h11, yx = h12, xy = h21, yy = h22.
        var m = cairo_matrix_t()
        cairo_matrix_init(&m, p.h[0], p.h[1], p.h[3], p.h[4], p.h[6], p.h[7])
        return m
    }

    // MARK: Shadow

    /// CALayer's shadow: the layer's own alpha (background, content and border, as drawn) or
    /// the `shadowPath` filled, moved by `shadowOffset` (in the layer's coordinates, so it
    /// turns with the layer), blurred, and painted in `shadowColor` at `shadowOpacity` behind
    /// the layer. The blur's standard deviation is half of `shadowRadius`, as CSS reads a
    /// box-shadow's blur radius (CSS Backgrounds 3, §7.1.1) and the preview page passes
    /// `shadowRadius` to it; Apple documents shadowRadius only as "the blur radius".
    func drawShadow(_ cr: OpaquePointer, device: Projection, width: Int, height: Int) {
        let alpha = layer.shadowColor.alpha * min(max(layer.shadowOpacity, 0), 1)
        guard alpha > 0, let extent = shadowExtent() else { return }
        let h = device.h
        let unit = abs(h[0] * h[4] - h[1] * h[3]).squareRoot()
        let sigma = max(layer.shadowRadius, 0) / 2 * unit
        // A blur past any size spreads the shadow to nothing.
        guard sigma.isFinite else { return }
        // The mask in pixels of `fine` device pixels each (see `ShadowBlur.finestSigma`).
        let fine = max(1, sigma / ShadowBlur.finestSigma)
        let maskSigma = sigma / fine
        let margin = (3 * maskSigma).rounded(.up) + 2
        // The mask covers the shadow's box, cut to the surface and the blur's reach. A corner
        // that is not finite (a layer at 1e308 seen through a scale) leaves that side open,
        // to be cut there.
        var x0 = Double.infinity
        var y0 = Double.infinity
        var x1 = -Double.infinity
        var y1 = -Double.infinity
        for p in extent.corners {
            guard let q = device.apply(p) else { continue }
            let (qx, qy) = (q.x / fine, q.y / fine)
            x0 = min(x0, qx.isNaN ? -.infinity : qx)
            y0 = min(y0, qy.isNaN ? -.infinity : qy)
            x1 = max(x1, qx.isNaN ? .infinity : qx)
            y1 = max(y1, qy.isNaN ? .infinity : qy)
        }
        // Each box pass averages over d pixels (d about 1.88 sigma), so a shape of w × h
        // mask pixels blurs to at most w/d × h/d of its alpha, plus half a level for the
        // rounding of the first pass: under half a level, every pixel rounds to 0.
        let d = maskSigma * 3 * (2 * Double.pi).squareRoot() / 4
        if d > 1, (255 * (x1 - x0 + 2) / d + 0.5) * (y1 - y0 + 2) / d < 0.5 { return }
        x0 = max((x0 - margin).rounded(.down), -margin)
        y0 = max((y0 - margin).rounded(.down), -margin)
        x1 = min((x1 + margin).rounded(.up), (Double(width) / fine).rounded(.up) + margin)
        y1 = min((y1 + margin).rounded(.up), (Double(height) / fine).rounded(.up) + margin)
        guard x1 > x0 && y1 > y0 else { return }
        let mw = Int(x1 - x0)
        let mh = Int(y1 - y0)
        let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(mw), Int32(mh))
        defer { cairo_surface_destroy(mask) }
        let mcr = cairo_create(mask)!
        var m = LayerPainter.cairoMatrix(
            Projection.translation(layer.shadowOffset.width, layer.shadowOffset.height).then(device).then(
                .scale(1 / fine)
            ).then(.translation(-x0, -y0)))
        cairo_set_matrix(mcr, &m)
        if layer.shadowPath.elements.isEmpty {
            drawParts(mcr)
        } else {
            cairo_translate(mcr, -layer.bounds.origin.x, -layer.bounds.origin.y)
            LayerPainter.addPath(mcr, layer.shadowPath)
            cairo_set_source_rgba(mcr, 0, 0, 0, 1)
            cairo_fill(mcr)
        }
        cairo_destroy(mcr)
        cairo_surface_flush(mask)
        if let data = cairo_image_surface_get_data(mask) {
            ShadowBlur.blur(
                data, width: mw, height: mh, stride: Int(cairo_image_surface_get_stride(mask)),
                sigma: maskSigma)
        }
        cairo_surface_mark_dirty(mask)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        let c = layer.shadowColor
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, alpha)
        if fine == 1 {
            cairo_mask_surface(cr, mask, x0, y0)
        } else {
            // The coarse mask stretched back over the device pixels, bilinearly: a blur this
            // wide has no detail finer than a mask pixel.
            let pattern = cairo_pattern_create_for_surface(mask)
            var toMask = cairo_matrix_t()
            cairo_matrix_init(&toMask, 1 / fine, 0, 0, 1 / fine, -x0, -y0)
            cairo_pattern_set_matrix(pattern, &toMask)
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
            cairo_mask(cr, pattern)
            cairo_pattern_destroy(pattern)
        }
        cairo_restore(cr)
    }

    /// What the shadow's shape covers, in the layer's coordinates, before the blur.
    func shadowExtent() -> Rect? {
        let shape =
            layer.shadowPath.elements.isEmpty
            ? partsExtent()
            : layer.shadowPath.boundingBox.map { $0.offsetBy(-layer.bounds.origin.x, -layer.bounds.origin.y) }
        return shape?.offsetBy(layer.shadowOffset.width, layer.shadowOffset.height)
    }

    /// What the background, content and border cover, in the layer's coordinates: the bounds,
    /// and the path's box grown by the stroke's reach (half the line width, times the miter
    /// limit at a sharp join).
    func partsExtent() -> Rect? {
        var box: Rect?
        let w = layer.bounds.size.width
        let h = layer.bounds.size.height
        if w > 0 && h > 0 { box = Rect(x: 0, y: 0, width: w, height: h) }
        if var p = layer.path.boundingBox {
            p = p.offsetBy(-layer.bounds.origin.x, -layer.bounds.origin.y)
            if layer.strokeColor.alpha > 0 && layer.lineWidth > 0 {
                let reach = strokeReach
                p = Rect(
                    x: p.origin.x - reach, y: p.origin.y - reach, width: p.size.width + 2 * reach,
                    height: p.size.height + 2 * reach)
            }
            box = box.map { $0.union(p) } ?? p
        }
        if let c = contentsExtent() { box = box.map { $0.union(c) } ?? c }
        return box
    }

    /// Everything the layer may draw, shadow included, in its own coordinates.
    func drawnExtent() -> Rect? {
        var box = partsExtent()
        let alpha = layer.shadowColor.alpha * layer.shadowOpacity
        if alpha > 0, let s = shadowExtent() {
            let reach = 3 * max(layer.shadowRadius, 0) / 2 + 1
            let grown = Rect(
                x: s.origin.x - reach, y: s.origin.y - reach, width: s.size.width + 2 * reach,
                height: s.size.height + 2 * reach)
            box = box.map { $0.union(grown) } ?? grown
        }
        return box
    }

    /// Background, content, border, in the layer's own coordinates (origin at the bounds' top
    /// left corner).
    func drawParts(_ cr: OpaquePointer, fade: Double = 1) {
        let w = layer.bounds.size.width
        let h = layer.bounds.size.height
        let radius = LayerPainter.clampedRadius(layer.cornerRadius, w, h)
        let continuous = layer.cornerCurve == 1
        if layer.backgroundColor.alpha > 0 && w > 0 && h > 0 {
            LayerPainter.styledRect(cr, 0, 0, w, h, radius, mask: layer.maskedCorners, continuous: continuous)
            LayerPainter.setColor(cr, layer.backgroundColor, fade)
            cairo_fill(cr)
        }
        drawGradient(cr, radius: radius, fade: fade)
        if let contents = layer.contents { drawContents(cr, contents, fade: fade) }
        if !layer.path.elements.isEmpty { drawPath(cr, fade: fade) }
        let bw = min(layer.borderWidth, min(w, h) / 2)
        if bw > 0 && layer.borderColor.alpha > 0 {
            // Inside the bounds (CALayer's border is "inset from the bounds"): the ring between
            // the rounded bounds and the same inset by the width, whose corners keep the same
            // centres (radius − width, at least 0), as CSS draws an inner border edge.
            LayerPainter.styledRect(cr, 0, 0, w, h, radius, mask: layer.maskedCorners, continuous: continuous)
            LayerPainter.styledRect(
                cr, bw, bw, w - 2 * bw, h - 2 * bw, max(radius - bw, 0), mask: layer.maskedCorners,
                continuous: continuous)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            LayerPainter.setColor(cr, layer.borderColor, fade)
            cairo_fill(cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        }
    }

    // MARK: Cairo helpers

    /// Core Animation, like CSS, draws no corner wider than half the shorter side.
    static func clampedRadius(_ r: Double, _ w: Double, _ h: Double) -> Double {
        max(0, min(r, min(w, h) / 2))
    }

    static func setColor(_ cr: OpaquePointer, _ c: Color, _ fade: Double = 1) {
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha * fade)
    }

    /// The widest corner drawn, in device pixels: Cairo's fixed-point range (24.8 bits).
    static let widestArc = Double(1 << 23)

    /// A rectangle with circular corners of radius r (0: square corners).
    static func roundedRect(
        _ cr: OpaquePointer, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ r: Double
    ) {
        // Cairo splits an arc into as many segments as its size on the device needs, with no
        // bound (a radius of 1e300 pixels never finishes), and keeps path coordinates in 24.8
        // fixed point, so no point past 2^23 pixels is drawn where it lies anyway: a corner
        // wider than that on the device is drawn 2^23 pixels wide.
        var (ax, ay, bx, by) = (r, 0.0, 0.0, r)
        cairo_user_to_device_distance(cr, &ax, &ay)
        cairo_user_to_device_distance(cr, &bx, &by)
        let onDevice = max(hypot(ax, ay), hypot(bx, by))
        guard r > 0, onDevice.isFinite else {
            cairo_rectangle(cr, x, y, w, h)
            return
        }
        let r = onDevice > LayerPainter.widestArc ? r * (LayerPainter.widestArc / onDevice) : r
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

extension Rect {
    func offsetBy(_ dx: Double, _ dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    var corners: [Point] {
        [
            origin, Point(origin.x + size.width, origin.y), Point(origin.x, origin.y + size.height),
            Point(origin.x + size.width, origin.y + size.height),
        ]
    }
}
