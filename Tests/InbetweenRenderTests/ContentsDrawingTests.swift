import Foundation
import Inbetween
import InbetweenLua
import XCTest

/// A layer's image (CALayer's `contents`) as the renderer draws it: each gravity's placement,
/// a sprite frame chosen by `contentsRect`, nine-part stretching by `contentsCenter`, the two
/// filters, the layer's opacity and corner clip. Every expectation is worked by hand from
/// Apple's CALayer reference (quoted at LayerPainter+Contents).
final class ContentsDrawingTests: XCTestCase {
    /// Renders `source` (after `scene{...}`) with the images handed over by name, as an app
    /// passes its own image data.
    static func frames(
        _ source: String, images: [String: [UInt8]], size: (Double, Double), to end: Double = 0,
        fps: Double = 1
    ) throws -> [RenderedFrame] {
        let runtime = try Runtime()
        for (name, bytes) in images { runtime.images.provided[name] = bytes }
        try runtime.runJob(source: "scene{to = \(end), fps = \(fps)}\n" + source, chunkName: "test.lua")
        let renderer = try Renderer(
            runtime: runtime, request: SamplingRequest(),
            options: RenderOptions(size: Size(width: size.0, height: size.1), background: .transparent))
        var frames: [RenderedFrame] = []
        while let frame = try renderer.next() { frames.append(frame) }
        return frames
    }

    /// A PNG of `width` × `height` pixels, each coloured by `colour(x, y)` (RGBA).
    static func png(_ width: Int, _ height: Int, _ colour: (Int, Int) -> [UInt8]) -> [UInt8] {
        var rgba: [UInt8] = []
        for y in 0..<height { for x in 0..<width { rgba += colour(x, y) } }
        return PNGImage.encode(width: width, height: height, rgba: rgba)
    }

    /// A 30 × 20 opaque red image in a 100 × 50 layer whose bounds cover the picture's
    /// (0, 10)–(100, 60) (the picture is 100 × 70, so a placement may overflow the bounds and
    /// still be seen). Each row: where the image lands, in the layer's coordinates (y down).
    /// The fixed-size gravities: the spare room (70 × 30) goes before, split, or after.
    /// `top` and `bottom` as an iOS layer draws them (isGeometryFlipped false): Apple's
    /// contentsGravity reference says the constants are named for Core Animation's y-up axis
    /// ("top aligns contents to the bottom of the layer" when flipped), so in iOS's y-down
    /// space `top` lands against the bottom edge (y = 50 − 20 = 30) and `bottom` against the
    /// top edge (y = 0).
    /// resizeAspect: scale min(100/30, 50/20) = 2.5, 75 × 50, centred: x = 12.5.
    /// resizeAspectFill: scale max(100/30, 50/20) = 10/3, 100 × 66.67, centred: y = −8.33.
    func testEachGravityPlacesA30By20ImageInA100By50Layer() throws {
        let image = Self.png(30, 20) { _, _ in [255, 0, 0, 255] }
        let cases: [(String, x: Double, y: Double, w: Double, h: Double)] = [
            ("center", 35, 15, 30, 20), ("top", 35, 30, 30, 20), ("bottom", 35, 0, 30, 20),
            ("left", 0, 15, 30, 20), ("right", 70, 15, 30, 20), ("topLeft", 0, 30, 30, 20),
            ("topRight", 70, 30, 30, 20), ("bottomLeft", 0, 0, 30, 20), ("bottomRight", 70, 0, 30, 20),
            ("resize", 0, 0, 100, 50), ("resizeAspect", 12.5, 0, 75, 50),
            ("resizeAspectFill", 0, -25.0 / 3, 100, 200.0 / 3),
        ]
        for c in cases {
            let f = try Self.frames(
                """
                layer{bounds = rect(0, 0, 100, 50), anchorPoint = point(0, 0), position = point(0, 10),
                  contents = image("ball.png"), contentsGravity = "\(c.0)"}
                """, images: ["ball.png": image], size: (100, 70))[0]
            // In the picture: the layer's y + 10, cut to the picture's 70 rows.
            let top = max(c.y + 10, 0)
            let bottom = min(c.y + 10 + c.h, 70)
            let (area, cx, cy) = LayerDrawingTests.coverage(f)
            XCTAssertEqual(area, c.w * (bottom - top), accuracy: 0.5, c.0)
            XCTAssertEqual(cx, c.x + c.w / 2, accuracy: 0.5, c.0)
            XCTAssertEqual(cy, (top + bottom) / 2, accuracy: 0.5, c.0)
            // Whole pixels inside are the image's red, opaque; whole pixels outside are empty.
            for y in 0..<70 {
                for x in 0..<100 {
                    let (px, py) = (Double(x), Double(y))
                    let p = f.pixel(x: x, y: y)
                    if px >= c.x && px + 1 <= c.x + c.w && py >= top && py + 1 <= bottom {
                        XCTAssertEqual([p.red, p.green, p.alpha], [255, 0, 255], "\(c.0) (\(x), \(y))")
                    } else if px + 1 <= c.x || px >= c.x + c.w || py + 1 <= top || py >= bottom {
                        XCTAssertEqual(p.alpha, 0, "\(c.0) (\(x), \(y))")
                    }
                }
            }
        }
    }

