import Foundation
import Inbetween
import XCTest

/// CAShapeLayer's stroke styles and CALayer's corner and facing styles, on scenes whose pixels
/// follow from the geometry by hand. References: Apple's CAShapeLayer pages (fillRule,
/// lineCap, lineJoin, miterLimit, lineDashPattern, lineDashPhase), CALayer's (isDoubleSided,
/// maskedCorners, cornerCurve); the rules themselves as PDF 32000-1 states them for Quartz's
/// model (§8.5.3.3 winding rules, §8.4.3.3-5 caps, joins and the miter limit, §8.4.3.6 dashes).
final class StrokeStyleDrawingTests: XCTestCase {
    private func still(_ source: String, size: (Double, Double) = (120, 80)) throws -> RenderedFrame {
        try LayerDrawingTests.still(source, size: size)
    }

    private func coverage(_ f: RenderedFrame) -> Double { LayerDrawingTests.coverage(f).0 }

    /// Two squares wound the same way, [10, 70)² and [30, 50)² inside it. Non-zero: the inner
    /// square's points are wound twice, so filled; even-odd: an even count, so empty. The ring
    /// between them is filled by both. kCAFillRuleEvenOdd's string "even-odd" is the same rule.
    func testEvenOddLeavesTheInnerSquareOfTwoNestedOnesEmpty() throws {
        for (rule, inner) in [("nonZero", 255), ("evenOdd", 0), ("even-odd", 0), ("non-zero", 255)] {
            let f = try still(
                """
                layer{name = "l", anchorPoint = point(0, 0), fillColor = "black", fillRule = "\(rule)",
                  path = path():move(10, 10):line(70, 10):line(70, 70):line(10, 70):close()
                               :move(30, 30):line(50, 30):line(50, 50):line(30, 50):close()}
                """)
            XCTAssertEqual(f.pixel(x: 40, y: 40).alpha, UInt8(inner), rule)
            XCTAssertEqual(f.pixel(x: 20, y: 20).alpha, 255, rule)
            // Whole pixels only: 60² − 20² = 3200 for even-odd, 3600 for non-zero.
            XCTAssertEqual(coverage(f), inner == 0 ? 3200 : 3600, accuracy: 1e-9, rule)
        }
    }

    /// A self-intersecting five-pointed star (each point joined to the one two ahead) winds its
    /// centre pentagon twice: non-zero fills it, even-odd does not; a point's tip is wound once
    /// and filled by both. Star of radius 50 about (60, 55), first point straight up.
    func testEvenOddLeavesTheStarsPentagonEmpty() throws {
        let points = (0..<5).map { k -> String in
            let a = -Double.pi / 2 + Double(k * 2) * 2 * Double.pi / 5
            return "\(60 + 50 * cos(a)), \(55 + 50 * sin(a))"
        }
        let star =
            "path():move(\(points[0]))" + points.dropFirst().map { ":line(\($0))" }.joined() + ":close()"
        for (rule, centre) in [("nonZero", 255), ("evenOdd", 0)] {
            let f = try still(
                "layer{name = \"l\", anchorPoint = point(0, 0), fillColor = \"black\", fillRule = \"\(rule)\", path = \(star)}",
                size: (120, 110))
            XCTAssertEqual(f.pixel(x: 60, y: 55).alpha, UInt8(centre), rule)
            // The top tip: (60, 5) down to where its edges cross the inner pentagon, y ≈ 39.
            XCTAssertEqual(f.pixel(x: 60, y: 15).alpha, 255, rule)
        }
    }

    /// A dashed line along y = 10 from x = 0 to 100, 2 wide, butt caps, pattern {10, 5}: a
    /// point s along the line is ink when (s + phase) mod 15 < 10 (Apple, lineDashPhase: "how
    /// far into the dash pattern the line starts"). Every boundary falls on a whole pixel for
    /// these phases, so each column is fully ink or fully empty.
    func testDashesWithAPhaseInkTheColumnsThePatternSays() throws {
        for phase in [0.0, 3, 12, 15, 20] {
            let f = try still(
                """
                layer{name = "l", anchorPoint = point(0, 0), strokeColor = "black", fillColor = "clear",
                  lineWidth = 2, lineDashPattern = {10, 5}, lineDashPhase = \(phase),
                  path = path():move(0, 10):line(100, 10)}
                """)
            for x in 0..<100 {
                let s = Double(x) + 0.5
                let ink = (s + phase).truncatingRemainder(dividingBy: 15) < 10
                XCTAssertEqual(f.pixel(x: x, y: 9).alpha, ink ? 255 : 0, "phase \(phase), x \(x)")
                XCTAssertEqual(f.pixel(x: x, y: 10).alpha, ink ? 255 : 0, "phase \(phase), x \(x)")
            }
            XCTAssertEqual(f.pixel(x: 50, y: 12).alpha, 0)
        }
    }

