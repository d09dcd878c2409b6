import CCairo

/// A Cairo image surface read out as a `RenderedFrame`: straight RGBA, rows top to bottom.
enum CairoPicture {
    /// Cairo keeps premultiplied native-endian ARGB32; each channel is divided back by alpha,
    /// rounded to nearest ((c · 255 + a / 2) / a, as Cairo's own PNG writer does in
    /// cairo-png.c's unpremultiply_data).
    static func frame(of surface: OpaquePointer, width: Int, height: Int) -> RenderedFrame {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        var out = [UInt8](repeating: 0, count: width * height * 4)
        if let data = cairo_image_surface_get_data(surface) {
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let p = row[x]
                    let a = p >> 24
                    guard a != 0 else { continue }
                    func straight(_ c: UInt32) -> UInt8 { UInt8(a == 255 ? c : (c * 255 + a / 2) / a) }
                    let k = (y * width + x) * 4
                    out[k] = straight(p >> 16 & 0xff)
                    out[k + 1] = straight(p >> 8 & 0xff)
                    out[k + 2] = straight(p & 0xff)
                    out[k + 3] = UInt8(a)
                }
            }
        }
        return RenderedFrame(index: 0, time: 0, width: width, height: height, rgba: out)
    }
}
