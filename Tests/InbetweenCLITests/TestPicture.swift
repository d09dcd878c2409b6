import CCairo
import Foundation
import Inbetween

/// Straight RGBA pictures (in tests) to and from PNG files, through Cairo's own PNG reader and writer
/// (libpng): Chromium's screenshots come in as PNG, and a failing comparison leaves its
/// pictures to look at.
struct TestPicture {
    var width: Int
    var height: Int
    /// Straight RGBA, rows top to bottom.
    var rgba: [UInt8]

    init(width: Int, height: Int, rgba: [UInt8]) {
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    init(_ frame: RenderedFrame) {
        self.init(width: frame.width, height: frame.height, rgba: frame.rgba)
    }

    /// Reads a PNG file (any of libpng's formats, as Cairo converts them to ARGB32).
    init(contentsOf path: String) throws {
        let surface = cairo_image_surface_create_from_png(path)
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw PNGError(message: "cannot read PNG \(path)")
        }
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        rgba = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let p = row[x]
                let a = p >> 24
                guard a > 0 else { continue }
                let k = (y * width + x) * 4
                for (i, shift) in [16, 8, 0].enumerated() {
                    rgba[k + i] = UInt8(min(255, ((p >> UInt32(shift)) & 0xff) * 255 / a))
                }
                rgba[k + 3] = UInt8(a)
            }
        }
    }

    func write(to path: String) throws {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        defer { cairo_surface_destroy(surface) }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let k = (y * width + x) * 4
                let a = UInt32(rgba[k + 3])
                let c = [0, 1, 2].map { (UInt32(rgba[k + $0]) * a + 127) / 255 }
                row[x] = a << 24 | c[0] << 16 | c[1] << 8 | c[2]
            }
        }
        cairo_surface_mark_dirty(surface)
        guard cairo_surface_write_to_png(surface, path) == CAIRO_STATUS_SUCCESS else {
            throw PNGError(message: "cannot write PNG \(path)")
        }
    }

    struct PNGError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
