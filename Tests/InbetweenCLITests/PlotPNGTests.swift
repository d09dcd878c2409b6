import Foundation
import Inbetween
import XCTest

/// `plot -o x.png`: a real PNG (it was SVG text in a .png file), the same chart the SVG is,
/// drawn by the library's SVGRaster. Checked against librsvg (`rsvg-convert`, an independent
/// SVG renderer) drawing the same document: the lines, dots and swatches agree pixel for pixel
/// but for antialiasing; text is compared apart, since the two pick fonts differently (Cairo's
/// sans-serif is DejaVu Sans, librsvg's Helvetica fallback Liberation Sans).
final class PlotPNGTests: XCTestCase, FolderTest {
    var folder: URL!

    override func setUpWithError() throws {
        folder = try temporaryFolder("ib-plot-png")
    }

    static let plots: [[String]] = [
        ["examples/05-bouncing-ball.lua"], ["examples/11-jelly-ball.lua"],
        ["examples/03-color-keyframes.lua"],
        ["bounceOut", "easeInEaseOut", "backOut", "cubic-bezier(0.3,0.7,0.7,0.3)"],
    ]

    /// The largest share of pixels that may differ by more than 64 levels (of 255) in a channel
    /// between the two renderers once text is left out: none did for these four charts (both
    /// antialias with Cairo's rasterizer underneath); without the polylines (seen: the test
    /// switched them off) 0.57% to 1.9% did. With text, about 1% (the fonts), 2% allowed.
    static let maximumShare = 0.001

    func decoded(_ png: String) throws -> [UInt8] {
        [UInt8](try FFmpegTools.decode(png, pixelFormat: "rgba"))
    }

    func share(_ a: [UInt8], _ b: [UInt8]) -> Double {
        var large = 0
        for p in stride(from: 0, to: min(a.count, b.count), by: 4) {
            let d = max(
                abs(Int(a[p]) - Int(b[p])), abs(Int(a[p + 1]) - Int(b[p + 1])),
                abs(Int(a[p + 2]) - Int(b[p + 2])))
            if d > 64 { large += 1 }
        }
        return Double(large) / Double(a.count / 4)
    }

    func testPlotPNGIsTheSVGDrawn() throws {
        for (i, specs) in PlotPNGTests.plots.enumerated() {
            let svg = path("\(i).svg")
            let png = path("\(i).png")
            XCTAssertEqual(try CLIProcess.run(["plot"] + specs + ["-o", svg]).status, 0)
            let r = try CLIProcess.run(["plot"] + specs + ["-o", png])
            XCTAssertEqual(r.status, 0, r.stderr)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: png))
            XCTAssertEqual(
                [UInt8](bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "\(specs)")
            // The PNG is the SVG, drawn: the same pixels as SVGRaster gives for the SVG file.
            let document = [UInt8](try Data(contentsOf: URL(fileURLWithPath: svg)))
            let drawn = try SVGRaster.render(document)
            XCTAssertEqual(try decoded(png), drawn.rgba, "\(specs)")

            // Without text, against librsvg.
            let text = String(decoding: document, as: UTF8.self)
            let plain = text.split(separator: "\n", omittingEmptySubsequences: false).filter {
                !$0.hasPrefix("<text")
            }
            .joined(separator: "\n")
            let plainSVG = try write("\(i)-plain.svg", plain)
            let ours = try SVGRaster.render(Array(plain.utf8))
            let theirs = path("\(i)-rsvg.png")
            _ = try FFmpegTools.run("rsvg-convert", [plainSVG, "-o", theirs])
            let reference = try decoded(theirs)
            XCTAssertEqual(reference.count, ours.rgba.count, "\(specs): size")
            let off = share(ours.rgba, reference)
            XCTAssertLessThanOrEqual(off, PlotPNGTests.maximumShare, "\(specs): \(off) of the pixels differ")
            // With text: the same words in about the same places (the fonts differ).
            let full = path("\(i)-rsvg-text.png")
            _ = try FFmpegTools.run("rsvg-convert", [svg, "-o", full])
            XCTAssertLessThanOrEqual(share(drawn.rgba, try decoded(full)), 0.02, "\(specs): with text")
        }
    }
}
