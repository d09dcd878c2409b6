import XCTest

@testable import InbetweenEngine

/// The tree's operations as the CALayer reference describes them: `addSublayer:` appends,
/// `insertSublayer:atIndex:` / `below:` / `above:` place, `removeFromSuperlayer` detaches; a
/// layer has at most one superlayer. Refusals (a second parent, a cycle) are ours: CA would move
/// the layer silently or hang, and a script author wants to hear about it.
final class LayerTreeTests: XCTestCase {
    private func scene(_ names: [String]) throws -> Scene {
        try Scene(layers: names.map { try Layer(name: $0) })
    }

    private func names(_ scene: Scene, _ parent: String?) throws -> [String] {
        try scene.sublayerNames(of: parent)
    }

    func testAFlatSceneIsTheTreeOfDepthOne() throws {
        let flat = try scene(["a", "b", "c"])
        XCTAssertEqual(try names(flat, nil), ["a", "b", "c"])
        XCTAssertFalse(flat.hasTree)
        XCTAssertEqual(flat.layers.map(\.superlayer), [.stage, .stage, .stage])
        XCTAssertNil(flat.superlayerName(of: "a"))
    }

    func testAddAndInsertPlaceSublayersInOrder() throws {
        var s = try scene(["group", "a", "b", "c", "d"])
        try s.addSublayer("a", to: "group")
        try s.addSublayer("b", to: "group")
        try s.insertSublayer("c", into: "group", at: 0)
        try s.insertSublayer("d", into: "group", below: "b")
        XCTAssertEqual(try names(s, "group"), ["c", "a", "d", "b"])
        XCTAssertEqual(try names(s, nil), ["group"])
        XCTAssertEqual(s.superlayerName(of: "d"), "group")
        XCTAssertTrue(s.hasTree)
        // Re-adding a sublayer of the same parent moves it to the end (CA re-inserts).
        try s.addSublayer("c", to: "group")
        XCTAssertEqual(try names(s, "group"), ["a", "d", "b", "c"])
        try s.insertSublayer("a", into: "group", above: "c")
        XCTAssertEqual(try names(s, "group"), ["d", "b", "c", "a"])
        // The index counts the list without the layer moved: 0...count.
        try s.insertSublayer("d", into: "group", at: 3)
        XCTAssertEqual(try names(s, "group"), ["b", "c", "a", "d"])
    }

    func testRemoveFromSuperlayerTakesALayerOutOfTheTreeAndItCanComeBack() throws {
        var s = try scene(["group", "a"])
        try s.addSublayer("a", to: "group")
        try s.removeFromSuperlayer("a")
        XCTAssertEqual(s["a"]?.superlayer, Superlayer.none)
        XCTAssertEqual(try names(s, "group"), [])
        XCTAssertEqual(try names(s, nil), ["group"])
        try s.removeFromSuperlayer("a")  // no effect
        try s.addSublayer("a", to: nil)
        XCTAssertEqual(try names(s, nil), ["group", "a"])
        XCTAssertEqual(s["a"]?.superlayer, .stage)
    }

    func testASecondParentIsRefusedNamingBoth() throws {
        var s = try scene(["p1", "p2", "a"])
        try s.addSublayer("a", to: "p1")
        XCTAssertThrowsError(try s.addSublayer("a", to: "p2")) {
            XCTAssertEqual(
                "\($0)",
                "bad value for 'sublayer' (a): is already a sublayer of 'p1' and cannot also be one of "
                    + "'p2'; remove it from 'p1' first")
        }
        XCTAssertThrowsError(try s.insertSublayer("a", into: nil, at: 0)) {
            XCTAssertEqual(
                "\($0)",
                "bad value for 'sublayer' (a): is already a sublayer of 'p1' and cannot also be one of "
                    + "the stage; remove it from 'p1' first")
        }
        XCTAssertEqual(try names(s, "p1"), ["a"])
        XCTAssertEqual(try names(s, "p2"), [])
    }

    func testACycleIsRefusedNamingBoth() throws {
        var s = try scene(["outer", "inner", "leaf"])
        try s.addSublayer("inner", to: "outer")
        try s.addSublayer("leaf", to: "inner")
        XCTAssertThrowsError(try s.addSublayer("outer", to: "leaf")) {
            XCTAssertEqual(
                "\($0)",
                "bad value for 'sublayer' (outer): contains 'leaf', so adding it under 'leaf' would make a cycle"
            )
        }
        XCTAssertThrowsError(try s.addSublayer("leaf", to: "leaf")) {
            XCTAssertEqual("\($0)", "bad value for 'sublayer' (leaf): cannot be a sublayer of itself")
        }
        XCTAssertTrue(s.isAncestor(0, of: 2))
        XCTAssertFalse(s.isAncestor(2, of: 0))
        // Nothing moved.
        XCTAssertEqual(try names(s, nil), ["outer"])
        XCTAssertEqual(try names(s, "inner"), ["leaf"])
    }

