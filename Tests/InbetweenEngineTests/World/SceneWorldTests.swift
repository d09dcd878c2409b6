import XCTest

@testable import InbetweenEngine

/// `SceneWorld` against values worked by hand, each rule with Apple's words for it. Points are
/// CATransform3D row vectors: p' = p · M; CA's rotation by a about z sends (x, y) to
/// (x·cos a − y·sin a, x·sin a + y·cos a) (clockwise on the y-down screen for a > 0).
final class SceneWorldTests: XCTestCase {
    /// Positions are checked to 1e-9 points: every expected value is a few exact operations
    /// away from the inputs (rotations by multiples of 90° give cosines off by ~6e-17).
    private let accuracy = 1e-9

    // MARK: Building scenes

    private func layer(
        _ name: String, _ kind: LayerKind = .layer, bounds: Rect, position: Point,
        _ more: [String: Value] = [:]
    ) throws -> Layer {
        var values = more
        values["bounds"] = .rect(bounds)
        values["position"] = .point(position)
        return try Layer(name: name, kind: kind, values: values)
    }

    /// The stage point of (x, y) in the bounds coordinates of the entry called `name`.
    private func stagePoint(_ world: SceneWorld, _ name: String, _ x: Double, _ y: Double) throws -> Point {
        let entry = try XCTUnwrap(world.layer(named: name), "\(name) is not drawn")
        return try XCTUnwrap(entry.matrix.stagePoint(x, y))
    }

    private func assertPoint(
        _ p: Point, _ x: Double, _ y: Double, accuracy: Double = 1e-9, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        XCTAssertEqual(p.x, x, accuracy: accuracy, "x", file: file, line: line)
        XCTAssertEqual(p.y, y, accuracy: accuracy, "y", file: file, line: line)
    }

    // MARK: Position, anchor point, bounds origin

    /// "Layer Geometry and Transforms": the position is in the superlayer's coordinates and is
    /// where the anchor point sits; the anchor point is in the unit coordinates of the bounds.
    /// Bounds (10, 20, 100, 50) with anchorPoint (0, 0) at position (200, 300): the corner at
    /// the bounds' origin (10, 20) is at (200, 300), the far corner (110, 70) at (300, 350).
    func testAnchorPointWithABoundsOrigin() throws {
        let scene = try Scene(layers: [
            layer(
                "a", bounds: Rect(x: 10, y: 20, width: 100, height: 50), position: Point(200, 300),
                ["anchorPoint": .point(.zero)])
        ])
        let world = scene.modelWorld
        assertPoint(try stagePoint(world, "a", 10, 20), 200, 300, accuracy: accuracy)
        assertPoint(try stagePoint(world, "a", 110, 70), 300, 350, accuracy: accuracy)
        // The centre, with the default anchor (0.5, 0.5): bounds (10, 20, 100, 50) has its
        // centre at (60, 45), which sits at the position.
        let centred = try Scene(layers: [
            layer("b", bounds: Rect(x: 10, y: 20, width: 100, height: 50), position: Point(200, 300))
        ])
        assertPoint(try stagePoint(centred.modelWorld, "b", 60, 45), 200, 300, accuracy: accuracy)
    }

    /// A sublayer's position is read in its superlayer's bounds coordinates, so the
    /// superlayer's bounds.origin scrolls it (CALayer.bounds: "the origin and size of the layer
    /// in its own coordinate space"). Parent: bounds (0, 30, 100, 100) at position (50, 50),
    /// so its top-left corner, the point (0, 30), is at the stage's (0, 0). A child centred at
    /// (50, 50) of the parent is 20 below that corner: stage (50, 20). Without the origin it
    /// would be at (50, 50).
    func testBoundsOriginScrollsTheSublayers() throws {
        var scene = try Scene(layers: [
            layer("parent", bounds: Rect(x: 0, y: 30, width: 100, height: 100), position: Point(50, 50)),
            layer("child", bounds: Rect(x: 0, y: 0, width: 10, height: 10), position: Point(50, 50)),
        ])
        try scene.addSublayer("child", to: "parent")
        let world = scene.modelWorld
        assertPoint(try stagePoint(world, "parent", 0, 30), 0, 0, accuracy: accuracy)
        assertPoint(try stagePoint(world, "child", 5, 5), 50, 20, accuracy: accuracy)
        XCTAssertEqual(world.layer(named: "child")?.superlayer, 0)
        XCTAssertEqual(world.layer(named: "child")?.depth, 2)
    }

