import Foundation
import Inbetween
import XCTest

/// PNGImage's files read back by an independent decoder (ffmpeg's PNG decoder): the same
/// pixels, byte for byte, with and without alpha; `pngcheck`-style structure by ffprobe.
final class PNGImageTests: XCTestCase {
    func decoded(_ png: [UInt8], pixelFormat: String = "rgba") throws -> (
        pixels: [UInt8], probe: [String: String]
    ) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ib-png-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(png).write(to: url)
        let probe = try FFmpegTools.probe(url.path, "stream=codec_name,width,height,pix_fmt")
        return ([UInt8](try FFmpegTools.decode(url.path, pixelFormat: pixelFormat)), probe)
    }

    /// Opaque frames are written as RGB (colour type 2) and decode to the same bytes.
    func testOpaquePixelsRoundTripExactly() throws {
        let rgba = MovieEncoderTests.frame(7)
        let (pixels, probe) = try decoded(PNGImage.encode(width: 320, height: 240, rgba: rgba))
        XCTAssertEqual(probe["codec_name"], "png")
        XCTAssertEqual(probe["pix_fmt"], "rgb24")
        XCTAssertEqual(probe["width"], "320")
        XCTAssertEqual(probe["height"], "240")
        XCTAssertTrue(pixels == rgba, "decoded pixels differ")
    }

    /// Transparent frames keep their alpha (colour type 6), every byte exact; odd sizes and
    /// one-pixel images too (rows of every filter's edge cases).
    func testTransparentPixelsRoundTripExactly() throws {
        for (width, height) in [(320, 240), (33, 7), (1, 1)] {
            let rgba = MovieEncoderTests.frame(3, width: width, height: height, transparent: true)
            let (pixels, probe) = try decoded(PNGImage.encode(width: width, height: height, rgba: rgba))
            XCTAssertEqual(probe["pix_fmt"], "rgba", "\(width)x\(height)")
            XCTAssertTrue(pixels == rgba, "\(width)x\(height): decoded pixels differ")
        }
    }

    /// Reads a PNG with Python's zlib and an unfilter of its own (PNG §9.2-9.4), independently
    /// of the encoder: checks the pixels against RAW (straight RGBA) and that each row's filter
    /// is the first of the five with the least sum of absolute values (PNG §12.8, libpng's
    /// heuristic), recomputed from the decoded rows. Prints the count of rows of each filter.
    static let readBack = """
        import struct, sys, zlib
        data = open(sys.argv[1], "rb").read()
        raw = open(sys.argv[2], "rb").read()
        pos, idat = 8, b""
        while pos < len(data):
            n, kind = struct.unpack(">I4s", data[pos:pos + 8])
            if kind == b"IHDR":
                w, h, depth, colour = struct.unpack(">IIBB", data[pos + 8:pos + 18])
            if kind == b"IDAT":
                idat += data[pos + 8:pos + 8 + n]
            pos += 12 + n
        bpp = 4 if colour == 6 else 3
        stride = w * bpp
        stream = zlib.decompress(idat)
        def predictors(row, above, k):
            a = row[k - bpp] if k >= bpp else 0
            b = above[k]
            c = above[k - bpp] if k >= bpp else 0
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            paeth = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
            return [0, a, b, (a + b) // 2, paeth]
        above, counts = bytearray(stride), [0] * 5
        for y in range(h):
            kind = stream[y * (stride + 1)]
            line = stream[y * (stride + 1) + 1:(y + 1) * (stride + 1)]
            row = bytearray(stride)
            for k in range(stride):
                row[k] = (line[k] + predictors(row, above, k)[kind]) & 255
            sums = [0] * 5
            for k in range(stride):
                for t, p in enumerate(predictors(row, above, k)):
                    v = (row[k] - p) & 255
                    sums[t] += v if v < 128 else 256 - v
            assert kind == sums.index(min(sums)), (y, kind, sums)
            for x in range(w):
                o = (y * w + x) * 4
                assert bytes(row[x * bpp:x * bpp + bpp]) == raw[o:o + bpp], (y, x)
                assert bpp == 4 or raw[o + 3] == 255, (y, x)
            counts[kind] += 1
            above = row
        print(" ".join(map(str, counts)))
        """

    /// Pictures whose rows call for each filter, with rows that repeat the one above (a flat
    /// background: Up, or None where a transparent row is all zeros), read back by Python.
    func testEachRowTakesTheFilterOfLeastSum() throws {
        let (width, height) = (48, 40)
        for transparent in [false, true] {
            var rgba = MovieEncoderTests.frame(5, width: width, height: height, transparent: transparent)
            // Rows 0-9: one colour, repeated (all zeros when transparent); 10-19 as drawn;
            // 20-29: row 20 repeated; 30-39: a horizontal ramp, repeated.
            for y in 0..<10 {
                for x in 0..<width {
                    let o = (y * width + x) * 4
                    rgba.replaceSubrange(o..<o + 4, with: transparent ? [0, 0, 0, 0] : [250, 250, 250, 255])
                }
            }
            for y in 21..<30 {
                rgba.replaceSubrange(
                    y * width * 4..<(y + 1) * width * 4, with: rgba[20 * width * 4..<21 * width * 4])
            }
            for y in 30..<40 {
                for x in 0..<width {
                    let o = (y * width + x) * 4
                    rgba.replaceSubrange(o..<o + 4, with: [UInt8(x * 5), UInt8(255 - x * 5), 9, 255])
                }
            }
            let folder = try temporaryFolder("ib-png-filters")
            defer { try? FileManager.default.removeItem(at: folder) }
            let png = folder.appendingPathComponent("p.png")
            let raw = folder.appendingPathComponent("p.raw")
            try Data(PNGImage.encode(width: width, height: height, rgba: rgba)).write(to: png)
            try Data(rgba).write(to: raw)
            let r = try CLIProcess.run(
                ["python3", "-c", PNGImageTests.readBack, png.path, raw.path],
                executable: URL(fileURLWithPath: "/usr/bin/env"))
            XCTAssertEqual(r.status, 0, "transparent \(transparent): \(r.stderr)")
            let counts = r.stdout.split(separator: " ").compactMap {
                Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            XCTAssertEqual(counts.reduce(0, +), height, r.stdout)
            // Up for the repeated rows (18 of them and more); None for the transparent zeros.
            XCTAssertGreaterThanOrEqual(counts[2], 18, r.stdout)
            if transparent { XCTAssertGreaterThanOrEqual(counts[0], 10, r.stdout) }
        }
    }
}
