import Inbetween
import InbetweenLua
import XCTest

/// The renderer's basics on scenes whose pixels are known exactly: axis-aligned squares whose
/// edges lie on pixel boundaries, so every pixel is fully inside or fully outside.
final class RendererTests: XCTestCase {
    /// Runs `source` and renders it with `options`.
    static func render(
        _ source: String, _ options: RenderOptions = RenderOptions(),
        request: SamplingRequest = SamplingRequest()
    )
        throws -> [RenderedFrame]
    {
        let runtime = try Runtime()
        try runtime.runJob(source: source, chunkName: "test.lua")
        let renderer = try Renderer(runtime: runtime, request: request, options: options)
        var frames: [RenderedFrame] = []
        while let frame = try renderer.next() { frames.append(frame) }
        return frames
    }

    func testASquareFillsItsPixelsAndNothingElse() throws {
        // A 20×10 layer centred at (30, 25): its bounds cover x in [20, 40), y in [20, 30).
        let frames = try Self.render(
            """
            scene{size = size(60, 40), to = 0}
            layer{name = "a", bounds = rect(0, 0, 20, 10), position = point(30, 25), backgroundColor = "#ff000080"}
            """, RenderOptions(background: .transparent))
        XCTAssertEqual(frames.count, 1)
        let f = frames[0]
        XCTAssertEqual(f.width, 60)
        XCTAssertEqual(f.height, 40)
        var inside = 0
        for y in 0..<f.height {
            for x in 0..<f.width {
                let p = f.pixel(x: x, y: y)
                if (20..<40).contains(x) && (20..<30).contains(y) {
                    inside += 1
                    // #ff000080 straight: red 255, alpha 128 (0x80), exactly, after the
                    // round trip through premultiplied 8-bit (128·255/255 is whole).
                    XCTAssertEqual([p.red, p.green, p.blue, p.alpha], [255, 0, 0, 128], "(\(x), \(y))")
                } else {
                    XCTAssertEqual(p.alpha, 0, "(\(x), \(y))")
                }
            }
        }
        XCTAssertEqual(inside, 200)
    }

    func testScaleMultipliesPixels() throws {
        let frames = try Self.render(
            """
            scene{size = size(60, 40), to = 0}
            layer{name = "a", bounds = rect(0, 0, 20, 10), position = point(30, 25), backgroundColor = "blue"}
            """, RenderOptions(scale: 2))
        let f = frames[0]
        XCTAssertEqual([f.width, f.height], [120, 80])
        // Scale 2: the square covers x in [40, 80), y in [40, 60); white around it.
        XCTAssertEqual(f.pixel(x: 40, y: 40).blue, 255)
        XCTAssertEqual(f.pixel(x: 40, y: 40).red, 0)
        XCTAssertEqual(f.pixel(x: 39, y: 40).red, 255)
        XCTAssertEqual(f.pixel(x: 79, y: 59).red, 0)
        XCTAssertEqual(f.pixel(x: 80, y: 59).red, 255)
    }

    func testOptionsOutOfRangeAreErrorsNamingTheOption() throws {
        let cases: [(RenderOptions, String)] = [
            (RenderOptions(scale: 0), "bad value for 'scale' (0): must be a finite number greater than 0"),
            (
                RenderOptions(scale: .nan),
                "bad value for 'scale' (nan): must be a finite number greater than 0"
            ),
            (
                RenderOptions(size: Size(width: 16385, height: 10)),
                "bad value for 'size' (16385x10 pixels): each side must be at most 16384 pixels"
            ),
            (
                RenderOptions(size: Size(width: 10000, height: 10), scale: 2),
                "bad value for 'size' (20000x20 pixels): each side must be at most 16384 pixels"
            ),
            (
                RenderOptions(size: Size(width: 0, height: 10)),
                "bad value for 'size' (0x10): the width must be a finite number greater than 0"
            ),
        ]
        for (options, message) in cases {
            XCTAssertThrowsError(try Self.render("layer{name = 'a'}", options)) { error in
                XCTAssertEqual("\(error)", message)
            }
        }
    }
}