    // MARK: Nested transforms

    /// "Manipulating Your Layer in Three Dimensions" / CALayer.transform: "Any transformations
    /// you apply to the layer occur relative to the layer's anchor point". Parent bounds
    /// (0, 0, 100, 100) at (100, 100) turned 90°; child bounds (0, 0, 20, 10) at (75, 50) of
    /// the parent, scaled 2. The child's corner (0, 0): minus its anchor (10, 5) → (−10, −5),
    /// scaled → (−20, −10), plus its position → (55, 40) in the parent; minus the parent's
    /// anchor (50, 50) → (5, −10), turned 90° → (10, 5), plus (100, 100) → (110, 105).
    /// Its corner (20, 10): (10, 5) → (20, 10) → (95, 60) → (45, 10) → (−10, 45) → (90, 145).
    func testNestedRotationAndScale() throws {
        var scene = try Scene(layers: [
            layer(
                "parent", bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(100, 100),
                ["transform": .transform(.rotation(angle: .pi / 2))]),
            layer(
                "child", bounds: Rect(x: 0, y: 0, width: 20, height: 10), position: Point(75, 50),
                ["transform": .transform(.scale(x: 2, y: 2))]),
        ])
        try scene.addSublayer("child", to: "parent")
        let world = scene.modelWorld
        assertPoint(try stagePoint(world, "child", 0, 0), 110, 105, accuracy: accuracy)
        assertPoint(try stagePoint(world, "child", 20, 10), 90, 145, accuracy: accuracy)
        // The same through CALayer's conversion, both ways.
        assertPoint(try scene.convert(Point(0, 0), from: "child", to: nil), 110, 105, accuracy: accuracy)
        assertPoint(try scene.convert(Point(110, 105), from: nil, to: "child"), 0, 0, accuracy: accuracy)
        // And between two layers: the child's (20, 10) is the parent's (95, 60) (worked above).
        assertPoint(try scene.convert(Point(20, 10), from: "child", to: "parent"), 95, 60, accuracy: accuracy)
        assertPoint(try scene.convert(Point(95, 60), from: "parent", to: "child"), 20, 10, accuracy: accuracy)
    }

    // MARK: Perspective and flattening

    /// A parent's sublayerTransform with m34 = −1/500 (CALayer.sublayerTransform: "You
    /// typically use this property to add perspective"), about the parent's anchor point.
    /// Parent bounds (0, 0, 200, 200) at (300, 100): its anchor (100, 100) is at the stage's
    /// (300, 100). Child bounds (0, 0, 100, 100) at (100, 100) with zPosition 100: its corner
    /// (0, 0) is at (50, 50, 100) in the parent, (−50, −50, 100) from the anchor; w = 1 +
    /// 100·(−1/500) = 0.8, so it is seen at (−50, −50) / 0.8 = (−62.5, −62.5) from the
    /// vanishing point: stage (237.5, 37.5). The child's centre is on the axis: (300, 100).
    func testSublayerTransformPerspectiveAboutTheAnchorPoint() throws {
        var perspective = Transform3D.identity
        perspective[3, 4] = -1.0 / 500
        var scene = try Scene(layers: [
            layer(
                "parent", bounds: Rect(x: 0, y: 0, width: 200, height: 200), position: Point(300, 100),
                ["sublayerTransform": .transform(perspective)]),
            layer(
                "child", bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(100, 100),
                ["zPosition": .scalar(100)]),
        ])
        try scene.addSublayer("child", to: "parent")
        let world = scene.modelWorld
        assertPoint(try stagePoint(world, "child", 0, 0), 237.5, 37.5, accuracy: accuracy)
        assertPoint(try stagePoint(world, "child", 50, 50), 300, 100, accuracy: accuracy)
        // The matrix is the plane's map: row and column 3 are the identity's.
        let m = try XCTUnwrap(world.layer(named: "child")).matrix
        XCTAssertEqual(
            [m[1, 3], m[2, 3], m[3, 1], m[3, 2], m[3, 3], m[3, 4], m[4, 3]], [0, 0, 0, 0, 1, 0, 0])
    }

