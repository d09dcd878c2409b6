import Foundation
import Inbetween
import XCTest

/// The structural writers place an animation at its add time, a scene time; on a layer with a
/// clock of its own (a timing set on it or a layer above it) the add time is the layer's local
/// time, so those writers bake its properties instead (`SceneHistory.runsOnSceneTime`), with
/// the reason in their header, and the baked values are what the frames show.
final class LayerTimeExportTests: XCTestCase {
    /// A layer 100 s ahead of the stage (timeOffset 100): its slide is stamped with local time
    /// 100, after the run's end (2 s) in scene time, and must still be baked, not dropped.
    /// A second layer is paused at 0.5 s and resumed at 1 s as QA1673 does.
    static let script = """
        local ahead = layer{name = "ahead", timeOffset = 100}
        ahead:add(animation.basic{keyPath = "position.x", fromValue = 0, toValue = 200, duration = 2})
        local paused = layer{name = "paused"}
        paused:add(animation.basic{keyPath = "opacity", fromValue = 1, toValue = 0, duration = 1.5})
        local tl = timeline{}
        tl:call(function()
          local p = paused:convertTime(now()); paused.speed = 0; paused.timeOffset = p
        end, 0.5)
        tl:call(function()
          local p = paused.timeOffset
          paused.speed = 1; paused.timeOffset = 0; paused.beginTime = 0
          paused.beginTime = paused:convertTime(now()) - p
        end, 1)
        scene{timeline = tl, fps = 20}
        """

    func testLayersOnAClockOfTheirOwnAreBakedInEveryStructuralFormat() throws {
        let host = try InbetweenHost()
        func run() throws -> ScriptRun { try host.run(source: Self.script, name: "timed.lua") }
        let reason = "its layer runs on a clock of its own (a timing set on it or a layer above it)"
        for format in [OutputFormat.css, .swift] {
            let text = try run().exportString(as: format)
            for property in ["ahead.position", "paused.opacity"] {
                XCTAssertTrue(
                    text.contains("\(property): baked, \(reason)"), "\(format.name): \(property)\n\(text)")
            }
        }
        // The run ends when both do: the slide at local 102 (scene 2), the 1.5 s fade 0.5 s late.
        let json = try run().exportString(as: .json)
        XCTAssertTrue(json.contains("\"end\":2,"), json)
    }

    /// Example 20 does what it says: the group (and so the wheel and its spoke) stops from
    /// 0.8 s to 1.6 s and then carries on where it stopped, QA1673's way, while the marker
    /// outside it never stops. The wheel's 2 s linear turn of 2π shows π·t before the pause,
    /// π·0.8 during it and π·(t − 0.8) after; the run ends with it, 0.8 s late, at 2.8 s.
    func testExample20PausesTheSubtreeAndResumesWhereItStopped() throws {
        let moved = InbetweenHostTests.example("20-pause-resume.lua")
        let staged = InbetweenHostTests.example("tree/20-pause-resume.lua")
        let url = FileManager.default.fileExists(atPath: moved.path) ? moved : staged
        let text = try String(contentsOf: url, encoding: .utf8)
        let frames = try InbetweenHost().run(source: text, name: "20-pause-resume.lua", fps: 20).collect()
        XCTAssertEqual(frames.last?.time ?? .nan, 2.8, accuracy: 1e-12)
        for frame in frames.dropLast() {
            let t = frame.time
            let shown = t < 0.8 ? t : t <= 1.6 ? 0.8 : t - 0.8
            guard case .scalar(let angle)? = frame.value(layer: "wheel", keyPath: "transform.rotation.z"),
                case .scalar(let y)? = frame.value(layer: "marker", keyPath: "position.y")
            else { return XCTFail("t = \(t): no wheel or marker value") }
            // The rotation is read back from the matrix, in (−π, π]: compared modulo 2π. The
            // local time after the resume is computed (1e-15 s), the angle through sin/cos.
            let turn = remainder(angle - .pi * shown, 2 * .pi)
            XCTAssertEqual(turn, 0, accuracy: 1e-9, "wheel at t = \(t)")
            // The marker: 40 → 160 over 2.8 s, linear, on the stage's time throughout.
            XCTAssertEqual(y, 40 + 120 * t / 2.8, accuracy: 1e-9, "marker at t = \(t)")
        }
    }
}
