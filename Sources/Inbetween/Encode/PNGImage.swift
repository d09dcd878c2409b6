import CZlib

/// PNG files of 8-bit RGBA pixels (PNG, ISO/IEC 15948 / W3C 2nd edition), written in process:
/// a still or a folder of frames needs no ffmpeg. Truecolour with alpha (colour type 6), or
/// truecolour (type 2) when every pixel is opaque, which a third fewer bytes. Each row takes
/// the filter whose output has the least sum of absolute values (the heuristic the PNG
/// specification suggests in its section 12.8, and libpng's default), then zlib deflates them.
/// The colours are sRGB, and the file says so (an sRGB chunk, rendering intent perceptual).
public enum PNGImage {
    /// The PNG file of `rgba` (straight RGBA, `width × height × 4` bytes, rows top to bottom).
    public static func encode(width: Int, height: Int, rgba: [UInt8]) -> [UInt8] {
        precondition(
            rgba.count == width * height * 4, "rgba holds \(rgba.count) bytes, not \(width)x\(height)x4")
        var opaque = true
        var i = 3
        while i < rgba.count {
            if rgba[i] != 255 {
                opaque = false
                break
            }
            i += 4
        }
        let channels = opaque ? 3 : 4
        let stride = width * channels
        var filtered = [UInt8](repeating: 0, count: (stride + 1) * height)
        var previous = [UInt8](repeating: 0, count: stride)
        var current = [UInt8](repeating: 0, count: stride)
        var candidate = [UInt8](repeating: 0, count: stride)
        var best = [UInt8](repeating: 0, count: stride)
        for y in 0..<height {
            let row = y * width * 4
            if opaque {
                for x in 0..<width {
                    current[x * 3] = rgba[row + x * 4]
                    current[x * 3 + 1] = rgba[row + x * 4 + 1]
                    current[x * 3 + 2] = rgba[row + x * 4 + 2]
                }
            } else {
                for k in 0..<stride { current[k] = rgba[row + k] }
            }
            var bestType: UInt8 = 0
            var bestCost = Int.max
            for type: UInt8 in 0...4 {
                let cost = filter(type, current, previous, channels, into: &candidate)
                if cost < bestCost {
                    bestCost = cost
                    bestType = type
                    swap(&best, &candidate)
                }
            }
            let out = y * (stride + 1)
            filtered[out] = bestType
            for k in 0..<stride { filtered[out + 1 + k] = best[k] }
            swap(&previous, &current)
        }

        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        appendBigEndian(UInt32(width), to: &header)
        appendBigEndian(UInt32(height), to: &header)
        // Bit depth 8, colour type 2 or 6, deflate, adaptive filtering, no interlace.
        header += [8, opaque ? 2 : 6, 0, 0, 0]
        chunk("IHDR", header, into: &png)
        chunk("sRGB", [0], into: &png)
        chunk("IDAT", deflate(filtered), into: &png)
        chunk("IEND", [], into: &png)
        return png
    }

    /// Filters one row by `type` (0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth; PNG §9.2) into
    /// `out` and returns the sum of the outputs read as signed bytes' magnitudes.
    private static func filter(
        _ type: UInt8, _ row: [UInt8], _ above: [UInt8], _ bpp: Int, into out: inout [UInt8]
    ) -> Int {
        var cost = 0
        for k in 0..<row.count {
            let a = k >= bpp ? Int(row[k - bpp]) : 0
            let b = Int(above[k])
            let c = k >= bpp ? Int(above[k - bpp]) : 0
            let predicted: Int
            switch type {
            case 0: predicted = 0
            case 1: predicted = a
            case 2: predicted = b
            case 3: predicted = (a + b) / 2
            default:
                let p = a + b - c
                let pa = abs(p - a)
                let pb = abs(p - b)
                let pc = abs(p - c)
                predicted = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
            }
            let value = UInt8(truncatingIfNeeded: Int(row[k]) - predicted)
            out[k] = value
            cost += value < 128 ? Int(value) : 256 - Int(value)
        }
        return cost
    }

    private static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        var size = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = out.withUnsafeMutableBufferPointer { o in
            bytes.withUnsafeBufferPointer { i in
                compress2(o.baseAddress, &size, i.baseAddress, uLong(i.count), Z_DEFAULT_COMPRESSION)
            }
        }
        // compressBound is enough by zlib's own guarantee, and memory is all compress2 may lack.
        precondition(status == Z_OK, "zlib compress2 failed (\(status))")
        out.removeLast(out.count - Int(size))
        return out
    }

    /// Length, type, data and the CRC-32 of type and data (PNG §5.3).
    private static func chunk(_ type: String, _ data: [UInt8], into png: inout [UInt8]) {
        appendBigEndian(UInt32(data.count), to: &png)
        let typed = Array(type.utf8) + data
        png += typed
        let crc = typed.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        appendBigEndian(UInt32(crc), to: &png)
    }

    private static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [
            UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF),
        ]
    }
}