    /// The perspective reaches the immediate sublayers only: a plain layer flattens its own
    /// sublayers into its plane (CATransformLayer's reference: other layers "flatten their
    /// sublayers into the plane at Z=0"), while a transform layer keeps them in 3D. Under the
    /// parent above (now at (100, 100), anchor at the stage's (100, 100)), a middle layer
    /// bounds (0, 0, 100, 100) at (100, 100), zPosition 100, holds a leaf bounds (0, 0, 10, 10)
    /// at (50, 50) with zPosition 100. The leaf's corner (0, 0) is (45, 45, 100) in the
    /// middle layer, which is then (95, 95, z) in the parent, 5 up and left of the axis:
    /// - middle plain: z = 0 + 100 after flattening, w = 0.8: (100 − 5/0.8) = 93.75;
    /// - middle a transform layer: z = 100 + 100, w = 1 − 200/500 = 0.6: 100 − 5/0.6.
    func testAPlainLayerFlattensAndATransformLayerKeeps3D() throws {
        var perspective = Transform3D.identity
        perspective[3, 4] = -1.0 / 500
        for kind in [LayerKind.layer, .transformLayer] {
            var scene = try Scene(layers: [
                layer(
                    "parent", bounds: Rect(x: 0, y: 0, width: 200, height: 200), position: Point(100, 100),
                    ["sublayerTransform": .transform(perspective)]),
                layer(
                    "middle", kind, bounds: Rect(x: 0, y: 0, width: 100, height: 100),
                    position: Point(100, 100),
                    ["zPosition": .scalar(100)]),
                layer(
                    "leaf", bounds: Rect(x: 0, y: 0, width: 10, height: 10), position: Point(50, 50),
                    ["zPosition": .scalar(100)]),
            ])
            try scene.addSublayer("middle", to: "parent")
            try scene.addSublayer("leaf", to: "middle")
            let world = scene.modelWorld
            let expected = kind == .layer ? 100 - 5 / 0.8 : 100 - 5 / 0.6
            assertPoint(try stagePoint(world, "leaf", 0, 0), expected, expected, accuracy: accuracy)
            XCTAssertEqual(world.layer(named: "middle")?.drawsItself, kind == .layer, "\(kind)")
        }
    }

    /// In a transform layer's 3D space the layers draw nearest last, whatever their list
    /// order: a card's front (z = +1) over its back (turned half a turn about y, z = −1), and
    /// the back over the front once the pair is turned half a turn (then the front is at −1).
    func testATransformLayerDrawsItsPlanesByDepth() throws {
        for turned in [false, true] {
            let face = Rect(x: 0, y: 0, width: 120, height: 160)
            var scene = try Scene(layers: [
                layer(
                    "flip", .transformLayer, bounds: face, position: Point(200, 200),
                    ["transform": .transform(turned ? .rotation(angle: .pi, x: 0, y: 1, z: 0) : .identity)]),
                layer(
                    "front", bounds: face, position: Point(60, 80),
                    ["transform": .transform(.translation(x: 0, y: 0, z: 1))]),
                layer(
                    "back", bounds: face, position: Point(60, 80),
                    [
                        "transform": .transform(
                            Transform3D.rotation(angle: .pi, x: 0, y: 1, z: 0).concatenating(
                                .translation(x: 0, y: 0, z: -1)))
                    ]),
            ])
            try scene.addSublayer("front", to: "flip")
            try scene.addSublayer("back", to: "flip")
            let order = scene.modelWorld.layers.map(\.name)
            XCTAssertEqual(order, turned ? ["flip", "front", "back"] : ["flip", "back", "front"])
        }
    }

    // MARK: Order, hidden, clipping

    /// CALayer.zPosition orders siblings ("Higher values place this layer visually closer to
    /// the viewer"); equal ones keep the order of the list; a layer draws before its own
    /// sublayers, and a sublayer's zPosition does not lift it out of its superlayer (which
    /// flattens it): `low` (z −5) and its child `high` (z 100) both draw before `mid` (z 0).
    func testSiblingsDrawInZPositionOrderThenListOrder() throws {
        let box = Rect(x: 0, y: 0, width: 10, height: 10)
        var scene = try Scene(layers: [
            layer("a", bounds: box, position: .zero, ["zPosition": .scalar(1)]),
            layer("b", bounds: box, position: .zero),
            layer("c", bounds: box, position: .zero, ["zPosition": .scalar(1)]),
            layer("low", bounds: box, position: .zero, ["zPosition": .scalar(-5)]),
            layer("high", bounds: box, position: .zero, ["zPosition": .scalar(100)]),
        ])
        try scene.addSublayer("high", to: "low")
        XCTAssertEqual(scene.modelWorld.layers.map(\.name), ["low", "high", "b", "a", "c"])
    }

