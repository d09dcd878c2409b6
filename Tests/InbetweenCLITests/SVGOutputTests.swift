import Foundation
import XCTest

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// SVG pictures: they parse as XML, carry what a reader needs (ticks, legend, control points),
/// and render with a real renderer (rsvg-convert from Debian's librsvg2-bin) when it is there.
final class SVGOutputTests: XCTestCase {
    /// Specs whose charts exercise overshoot below 0 and above 1, springs, steps, text that
    /// needs escaping (the & and < in a title) and several curves at once.
    static let plots: [[String]] = [
        ["bounceOut"],
        ["backOut", "elasticOut", "cubic-bezier(0.68,-0.55,0.265,1.55)"],
        ["spring(duration=0.5, bounce=0.3)", "wobbly", "steps(4, jump-end)"],
        ["easeIn", "easeOut", "--title", "in & out <compared>"],
        ["examples/12-photo-throw.lua", "--fps", "20"],
        ["examples/08-path-bounce.lua", "--fps", "10"],
    ]

    func testChartsParseAsXML() throws {
        for args in Self.plots {
            let r = try CLIProcess.run(["plot", "--no-user-plugins"] + args)
            XCTAssertEqual(r.status, 0, "\(args): \(r.stderr)")
            let elements = try parse(Data(r.stdout.utf8), "\(args)")
            XCTAssertEqual(elements.first, "svg")
            XCTAssertGreaterThanOrEqual(
                elements.filter { $0 == "polyline" }.count,
                args.filter { !$0.hasPrefix("-") }.count - (args.contains("--title") ? 1 : 0))
        }
    }

    func testEasingChartContents() throws {
        let r = try CLIProcess.run(["plot", "--no-user-plugins", "easeInEaseOut", "backOut"])
        XCTAssertEqual(r.status, 0, r.stderr)
        // Ticks every 0.25; backOut rises to about 1.1 (Penner's s = 1.70158 gives 10%
        // overshoot), so the y axis extends to 1.25.
        for label in ["0", "0.25", "0.5", "0.75", "1", "1.25"] {
            XCTAssertTrue(r.stdout.contains(">\(label)</text>"), "tick \(label)")
        }
        XCTAssertFalse(r.stdout.contains(">1.5</text>"))
        XCTAssertTrue(
            r.stdout.contains(">easeInEaseOut</text>") && r.stdout.contains(">backOut</text>"), "legend")
        // easeInEaseOut's two inner control points are drawn (circles with r = 4): (0.42, 0)
        // and (0.58, 1), Apple's documented control points.
        XCTAssertEqual(r.stdout.components(separatedBy: "r=\"4\"").count - 1, 2)
    }

    func testTitleIsEscaped() throws {
        let r = try CLIProcess.run(["plot", "--no-user-plugins", "easeIn", "--title", "in & out <compared>"])
        XCTAssertTrue(r.stdout.contains("<title>in &amp; out &lt;compared&gt;</title>"), r.stdout)
    }

    /// A scene script: a motion chart for the point-valued track, then one value-over-time
    /// chart per track, stacked as nested <svg> elements.
    func testPlottingAScript() throws {
        let r = try CLIProcess.run([
            "plot", "--no-user-plugins", "--fps", "20", "examples/12-photo-throw.lua",
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        let elements = try parse(Data(r.stdout.utf8), "photo throw")
        // The document, then the motion chart and the three tracks' charts.
        XCTAssertEqual(elements.filter { $0 == "svg" }.count, 1 + 4)
        for title in ["motion", "myview.transform.scale.x", "myview.transform.scale.y", "myview.position"] {
            XCTAssertTrue(r.stdout.contains(">\(title)</text>"), title)
        }
        // The motion path has a dot per frame of the throw: 0.2 s ... 1.2 s at 20 fps = 21.
        XCTAssertGreaterThanOrEqual(elements.filter { $0 == "circle" }.count, 21)
        let missing = try CLIProcess.run(["plot", "--no-user-plugins", "examples/none.lua"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(
            missing.stderr, "inbetween: cannot open examples/none.lua (No such file or directory)\n")
    }

    func testChartsRenderWithRSVG() throws {
        guard
            let rsvg = [
                "/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert", "/opt/homebrew/bin/rsvg-convert",
            ]
            .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else {
            try MachineRequirement.tool(false, "rsvg-convert", package: "librsvg2-bin")
            return
        }
        let dir = try temporaryFolder("ib-svg")
        for (i, args) in Self.plots.enumerated() {
            let svg = dir.appendingPathComponent("chart\(i).svg").path
            let png = dir.appendingPathComponent("chart\(i).png").path
            let r = try CLIProcess.run(["plot", "--no-user-plugins", "-o", svg] + args)
            XCTAssertEqual(r.status, 0, r.stderr)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: rsvg)
            process.arguments = [svg, "-o", png]
            try process.run()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, "rsvg-convert \(svg)")
            // A PNG starts with the 8-byte signature 89 50 4E 47 0D 0A 1A 0A (PNG spec §5.2).
            let bytes = try Data(contentsOf: URL(fileURLWithPath: png))
            XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        }
    }

    /// Element names in document order; fails the test with the parser's error otherwise.
    private func parse(_ data: Data, _ what: String) throws -> [String] {
        let parser = XMLParser(data: data)
        let collector = ElementCollector()
        parser.delegate = collector
        XCTAssertTrue(parser.parse(), "\(what): \(parser.parserError.map(String.init(describing:)) ?? "?")")
        return collector.names
    }

    private final class ElementCollector: NSObject, XMLParserDelegate {
        var names: [String] = []
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
            qualifiedName: String?, attributes: [String: String] = [:]
        ) {
            names.append(name)
        }
    }
}
