import Foundation
import XCTest

@testable import Inbetween
@testable import InbetweenCLI

/// Plots a person can read (issue 15): tick labels that never touch, measured with a real
/// browser's fonts; path-valued tracks as outlines; colour channels in their own colours;
/// lines broken where a value jumps; one time axis across panels; dashes when the palette
/// runs out; units on value axes.
final class PlotReadabilityTests: XCTestCase {
    /// Every example plotted, plus easing charts with overshoot and many curves.
    static let plots: [[String]] =
        (1...12).map { ["examples/" + example($0)] } + [
            ["bounceOut", "backOut", "elasticOut", "easeInEaseOut", "steps(4, jump-end)"],
            ["spring(duration=0.5, bounce=0.3)", "wobbly"],
        ]

    static func example(_ n: Int) -> String {
        let names = try! FileManager.default.contentsOfDirectory(
            atPath: CLIProcess.root.appendingPathComponent("examples").path)
        return names.first { $0.hasPrefix(String(format: "%02d-", n)) }!
    }

    /// Tick labels on one axis of one chart never overlap: each label's box as Chromium lays
    /// it out (getBoundingClientRect of the <text>, its real font), against its neighbours.
    func testTickLabelsNeverOverlapInARealRenderer() throws {
        try MachineRequirement.chromium()
        let folder = try temporaryFolder("ib-plot")
        var files: [URL] = []
        for (i, args) in Self.plots.enumerated() {
            let file = folder.appendingPathComponent("plot-\(i).svg")
            let r = try CLIProcess.run(["plot", "--no-user-plugins"] + args + ["-o", file.path])
            XCTAssertEqual(r.status, 0, "\(args): \(r.stderr)")
            files.append(file)
        }
        let browser = try ChromiumSession()
        defer { browser.close() }
        var labels = 0
        for (file, args) in zip(files, Self.plots) {
            try browser.open(file)
            // Per chart (the innermost <svg>) and axis: the boxes of its tick labels.
            let groups =
                try browser.eval(
                    """
                    (function () {
                      var out = [];
                      document.querySelectorAll('svg').forEach(function (svg) {
                        ['x', 'y'].forEach(function (axis) {
                          var boxes = [];
                          svg.querySelectorAll(':scope > g > text.tick.' + axis).forEach(function (t) {
                            var r = t.getBoundingClientRect();
                            boxes.push([t.textContent, r.left, r.top, r.right, r.bottom]);
                          });
                          if (boxes.length) out.push(boxes);
                        });
                      });
                      return out;
                    })()
                    """) as? [[[Any]]] ?? []
            XCTAssertFalse(groups.isEmpty, "\(args): no tick labels found")
            for boxes in groups {
                labels += boxes.count
                for i in boxes.indices {
                    for j in boxes.indices where j > i {
                        let a = boxes[i].dropFirst().map { $0 as? Double ?? .nan }
                        let b = boxes[j].dropFirst().map { $0 as? Double ?? .nan }
                        let overlap = a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]
                        XCTAssertFalse(
                            overlap, "\(args): tick labels '\(boxes[i][0])' and '\(boxes[j][0])' overlap")
                    }
                }
            }
        }
        XCTAssertGreaterThan(labels, 200)
    }

    /// Example 05's motion panel: at least the minimum side wide (it was 56 px, its x labels
    /// 135...165 printed into one another), with equal units kept.
    func testBouncingBallMotionPanelIsReadable() throws {
        let chart = SVGChart.motionPath(
            [("ball.position", [(x: 150, y: 32), (x: 150, y: 268)])], title: "motion")
        var fitted = chart
        fitted.fitTicks()
        let unitX = SVGChart.motionSide / fitted.y.span  // the height is the full side here
        XCTAssertGreaterThanOrEqual(fitted.x.span * unitX, SVGChart.minimumMotionSide)
        let xs = fitted.x.ticks
        XCTAssertEqual(xs.count, Set(xs).count)
        // Neighbouring x ticks at least a label's width plus the gap apart: the widest label
        // here has 3 characters.
        let pixelsPerTick = (xs[1] - xs[0]) * unitX
        XCTAssertGreaterThanOrEqual(pixelsPerTick, 3 * SVGChart.tickCharacterWidth + SVGChart.tickLabelGap)
    }

    func testJellyBallIsPlottedAsOutlines() throws {
        let r = try CLIProcess.run(["plot", "--no-user-plugins", "examples/11-jelly-ball.lua"])
        XCTAssertEqual(r.status, 0, r.stderr)
        // Six outlines (first and last frame among them), each four curves and a close,
        // labelled by their times: frames at i / 60 over 1 s, picked at 0, 12, 24, ... 60.
        let outlines = r.stdout.components(separatedBy: "<path d=\"M").count - 1
        XCTAssertEqual(outlines, ScriptPlot.outlineCount)
        for label in [
            "t = 0 s", "t = 0.2 s", "t = 0.4 s", "t = 1 s", "ball.path (points), outlines at 6 times",
        ] {
            XCTAssertTrue(r.stdout.contains(">\(label)<"), label)
        }
        XCTAssertEqual(r.stdout.components(separatedBy: "Z\"").count - 1, ScriptPlot.outlineCount)
    }

    /// Example 03's backgroundColor: the red channel red, green green, blue blue (they were
    /// blue, orange and green), and a band of the colours themselves.
    func testColourChannelsInTheirOwnColours() throws {
        let r = try CLIProcess.run(["plot", "--no-user-plugins", "examples/03-color-keyframes.lua"])
        XCTAssertEqual(r.status, 0, r.stderr)
        for (name, color) in zip(["red", "green", "blue", "alpha"], ScriptPlot.channelColors) {
            // The legend: a line in the channel's colour, then its name.
            let pattern = "stroke=\"\(color)\" stroke-width=\"3\"/>\n<text x=\"96\" y=\"[0-9.]+\">\(name)<"
            XCTAssertNotNil(r.stdout.range(of: pattern, options: .regularExpression), name)
        }
        // 2 s at 60 fps: 121 frames, one swatch each; the first is the start colour, blue.
        XCTAssertEqual(r.stdout.components(separatedBy: "stroke-width=\"0.6\"").count - 1, 121)
        XCTAssertTrue(r.stdout.contains("fill=\"rgb(0, 0, 255)\""))
        XCTAssertTrue(r.stdout.contains(">backgroundColor (channels 0–1)<"), "unit on the value axis")
    }

    /// Example 08: the layer snaps back from (566, 74) to its model value (74, 74) when the
    /// animation is removed at t = 5; that step is not drawn as a line in the motion panel
    /// (the longest drawn step along the arcs is a few pixels per frame).
    func testJumpsBreakTheLine() throws {
        let r = try CLIProcess.run(["plot", "--no-user-plugins", "examples/08-path-bounce.lua"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let motion = r.stdout.components(separatedBy: "<svg x=\"0\"")[1]
        var longest = 0.0
        for polyline in motion.components(separatedBy: "points=\"").dropFirst() {
            let points = polyline.prefix { $0 != "\"" }.split(separator: " ").map {
                $0.split(separator: ",").map { Double($0)! }
            }
            for (a, b) in zip(points, points.dropFirst()) {
                longest = max(longest, hypot(b[0] - a[0], b[1] - a[1]))
            }
        }
        // The arcs' steepest frame step: 5 s at 60 fps over two arcs about 1,100 points long,
        // at most a few times the mean 3.7 points, scaled by less than 1 px per point.
        XCTAssertGreaterThan(longest, 0)
        XCTAssertLessThan(longest, 40)
    }

    func testJumpBreakCases() {
        let cases: [(name: String, values: [Double], jumps: Set<Int>)] = [
            ("a snap back after a move", [0, 1, 2, 3, 4, 5, 0], [5]),
            ("an ease in: growing steps", [0, 0.1, 0.4, 0.9, 1.6, 2.5, 3.6], []),
            ("a bounce: steps as long on both sides", [0, 3, 6, 9, 6, 3, 0], []),
            ("steps(): holds and jumps", [0, 0, 0, 1, 1, 1, 2, 2], [2, 5]),
            ("a hold then a constant speed", [0, 0, 0, 1, 2, 3], []),
            ("two frames: nothing to compare with", [0, 10], []),
        ]
        for c in cases {
            XCTAssertEqual(JumpBreaks.indices(c.values.map { [$0] }), c.jumps, c.name)
        }
    }

    /// Example 12: the position track starts at 0.2 s (added by a callback) yet its panel's
    /// time axis starts at 0 like the others'.
    func testOneTimeAxisAcrossPanels() throws {
        let r = try CLIProcess.run(["plot", "--no-user-plugins", "examples/12-photo-throw.lua"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let charts = r.stdout.components(separatedBy: "<svg x=\"0\"").dropFirst().filter {
            $0.contains(">time (s)<")
        }
        XCTAssertEqual(charts.count, 3)
        for chart in charts {
            let first = chart.components(separatedBy: "class=\"tick x\"")[1]
            XCTAssertTrue(first.contains(">0</text>"), String(first.prefix(80)))
            XCTAssertTrue(chart.contains(">1.2</text>"))
        }
    }

    /// A transform's 16 entries: 7 colours, then each further round dashed differently, so no
    /// two series look alike.
    func testSixteenSeriesAreDistinguishable() throws {
        let series = (1...16).map {
            SVGChart.Series(name: "m\($0)", points: [(x: 0, y: Double($0)), (x: 1, y: 0)])
        }
        let chart = SVGChart.lines(series: series, title: "transform", yLabel: "transform (matrix entries)")
        let looks = (0..<16).map { chart.stroke($0) }
        XCTAssertEqual(Set(looks.map { "\($0.color)|\($0.dash)" }).count, 16)
        let svg = String(decoding: chart.render(), as: UTF8.self)
        XCTAssertEqual(
            svg.components(separatedBy: "stroke-dasharray=\"7 3\"").count - 1, 2 * 7, "lines and legend")
    }

}