    /// CALayer.isHidden hides the layer and its subtree; a layer out of the tree is not drawn.
    func testHiddenHidesASubtreeAndARemovedLayerIsNotDrawn() throws {
        let box = Rect(x: 0, y: 0, width: 10, height: 10)
        var scene = try Scene(layers: [
            layer("group", bounds: box, position: .zero, ["hidden": .scalar(1)]),
            layer("inside", bounds: box, position: .zero),
            layer("gone", bounds: box, position: .zero),
            layer("shown", bounds: box, position: .zero),
        ])
        try scene.addSublayer("inside", to: "group")
        try scene.removeFromSuperlayer("gone")
        XCTAssertEqual(scene.modelWorld.layers.map(\.name), ["shown"])
    }

    /// CALayer.masksToBounds: "an implicit clipping mask that matches the bounds of the layer
    /// and includes any corner radius effects", applied to the sublayers; CATransformLayer
    /// ignores masksToBounds. A card (bounds 0, 0, 240, 160 at 140, 160) with a clipping face
    /// (cornerRadius 12) holding a row: the row is clipped by the face, and so is the face
    /// itself; the card's own entry has no clip.
    func testMasksToBoundsClipsTheSubtreeWithTheCornerRadius() throws {
        let card = Rect(x: 0, y: 0, width: 240, height: 160)
        var scene = try Scene(layers: [
            layer("card", bounds: card, position: Point(140, 160)),
            layer(
                "face", bounds: card, position: Point(120, 80),
                ["masksToBounds": .scalar(1), "cornerRadius": .scalar(12)]),
            layer("row", bounds: Rect(x: 0, y: 0, width: 208, height: 44), position: Point(120, 30)),
            layer(
                "ghost", .transformLayer, bounds: card, position: Point(120, 80),
                ["masksToBounds": .scalar(1)]),
            layer("inGhost", bounds: card, position: Point(0, 0)),
        ])
        try scene.addSublayer("face", to: "card")
        try scene.addSublayer("row", to: "face")
        try scene.addSublayer("ghost", to: "card")
        try scene.addSublayer("inGhost", to: "ghost")
        let world = scene.modelWorld
        XCTAssertEqual(world.layer(named: "card")?.clips, [])
        let clip = try XCTUnwrap(world.layer(named: "row")?.clips.first)
        XCTAssertEqual(world.layer(named: "row")?.clips.count, 1)
        XCTAssertEqual(clip.name, "face")
        XCTAssertEqual(clip.bounds, card)
        XCTAssertEqual(clip.cornerRadius, 12)
        // The face's corner (0, 0) is the card's (0, 0), which is at (140 − 120, 160 − 80).
        assertPoint(try XCTUnwrap(clip.matrix.stagePoint(0, 0)), 20, 80, accuracy: accuracy)
        XCTAssertEqual(world.layer(named: "face")?.clips.map(\.name), ["face"])
        XCTAssertEqual(world.layer(named: "inGhost")?.clips, [])
    }

    // MARK: Opacity

    /// CALayer.allowsGroupOpacity: "When the value is true and the layer's opacity property
    /// value is less than 1.0, the layer is allowed to composite itself as a group separate
    /// from its parent." A parent at 0.5 with two opaque overlapping children: as a group,
    /// the children draw at 1 inside it and the group at 0.5, so where they overlap the alpha
    /// is 1 in the group and 0.5 on the stage; multiplied, each child draws at 0.5 and the
    /// overlap is 0.5 + 0.5 · (1 − 0.5) = 0.75 (source-over). Either way each child's
    /// composed opacity is 0.5.
    func testGroupOpacityBothWays() throws {
        let box = Rect(x: 0, y: 0, width: 10, height: 10)
        for grouped in [true, false] {
            var scene = try Scene(layers: [
                layer(
                    "parent", bounds: box, position: .zero,
                    ["opacity": .scalar(0.5), "allowsGroupOpacity": .scalar(grouped ? 1 : 0)]),
                layer("one", bounds: box, position: Point(5, 5)),
                layer("two", bounds: box, position: Point(8, 8)),
            ])
            try scene.addSublayer("one", to: "parent")
            try scene.addSublayer("two", to: "parent")
            let world = scene.modelWorld
            for name in ["one", "two"] {
                XCTAssertEqual(try XCTUnwrap(world.layer(named: name)).opacity, 0.5, accuracy: 1e-15)
            }
            // The overlap's alpha, composited as the world says: source-over of the two
            // children at their drawOpacity, then faded by each enclosing group.
            let one = try XCTUnwrap(world.layer(named: "one"))
            let two = try XCTUnwrap(world.layer(named: "two"))
            var alpha = one.drawOpacity
            alpha = two.drawOpacity + alpha * (1 - two.drawOpacity)
            for g in two.groups { alpha *= world.groups[g].opacity }
            XCTAssertEqual(alpha, grouped ? 0.5 : 0.75, accuracy: 1e-15, "grouped: \(grouped)")
            if grouped {
                XCTAssertEqual(world.groups, [WorldGroup(owner: 0, members: 0..<3, opacity: 0.5)])
            } else {
                XCTAssertEqual(world.groups, [])
            }
        }
    }

