import Foundation
import Inbetween
import InbetweenLua
import XCTest

/// CAGradientLayer's three types at hand-worked points (Apple's CAGradientLayer reference and
/// the header CAGradientLayer.h: startPoint and endPoint in the unit space of the bounds; a
/// radial gradient's ellipse centred at startPoint with half-axes (endPoint − startPoint) in
/// that space; a conic gradient's 0° along startPoint → endPoint, turning from +x towards +y).
/// Each pixel is checked at its centre (x + 0.5, y + 0.5), within 2/255 per channel.
final class GradientDrawingTests: XCTestCase {
    /// One frame of a gradient layer of `size` with its top-left corner at the origin.
    static func gradient(_ fields: String, size: (Double, Double) = (100, 100), at time: Double = 0) throws
        -> RenderedFrame
    {
        let source = """
            scene{from = \(time), to = \(time)}
            gradientLayer{name = "g", bounds = rect(0, 0, \(size.0), \(size.1)), anchorPoint = point(0, 0),
              colors = {"#ff0000", "#0000ff"}, \(fields)}
            """
        return try RendererTests.render(
            source, RenderOptions(size: Size(width: size.0, height: size.1), background: .transparent))[0]
    }

    /// The colour at t of the line red → blue: (1 − t, 0, t), in 8 bits.
    static func redToBlue(_ t: Double) -> [Double] { [255 * (1 - t), 0, 255 * t, 255] }

    func check(
        _ f: RenderedFrame, _ points: [(Int, Int, [Double])], file: StaticString = #filePath,
        line: UInt = #line
    ) {
        for (x, y, expected) in points {
            let p = f.pixel(x: x, y: y)
            let got = [Double(p.red), Double(p.green), Double(p.blue), Double(p.alpha)]
            for c in 0..<4 {
                XCTAssertEqual(
                    got[c], expected[c], accuracy: 2, "(\(x), \(y)) channel \(c): \(got)", file: file,
                    line: line)
            }
        }
    }

    func testAxialRunsFromStartPointToEndPoint() throws {
        // Left to right across 100 px: t = (x + 0.5)/100 at any row.
        let f = try Self.gradient("startPoint = point(0, 0.5), endPoint = point(1, 0.5)", size: (100, 50))
        check(
            f,
            [
                (0, 25, Self.redToBlue(0.005)), (24, 10, Self.redToBlue(0.245)),
                (99, 40, Self.redToBlue(0.995)),
            ])
        // CA's default: top (0.5, 0) to bottom (0.5, 1), t = (y + 0.5)/50.
        let down = try Self.gradient("", size: (100, 50))
        check(down, [(10, 12, Self.redToBlue(0.25)), (90, 37, Self.redToBlue(0.75))])
    }

    func testAxialLocationsPlaceTheStopsEvenOutsideZeroToOne() throws {
        // Stops at 0.25 and 0.75: red up to x = 25, then (t − 0.25)/0.5; at x = 49, t = 0.495
        // gives 0.49 of the way.
        let f = try Self.gradient(
            "startPoint = point(0, 0.5), endPoint = point(1, 0.5), locations = {0.25, 0.75}", size: (100, 10))
        check(f, [(10, 5, Self.redToBlue(0)), (49, 5, Self.redToBlue(0.49)), (90, 5, Self.redToBlue(1))])
        // Stops at −1 and 1 (a shimmer's start): at t = 0.495 the colour is (0.495 + 1)/2 =
        // 0.7475 of the way (Cairo would clamp the stop at −1 to 0 and give 0.495).
        let wide = try Self.gradient(
            "startPoint = point(0, 0.5), endPoint = point(1, 0.5), locations = {-1, 1}", size: (100, 10))
        check(wide, [(49, 5, Self.redToBlue(0.7475)), (0, 5, Self.redToBlue(0.5025))])
    }

    func testRadialIsAnEllipseAroundStartPoint() throws {
        // Centre (50, 50), half-axes (1 − 0.5)·100 = 50 across and (0.75 − 0.5)·100 = 25 down.
        // (74.5, 50.5): √((24.5/50)² + (0.5/25)²) = 0.4904; (50.5, 62.5): √(0.01² + 0.5²) =
        // 0.5001; (50.5, 90.5) lies outside (1.62): the last colour.
        let f = try Self.gradient(
            "type = \"radial\", startPoint = point(0.5, 0.5), endPoint = point(1, 0.75)")
        check(
            f,
            [(74, 50, Self.redToBlue(0.4904)), (50, 62, Self.redToBlue(0.5001)), (50, 90, Self.redToBlue(1))])
        // A flat ellipse (endPoint.y = startPoint.y) leaves every point outside: the last colour.
        let flat = try Self.gradient(
            "type = \"radial\", startPoint = point(0.5, 0.5), endPoint = point(1, 0.5)")
        check(flat, [(50, 50, Self.redToBlue(1)), (10, 90, Self.redToBlue(1))])
    }

    func testConicTurnsClockwiseOnScreenFromEndPoint() throws {
        // Centre (50, 50), 0° towards (100, 50). t = angle/2π, the angle from +x towards +y
        // (down the screen): (75.5, 50.5) atan2(0.5, 25.5) = 0.0196 → 0.0031; (50.5, 75.5)
        // atan2(25.5, 0.5) = 1.5512 → 0.2469; (24.5, 50.5) π − 0.0196 → 0.4969; (50.5, 24.5)
        // 2π − 1.5512 → 0.7531; (75.5, 49.5) 2π − 0.0196 → 0.9969, just before the seam.
        let f = try Self.gradient("type = \"conic\", startPoint = point(0.5, 0.5), endPoint = point(1, 0.5)")
        check(
            f,
            [
                (75, 50, Self.redToBlue(0.0031)), (50, 75, Self.redToBlue(0.2469)),
                (24, 50, Self.redToBlue(0.4969)),
                (50, 24, Self.redToBlue(0.7531)), (75, 49, Self.redToBlue(0.9969)),
            ])
    }

    func testTheGradientFillsTheRoundedShapeOverTheBackground() throws {
        // cornerRadius 20: the corner pixel (0, 0) lies outside the rounded shape, so only
        // the background shows there (none here); the centre row is the gradient at opacity
        // 0.5 (alpha 127.5, colour premultiplied then read back unpremultiplied).
        let f = try Self.gradient("cornerRadius = 20, opacity = 0.5", size: (100, 100))
        XCTAssertEqual(f.pixel(x: 0, y: 0).alpha, 0)
        XCTAssertEqual(Double(f.pixel(x: 50, y: 50).alpha), 127.5, accuracy: 1)
    }

    func testAnimatedColorsAreInterpolatedElementByElement() throws {
        // colors [red, blue] → [blue, red] over 1 s, linear: at 0.5 s both stops are
        // (0.5, 0, 0.5), so every pixel is that colour.
        let source = """
            scene{from = 0.5, to = 0.5}
            local g = gradientLayer{name = "g", bounds = rect(0, 0, 40, 40), anchorPoint = point(0, 0),
              colors = {"#ff0000", "#0000ff"}}
            g:add(animation.basic{keyPath = "colors", toValue = {"#0000ff", "#ff0000"}, duration = 1,
              timingFunction = "linear"})
            """
        let f = try RendererTests.render(
            source, RenderOptions(size: Size(width: 40, height: 40), background: .transparent))[0]
        check(f, [(5, 5, Self.redToBlue(0.5)), (35, 35, Self.redToBlue(0.5))])
    }
}