    /// An animated phase draws what the same phase set draws: linear 0 → 15 over 1 s, at
    /// 0.2 s the phase is 3 (marching ants, Apple's lineDashPhase example).
    func testAnAnimatedPhaseMovesTheDashes() throws {
        let source = """
            layer{name = "l", anchorPoint = point(0, 0), strokeColor = "black", fillColor = "clear",
              lineWidth = 2, lineDashPattern = {10, 5}, path = path():move(0, 10):line(100, 10)}
              :add(animation.basic{keyPath = "lineDashPhase", fromValue = 0, toValue = 15, duration = 1,
                                   timingFunction = "linear"})
            """
        let frames = try RendererTests.render(
            source,
            RenderOptions(
                size: Size(width: 120, height: 20), background: .transparent, fps: 5, from: 0.2, to: 0.2))
        let f = try XCTUnwrap(frames.first)
        for x in 0..<100 {
            let ink = (Double(x) + 0.5 + 3).truncatingRemainder(dividingBy: 15) < 10
            XCTAssertEqual(f.pixel(x: x, y: 10).alpha, ink ? 255 : 0, "x \(x)")
        }
    }

    /// A line from (20, 20) to (60, 20), 10 wide. Butt: the 40 × 10 rectangle (400). Square:
    /// 5 more at each end (500). Round: half discs of radius 5 at each end, 400 + 25π.
    /// Anti-aliased edges keep the sum of coverage within 0.5 of the area.
    func testCapsExtendTheEndsAsTheirShapesSay() throws {
        for (cap, area) in [("butt", 400.0), ("square", 500), ("round", 400 + 25 * Double.pi)] {
            let f = try still(
                """
                layer{name = "l", anchorPoint = point(0, 0), strokeColor = "black", fillColor = "clear",
                  lineWidth = 10, lineCap = "\(cap)", path = path():move(20, 20):line(60, 20)}
                """)
            XCTAssertEqual(coverage(f), area, accuracy: 0.5, cap)
            // Past the end, on the line: ink for square and round, none for butt.
            XCTAssertEqual(f.pixel(x: 62, y: 20).alpha, cap == "butt" ? 0 : 255, cap)
            // The square's corner: (60..65, 15..20) at (64, 15), outside the round cap's disc.
            XCTAssertEqual(f.pixel(x: 64, y: 15).alpha, cap == "square" ? 255 : 0, cap)
        }
    }

    /// A right angle (20, 60) → (20, 20) → (60, 20), 10 wide, butt caps. The two arms cover
    /// 400 + 400 − 25 (their overlap); the outer corner square [15, 20)² is 25 more with a
    /// miter join (800), half of it (a triangle of legs 5) with a bevel (787.5), and a quarter
    /// disc of radius 5 with a round join (775 + 25π/4). A miter limit of 1, under the miter's
    /// length ratio at 90° (1 / sin 45° = √2), bevels it.
    func testJoinsFillTheOuterCornerAsTheirShapesSay() throws {
        let rows: [(String, String, Double)] = [
            ("miter", "10", 800), ("bevel", "10", 787.5), ("round", "10", 775 + 25 * Double.pi / 4),
            ("miter", "1", 787.5),
        ]
        for (join, limit, area) in rows {
            let f = try still(
                """
                layer{name = "l", anchorPoint = point(0, 0), strokeColor = "black", fillColor = "clear",
                  lineWidth = 10, lineJoin = "\(join)", miterLimit = \(limit),
                  path = path():move(20, 60):line(20, 20):line(60, 20)}
                """)
            XCTAssertEqual(coverage(f), area, accuracy: 0.5, "\(join), limit \(limit)")
            XCTAssertEqual(f.pixel(x: 15, y: 15).alpha, area == 800 ? 255 : 0, "\(join), limit \(limit)")
        }
    }

    /// A 40 × 40 square turned half over about y faces away: with isDoubleSided false nothing
    /// of it is drawn (Apple: "the layer hides its content when it faces away from the
    /// viewer"), with the default true all 1,600 pixels are. Half a turn about z is not a back
    /// face (the picture is turned, not mirrored), and is drawn either way; so is a sublayer
    /// that faces away inside a tree when it is double-sided, and not when it is not.
    func testABackFaceIsNotDrawnUnlessTheLayerIsDoubleSided() throws {
        let rows: [(String, String, Double)] = [
            ("transform.rotation(math.pi, 0, 1, 0)", "false", 0),
            ("transform.rotation(math.pi, 0, 1, 0)", "true", 1600),
            ("transform.rotation(math.pi)", "false", 1600),
            ("transform.rotation(2 * math.pi / 3, 0, 1, 0)", "false", 0),
            ("transform.rotation(math.pi / 3, 0, 1, 0)", "false", 800),
        ]
        for (turn, doubleSided, area) in rows {
            let flat = try still(
                """
                layer{name = "l", bounds = rect(0, 0, 40, 40), position = point(60, 40),
                  backgroundColor = "black", doubleSided = \(doubleSided), transform = \(turn)}
                """)
            XCTAssertEqual(coverage(flat), area, accuracy: 0.5, "\(turn), \(doubleSided)")
            let tree = try still(
                """
                layer{name = "p", bounds = rect(0, 0, 120, 80), anchorPoint = point(0, 0),
                  sublayers = {layer{name = "l", bounds = rect(0, 0, 40, 40), position = point(60, 40),
                    backgroundColor = "black", doubleSided = \(doubleSided), transform = \(turn)}}}
                """)
            XCTAssertEqual(coverage(tree), area, accuracy: 0.5, "tree: \(turn), \(doubleSided)")
        }
    }

