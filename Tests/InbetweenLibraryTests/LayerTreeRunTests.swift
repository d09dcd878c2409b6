import Inbetween
import XCTest

/// The layer tree through the library: `ScriptRun.tree` and `Frame.tree` give each layer's kind,
/// superlayer and sublayers at a frame, with the changes callbacks made up to its time.
final class LayerTreeRunTests: XCTestCase {
    /// At 0.5 s a callback moves `dot` from `left` to `right` and makes `spare` on the stage; at
    /// 1 s it takes `right` out of the tree.
    static let script = """
        local left = layer{name = "left"}
        local right = replicator{name = "right", instanceCount = 2}
        local dot = left:addSublayer(layer{name = "dot"})
        local tl = timeline{}
        tl:call(function() dot:removeFromSuperlayer(); right:addSublayer(dot); layer{name = "spare"} end, 0.5)
        tl:call(function() right:removeFromSuperlayer() end, 1)
        left:add(animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, duration = 1.5})
        scene{timeline = tl}
        """

    func testFramesCarryTheTreeAtTheirTime() throws {
        let host = try InbetweenHost()
        let run = try host.run(source: Self.script, name: "tree.lua", fps: 4)
        // Before the first frame: the tree the script built.
        XCTAssertEqual(run.tree.superlayer(of: "dot"), "left")
        XCTAssertEqual(run.tree["right"]?.kind, .replicator)
        let frames = try run.collect()
        XCTAssertEqual(frames.map(\.time), [0, 0.25, 0.5, 0.75, 1, 1.25, 1.5])
        let before = frames[1].tree
        XCTAssertEqual(before.stageSublayers, ["left", "right"])
        XCTAssertEqual(before.sublayers(of: "left"), ["dot"])
        XCTAssertEqual(before["dot"], .init(layer: "dot", kind: .layer, superlayer: "left", index: 0))
        // From the frame of the 0.5 s event on (CA changes the tree at once).
        let moved = frames[2].tree
        XCTAssertEqual(moved.sublayers(of: "left"), [])
        XCTAssertEqual(moved.sublayers(of: "right"), ["dot"])
        XCTAssertEqual(moved.stageSublayers, ["left", "right", "spare"])
        XCTAssertEqual(frames[3].tree, moved, "unchanged between events")
        let removed = frames[4].tree
        XCTAssertEqual(removed.stageSublayers, ["left", "spare"])
        XCTAssertEqual(removed["right"]?.isRemoved, true)
        XCTAssertNil(removed.superlayer(of: "right"))
        XCTAssertEqual(removed.superlayer(of: "dot"), "right", "a removed layer keeps its sublayers")
        XCTAssertFalse(removed.isFlat)
        XCTAssertEqual(run.tree, removed)
    }

    func testAFlatSceneIsTheTreeOfDepthOne() throws {
        let host = try InbetweenHost()
        let run = try host.run(
            source: "local a = layer{name = 'a'}; layer{name = 'b'}\n"
                + "a:add(animation.basic{keyPath = 'opacity', fromValue = 0, toValue = 1, duration = 0.1})",
            fps: 10)
        let frames = try run.collect()
        XCTAssertTrue(frames.allSatisfy { $0.tree.isFlat && $0.tree.stageSublayers == ["a", "b"] })
    }
}
