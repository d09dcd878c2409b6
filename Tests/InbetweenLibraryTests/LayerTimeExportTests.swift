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
}