    /// A 40 × 40 square at [20, 60) × [20, 60), cornerRadius 10, only some corners rounded
    /// (CACornerMask; minY is the top, as on iOS, where a layer's y grows down). A rounded
    /// corner loses 100 − 25π of its 10 × 10 square; the pixel in its very corner is empty,
    /// a square corner's is full.
    func testMaskedCornersRoundOnlyTheCornersNamed() throws {
        let cut = 100 - 25 * Double.pi
        let corners = [(20, 20), (59, 20), (20, 59), (59, 59)]  // minX-minY, maxX-minY, minX-maxY, maxX-maxY
        let rows: [(String, [Bool])] = [
            ("{\"layerMinXMinYCorner\"}", [true, false, false, false]),
            ("{\"layerMaxXMinYCorner\", \"layerMinXMaxYCorner\"}", [false, true, true, false]),
            ("{\"layerMaxXMaxYCorner\"}", [false, false, false, true]),
            ("{}", [false, false, false, false]),
            ("15", [true, true, true, true]),
        ]
        for (mask, rounded) in rows {
            let f = try still(
                """
                layer{name = "l", bounds = rect(0, 0, 40, 40), anchorPoint = point(0, 0),
                  position = point(20, 20), backgroundColor = "black", cornerRadius = 10,
                  maskedCorners = \(mask)}
                """)
            let n = Double(rounded.filter { $0 }.count)
            // Cairo's sampled coverage of a quarter circle of radius 10 comes out about half a
            // pixel short (1.9 for four corners, the default drawing): 0.6 a rounded corner.
            XCTAssertEqual(coverage(f), 1600 - n * cut, accuracy: 0.1 + 0.6 * n, mask)
            for (corner, round) in zip(corners, rounded) {
                XCTAssertEqual(f.pixel(x: corner.0, y: corner.1).alpha, round ? 0 : 255, "\(mask) \(corner)")
            }
        }
    }

    /// A continuous corner (PaintCode's iOS 7 curve, `LayerPainter+Corners`) leaves the straight
    /// edge 1.5287 radii from the corner, where a circular one leaves it at 1 radius. A 400 ×
    /// 400 square with radius 100 (1.5287 · 100 < 200, so the radius is kept), top left
    /// corner: at y = 89.5 (0.895 radii down the left edge) the circle's edge is at
    /// x = 100 − √(100² − 10.5²) = 0.553, the continuous curve's at x = 1.78 (its last cubic,
    /// (0.0655, 0.6699) (0, 0.8684) (0, 1.0885) (0, 1.5287) radii, solved for y = 0.895 by
    /// bisection: 0.0178 radii). So pixel (1, 89) is whole for the circle and about a quarter
    /// covered for the continuous corner (1.74 to 1.82 across the row: 0.22 of it), ±0.06
    /// for Cairo's sampled anti-aliasing. Pixel (0, 89) is 0.45 covered by the circle and
    /// empty with the continuous curve.
    func testAContinuousCornerLeavesTheEdgeLaterThanACircle() throws {
        for curve in ["circular", "continuous"] {
            let f = try still(
                """
                layer{name = "l", bounds = rect(0, 0, 400, 400), anchorPoint = point(0, 0),
                  backgroundColor = "black", cornerRadius = 100, cornerCurve = "\(curve)"}
                """, size: (120, 200))
            let inner = Double(f.pixel(x: 1, y: 89).alpha) / 255
            let edge = Double(f.pixel(x: 0, y: 89).alpha) / 255
            if curve == "circular" {
                XCTAssertEqual(inner, 1, accuracy: 0.01)
                XCTAssertEqual(edge, 0.45, accuracy: 0.06)
            } else {
                XCTAssertEqual(inner, 0.22, accuracy: 0.06)
                XCTAssertEqual(edge, 0, accuracy: 0.01)
            }
            // Past 1.5287 radii both are straight: the pixel at 1.7 radii is whole.
            XCTAssertEqual(f.pixel(x: 0, y: 170).alpha, 255, curve)
        }
    }
}
