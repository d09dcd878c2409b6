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

    /// Every frame cleared and drawn whole, with no use of the last one (the tests compare
    /// the two ways).
    var redrawsWholeFrames = false
    /// The straight RGBA of the last frame, updated where it changed.
    private var pixels: [UInt8] = []
    /// The pixels the last frame's layers may have drawn; nil before the first frame.
    private var lastDrawn: PixelBox?? = .none

    /// Clears to the background and draws `layers`, back to front in the order given (a flat
    /// scene's by zPosition and then the order they were made, as Core Animation sorts the
    /// sublayers of a layer, `LayerFrames.flat`; a tree's in `SceneWorld`'s order).
    ///
    /// Only what can have changed is drawn again: the box of every pixel the last frame's
    /// layers could touch and this frame's could, together (a layer's box holds its stroke's
    /// reach, its shadow's blur and a pixel of anti-aliasing). Outside it both frames are the
    /// bare background; inside, the clip changes nothing of how a layer is drawn, so the
    /// picture is the one a whole redraw gives (`RenderDamageTests` compares them, byte for
    /// byte). A small layer moving over a large picture costs its own size, not the picture's.
    func draw(_ layers: [DrawnLayer]) {
        let toPixels = Projection.scale(scale)
        let whole = PixelBox(x0: 0, y0: 0, x1: width, y1: height)
        var drawn: PixelBox?
        let painters = layers.map { LayerPainter(layer: $0.layer, plane: $0.plane) }
        for painter in painters {
            guard let box = painter.pixelBox(sceneToPixels: toPixels, canvas: whole) else { continue }
            drawn = drawn.map { $0.union(box) } ?? box
        }
        var dirty = whole
        if case .some(let last) = lastDrawn, !redrawsWholeFrames {
            let changed: PixelBox? =
                switch (last, drawn) {
                case (nil, nil): nil
                case (let a?, nil): a
                case (nil, let b?): b
                case (let a?, let b?): a.union(b)
                }
            guard let changed, let cut = changed.intersection(whole) else {
                lastDrawn = .some(drawn)
                return
            }
            dirty = cut
        }
        lastDrawn = .some(drawn)
        cairo_save(cr)
        cairo_rectangle(
            cr, Double(dirty.x0), Double(dirty.y0), Double(dirty.x1 - dirty.x0), Double(dirty.y1 - dirty.y0))
        cairo_clip(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        switch background {
        case .transparent: cairo_set_source_rgba(cr, 0, 0, 0, 0)
        case .color(let c): cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
        }
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        // The groups open now, outermost first: a layer's groups that are not open are opened
        // (a surface of their own), and those it is not in are closed (composited, faded).
        var open: [OpacityGroup] = []
        for (painter, drawnLayer) in zip(painters, layers) {
            let groups = drawnLayer.groups.filter { $0.opacity < 1 }
            var shared = 0
            while shared < open.count, shared < groups.count, open[shared] == groups[shared] { shared += 1 }
            while open.count > shared { closeGroup(open.removeLast()) }
            for group in groups[shared...] {
                cairo_push_group(cr)
                open.append(group)
            }
            guard painter.layer.opacity > 0 else { continue }
            if drawnLayer.clips.isEmpty {
                painter.paint(into: self, sceneToPixels: toPixels, offscreen: !open.isEmpty)
            } else {
                cairo_save(cr)
                for clip in drawnLayer.clips { clipTo(clip, sceneToPixels: toPixels) }
                painter.paint(into: self, sceneToPixels: toPixels, offscreen: true)
                cairo_restore(cr)
            }
        }
        while let group = open.popLast() { closeGroup(group) }
        cairo_restore(cr)
        cairo_surface_flush(surface)
        readOut(dirty)
    }

    /// Composites the group drawn since its `cairo_push_group`, faded by its opacity.
    private func closeGroup(_ group: OpacityGroup) {
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, max(group.opacity, 0))
    }

    /// Narrows the clip to an ancestor's bounds, rounded by its corner radius. An affine map
    /// keeps the rounded rectangle Cairo's own path; under perspective the outline (its arcs as
    /// short chords, 16 to a quarter turn) is projected point by point, and what lies behind
    /// the viewer clips everything away.
    private func clipTo(_ clip: LayerClip, sceneToPixels: Projection) {
        let map = clip.plane.then(sceneToPixels)
        let w = clip.size.width
        let h = clip.size.height
        let r = LayerPainter.clampedRadius(clip.cornerRadius, w, h)
        var kept = cairo_matrix_t()
        cairo_get_matrix(cr, &kept)
        defer { cairo_set_matrix(cr, &kept) }
        cairo_new_path(cr)
        if w > 0, h > 0, map.determinant != 0, map.determinant.isFinite, map.isAffine {
            var m = LayerPainter.cairoMatrix(map)
            cairo_set_matrix(cr, &m)
            LayerPainter.roundedRect(cr, 0, 0, w, h, r)
        } else if w > 0, h > 0, map.determinant != 0, map.determinant.isFinite {
            cairo_identity_matrix(cr)
            let points = LayerClip.outline(width: w, height: h, radius: r).map { map.apply($0) }
            // Part of it behind the viewer: nothing of it is drawn here (as `Projection.apply`).
            if points.allSatisfy({ $0 != nil }) {
                for (i, q) in points.enumerated() {
                    if i == 0 { cairo_move_to(cr, q!.x, q!.y) } else { cairo_line_to(cr, q!.x, q!.y) }
                }
                cairo_close_path(cr)
            }
        }
        // An empty path clips everything away (bounds of no area, or seen edge on).
        cairo_clip(cr)
    }

    /// The last frame drawn, as straight RGBA, rows top to bottom.
    func rgba() -> [UInt8] { pixels }

    /// Copies `box` of the surface into `pixels` as straight RGBA. Cairo keeps premultiplied
    /// pixels; each channel is divided back by alpha, rounded to nearest (as Cairo's own PNG
    /// writer does, `unpremultiply_data` in cairo-png.c: (c·255 + a/2) / a). An opaque pixel
    /// only has its bytes reordered: Cairo's native-endian 0xAARRGGBB word to the bytes R, G,
    /// B, A, which a little-endian word holds as 0xAABBGGRR.
    private func readOut(_ box: PixelBox) {
        if pixels.count != width * height * 4 { pixels = [UInt8](repeating: 0, count: width * height * 4) }
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let width = self.width
        pixels.withUnsafeMutableBytes { raw in
            let out = raw.baseAddress!.assumingMemoryBound(to: UInt32.self)
            let n = box.x1 - box.x0
            for y in box.y0..<box.y1 {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self) + box.x0
                let dst = out + y * width + box.x0
                // Every pixel as if opaque (a loop without branches, which the compiler
                // vectorizes), noting whether one was not; then those few again.
                var every: UInt32 = 0xff00_0000
                for i in 0..<n {
                    let p = row[i]
                    every &= p
                    dst[i] = UInt32(littleEndian: (p & 0xff00_ff00) | ((p >> 16) & 0xff) | ((p & 0xff) << 16))
                }
                guard every >> 24 != 255 else { continue }
                for i in 0..<n {
                    let p = row[i]
                    let a = p >> 24
                    guard a != 255 else { continue }
                    guard a != 0 else {
                        dst[i] = 0
                        continue
                    }
                    let r = (((p >> 16) & 0xff) * 255 + a / 2) / a
                    let g = (((p >> 8) & 0xff) * 255 + a / 2) / a
                    let b = ((p & 0xff) * 255 + a / 2) / a
                    dst[i] = UInt32(littleEndian: a << 24 | b << 16 | g << 8 | r)
                }
            }
        }
    }
}

/// A box of whole pixels, x0 ..< x1 by y0 ..< y1.
struct PixelBox: Hashable {
    var x0: Int
    var y0: Int
    var x1: Int
    var y1: Int

    func union(_ o: PixelBox) -> PixelBox {
        PixelBox(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
    }

    func intersection(_ o: PixelBox) -> PixelBox? {
        let box = PixelBox(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
        return box.x1 > box.x0 && box.y1 > box.y0 ? box : nil
    }
}
