import Foundation
import Inbetween
import XCTest

/// The composed geometry of a run through the library: `ScriptRun.world()` and
/// `OutputFormat.world`.
final class WorldTests: XCTestCase {
    /// A parent bounds (0, 0, 100, 100) at (100, 100) turning from 0 to π in 1 s (linear) and a
    /// child bounds (0, 0, 20, 10) at (75, 50) scaled 2. At t = 0.5 the parent is at 90°, and
    /// the child's corner (0, 0) is at the stage's (110, 105) (worked in the engine's
    /// SceneWorldTests.testNestedRotationAndScale); at t = 0 (no turn) it is at
    /// (75 − 20, 50 − 10) + (50, 50) = (105, 90).
    private let script = """
        scene{fps = 4, to = 1}
        local parent = layer{name = "parent", bounds = rect(0, 0, 100, 100), position = point(100, 100)}
        local child = layer{name = "child", bounds = rect(0, 0, 20, 10), position = point(75, 50),
                            transform = transform.scale(2, 2), opacity = 0.5}
        parent:addSublayer(child)
        parent:add(animation.basic{keyPath = "transform.rotation.z", fromValue = 0, toValue = math.pi, duration = 1})
        """

    private func corner(_ world: SceneWorld) throws -> (Double, Double) {
        let m = try XCTUnwrap(world.layer(named: "child")).matrix
        // The image of (0, 0) is the fourth row divided by its w.
        return (m[4, 1] / m[4, 4], m[4, 2] / m[4, 4])
    }

    func testARunsWorldFollowsItsFrames() throws {
        let host = try InbetweenHost()
        let run = try host.run(source: script, name: "tree.lua")
        XCTAssertNil(try run.world(), "before the first frame")
        var corners: [Double: (Double, Double)] = [:]
        while let frame = try run.next() {
            let world = try XCTUnwrap(run.world())
            XCTAssertEqual(world.layers.map(\.name), ["parent", "child"])
            XCTAssertEqual(try XCTUnwrap(world.layer(named: "child")).opacity, 0.5)
            corners[frame.time] = try corner(world)
        }
        XCTAssertNil(try run.world(), "after the run")
        let start = try XCTUnwrap(corners[0])
        XCTAssertEqual(start.0, 105, accuracy: 1e-9)
        XCTAssertEqual(start.1, 90, accuracy: 1e-9)
        let half = try XCTUnwrap(corners[0.5])
        XCTAssertEqual(half.0, 110, accuracy: 1e-9)
        XCTAssertEqual(half.1, 105, accuracy: 1e-9)
    }

    /// An export with `world: true` carries the same matrices as `world()`, as tracks
    /// `world` and `world.opacity`.
    func testAnExportWithWorldHasTheWorldTracks() throws {
        let host = try InbetweenHost()
        let data = try host.run(source: script, name: "tree.lua").export(as: OutputFormat(.json, world: true))
        let doc = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let tracks = try XCTUnwrap(doc["tracks"] as? [[String: Any]])
        let names = tracks.map { "\($0["layer"]!).\($0["keyPath"]!)" }
        XCTAssertEqual(
            names,
            [
                "parent.transform.rotation.z", "parent.world", "parent.world.opacity", "child.world",
                "child.world.opacity",
            ])
        let child = try XCTUnwrap(tracks.first { "\($0["layer"]!).\($0["keyPath"]!)" == "child.world" })
        let values = try XCTUnwrap(child["values"] as? [[Double]])
        XCTAssertEqual(values.count, 5)
        XCTAssertEqual(values[2][12] / values[2][15], 110, accuracy: 1e-9)
        XCTAssertEqual(values[2][13] / values[2][15], 105, accuracy: 1e-9)
    }
}
