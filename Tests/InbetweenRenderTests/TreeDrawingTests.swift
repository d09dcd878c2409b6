import Foundation
import Inbetween
import InbetweenLua
import XCTest

/// Scenes with a layer tree, from the script to the picture: each case's pixels worked out by
/// hand from Core Animation's rules (Apple, "Core Animation Programming Guide: Layer Geometry
/// and Transforms", and the CALayer and CAReplicatorLayer references), on edges that fall on
/// pixel boundaries so every pixel is inside or outside.
final class TreeDrawingTests: XCTestCase {
    static func still(_ source: String, size: (Double, Double) = (80, 80)) throws -> RenderedFrame {
        try RendererTests.render(
            "scene{to = 0}\n" + source,
            RenderOptions(size: Size(width: size.0, height: size.1), background: .transparent))[0]
    }

    static func rgba(_ f: RenderedFrame, _ x: Int, _ y: Int) -> [Int] {
        let p = f.pixel(x: x, y: y)
        return [Int(p.red), Int(p.green), Int(p.blue), Int(p.alpha)]
    }

    static func assertClose(_ a: [Int], _ b: [Int], within: Int, _ what: String, line: UInt = #line) {
        XCTAssertTrue(zip(a, b).allSatisfy { abs($0 - $1) <= within }, "\(what): \(a) vs \(b)", line: line)
    }

    /// The pixels with any alpha, as a set of (x, y).
    static func covered(_ f: RenderedFrame) -> Set<[Int]> {
        var out = Set<[Int]>()
        for y in 0..<f.height {
            for x in 0..<f.width where f.pixel(x: x, y: y).alpha > 0 { out.insert([x, y]) }
        }
        return out
    }

    static func box(_ x: Range<Int>, _ y: Range<Int>) -> Set<[Int]> {
        Set(y.flatMap { y in x.map { [$0, y] } })
    }

    /// A parent of opacity 0.5 holding a blue square [0, 20)² and, in front of it, a red one
    /// [10, 30)² (parent bounds 40 × 40 with its top-left at the stage's origin). Grouped
    /// (allowsGroupOpacity, the default: "composited as a group", CALayer reference): red at
    /// alpha 0.5 where they overlap; each faded alone (allowsGroupOpacity = false): red 0.5 over
    /// blue 0.5 is alpha 0.75, straight red 2/3 and blue 1/3 (170, 85, 191.25; see
    /// `TreeCanvasTests`). Tolerance 1 per channel: one 8-bit rounding per composite.
    func testGroupOpacityBothWays() throws {
        func scene(_ groups: Bool) -> String {
            """
            local p = layer{name = "p", bounds = rect(0, 0, 40, 40), position = point(20, 20), opacity = 0.5,
              allowsGroupOpacity = \(groups)}
            p:addSublayer(layer{name = "blue", bounds = rect(0, 0, 20, 20), position = point(10, 10),
              backgroundColor = "#0000ff"})
            p:addSublayer(layer{name = "red", bounds = rect(0, 0, 20, 20), position = point(20, 20),
              backgroundColor = "#ff0000"})
            """
        }
        let grouped = try Self.still(scene(true))
        Self.assertClose(Self.rgba(grouped, 15, 15), [255, 0, 0, 128], within: 1, "grouped, overlap")
        Self.assertClose(Self.rgba(grouped, 5, 5), [0, 0, 255, 128], within: 1, "grouped, blue alone")
        let each = try Self.still(scene(false))
        Self.assertClose(Self.rgba(each, 15, 15), [170, 0, 85, 191], within: 1, "each, overlap")
        Self.assertClose(Self.rgba(each, 25, 25), [255, 0, 0, 128], within: 1, "each, red alone")
    }

    /// A sublayer's position is in its superlayer's bounds coordinates, origin included ("Layer
    /// Geometry and Transforms": bounds.origin sets the superlayer's own coordinate system). The
    /// parent: bounds (10, 10, 40, 40), position (50, 50), anchor (0.5, 0.5), so its bounds
    /// point (10, 10) is at the stage's (30, 30). The child, 10 × 10 at (20, 20) in it, covers
    /// the parent's [15, 25)², the stage's [35, 45)².
    func testASublayerIsPlacedInItsSuperlayersBoundsOriginIncluded() throws {
        let f = try Self.still(
            """
            local p = layer{name = "p", bounds = rect(10, 10, 40, 40), position = point(50, 50)}
            p:addSublayer(layer{name = "c", bounds = rect(0, 0, 10, 10), position = point(20, 20),
              backgroundColor = "black"})
            """)
        XCTAssertEqual(Self.covered(f), Self.box(35..<45, 35..<45))
    }

