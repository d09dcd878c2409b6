import InbetweenEngine
import XCTest

@testable import Inbetween

/// The structural exports' history of a run (`SceneHistory`) reads only the layers each event
/// changed (`Scene.layersChanged(since:)`), and keeps the same versions as reading every layer.
final class SceneHistoryWorkTests: XCTestCase {
    /// 300 layers, each a 0.5 s move beginning at i / 300 s (a start and a stop event per
    /// layer), recorded after every event as `OutputPipeline` records a run: at most a few
    /// reads per layer and per event, where reading every layer after each event is
    /// 300 x 600 = 180,000 reads (seen failing so, with the log's answer ignored). Each layer
    /// has three versions: made, started, stopped (removed on completion).
    func testEachEventReadsOnlyTheLayersItChanged() throws {
        var scene = try Scene(layers: (0..<300).map { try Layer(name: "l\($0)") })
        for i in 0..<300 {
            let move = try BasicAnimation(
                keyPath: "position.x", fromValue: .scalar(0), toValue: .scalar(100),
                timing: MediaTiming(beginTime: Double(i) / 300, duration: 0.5))
            try scene.add(.basic(move), forKey: "move", toLayer: "l\(i)")
        }
        let history = SceneHistory(initial: scene)
        var events = 0
        while let event = scene.popEvent(upTo: .infinity) {
            events += 1
            history.record(time: event.time, scene: scene)
        }
        XCTAssertEqual(events, 600)
        XCTAssertLessThanOrEqual(history.layersRead, 4 * (300 + events))
        for i in [0, 150, 299] {
            let times = history.versions(of: "l\(i)").map(\.time)
            XCTAssertEqual(times, [-.infinity, Double(i) / 300, Double(i) / 300 + 0.5], "l\(i)")
        }
    }
}