    /// CATransformLayer: "The opacity property is applied to each sublayer individually, the
    /// transform layer does not form a compositing group."
    func testATransformLayerPassesItsOpacityToEachSublayer() throws {
        let box = Rect(x: 0, y: 0, width: 10, height: 10)
        var scene = try Scene(layers: [
            layer("t", .transformLayer, bounds: box, position: .zero, ["opacity": .scalar(0.5)]),
            layer("one", bounds: box, position: .zero, ["opacity": .scalar(0.8)]),
        ])
        try scene.addSublayer("one", to: "t")
        let world = scene.modelWorld
        XCTAssertEqual(world.groups, [])
        XCTAssertEqual(try XCTUnwrap(world.layer(named: "one")).drawOpacity, 0.4, accuracy: 1e-15)
    }

    /// CALayer.opacity: "Values outside that range are clamped to the minimum or maximum" (a
    /// spring or a back easing overshoots 1). A child at 1.5 under a parent at 0.5 (multiplied,
    /// no group) composes to 0.5 · 1 = 0.5, not 0.75; one at −0.2 to 0.
    func testOpacityIsClampedToZeroOneBeforeItComposes() throws {
        let box = Rect(x: 0, y: 0, width: 10, height: 10)
        var scene = try Scene(layers: [
            layer(
                "parent", bounds: box, position: .zero,
                ["opacity": .scalar(0.5), "allowsGroupOpacity": .scalar(0)]),
            layer("over", bounds: box, position: .zero, ["opacity": .scalar(1.5)]),
            layer("under", bounds: box, position: .zero, ["opacity": .scalar(-0.2)]),
        ])
        try scene.addSublayer("over", to: "parent")
        try scene.addSublayer("under", to: "parent")
        let world = scene.modelWorld
        XCTAssertEqual(try XCTUnwrap(world.layer(named: "over")).opacity, 0.5, accuracy: 1e-15)
        XCTAssertEqual(try XCTUnwrap(world.layer(named: "under")).opacity, 0, accuracy: 1e-15)
    }

    // MARK: Replicators

