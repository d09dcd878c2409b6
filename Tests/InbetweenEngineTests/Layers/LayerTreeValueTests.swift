import XCTest

@testable import InbetweenEngine

/// `LayerTree`, the tree as a value: made from a scene, and kept up to date by replaying each
/// change (the layer's new place), which must give the tree of the scene after the changes.
/// That replay is what `--format json`'s `tree.changes` asks of its readers.
final class LayerTreeValueTests: XCTestCase {
    func testReplayingChangesGivesTheTreeOfTheChangedScene() throws {
        var scene = try Scene(layers: ["g", "a", "b", "c", "d"].map { try Layer(name: $0) })
        var tree = LayerTree(scene)
        XCTAssertTrue(tree.isFlat)
        XCTAssertEqual(tree["c"], .init(layer: "c", kind: .layer, superlayer: nil, index: 3))
        // Each step: a change of the scene, then its moved layer's place replayed.
        let steps: [(String, (inout Scene) throws -> Void)] = [
            ("a", { try $0.addSublayer("a", to: "g") }),
            ("b", { try $0.addSublayer("b", to: "g") }),
            ("c", { try $0.insertSublayer("c", into: "g", at: 0) }),
            ("a", { try $0.insertSublayer("a", into: "g", below: "c") }),
            ("d", { try $0.addSublayer("d", to: "b") }),
            ("b", { try $0.removeFromSuperlayer("b") }),
            ("g", { try $0.insertSublayer("g", into: nil, at: 0) }),
            ("c", { try $0.addSublayer("c", to: "g") }),
        ]
        for (layer, change) in steps {
            try change(&scene)
            tree.apply(
                LayerTree.Change(
                    time: 0, placement: LayerTree.placement(of: scene[layer]!, in: scene), isStructural: true)
            )
            XCTAssertEqual(tree, LayerTree(scene), "after moving \(layer)")
        }
        // Worked by hand: g's list went [a], [a, b], [c, a, b], [a, c, b], then b left, then c
        // was re-added at the end: [a, c]; d stays under the removed b.
        XCTAssertEqual(tree.sublayers(of: "g"), ["a", "c"])
        XCTAssertEqual(tree.stageSublayers, ["g"])
        XCTAssertEqual(tree["b"]?.isRemoved, true)
        XCTAssertEqual(tree.superlayer(of: "d"), "b")
        XCTAssertFalse(tree.isFlat)
    }

    func testALayerMadeLaterJoinsTheStage() throws {
        var scene = try Scene(layers: [Layer(name: "a")])
        var tree = LayerTree(scene)
        try scene.addLayer(Layer(name: "r", kind: .replicator))
        tree.apply(
            LayerTree.Change(
                time: 1, placement: LayerTree.placement(of: scene["r"]!, in: scene), isStructural: true))
        XCTAssertEqual(tree, LayerTree(scene))
        XCTAssertEqual(tree["r"], .init(layer: "r", kind: .replicator, superlayer: nil, index: 1))
    }
}