    /// A sheet of four 10 × 10 frames side by side (red, green, blue, white). contentsRect
    /// (0.5, 0, 0.25, 1) is the third, blue, stretched over a 20 × 20 layer: every pixel blue,
    /// its neighbours (green, white) not bleeding in at the edges even with linear filtering.
    /// A discrete keyframe animation of contentsRect steps through the frames, one a second:
    /// discrete keyframes hold each value for 1/4 of the 4 s duration (CAKeyframeAnimation,
    /// calculationMode discrete: keyTimes split evenly when none are given).
    func testContentsRectChoosesASpriteFrame() throws {
        let colours: [[UInt8]] = [
            [255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [255, 255, 255, 255],
        ]
        let sheet = Self.png(40, 10) { x, _ in colours[x / 10] }
        let f = try Self.frames(
            """
            layer{bounds = rect(0, 0, 20, 20), anchorPoint = point(0, 0), contents = image("sheet.png"),
              contentsRect = rect(0.5, 0, 0.25, 1)}
            """, images: ["sheet.png": sheet], size: (20, 20))[0]
        for y in 0..<20 {
            for x in 0..<20 {
                let p = f.pixel(x: x, y: y)
                XCTAssertEqual([p.red, p.green, p.blue, p.alpha], [0, 0, 255, 255], "(\(x), \(y))")
            }
        }
        let stepped = try Self.frames(
            """
            local l = layer{bounds = rect(0, 0, 20, 20), anchorPoint = point(0, 0), contents = image("sheet.png"),
              contentsRect = rect(0, 0, 0.25, 1)}
            l:add(animation.keyframe{keyPath = "contentsRect", duration = 4, calculationMode = "discrete",
              values = {rect(0, 0, 0.25, 1), rect(0.25, 0, 0.25, 1), rect(0.5, 0, 0.25, 1), rect(0.75, 0, 0.25, 1)}})
            """, images: ["sheet.png": sheet], size: (20, 20), to: 3.5, fps: 2)
        // Frames at 0, 0.5, ..., 3.5 s: two per sprite frame.
        XCTAssertEqual(stepped.count, 8)
        for (i, frame) in stepped.enumerated() {
            let p = frame.pixel(x: 10, y: 10)
            XCTAssertEqual([p.red, p.green, p.blue, p.alpha], colours[i / 2], "t = \(Double(i) / 2)")
        }
    }

    /// A 30 × 30 image of 10 × 10 cells: red corners, green edges, a blue centre; contentsCenter
    /// (1/3, 1/3, 1/3, 1/3) marks the centre cell. Stretched (resize) over 90 × 60 with the
    /// nearest filter: the corners stay 10 × 10, the top and bottom edges stretch to 70 × 10,
    /// the left and right to 10 × 40, the centre to 70 × 40.
    func testNinePartStretchingLeavesTheCornersUnscaled() throws {
        let image = Self.png(30, 30) { x, y in
            let edgeX = x / 10 != 1
            let edgeY = y / 10 != 1
            return edgeX && edgeY
                ? [255, 0, 0, 255] : (edgeX || edgeY ? [0, 255, 0, 255] : [0, 0, 255, 255])
        }
        let f = try Self.frames(
            """
            layer{bounds = rect(0, 0, 90, 60), anchorPoint = point(0, 0), contents = image("nine.png"),
              contentsCenter = rect(1/3, 1/3, 1/3, 1/3), magnificationFilter = "nearest"}
            """, images: ["nine.png": image], size: (90, 60))[0]
        for y in 0..<60 {
            for x in 0..<90 {
                let edgeX = x < 10 || x >= 80
                let edgeY = y < 10 || y >= 50
                let want: [Int] =
                    edgeX && edgeY ? [255, 0, 0] : (edgeX || edgeY ? [0, 255, 0] : [0, 0, 255])
                let p = f.pixel(x: x, y: y)
                XCTAssertEqual([p.red, p.green, p.blue, p.alpha].map(Int.init), want + [255], "(\(x), \(y))")
            }
        }
    }

    /// A 2 × 1 image, black then white, stretched over 20 × 10. Nearest: the left 10 columns
    /// black, the right 10 white. Linear: pixel x's centre samples the image at
    /// u = (x + 0.5)/10, between the two pixel centres (0.5 and 1.5), so its grey is
    /// 255 · clamp(u − 0.5, 0, 1): 0 up to x = 4, 114.75 at x = 9, 140.25 at x = 10, 255 from
    /// x = 15 (beyond the centres the edge pixel extends). Pixman cuts the sample position to
    /// 7 bits (1/128 of a pixel) before it weighs, so a grey may come out up to 255/128 ≈ 2
    /// levels low, and one more for rounding: the tolerance is 3 levels.
    func testNearestAndLinearFilters() throws {
        let image = Self.png(2, 1) { x, _ in x == 0 ? [0, 0, 0, 255] : [255, 255, 255, 255] }
        for filter in ["nearest", "linear"] {
            let f = try Self.frames(
                """
                layer{bounds = rect(0, 0, 20, 10), anchorPoint = point(0, 0), contents = image("two.png"),
                  magnificationFilter = "\(filter)"}
                """, images: ["two.png": image], size: (20, 10))[0]
            for x in 0..<20 {
                let u = (Double(x) + 0.5) / 10
                let want = filter == "nearest" ? (x < 10 ? 0 : 255) : 255 * min(max(u - 0.5, 0), 1)
                XCTAssertEqual(Double(f.pixel(x: x, y: 5).red), want, accuracy: 3, "\(filter) x = \(x)")
                XCTAssertEqual(f.pixel(x: x, y: 5).alpha, 255)
            }
        }
    }

    /// Opacity fades the image with the layer, and masksToBounds with a cornerRadius clips it
    /// to the rounded bounds (CALayer.cornerRadius: with masksToBounds the radius applies to
    /// the contents too). A 20 × 20 layer, radius 10 (a circle), opacity 0.5: the corner pixel
    /// (0, 0) lies outside the circle, the centre is red at alpha 128 (0.5 · 255 rounded up).
    func testOpacityAndTheCornerClipApplyToTheImage() throws {
        let image = Self.png(2, 2) { _, _ in [255, 0, 0, 255] }
        let f = try Self.frames(
            """
            layer{bounds = rect(0, 0, 20, 20), anchorPoint = point(0, 0), contents = image("red.png"),
              cornerRadius = 10, masksToBounds = true, opacity = 0.5}
            """, images: ["red.png": image], size: (20, 20))[0]
        XCTAssertEqual(f.pixel(x: 0, y: 0).alpha, 0)
        XCTAssertEqual(f.pixel(x: 19, y: 19).alpha, 0)
        XCTAssertEqual([f.pixel(x: 10, y: 10).red, f.pixel(x: 10, y: 10).alpha], [255, 128])
        // Area: the circle, π · 10² ≈ 314.16 pixels at alpha 0.5.
        XCTAssertEqual(LayerDrawingTests.coverage(f).0 * 255 / 128, Double.pi * 100, accuracy: 2)
    }
}
