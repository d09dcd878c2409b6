import Foundation
import Inbetween
import XCTest

/// `plot`'s motion paths of a scene with a layer tree: every layer's position in the stage's
/// space (CALayer's `convertPoint:toLayer:` with the stage, `CommandHost.stagePositions`),
/// and the chart that shows them.
final class PlotStageTests: XCTestCase {
    /// A parent of bounds 100 × 100 at (100, 100) (anchor at its centre, (50, 50) of its
    /// bounds) turning half a turn about z in 2 s, linearly (sampled to 1 s, a quarter turn); its child sits at (50, 0) of
    /// the parent's bounds, 50 above the anchor. Apple, "Layer Geometry and Transforms": the
    /// position is in the superlayer's coordinates and the transform turns about the anchor.
    /// CATransform3D's rotation about z by a, row vectors: (x, y) → (x cos a − y sin a,
    /// x sin a + y cos a). The offset (0, −50) from the anchor turns to (50 sin a, −50 cos a):
    /// at t = 0 the child is at the stage's (100, 50), at t = 0.5 (a = π/4) at (100 + 25√2,
    /// 100 − 25√2), at t = 1 (a = π/2) at (150, 100). The parent, a sublayer of the stage, is
    /// at its own position. Tolerance 1e-9: a few roundings of doubles near 100.
    func testEveryLayersPositionInTheStagesSpace() throws {
        let folder = try temporaryFolder("ib-plot-stage")
        let script = folder.appendingPathComponent("turn.lua")
        try """
        scene{fps = 2, to = 1}
        local p = layer{name = "p", bounds = rect(0, 0, 100, 100), position = point(100, 100)}
        p:addSublayer(layer{name = "c", bounds = rect(0, 0, 10, 10), position = point(50, 0)})
        p:add(animation.basic{keyPath = "transform.rotation.z", fromValue = 0, toValue = math.pi,
          duration = 2, timingFunction = "linear"})
        """.write(to: script, atomically: true, encoding: .utf8)
        var settings = CommandSettings()
        settings.userPlugins = false
        let host = try CommandHost(settings)
        try host.begin()
        try host.runScene(try ScriptSource.reading(operand: script.path))
        var seen: [[String: Point]] = []
        try host.sample(SamplingRequest()) { frame in
            var at: [String: Point] = [:]
            for (layer, point) in host.stagePositions(at: frame.time) { at[layer] = point }
            seen.append(at)
        }
        XCTAssertEqual(seen.count, 3)
        let r = 25 * 2.0.squareRoot()
        let expected = [Point(x: 100, y: 50), Point(x: 100 + r, y: 100 - r), Point(x: 150, y: 100)]
        for (frame, (at, want)) in zip(seen, expected).enumerated() {
            XCTAssertEqual(at["c"]?.x ?? .nan, want.x, accuracy: 1e-9, "c.x at frame \(frame)")
            XCTAssertEqual(at["c"]?.y ?? .nan, want.y, accuracy: 1e-9, "c.y at frame \(frame)")
            XCTAssertEqual(at["p"], Point(x: 100, y: 100), "p at frame \(frame)")
        }
    }

    /// The chart: a motion path titled for the stage's space, with the child's path (which no
    /// animation of its own drives); a flat scene's plot keeps its plain title.
    func testThePlotDrawsTheStagePaths() throws {
        let folder = try temporaryFolder("ib-plot-stage")
        let script = folder.appendingPathComponent("turn.lua")
        try """
        local p = layer{name = "p", bounds = rect(0, 0, 100, 100), position = point(100, 100)}
        p:addSublayer(layer{name = "c", bounds = rect(0, 0, 10, 10), position = point(50, 0)})
        p:add(animation.basic{keyPath = "transform.rotation.z", fromValue = 0, toValue = math.pi / 2, duration = 1})
        """.write(to: script, atomically: true, encoding: .utf8)
        let svg = folder.appendingPathComponent("turn.svg")
        let r = try CLIProcess.run(["plot", "--no-user-plugins", script.path, "-o", svg.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let text = try String(contentsOf: svg, encoding: .utf8)
        XCTAssertTrue(
            text.contains("motion (positions in the stage&apos;s space)")
                || text.contains(
                    "motion (positions in the stage's space)"),
            "title")
        XCTAssertTrue(text.contains("c.position"), "the child's path")
        XCTAssertFalse(text.contains(">p.position<"), "the parent does not move")
        let flat = try CLIProcess.run([
            "plot", "--no-user-plugins", "examples/05-bouncing-ball.lua", "-o",
            folder.appendingPathComponent("ball.svg").path,
        ])
        XCTAssertEqual(flat.status, 0, flat.stderr)
        let ball = try String(contentsOf: folder.appendingPathComponent("ball.svg"), encoding: .utf8)
        XCTAssertFalse(ball.contains("stage"), "a flat scene's plot is as before")
    }
}
