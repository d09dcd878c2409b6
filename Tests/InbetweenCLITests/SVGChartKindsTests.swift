import Foundation
import XCTest

@testable import Inbetween
@testable import InbetweenCLI

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The chart kinds other commands will use: values over time and motion paths in Core
/// Animation's y-down space.
final class SVGChartKindsTests: XCTestCase {
    private func text(_ chart: SVGChart) -> String { String(decoding: chart.render(), as: UTF8.self) }

    func testValuesOverTime() throws {
        let frames: [Double] = (0...30).map { Double($0) / 30 }
        let opacity: [(x: Double, y: Double)] = frames.map { f in (x: f * 1.5, y: 1 - f) }
        let scale: [(x: Double, y: Double)] = frames.map { f in (x: f * 1.5, y: 1 + f / 2) }
        let svg = text(
            .lines(
                series: [("opacity", opacity), ("transform.scale", scale)], title: "photo", yLabel: "value"))
        XCTAssertTrue(XMLParser(data: Data(svg.utf8)).parse())
        // Time 0...1.5 s on nice steps of 0.2 (1.5 / 5 = 0.3 rounds to the 2 × 10^-1 step), so
        // the axis ends at 1.6.
        for label in ["0", "0.2", "0.8", "1.6", "time (s)", "opacity", "transform.scale"] {
            XCTAssertTrue(svg.contains(">\(label)</text>"), label)
        }
        XCTAssertEqual(svg.components(separatedBy: "<polyline").count - 1, 2)
    }

    func testMotionPathIsYDownWithFrameDots() throws {
        // The classic path from (74, 74) through (320, 74) to (566, 74), plus a dip to y = 200:
        // y grows downward, so the dip is drawn below the start.
        let points: [(x: Double, y: Double)] = [(74, 74), (320, 200), (566, 74)]
        let chart = SVGChart.motionPath([("ball.position", points)], title: "ball")
        let svg = text(chart)
        XCTAssertTrue(XMLParser(data: Data(svg.utf8)).parse())
        XCTAssertEqual(svg.components(separatedBy: "r=\"2.5\"").count - 1, 3, "one dot per frame")
        let polyline = svg.components(separatedBy: "points=\"")[1].prefix { $0 != "\"" }
        let ys = polyline.split(separator: " ").map { Double($0.split(separator: ",")[1])! }
        XCTAssertGreaterThan(ys[1], ys[0], "the dip (y = 200) is lower on the page than the start (y = 74)")
        XCTAssertTrue(chart.yDown && chart.equalScale)
    }
}