    /// CAReplicatorLayer: its sublayers drawn instanceCount times, copy i through
    /// instanceTransform applied i times, about the replicator's anchor point (its centre:
    /// Rönnqvist, "Custom activity indicators using a replicator layer" (2013): a rotation as
    /// the instance transform and a marker "slightly offset from the center" give "a circle
    /// of spinner markers"). Copy i of a dot at (60, 10) in a replicator bounds
    /// (0, 0, 120, 120) at (100, 100), turned 30° a copy, must equal a hand-built layer at
    /// the dot's position turned i·30° about the centre (60, 60), with the transform
    /// rotation(i·30°). Copy 3 (90°): (60, 10) − (60, 60) = (0, −50) → (50, 0) → (110, 60) in
    /// the replicator, stage (150, 100).
    func testReplicatorInstanceIEqualsAHandBuiltCopy() throws {
        let step = Double.pi / 6
        var scene = try Scene(layers: [
            layer(
                "spinner", .replicator, bounds: Rect(x: 0, y: 0, width: 120, height: 120),
                position: Point(100, 100),
                ["instanceCount": .scalar(12), "instanceTransform": .transform(.rotation(angle: step))]),
            layer("dot", bounds: Rect(x: 0, y: 0, width: 14, height: 14), position: Point(60, 10)),
        ])
        try scene.addSublayer("dot", to: "spinner")
        let world = scene.modelWorld
        XCTAssertEqual(world.layers.map(\.name), ["spinner"] + (0..<12).map { "dot[\($0)]" })
        assertPoint(try stagePoint(world, "dot[3]", 7, 7), 150, 100, accuracy: accuracy)
        for i in 0..<12 {
            let angle = Double(i) * step
            let (dx, dy) = (0.0, -50.0)
            let position = Point(
                60 + dx * cos(angle) - dy * sin(angle), 60 + dx * sin(angle) + dy * cos(angle))
            var copy = try Scene(layers: [
                layer(
                    "spinner", bounds: Rect(x: 0, y: 0, width: 120, height: 120), position: Point(100, 100)),
                layer(
                    "copy", bounds: Rect(x: 0, y: 0, width: 14, height: 14), position: position,
                    ["transform": .transform(.rotation(angle: angle))]),
            ])
            try copy.addSublayer("copy", to: "spinner")
            let expected = try XCTUnwrap(copy.modelWorld.layer(named: "copy")).matrix
            let actual = try XCTUnwrap(world.layer(named: "dot[\(i)]"))
            for k in 0..<16 {
                XCTAssertEqual(actual.matrix.m[k], expected.m[k], accuracy: 1e-9, "copy \(i) m[\(k)]")
            }
            XCTAssertEqual(actual.instances, [WorldInstance(replicator: 0, index: i)])
        }
    }

    /// CAReplicatorLayer.instanceDelay ("the delay, in seconds, between replicated copies"):
    /// copy i samples its animations i × instanceDelay later, as a hand-built copy whose
    /// animation begins that much later does. The dot fades 1 → 0 over 1 s, linearly; at
    /// t = 0.75 copy 3 (delay 3/12 = 0.25) is where the original was at 0.5: opacity 0.5.
    /// Colors: instanceColor white with instanceRedOffset −0.1 multiplies copy 3's red by
    /// 1 − 0.3 = 0.7, and instanceBlueOffset −0.5 reaches 1 − 1.5, clamped to 0.
    func testReplicatorInstancesRunLaterAndTakeTheirColor() throws {
        var scene = try Scene(layers: [
            layer(
                "spinner", .replicator, bounds: Rect(x: 0, y: 0, width: 120, height: 120),
                position: Point(100, 100),
                [
                    "instanceCount": .scalar(12), "instanceDelay": .scalar(1.0 / 12),
                    "instanceRedOffset": .scalar(-0.1), "instanceBlueOffset": .scalar(-0.5),
                ]),
            layer(
                "dot", bounds: Rect(x: 0, y: 0, width: 14, height: 14), position: Point(60, 10),
                ["backgroundColor": .color(Color(red: 1, green: 0.5, blue: 1))]),
        ])
        try scene.addSublayer("dot", to: "spinner")
        let fade = try BasicAnimation(
            keyPath: "opacity", fromValue: .scalar(1), toValue: .scalar(0), timing: MediaTiming(duration: 1))
        try scene.modifyLayer(named: "dot") { try $0.add(.basic(fade), forKey: "fade", at: 0) }
        let world = try scene.world(at: 0.75)
        let copy = try XCTUnwrap(world.layer(named: "dot[3]"))
        XCTAssertEqual(copy.opacity, 0.5, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(world.layer(named: "dot[0]")).opacity, 0.25, accuracy: 1e-12)
        guard case .color(let c)? = copy.value(forKeyPath: "backgroundColor") else {
            return XCTFail("no color")
        }
        XCTAssertEqual(c.red, 0.7, accuracy: 1e-12)
        XCTAssertEqual(c.green, 0.5, accuracy: 1e-12)
        XCTAssertEqual(c.blue, 0, accuracy: 1e-12)

        // The hand-built copy: the same fade beginning 0.25 s later.
        var later = try Scene(layers: [layer("copy", bounds: .zero, position: .zero)])
        var delayed = fade
        delayed.timing.beginTime = 0.25
        try later.modifyLayer(named: "copy") { try $0.add(.basic(delayed), forKey: "fade", at: 0) }
        XCTAssertEqual(
            try XCTUnwrap(later.world(at: 0.75).layer(named: "copy")).opacity, copy.opacity, accuracy: 1e-12)
    }