    /// Trees nest at most `Scene.maximumTreeDepth` (100) deep: a chain of 100 layers is
    /// accepted, the 101st level refused naming both layers, also when a whole subtree is moved
    /// under a deep layer.
    func testTreesNestAtMost100Deep() throws {
        var s = try scene((0...101).map { "l\($0)" })
        for i in 1..<100 { try s.addSublayer("l\(i)", to: "l\(i - 1)") }  // l99 at depth 100
        XCTAssertThrowsError(try s.addSublayer("l100", to: "l99")) {
            XCTAssertEqual(
                "\($0)",
                "bad value for 'sublayer' (l100): would sit deeper than 100 levels under 'l99'; "
                    + "layer trees nest at most 100 deep")
        }
        try s.addSublayer("l101", to: "l100")  // a subtree of height 2
        XCTAssertThrowsError(try s.addSublayer("l100", to: "l98"))  // 99 + 2 > 100
        try s.removeFromSuperlayer("l99")
        try s.addSublayer("l100", to: "l97")  // 98 + 2 = 100
        XCTAssertEqual(s.superlayerName(of: "l100"), "l97")
    }

    func testBadIndexesSiblingsAndNames() throws {
        var s = try scene(["group", "a", "b"])
        try s.addSublayer("a", to: "group")
        XCTAssertThrowsError(try s.insertSublayer("b", into: "group", at: 2)) {
            XCTAssertEqual(
                "\($0)", "bad value for 'index' (2): must be from 0 to 1, the number of sublayers of 'group'")
        }
        XCTAssertThrowsError(try s.insertSublayer("b", into: "group", at: -1))
        XCTAssertThrowsError(try s.insertSublayer("b", into: "group", below: "group")) {
            XCTAssertEqual(
                "\($0)",
                "bad value for 'sibling' (group): is not a sublayer of 'group', so 'b' cannot go next to it")
        }
        XCTAssertThrowsError(try s.insertSublayer("a", into: "group", above: "a")) {
            XCTAssertEqual("\($0)", "bad value for 'sibling' (a): is the layer being inserted")
        }
        XCTAssertThrowsError(try s.addSublayer("zz", to: "group")) {
            XCTAssertEqual("\($0)", "bad value for 'sublayer' (zz): no layer with this name")
        }
        XCTAssertThrowsError(try s.addSublayer("b", to: "zz")) {
            XCTAssertEqual("\($0)", "bad value for 'superlayer' (zz): no layer with this name")
        }
        XCTAssertEqual(try names(s, nil), ["group", "b"])
    }

    func testTreeChangesBumpTheRevisionsOfTheLayersTheyTouch() throws {
        var s = try scene(["group", "a", "b"])
        let before = s.layers.map(\.revision)
        try s.addSublayer("a", to: "group")
        XCTAssertNotEqual(s.layers[0].revision, before[0])
        XCTAssertNotEqual(s.layers[1].revision, before[1])
        XCTAssertEqual(s.layers[2].revision, before[2])
    }

    func testKindsMakeATree() throws {
        var s = try Scene()
        try s.addLayer(Layer(name: "r", kind: .replicator))
        XCTAssertTrue(s.hasTree)
        XCTAssertEqual(s["r"]?.kind, .replicator)
        XCTAssertEqual(try Layer(name: "plain").kind, .layer)
    }

    func testNewPropertiesHaveCoreAnimationsDefaults() throws {
        let l = try Layer(name: "l")
        // CALayer reference: isHidden NO, masksToBounds NO, allowsGroupOpacity YES (iOS 7 SDK on);
        // CAReplicatorLayer reference: instanceCount 1, instanceDelay 0, instanceColor opaque white.
        XCTAssertEqual(try l.value(forKeyPath: "hidden"), .scalar(0))
        XCTAssertEqual(try l.value(forKeyPath: "masksToBounds"), .scalar(0))
        XCTAssertEqual(try l.value(forKeyPath: "allowsGroupOpacity"), .scalar(1))
        XCTAssertEqual(try l.value(forKeyPath: "instanceCount"), .scalar(1))
        XCTAssertEqual(try l.value(forKeyPath: "instanceDelay"), .scalar(0))
        XCTAssertEqual(try l.value(forKeyPath: "instanceColor"), .color(Color(red: 1, green: 1, blue: 1)))
        XCTAssertEqual(try l.value(forKeyPath: "instanceTransform"), .transform(.identity))
    }
}