    /// masksToBounds clips the sublayers to the bounds ("Layer Geometry and Transforms"): a
    /// 60 × 60 child centred in a 20 × 20 parent at [30, 50)² shows only there. The parent's
    /// own background is transparent, so what shows is the child.
    func testMasksToBoundsClipsTheSublayers() throws {
        let f = try Self.still(
            """
            local p = layer{name = "p", bounds = rect(0, 0, 20, 20), position = point(40, 40), masksToBounds = true}
            p:addSublayer(layer{name = "c", bounds = rect(0, 0, 60, 60), position = point(10, 10),
              backgroundColor = "black"})
            """)
        XCTAssertEqual(Self.covered(f), Self.box(30..<50, 30..<50))
        let open = try Self.still(
            """
            local p = layer{name = "p", bounds = rect(0, 0, 20, 20), position = point(40, 40)}
            p:addSublayer(layer{name = "c", bounds = rect(0, 0, 60, 60), position = point(10, 10),
              backgroundColor = "black"})
            """)
        XCTAssertEqual(Self.covered(open), Self.box(10..<70, 10..<70), "without masksToBounds")
    }

    /// `hidden` hides the layer and its whole subtree (CALayer reference, `isHidden`).
    func testAHiddenLayerHidesItsSubtree() throws {
        let f = try Self.still(
            """
            local p = layer{name = "p", bounds = rect(0, 0, 20, 20), position = point(40, 40),
              backgroundColor = "red", hidden = true}
            p:addSublayer(layer{name = "c", bounds = rect(0, 0, 10, 10), position = point(10, 10),
              backgroundColor = "black"})
            """)
        XCTAssertEqual(Self.covered(f), [])
    }

    /// Siblings draw by zPosition, then in list order ("Layer Geometry and Transforms"): the
    /// first of two overlapping squares, raised to zPosition 1, covers the second.
    func testSiblingsDrawByZPositionThenListOrder() throws {
        let f = try Self.still(
            """
            local p = layer{name = "p", bounds = rect(0, 0, 40, 40), position = point(20, 20)}
            p:addSublayer(layer{name = "a", bounds = rect(0, 0, 20, 20), position = point(10, 10),
              backgroundColor = "#ff0000", zPosition = 1})
            p:addSublayer(layer{name = "b", bounds = rect(0, 0, 20, 20), position = point(20, 20),
              backgroundColor = "#0000ff"})
            """)
        XCTAssertEqual(Self.rgba(f, 15, 15), [255, 0, 0, 255], "a in front")
        XCTAssertEqual(Self.rgba(f, 25, 25), [0, 0, 255, 255], "b where a is not")
    }

    /// CAReplicatorLayer draws its sublayers once per instance, instance i through
    /// instanceTransform applied i times: 3 copies of a 10 × 10 square at [0, 10) × [0, 10),
    /// moved 20 right each time, cover x in [0, 10), [20, 30) and [40, 50).
    func testAReplicatorDrawsEachInstance() throws {
        let f = try Self.still(
            """
            local r = replicator{name = "r", bounds = rect(0, 0, 60, 10), position = point(30, 5),
              instanceCount = 3, instanceTransform = transform.translation(20, 0)}
            r:addSublayer(layer{name = "dot", bounds = rect(0, 0, 10, 10), position = point(5, 5),
              backgroundColor = "black"})
            """)
        XCTAssertEqual(
            Self.covered(f),
            Self.box(0..<10, 0..<10).union(Self.box(20..<30, 0..<10)).union(
                Self.box(40..<50, 0..<10)))
    }

    /// A sublayer under its parent's perspective (sublayerTransform m34 = −1/500), in a group
    /// (parent opacity 0.5) and clipped by the parent's bounds: the warp goes through the
    /// group and the clip. The parent's bounds are [20, 60)²; the child, 80 × 80 and turned
    /// about nothing, is clipped to them, and the group fades it to alpha 0.5 (127.5).
    func testAWarpedSublayerIsClippedAndFadedWithItsGroup() throws {
        let f = try Self.still(
            """
            local p = layer{name = "p", bounds = rect(0, 0, 40, 40), position = point(40, 40), opacity = 0.5,
              masksToBounds = true}
            p.sublayerTransform = transform{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -1 / 500, 0, 0, 0, 1}
            p:addSublayer(layer{name = "c", bounds = rect(0, 0, 80, 80), position = point(20, 20),
              backgroundColor = "black", transform = transform.rotation(0.3, 0, 1, 0)})
            p:addSublayer(layer{name = "d", bounds = rect(0, 0, 10, 10), position = point(20, 20),
              backgroundColor = "black"})
            """)
        XCTAssertEqual(Self.covered(f), Self.box(20..<60, 20..<60))
        // Inside: the warped layer and d overlap at the centre; as a group, 0.5 there too.
        Self.assertClose(Self.rgba(f, 40, 40), [0, 0, 0, 128], within: 1, "centre")
        Self.assertClose(Self.rgba(f, 25, 25), [0, 0, 0, 128], within: 1, "corner")
    }
}
