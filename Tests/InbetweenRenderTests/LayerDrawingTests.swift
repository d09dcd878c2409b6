import Foundation
import Inbetween
import InbetweenLua
import XCTest

/// Strokes trimmed by strokeStart/strokeEnd, shadows and perspective, on scenes whose pixels
/// follow from the geometry.
final class LayerDrawingTests: XCTestCase {
    static func still(_ source: String, size: (Double, Double) = (120, 80)) throws -> RenderedFrame {
        try RendererTests.render(
            "scene{to = 0}\n" + source,
            RenderOptions(size: Size(width: size.0, height: size.1), background: .transparent))[0]
    }

    /// Σ alpha / 255 over the picture (pixels covered), and the alpha-weighted centroid.
    static func coverage(_ f: RenderedFrame, where keep: (Int, Int) -> Bool = { _, _ in true }) -> (
        Double, Double, Double
    ) {
        var sum = 0.0
        var sx = 0.0
        var sy = 0.0
        for y in 0..<f.height {
            for x in 0..<f.width where keep(x, y) {
                let a = Double(f.pixel(x: x, y: y).alpha) / 255
                sum += a
                sx += a * (Double(x) + 0.5)
                sy += a * (Double(y) + 0.5)
            }
        }
        return (sum, sum > 0 ? sx / sum : 0, sum > 0 ? sy / sum : 0)
    }

    func testStrokeEndStrokesThatShareOfTheLength() throws {
        // A horizontal line from x = 10 to 110 at y = 20, 4 wide, butt caps: strokeStart 0.25
        // and strokeEnd 0.75 keep x in [35, 85), y in [18, 22): 50 × 4 = 200 whole pixels.
        let f = try Self.still(
            """
            layer{name = "l", path = path():move(10, 20):line(110, 20), strokeColor = "black",
              fillColor = "clear", lineWidth = 4, strokeStart = 0.25, strokeEnd = 0.75,
              position = point(0, 0), anchorPoint = point(0, 0)}
            """)
        for y in 0..<f.height {
            for x in 0..<f.width {
                let inside = (35..<85).contains(x) && (18..<22).contains(y)
                XCTAssertEqual(f.pixel(x: x, y: y).alpha, inside ? 255 : 0, "(\(x), \(y))")
            }
        }
    }

    func testStrokeStartAndEndRunOnAcrossSubpaths() throws {
        // Two subpaths of 50 each (total 100): strokeEnd 0.75 strokes all of the first and
        // the first half of the second. Line width 2 at y = 10 and y = 40.
        let f = try Self.still(
            """
            layer{name = "l", path = path():move(0, 10):line(50, 10):move(0, 40):line(50, 40),
              strokeColor = "black", fillColor = "clear", lineWidth = 2, strokeEnd = 0.75,
              anchorPoint = point(0, 0)}
            """)
        XCTAssertEqual(Self.coverage(f, where: { _, y in y < 25 }).0, 100, accuracy: 1e-9)
        XCTAssertEqual(Self.coverage(f, where: { _, y in y >= 25 }).0, 50, accuracy: 1e-9)
    }

    func testAShadowWithoutBlurIsTheLayerMovedByTheOffset() throws {
        // A 20×20 black square at [20, 40)², its shadow (radius 0, opacity 0.5, red) moved by
        // (10, 10): the shadow shows at [30, 50)² outside the square, alpha 128 (0.5·255 =
        // 127.5, which Cairo rounds up), where it is under the square the square covers it.
        let f = try Self.still(
            """
            layer{name = "l", bounds = rect(0, 0, 20, 20), position = point(30, 30),
              backgroundColor = "black", shadowOpacity = 0.5, shadowRadius = 0,
              shadowOffset = size(10, 10), shadowColor = "red"}
            """)
        for y in 0..<60 {
            for x in 0..<60 {
                let p = f.pixel(x: x, y: y)
                if (20..<40).contains(x) && (20..<40).contains(y) {
                    XCTAssertEqual([p.red, p.alpha], [0, 255], "(\(x), \(y))")
                } else if (30..<50).contains(x) && (30..<50).contains(y) {
                    XCTAssertEqual([p.red, p.green, p.alpha], [255, 0, 128], "(\(x), \(y))")
                } else {
                    XCTAssertEqual(p.alpha, 0, "(\(x), \(y))")
                }
            }
        }
    }

