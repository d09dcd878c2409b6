import XCTest

@testable import InbetweenEngine

final class LayerModelTests: XCTestCase {
    /// Core Animation's documented defaults (Apple's CALayer / CAShapeLayer property pages).
    func testDefaultsAreCoreAnimations() throws {
        let layer = try Layer(name: "l")
        let expected: [(String, Value)] = [
            ("opacity", .scalar(1)),  // "The default value of this property is 1.0."
            ("anchorPoint", .point(Point(0.5, 0.5))),  // "(0.5, 0.5)"
            ("position", .point(.zero)),  // "(0.0, 0.0)"
            ("bounds", .rect(.zero)),
            ("borderWidth", .scalar(0)),
            ("cornerRadius", .scalar(0)),
            ("shadowOpacity", .scalar(0)),
            ("shadowRadius", .scalar(3)),  // "The default value of this property is 3.0."
            ("shadowOffset", .size(Size(width: 0, height: -3))),  // "(0.0, -3.0)"
            ("borderColor", .color(Color(red: 0, green: 0, blue: 0, alpha: 1))),  // opaque black
            ("transform", .transform(.identity)),
            ("zPosition", .scalar(0)),
            ("lineWidth", .scalar(1)),  // CAShapeLayer: "Default is 1.0."
            ("strokeEnd", .scalar(1)),  // CAShapeLayer: "The default is 1.0."
        ]
        for (keyPath, value) in expected {
            XCTAssertEqual(try layer.value(forKeyPath: keyPath), value, keyPath)  // exact
        }
    }

    func testInitialValuesOverrideDefaults() throws {
        let layer = try Layer(
            name: "ball",
            values: [
                "position": .point(Point(10, 20)),
                "opacity": .scalar(0.5),
            ])
        XCTAssertEqual(try layer.value(forKeyPath: "position"), .point(Point(10, 20)))
        XCTAssertEqual(try layer.value(forKeyPath: "opacity"), .scalar(0.5))
    }

    /// Bad names and kinds are errors naming the parameter, never silently ignored.
    func testBadKeyPathsAndKindsThrow() throws {
        var layer = try Layer(name: "l")
        let cases: [(keyPath: String, value: Value, parameter: String)] = [
            ("opacty", .scalar(1), "keyPath"),  // typo
            ("position.z", .scalar(1), "keyPath"),  // a point has no z
            ("position", .scalar(3), "position"),  // wrong kind
            ("opacity", .point(.zero), "opacity"),
        ]
        for c in cases {
            XCTAssertThrowsError(try layer.setModelValue(c.value, forKeyPath: c.keyPath), c.keyPath) {
                XCTAssertEqual(($0 as? EngineError)?.parameter, c.parameter, c.keyPath)
            }
        }
        XCTAssertThrowsError(try Layer(name: ""))
        XCTAssertThrowsError(
            try layer.add(
                Fixture.basic(
                    "opacty", from: .scalar(0), to: .scalar(1),
                    duration: 1), forKey: nil, at: 0))
        XCTAssertThrowsError(
            try layer.add(
                Fixture.basic(
                    "opacity", from: .scalar(0), to: .scalar(1),
                    duration: 1), forKey: nil, at: .nan))
    }

    /// An explicit animation changes the presentation, never the model.
    func testModelVersusPresentation() throws {
        var layer = try Layer(name: "l")
        // Linear opacity 1 -> 0 over 1 s, added at scene time 2.
        let fade = try Fixture.basic("opacity", from: .scalar(1), to: .scalar(0), duration: 1)
        try layer.add(fade, forKey: "fade", at: 2)
        let rows: [(time: Double, presentation: Double)] = [
            (1.0, 1),  // before the add: the model value
            (2.0, 1),  // linear at progress 0: fromValue
            (2.25, 0.75),  // 1 - 0.25
            (2.5, 0.5),
            (2.9, 0.1),  // 1 - 0.9 (rounding of 2.9 - 2: tolerance below)
            (3.0, 1),  // ended and removedOnCompletion: no effect, back to the model
            (10, 1),
        ]
        for row in rows {
            let value = Fixture.scalar(try layer.presentationValue(forKeyPath: "opacity", at: row.time))
            XCTAssertEqual(value ?? .nan, row.presentation, accuracy: 1e-12, "t = \(row.time)")
            XCTAssertEqual(try layer.value(forKeyPath: "opacity"), .scalar(1))  // model unchanged
        }
    }

    /// removedOnCompletion false with fillMode forwards holds the end value after the end.
    func testForwardsFillHoldsTheEndValue() throws {
        var layer = try Layer(name: "l")
        let fade = try Fixture.basic(
            "opacity", from: .scalar(1), to: .scalar(0), duration: 1,
            fillMode: .forwards, removedOnCompletion: false)
        try layer.add(fade, forKey: "fade", at: 0)
        for t in [1.0, 1.5, 100] {
            let value = Fixture.scalar(try layer.presentationValue(forKeyPath: "opacity", at: t))
            XCTAssertEqual(value ?? .nan, 0, accuracy: 1e-12, "t = \(t)")
        }
        XCTAssertEqual(layer.animationKeys, ["fade"])
    }

    /// fillMode forwards with removedOnCompletion true (CA's default) holds nothing: the
    /// animation is removed at its end. Presentation must say so whether or not the host has
    /// delivered the stop event yet, so the two are compared.
    func testRemovedOnCompletionWinsOverForwardsFill() throws {
        var scene = try Scene(layers: [Layer(name: "l")])
        let fade = try Fixture.basic(
            "opacity", from: .scalar(1), to: .scalar(0), duration: 1,
            fillMode: .forwards, removedOnCompletion: true)
        try scene.add(fade, forKey: "fade", toLayer: "l")
        let undelivered = try scene["l"]!.presentationValue(forKeyPath: "opacity", at: 1.5)
        XCTAssertEqual(scene.drainEvents(upTo: 1.5).map(\.kind), [.start, .stop(finished: true)])
        let delivered = try scene["l"]!.presentationValue(forKeyPath: "opacity", at: 1.5)
        XCTAssertEqual(undelivered, .scalar(1))  // exact: the model value
        XCTAssertEqual(delivered, .scalar(1))
        XCTAssertEqual(scene["l"]?.animationKeys, [])  // removed when the stop was delivered
    }
}
