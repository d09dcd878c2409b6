import Foundation
import XCTest

/// The preview's data for a scene with a layer tree (`PreviewData`'s `draw`): what each frame
/// draws, back to front, with the groups and clips the page builds from it. The page's
/// geometry is measured in Chromium by CSSTreeChromiumTests and its pixels by
/// RenderChromiumTests; this reads the data itself.
final class PreviewTreeDataTests: XCTestCase {
    /// The `window.inbetweenLoad({...})` object of a page.
    static func data(_ page: URL) throws -> [String: Any] {
        let text = try String(contentsOf: page, encoding: .utf8)
        let start = try XCTUnwrap(text.range(of: "window.inbetweenLoad("))
        let end = try XCTUnwrap(text.range(of: "});", options: .backwards))
        let json = String(text[start.upperBound..<end.lowerBound]) + "}"
        return try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] ?? [:]
    }

    static func preview(_ source: String, in folder: URL) throws -> [String: Any] {
        let script = folder.appendingPathComponent("s.lua")
        try source.write(to: script, atomically: true, encoding: .utf8)
        let page = folder.appendingPathComponent("s.html")
        let r = try CLIProcess.run(["preview", "--no-user-plugins", script.path, "-o", page.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        return try data(page)
    }

    /// A layer put under a translucent parent by a callback at 0.5 s (frame 5 at 10 fps): the
    /// frames before it hold null (the page draws them flat, as a flat scene), and from frame 5
    /// the parent and then its sublayer, both in the parent's opacity group (allowsGroupOpacity:
    /// the owner draws at 1 in its group, the group fades by 0.5), the child at its matrix to the
    /// stage: parent bounds 100 × 100 centred at (60, 60), so its origin is at the stage's
    /// (10, 10), and the child (40 × 40 at (50, 50) in it) has its top-left corner at (40, 40).
    func testATreeMadeByACallbackIsDrawnFromItsFrame() throws {
        let d = try Self.preview(
            """
            local p = layer{name = "p", bounds = rect(0, 0, 100, 100), position = point(60, 60),
              backgroundColor = "#dddddd", opacity = 0.5}
            local c = layer{name = "c", bounds = rect(0, 0, 40, 40), position = point(150, 60),
              backgroundColor = "#e4572e"}
            local tl = timeline{}
            tl:call(function() p:addSublayer(c); c.position = point(50, 50) end, 0.5)
            scene{timeline = tl, size = size(200, 120), to = 1, fps = 10}
            """, in: try temporaryFolder("ib-preview-tree"))
        let draw = try XCTUnwrap(d["draw"] as? [Any])
        XCTAssertEqual(draw.count, 11)
        guard draw.count == 11 else { return }
        for f in 0..<5 { XCTAssertTrue(draw[f] is NSNull, "frame \(f) is flat") }
        let frame = try XCTUnwrap(draw[5] as? [[String: Any]])
        XCTAssertEqual(frame.map { $0["n"] as? String }, ["p", "c"])
        for entry in frame {
            XCTAssertEqual(entry["o"] as? Double, 1, "inside the group")
            let groups = try XCTUnwrap(entry["g"] as? [[Any]])
            XCTAssertEqual(groups.count, 1)
            XCTAssertEqual(groups[0][0] as? String, "p")
            XCTAssertEqual(groups[0][1] as? Double, 0.5)
        }
        // The child's matrix: a translation to (40, 40) (row vectors: the 13th and 14th
        // entries), nothing else.
        let m = try XCTUnwrap(frame[1]["m"] as? [Double])
        XCTAssertEqual(m, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 40, 40, 0, 1])
        XCTAssertEqual((d["layers"] as? [[String: Any]])?.map { $0["name"] as? String }, ["p", "c"])
    }

    /// A replicator's copies are layers of the page (`NAME[i]`, after the scene's), each with
    /// the values it is drawn with: instanceColor (1, 0.5, 0.5) less 0.25 of red per copy
    /// multiplies the white dot's background (CAReplicatorLayer: "the color used to multiply
    /// the source object", offsets added per instance): copy i is (1 − 0.25i, 0.5, 0.5). The
    /// masksToBounds replicator clips each copy to its bounds: 60 × 20 at the stage's origin.
    /// The dot itself is no drawn layer (its copies are), so the page hides its element.
    func testAReplicatorsCopiesAreLayersWithTheirOwnValues() throws {
        let d = try Self.preview(
            """
            scene{size = size(80, 40), to = 0}
            local r = replicator{name = "r", bounds = rect(0, 0, 60, 20), position = point(30, 10),
              instanceCount = 3, instanceTransform = transform.translation(20, 0),
              instanceColor = color(1, 0.5, 0.5), instanceRedOffset = -0.25, masksToBounds = true}
            r:addSublayer(layer{name = "dot", bounds = rect(0, 0, 10, 10), position = point(5, 5),
              backgroundColor = "white"})
            """, in: try temporaryFolder("ib-preview-tree"))
        let layers = try XCTUnwrap(d["layers"] as? [[String: Any]])
        XCTAssertEqual(layers.map { $0["name"] as? String }, ["r", "dot", "dot[0]", "dot[1]", "dot[2]"])
        guard layers.count == 5 else { return }
        for i in 0..<3 {
            let props = try XCTUnwrap(layers[2 + i]["props"] as? [String: Any])
            let background = (props["backgroundColor"] as? [String: Any])?["c"] as? [Double]
            XCTAssertEqual(background, [1 - 0.25 * Double(i), 0.5, 0.5, 1], "dot[\(i)]")
        }
        let frame = try XCTUnwrap((d["draw"] as? [Any])?.first as? [[String: Any]])
        XCTAssertEqual(frame.map { $0["n"] as? String }, ["r", "dot[0]", "dot[1]", "dot[2]"])
        for entry in frame.dropFirst() {
            let clips = try XCTUnwrap(entry["c"] as? [[Any]])
            XCTAssertEqual(clips.count, 1)
            XCTAssertEqual(clips[0][0] as? Double, 60)
            XCTAssertEqual(clips[0][1] as? Double, 20)
            XCTAssertEqual(clips[0][3] as? [Double], [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
        }
    }

    /// A flat scene's data has no `draw`: the page stays what it was.
    func testAFlatSceneHasNoDrawing() throws {
        let d = try Self.preview(
            "layer{name = \"a\", bounds = rect(0, 0, 10, 10), position = point(5, 5)}\nscene{to = 0}",
            in: try temporaryFolder("ib-preview-tree"))
        XCTAssertNil(d["draw"])
    }
}