    func testABlurredShadowKeepsItsMassAndCentre() throws {
        // shadowPath a 20×20 square at [10, 30)² of the layer (no background: only the shadow
        // draws), opacity 1, radius 6 (σ = 3 px): blurring moves alpha but keeps its sum (400
        // pixels) and its centre (the square's, (20, 20) + the layer's origin (40, 20) + the
        // offset (0, 5)). Three box blurs round each pixel to 1/255 three times a pass: the
        // sum is kept within 1%.
        let f = try Self.still(
            """
            layer{name = "l", bounds = rect(0, 0, 40, 40), position = point(60, 40),
              shadowOpacity = 1, shadowRadius = 6, shadowOffset = size(0, 5),
              shadowPath = path():move(10, 10):line(30, 10):line(30, 30):line(10, 30):close()}
            """)
        let (mass, cx, cy) = Self.coverage(f)
        XCTAssertEqual(mass, 400, accuracy: 4)
        XCTAssertEqual(cx, 60, accuracy: 0.05)
        XCTAssertEqual(cy, 45, accuracy: 0.05)
        // Blurred: the square's corner pixel is no longer fully covered.
        XCTAssertLessThan(f.pixel(x: 50, y: 35).alpha, 200)
    }

    func testPerspectiveProjectsTheEdgesThroughM34() throws {
        // A 100×60 layer centred at (150, 100), turned 60° about the y axis, then m34 = −1/500.
        // Row vectors: CATransform3DMakeRotation(θ, 0, 1, 0) has rows (c, 0, −s, 0), (0, 1, 0,
        // 0), (s, 0, c, 0), so a point x from the anchor goes to (x c, 0, −x s); m34 then
        // gives w = 1 + x s / 500. The edges x = ±50 land at X = ±25 / (1 ± 43.301/500):
        // +23.007 and −27.371 from 150.
        let f = try Self.still(
            """
            local perspective = transform{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -1 / 500, 0, 0, 0, 1}
            layer{name = "l", bounds = rect(0, 0, 100, 60), position = point(150, 100),
              backgroundColor = "black", transform = transform.rotation(math.pi / 3, 0, 1, 0):concat(perspective)}
            """, size: (300, 200))
        // The row through the centre: the covered run from the left edge to the right one.
        var covered = 0.0
        var weighted = 0.0
        for x in 0..<f.width {
            let a = Double(f.pixel(x: x, y: 100).alpha) / 255
            covered += a
            weighted += a * (Double(x) + 0.5)
        }
        // Its length and its middle, each within a quarter pixel (the edges are anti-aliased).
        XCTAssertEqual(covered, 23.007 + 27.371, accuracy: 0.25)
        XCTAssertEqual(weighted / covered, 150 + (23.007 - 27.371) / 2, accuracy: 0.25)
    }

    func testOpacityFadesTheLayerAsOneGroup() throws {
        // A black 20×20 square with a red border 4 wide, at opacity 0.5: as one group the
        // border stays pure red at alpha 128 (0.5·255 rounded), not red over black (which
        // would give alpha 191 and a darker red); inside, black at 128.
        let f = try Self.still(
            """
            layer{name = "l", bounds = rect(0, 0, 20, 20), position = point(30, 30), opacity = 0.5,
              backgroundColor = "black", borderWidth = 4, borderColor = "red"}
            """)
        let border = f.pixel(x: 21, y: 30)
        XCTAssertEqual([border.red, border.green, border.alpha], [255, 0, 128])
        let inside = f.pixel(x: 30, y: 30)
        XCTAssertEqual([inside.red, inside.alpha], [0, 128])
        XCTAssertEqual(f.pixel(x: 19, y: 30).alpha, 0)
    }
}
