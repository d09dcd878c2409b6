import XCTest

@testable import InbetweenEngine

final class SceneTests: XCTestCase {
    func testLayersByNameInOrder() throws {
        var scene = try Scene(layers: [Layer(name: "a"), Layer(name: "b")])
        XCTAssertEqual(scene.layers.map(\.name), ["a", "b"])
        XCTAssertThrowsError(try scene.addLayer(Layer(name: "a"))) {
            XCTAssertEqual(($0 as? EngineError)?.parameter, "name")
        }
        XCTAssertNil(scene["c"])
        let unknownLayer: [(String, (inout Scene) throws -> Void)] = [
            ("setValue", { try $0.setValue(.scalar(1), forKeyPath: "opacity", ofLayer: "c", in: nil) }),
            (
                "add",
                {
                    try $0.add(
                        Fixture.basic("opacity", from: nil, to: .scalar(0), duration: 1),
                        forKey: nil, toLayer: "c")
                }
            ),
            ("remove", { try $0.removeAnimation(forKey: "k", fromLayer: "c") }),
            ("removeAll", { try $0.removeAllAnimations(fromLayer: "c") }),
        ]
        for (name, change) in unknownLayer {
            XCTAssertThrowsError(try change(&scene), name) {
                XCTAssertEqual(($0 as? EngineError)?.parameter, "layer", name)
            }
        }
    }

    /// The shorthands act at `scene.time`: an animation added with time 2 runs from 2.
    func testShorthandsUseTheSceneTime() throws {
        var scene = try Scene(layers: [Layer(name: "a")])
        scene.time = 2
        try scene.add(
            Fixture.basic("opacity", from: .scalar(1), to: .scalar(0), duration: 1),
            forKey: "f", toLayer: "a")
        XCTAssertEqual(scene.drainEvents(upTo: 10).map(\.time), [2, 3])  // exact: 2 and 2 + 1
        scene.time = 2.5
        XCTAssertEqual(try scene.presentationValue(forKeyPath: "opacity", ofLayer: "a"), .scalar(1))
        XCTAssertEqual(scene.animatedTracks, [])  // removed on completion
    }
}
