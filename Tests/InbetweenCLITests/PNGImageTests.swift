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
}
