import XCTest

@testable import InbetweenEngine

final class PropertyValuesTests: XCTestCase {
    func testSubPathsReadAndWrite() throws {
        var values = PropertyValues([
            "position": .point(Point(10, 20)),
            "bounds": .rect(Rect(x: 1, y: 2, width: 30, height: 40)),
            "size": .size(Size(width: 5, height: 6)),
        ])
        let reads: [(String, Value)] = [
            ("position.x", .scalar(10)), ("position.y", .scalar(20)),
            ("bounds.size.width", .scalar(30)), ("bounds.size.height", .scalar(40)),
            ("bounds.origin.x", .scalar(1)), ("bounds.origin", .point(Point(1, 2))),
            ("bounds.size", .size(Size(width: 30, height: 40))), ("size.width", .scalar(5)),
        ]
        for (keyPath, v) in reads { assertValue(values[keyPath], v, tolerance: 0, keyPath) }
        values["position.y"] = .scalar(99)
        values["bounds.size.width"] = .scalar(300)
        values["bounds.origin"] = .point(Point(-1, -2))
        values["size.height"] = .scalar(60)
        assertValue(values["position"], .point(Point(10, 99)), tolerance: 0)
        assertValue(values["bounds"], .rect(Rect(x: -1, y: -2, width: 300, height: 40)), tolerance: 0)
        assertValue(values["size"], .size(Size(width: 5, height: 60)), tolerance: 0)
    }

    func testDefaultsAndKnownKeyPaths() {
        let cases: [(String, Value)] = [
            ("opacity", .scalar(1)), ("position", .point(.zero)), ("transform", .transform(.identity)),
            ("anchorPoint", .point(Point(0.5, 0.5))), ("transform.scale.x", .scalar(1)),
            ("bounds.size.width", .scalar(0)), ("shadowOffset", .size(Size(width: 0, height: -3))),
            ("borderColor", .color(Color(red: 0, green: 0, blue: 0))),
        ]
        for (keyPath, v) in cases {
            assertValue(PropertyValues.defaultValue(forKeyPath: keyPath), v, tolerance: 0, keyPath)
            // A fresh layer reads its defaults.
            assertValue(PropertyValues()[keyPath], v, tolerance: 0, keyPath)
            XCTAssertTrue(PropertyValues.knownKeyPaths.contains(keyPath), keyPath)
        }
        for unknown in ["opacty", "position.z", "transform.skew", "bounds.width", ""] {
            XCTAssertNil(PropertyValues.defaultValue(forKeyPath: unknown), unknown)
            XCTAssertFalse(PropertyValues.isKnownKeyPath(unknown), unknown)
        }
        XCTAssertEqual(Set(PropertyValues.knownKeyPaths).count, PropertyValues.knownKeyPaths.count)
    }

    func testBadWritesThrowNamingTheKeyPath() {
        var values = PropertyValues()
        assertEngineError("keyPath") { try values.set(.scalar(1), forKeyPath: "position.z") }
        assertEngineError("position.x") { try values.set(.point(.zero), forKeyPath: "position.x") }
        assertEngineError("keyPath") { try values.set(.scalar(1), forKeyPath: "madeUp.x") }
        assertEngineError("bounds.size") { try values.set(.scalar(1), forKeyPath: "bounds.size") }
    }
}