    /// Nested replicators, as the CAReplicatorLayer reference's own listings nest them: an
    /// inner replicator of 5 copies 110 apart along x, blue and green offset by −1/5 a copy,
    /// inside an outer one of 5 copies 110 apart along y, red offset by −1/5. The white square's
    /// copy [i][j] (outer i, inner j) sits at (110·j, 110·i) from copy [0][0], with the colour
    /// (1 − i/5, 1 − j/5, 1 − j/5): each replicator's instance colour multiplies the other's.
    func testNestedReplicatorsNameCopiesOuterFirstAndMultiplyTheirColors() throws {
        let step = -1.0 / 5
        var scene = try Scene(layers: [
            layer(
                "outer", .replicator, bounds: Rect(x: 0, y: 0, width: 600, height: 600),
                position: Point(300, 300),
                [
                    "instanceCount": .scalar(5), "instanceTransform": .transform(.translation(x: 0, y: 110)),
                    "instanceRedOffset": .scalar(step),
                ]),
            layer(
                "inner", .replicator, bounds: Rect(x: 0, y: 0, width: 600, height: 600),
                position: Point(300, 300),
                [
                    "instanceCount": .scalar(5), "instanceTransform": .transform(.translation(x: 110, y: 0)),
                    "instanceBlueOffset": .scalar(step), "instanceGreenOffset": .scalar(step),
                ]),
            layer(
                "square", bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(50, 50),
                ["backgroundColor": .color(Color(red: 1, green: 1, blue: 1))]),
        ])
        try scene.addSublayer("inner", to: "outer")
        try scene.addSublayer("square", to: "inner")
        let world = scene.modelWorld
        XCTAssertEqual(world.layers.count, 1 + 5 + 25)
        for i in 0..<5 {
            for j in 0..<5 {
                let copy = try XCTUnwrap(world.layer(named: "square[\(i)][\(j)]"))
                XCTAssertEqual(
                    copy.instances,
                    [WorldInstance(replicator: 0, index: i), WorldInstance(replicator: 1, index: j)])
                assertPoint(try XCTUnwrap(copy.matrix.stagePoint(0, 0)), 110 * Double(j), 110 * Double(i))
                guard case .color(let c)? = copy.value(forKeyPath: "backgroundColor") else {
                    return XCTFail("no color")
                }
                XCTAssertEqual(c.red, 1 - Double(i) / 5, accuracy: 1e-12, "[\(i)][\(j)]")
                XCTAssertEqual(c.green, 1 - Double(j) / 5, accuracy: 1e-12, "[\(i)][\(j)]")
                XCTAssertEqual(c.blue, 1 - Double(j) / 5, accuracy: 1e-12, "[\(i)][\(j)]")
            }
        }
    }

    // MARK: Conversion

    /// `convert` agrees with the world's matrices, and a layer out of the tree cannot be
    /// converted to one in it.
    func testConversionFollowsTheWorldAndRefusesAnotherTree() throws {
        var perspective = Transform3D.identity
        perspective[3, 4] = -1.0 / 500
        var scene = try Scene(layers: [
            layer(
                "parent", bounds: Rect(x: 0, y: 0, width: 200, height: 200), position: Point(300, 100),
                [
                    "sublayerTransform": .transform(perspective),
                    "transform": .transform(.rotation(angle: 0.3)),
                ]),
            layer(
                "child", bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(100, 100),
                ["zPosition": .scalar(100), "transform": .transform(.rotation(angle: 0.7, x: 0, y: 1, z: 0))]),
            layer("apart", bounds: Rect(x: 0, y: 0, width: 10, height: 10), position: .zero),
        ])
        try scene.addSublayer("child", to: "parent")
        try scene.removeFromSuperlayer("apart")
        let world = scene.modelWorld
        for (x, y) in [(0.0, 0.0), (100, 0), (37, 81)] {
            let expected = try stagePoint(world, "child", x, y)
            let converted = try scene.convert(Point(x, y), from: "child", to: nil)
            assertPoint(converted, expected.x, expected.y, accuracy: 1e-9)
            let back = try scene.convert(converted, from: nil, to: "child")
            assertPoint(back, x, y, accuracy: 1e-9)
        }
        XCTAssertThrowsError(try scene.convert(.zero, from: "apart", to: "child")) { error in
            XCTAssertEqual((error as? EngineError)?.parameter, "to")
        }
    }
}
