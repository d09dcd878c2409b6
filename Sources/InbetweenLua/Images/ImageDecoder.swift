import CCairo
import CImageSupport
import Foundation
import InbetweenEngine

/// Decodes the PNG and JPEG files a script shows as layer contents, by well-kept libraries:
/// PNG through Cairo (its reader is libpng), JPEG through libjpeg-turbo (CImageSupport). The
/// format is told by the file's first bytes, not its name. The size in the header is read
/// and checked against `ImageLimits` first: a header that claims too many pixels is refused
/// before any pixel memory is allocated.
package enum ImageDecoder {
    enum Format: String {
        case png = "PNG"
        case jpeg = "JPEG"
    }

    /// PNG's signature (PNG spec, 5.2) and JPEG's start-of-image marker followed by a marker's
    /// 0xFF (ITU T.81, B.1.1.3: every marker starts with 0xFF).
    static func format(of bytes: [UInt8]) -> Format? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        return nil
    }

    /// The width and height the header claims. PNG: the IHDR chunk must come first (PNG spec,
    /// 5.6), its data starting at byte 16 with the width and height as 4-byte big-endian
    /// integers (11.2.2).
    static func size(of bytes: [UInt8], _ format: Format) throws(ImageProblem) -> (width: Int, height: Int) {
        switch format {
        case .png:
            guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
                throw ImageProblem("is not a valid PNG (no IHDR chunk after the signature)")
            }
            func word(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
            return (word(16), word(20))
        case .jpeg:
            var w: Int32 = 0
            var h: Int32 = 0
            var message = [CChar](repeating: 0, count: 256)
            let status = bytes.withUnsafeBufferPointer {
                ib_jpeg_size($0.baseAddress, $0.count, &w, &h, &message, message.count)
            }
            guard status == 0 else { throw ImageProblem("is not a valid JPEG (\(text(message)))") }
            return (Int(w), Int(h))
        }
    }

    /// The decoded picture, `width` × `height` as `size(of:)` read them.
    static func decode(_ bytes: [UInt8], _ format: Format, width: Int, height: Int, source: String)
        throws(ImageProblem) -> ContentsImage
    {
        var pixels = [UInt32](repeating: 0, count: width * height)
        switch format {
        case .png: try decodePNG(bytes, into: &pixels, width: width, height: height)
        case .jpeg:
            var message = [CChar](repeating: 0, count: 256)
            let status = bytes.withUnsafeBufferPointer { data in
                pixels.withUnsafeMutableBufferPointer {
                    ib_jpeg_decode(
                        data.baseAddress, data.count, $0.baseAddress, Int32(width), Int32(height), &message,
                        message.count)
                }
            }
            guard status == 0 else { throw ImageProblem("is not a valid JPEG (\(text(message)))") }
        }
        return ContentsImage(width: width, height: height, pixels: pixels, source: source)
    }

    /// The bytes Cairo's PNG reader asks for, in order.
    private final class Reader {
        let bytes: [UInt8]
        var offset = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    /// Cairo reads the PNG through libpng, whose errors longjmp inside Cairo's own C code
    /// (its stream reader calls png_error after our callback has returned), never through a
    /// Swift frame. Whatever format Cairo gives back (RGB24 for an opaque image, a float one
    /// for 16 bits a channel in newer Cairo), it is painted onto an ARGB32 surface over our
    /// pixels with the SOURCE operator, which writes it as it is, alpha 255 where it has none.
    private static func decodePNG(_ bytes: [UInt8], into pixels: inout [UInt32], width: Int, height: Int)
        throws(ImageProblem)
    {
        let reader = Reader(bytes)
        let decoded = cairo_image_surface_create_from_png_stream(
            { closure, data, length in
                let reader = Unmanaged<Reader>.fromOpaque(closure!).takeUnretainedValue()
                let n = Int(length)
                guard let data, n <= reader.bytes.count - reader.offset else {
                    return CAIRO_STATUS_READ_ERROR
                }
                reader.bytes.withUnsafeBufferPointer {
                    data.update(from: $0.baseAddress! + reader.offset, count: n)
                }
                reader.offset += n
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(reader).toOpaque())
        defer { cairo_surface_destroy(decoded) }
        let status = cairo_surface_status(decoded)
        guard status == CAIRO_STATUS_SUCCESS else {
            let why =
                status == CAIRO_STATUS_READ_ERROR
                ? "it ends early" : String(cString: cairo_status_to_string(status))
            throw ImageProblem("is not a valid PNG (\(why))")
        }
        guard Int(cairo_image_surface_get_width(decoded)) == width,
            Int(cairo_image_surface_get_height(decoded)) == height
        else { throw ImageProblem("is not a valid PNG (the decoded size differs from the header's)") }
        pixels.withUnsafeMutableBufferPointer { buffer in
            let target = cairo_image_surface_create_for_data(
                UnsafeMutableRawPointer(buffer.baseAddress!).assumingMemoryBound(to: UInt8.self),
                CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(width * 4))
            let cr = cairo_create(target)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_set_source_surface(cr, decoded, 0, 0)
            cairo_paint(cr)
            cairo_destroy(cr)
            cairo_surface_finish(target)
            cairo_surface_destroy(target)
        }
    }

    private static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Why an image was refused: the rule it broke, worded to follow its name ("'x.png' is ...").
package struct ImageProblem: Error, Sendable {
    package let rule: String
    init(_ rule: String) { self.rule = rule }
}

/// How large an image a script may show. A side of 16,384 pixels is the largest texture
/// common GPUs take (Metal's limit on Apple's A9 and later; OpenGL ES's GL_MAX_TEXTURE_SIZE on
/// most devices is at most that), and 2^26 pixels (8,192 × 8,192) are 256 MiB decoded;
/// together with `--max-memory`, which all images a run decodes must fit in together, these
/// keep a decompression bomb (a small file that claims a huge picture) from taking the
/// machine's memory. The file itself may be 64 MiB.
package enum ImageLimits {
    package static let maximumSide = 16_384
    package static let maximumPixels = 1 << 26
    package static let maximumFileBytes = 64 << 20
}
