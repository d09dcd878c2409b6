import Foundation
import XCTest

@testable import Inbetween

/// The canvas's part of drawing a tree, on layers placed by hand (`DrawnLayer`): opacity
/// groups composited then faded, or each layer faded on its own; ancestors' bounds clipping,
/// rounded or not, flat or under perspective. The whole path from a script is in
/// `TreeDrawingTests`.
final class TreeCanvasTests: XCTestCase {
    /// An opaque square of `side` points with its top-left corner at (x, y), in `color`.
    static func square(_ name: String, x: Double, y: Double, side: Double, color: Color, opacity: Double = 1)
        -> LayerSnapshot
    {
        var l = LayerSnapshot(name: name)
        l.bounds = Rect(x: 0, y: 0, width: side, height: side)
        l.anchorPoint = Point(x: 0, y: 0)
        l.position = Point(x: x, y: y)
        l.backgroundColor = color
        l.opacity = opacity
        return l
    }

    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)

    static func draw(_ layers: [DrawnLayer], width: Int = 40, height: Int = 40) -> RenderedFrame {
        let canvas = SceneCanvas(width: width, height: height, scale: 1, background: .transparent)
        canvas.draw(layers)
        return RenderedFrame(index: 0, time: 0, width: width, height: height, rgba: canvas.rgba())
    }

    static func rgba(_ f: RenderedFrame, _ x: Int, _ y: Int) -> [Int] {
        let p = f.pixel(x: x, y: y)
        return [Int(p.red), Int(p.green), Int(p.blue), Int(p.alpha)]
    }

    static func assertClose(_ a: [Int], _ b: [Int], within: Int, _ what: String, line: UInt = #line) {
        XCTAssertTrue(zip(a, b).allSatisfy { abs($0 - $1) <= within }, "\(what): \(a) vs \(b)", line: line)
    }

    /// A blue square [0, 20)² behind a red one [10, 30)², both opaque, in a parent of opacity
    /// 0.5, on a transparent background.
    ///
    /// allowsGroupOpacity YES (CALayer reference: "the layer's sublayers are composited as a
    /// group"): the pair is composited opaque first, then faded as one, so where they overlap
    /// only the red shows: red at alpha 0.5 (straight 255, 0, 0, 127.5), and blue alone where
    /// it is alone (0, 0, 255, 127.5).
    ///
    /// allowsGroupOpacity NO: each square is faded by 0.5 on its own and red is laid over blue
    /// (Porter–Duff over): alpha 0.5 + 0.5·(1 − 0.5) = 0.75; premultiplied red 0.5, blue
    /// 0.5·0.5 = 0.25; straight red 0.5/0.75 = 2/3 (170), blue 1/3 (85), alpha 191.25.
    /// Tolerance 1 per channel: each composite rounds to 8 bits once.
    func testGroupOpacityBothWaysWhereTwoSublayersOverlap() {
        let back = Self.square("back", x: 0, y: 0, side: 20, color: Self.blue)
        let front = Self.square("front", x: 10, y: 10, side: 20, color: Self.red)
        let group = [OpacityGroup(name: "parent", opacity: 0.5)]
        let grouped = Self.draw([
            DrawnLayer(layer: back, groups: group), DrawnLayer(layer: front, groups: group),
        ])
        Self.assertClose(Self.rgba(grouped, 15, 15), [255, 0, 0, 128], within: 1, "grouped overlap")
        Self.assertClose(Self.rgba(grouped, 5, 5), [0, 0, 255, 128], within: 1, "grouped blue alone")
        Self.assertClose(Self.rgba(grouped, 25, 25), [255, 0, 0, 128], within: 1, "grouped red alone")
        XCTAssertEqual(Self.rgba(grouped, 35, 5)[3], 0, "outside both")

        var b = back
        var f = front
        b.opacity = 0.5
        f.opacity = 0.5
        let each = Self.draw([DrawnLayer(layer: b), DrawnLayer(layer: f)])
        Self.assertClose(Self.rgba(each, 15, 15), [170, 0, 85, 191], within: 1, "each faded, overlap")
        Self.assertClose(Self.rgba(each, 5, 5), [0, 0, 255, 128], within: 1, "each faded, blue alone")
    }

    /// Groups nest: an inner group of opacity 0.5 inside an outer one of 0.5 fades its member
    /// by 0.25 (one square, so grouping changes nothing else): alpha 63.75.
    func testNestedGroupsMultiply() {
        let square = Self.square("s", x: 0, y: 0, side: 20, color: Self.red)
        let f = Self.draw([
            DrawnLayer(
                layer: square,
                groups: [
                    OpacityGroup(name: "outer", opacity: 0.5), OpacityGroup(name: "inner", opacity: 0.5),
                ])
        ])
        Self.assertClose(Self.rgba(f, 10, 10), [255, 0, 0, 64], within: 1, "0.5 × 0.5")
    }

    /// masksToBounds: a 40 × 40 square under an ancestor whose bounds cover [10, 30)² on the
    /// stage shows only there (whole pixels: every pixel is inside or outside).
    func testAnAncestorsBoundsClipASublayer() {
        let big = Self.square("big", x: 0, y: 0, side: 40, color: Self.red)
        let clip = LayerClip(
            size: Size(width: 20, height: 20), cornerRadius: 0, plane: Projection.translation(10, 10))
        let f = Self.draw([DrawnLayer(layer: big, clips: [clip])])
        for y in 0..<40 {
            for x in 0..<40 {
                let inside = (10..<30).contains(x) && (10..<30).contains(y)
                XCTAssertEqual(Self.rgba(f, x, y)[3], inside ? 255 : 0, "(\(x), \(y))")
            }
        }
    }

    /// Rounded by cornerRadius 8: the covered area is the rounded square's, 20² − (4 − π)·8² =
    /// 345.06 px² (each corner loses a square less a quarter circle). Cairo flattens the arcs
    /// into chords within its default tolerance of 0.1 px (`cairo_set_tolerance`), inside the
    /// arc: along the four arcs, 16π ≈ 50 px long, up to 0.1 · 50 = 5 px² fewer (seen: 1.3).
    /// Square corners would cover 400.
    func testARoundedClipCoversTheRoundedArea() {
        let big = Self.square("big", x: 0, y: 0, side: 40, color: Self.red)
        let clip = LayerClip(
            size: Size(width: 20, height: 20), cornerRadius: 8, plane: Projection.translation(10, 10))
        let f = Self.draw([DrawnLayer(layer: big, clips: [clip])])
        let area = (0..<40).flatMap { y in (0..<40).map { x in Double(Self.rgba(f, x, y)[3]) / 255 } }.reduce(
            0, +)
        XCTAssertEqual(area, 400 - (4 - Double.pi) * 64, accuracy: 5)
    }

    /// Under perspective the clip's outline is projected: the clip's bounds (0, 0)–(20, 20)
    /// sit at [10, 30]² and are then seen through the projective map (X, Y) → (X/w, Y/w) with
    /// w = 1 + X/100 (h13 = 1/100), a trapezoid. Its area is ∫∫ |J| dX dY with |J| = 1/w³:
    /// 20 · ∫ from 10 to 30 of (1 + X/100)^−3 dX = 20 · 50 · (1.1^−2 − 1.3^−2) = 234.73 px²,
    /// within 1.5 px² (anti-aliasing along 4 edges about 60 px long, and the outline's chords).
    func testAClipUnderPerspectiveIsTheProjectedOutline() {
        let big = Self.square("big", x: 0, y: 0, side: 40, color: Self.red)
        let project = Projection(1, 0, 0.01, 0, 1, 0, 0, 0, 1)
        let clip = LayerClip(
            size: Size(width: 20, height: 20), cornerRadius: 0,
            plane: Projection.translation(10, 10).then(project))
        let f = Self.draw([DrawnLayer(layer: big, clips: [clip])])
        let area = (0..<40).flatMap { y in (0..<40).map { x in Double(Self.rgba(f, x, y)[3]) / 255 } }.reduce(
            0, +)
        XCTAssertEqual(area, 1000 * (1 / (1.1 * 1.1) - 1 / (1.3 * 1.3)), accuracy: 1.5)
    }
}
