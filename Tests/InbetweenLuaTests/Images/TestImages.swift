import CZlib
import Foundation

/// Image files for the tests, made here: PNGs written byte by byte (PNG spec: signature, IHDR,
/// IDAT, IEND, each chunk with its CRC-32), and one JPEG.
enum TestImages {
    /// A PNG of `width` × `height` pixels, 8-bit RGBA (colour type 6), rows of `rgba` bytes.
    static func png(width: Int, height: Int, rgba: [UInt8]) -> [UInt8] {
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(0)  // filter type None
            raw += rgba[(y * width * 4)..<((y + 1) * width * 4)]
        }
        return png(width: width, height: height, bitDepth: 8, colourType: 6, raw: raw)
    }

    /// A decompression bomb: a 1-bit greyscale PNG of `width` × `height` zeros, whose IDAT
    /// deflates about a thousandfold.
    static func bomb(width: Int, height: Int) -> [UInt8] {
        let row = 1 + (width + 7) / 8
        return png(
            width: width, height: height, bitDepth: 1, colourType: 0,
            raw: [UInt8](repeating: 0, count: row * height))
    }

    /// The signature and an IHDR claiming `width` × `height`, and nothing after.
    static func header(width: Int, height: Int) -> [UInt8] {
        Array(png(width: width, height: height, bitDepth: 8, colourType: 6, raw: nil).prefix(33))
    }

    private static func png(width: Int, height: Int, bitDepth: UInt8, colourType: UInt8, raw: [UInt8]?)
        -> [UInt8]
    {
        func be(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((v >> $0) & 0xFF) } }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            let crc = body.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
            return be(data.count) + body + be(Int(crc))
        }
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out += chunk("IHDR", be(width) + be(height) + [bitDepth, colourType, 0, 0, 0])
        if let raw {
            var size = compressBound(uLong(raw.count))
            var packed = [UInt8](repeating: 0, count: Int(size))
            _ = compress2(&packed, &size, raw, uLong(raw.count), 9)
            out += chunk("IDAT", Array(packed.prefix(Int(size))))
        }
        return out + chunk("IEND", [])
    }

    /// 16 × 8 pixels: the left 8 × 8 block (200, 40, 30), the right one (20, 60, 220). Made
    /// with Pillow 13: `Image.new("RGB", (16, 8), ...)`, saved with quality 95 and no chroma
    /// subsampling; each block is flat, so it decodes to within a level or two of its colour
    /// (Pillow's own decoder gives (201, 40, 30) and (20, 60, 220)).
    static let jpeg = [UInt8](
        Data(
            base64Encoded:
                "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAIBAQEBAQIBAQECAgICAgQDAgICAgUEBAMEBgUGBgYFBgYGBwkIBgcJBwYGCAsICQoKCgoKBggLDAsKDAkKCgr/2wBDAQICAgICAgUDAwUKBwYHCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgr/wAARCAAIABADAREAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwD5br+fz/UQ8rr/AHcP8Nz/2Q=="
        )!)
}
