import Foundation
import Inbetween
import InbetweenLua
import XCTest

/// The renderer against an independent one: headless Chromium drawing `inbetween preview`'s
/// page (itself checked against the engine in `PreviewBrowserTests`). Every example at 5
/// times (frames 0, n/4, n/2, 3n/4 and the last), every layer alone: the page is stripped to
/// that layer on a transparent background and screenshot at 1 px a point; the renderer draws
/// the same frame at the page's stage size with only that layer. The layer tree's examples
/// (16-20) too: each drawn layer (a replicator's copies `NAME[i]` included) alone, in its
/// clips and opacity groups, the page placing it at its matrix to the stage.
///
/// Where Core Animation and the browser differ, the renderer follows Core Animation and the
/// comparison leaves that part out (none of the examples has it): a shadow (CSS box-shadow
/// follows the rounded bounds and is cut away under the box; CALayer's follows the layer's
/// alpha and shows through where the layer is see-through), the miter limit (SVG's default is
/// 4, CAShapeLayer's 10), and a stroke thinner than a pixel (both draw it anti-aliased, with
/// different coverage rules for hairlines).
final class RenderChromiumTests: XCTestCase {
    /// The bounds.
    static let pixelTolerance = 0.5
    static let channelTolerance = 2

    func testEveryExampleAtFiveTimesLayerByLayerAgreesWithChromium() throws {
        try MachineRequirement.chromium()
        let folder = try temporaryFolder("ib-render-chromium")
        let examples = try FileManager.default.contentsOfDirectory(
            atPath: CLIProcess.root.appendingPathComponent("examples").path
        ).filter {
            $0.hasSuffix(".lua") && !ExampleContent.drawnByRenderOnly.contains(String($0.dropLast(4)))
        }
        .sorted()
        XCTAssertEqual(examples.count, 20, "the examples folder was not read whole")
        let browser = try ChromiumSession(width: 1200, height: 1000)
        defer { browser.close() }
        var compared = 0
        for example in examples + ["../Tests/browser/depth-scene.lua"] {
            compared += try compare(script: "examples/" + example, folder: folder, browser: browser)
        }
        // At least one visible layer at each of the 5 times of the 20 examples.
        XCTAssertGreaterThan(compared, 100)
    }

    /// Returns how many (time, layer) pictures with something drawn were compared.
    func compare(script: String, folder: URL, browser: ChromiumSession) throws -> Int {
        let name = ((script as NSString).lastPathComponent as NSString).deletingPathExtension
        let page = folder.appendingPathComponent(name + ".html")
        let r = try CLIProcess.run(["preview", "--no-user-plugins", script, "-o", page.path])
        XCTAssertEqual(r.status, 0, "\(name): \(r.stderr)")
        try browser.open(page)
        let info =
            try browser.eval(
                """
                (function () {
                  var st = document.getElementById('stage');
                  return { times: inbetween.times, width: st.offsetWidth, height: st.offsetHeight };
                })()
                """) as? [String: Any] ?? [:]
        let times = info["times"] as? [Double] ?? []
        let width = info["width"] as? Int ?? 0
        let height = info["height"] as? Int ?? 0
        XCTAssertFalse(times.isEmpty, name)
        let picks = Set((0...4).map { Int((Double(times.count - 1) * Double($0) / 4).rounded()) })

        let renderer = try Self.renderer(
            script: script,
            options: RenderOptions(
                size: Size(width: Double(width), height: Double(height)), background: .transparent))
        var compared = 0
        var worst = (0.0, 0.0, 0)
        defer {
            print(
                "\(name): worst coverage shift \(worst.0) px, centroid \(worst.1) px, colour \(worst.2)/255")
        }
        var index = 0
        while let layers = try renderer.advance() {
            defer { index += 1 }
            guard picks.contains(index) else { continue }
            for layer in layers {
                let shot = folder.appendingPathComponent("\(name)-\(index)-\(layer)-chromium.png").path
                _ = try browser.eval(Self.isolate(layer: layer, time: times[index]))
                try browser.screenshot(x: 0, y: 0, width: width, height: height, to: shot)
                let theirs = try TestPicture(contentsOf: shot)
                let ours = TestPicture(renderer.picture(only: layer))
                let a = LayerMeasures(ours)
                let b = LayerMeasures(theirs)
                let place = "\(name) frame \(index) layer \(layer)"
                if a.area < 0.5 && b.area < 0.5 { continue }
                compared += 1
                let shift = LayerMeasures.coverageShift(a, b)
                let moved = LayerMeasures.centroidDistance(a, b)
                let (colour, interior) = LayerMeasures.interiorColourDifference(ours, theirs)
                let keep =
                    shift > Self.pixelTolerance || moved > Self.pixelTolerance
                    || colour > Self.channelTolerance
                XCTAssertLessThanOrEqual(
                    shift, Self.pixelTolerance, "\(place): coverage (areas \(a.area), \(b.area))")
                XCTAssertLessThanOrEqual(
                    moved, Self.pixelTolerance, "\(place): centroid \(a.centroid) vs \(b.centroid)")
                XCTAssertLessThanOrEqual(
                    colour, Self.channelTolerance, "\(place): colour over \(interior) pixels")
                worst = (max(worst.0, shift), max(worst.1, moved), max(worst.2, colour))
                if keep || ProcessInfo.processInfo.environment["INBETWEEN_KEEP_RENDERS"] != nil {
                    // Left for a person to look at (the folder goes at teardown unless kept).
                    try ours.write(to: shot.replacingOccurrences(of: "-chromium.png", with: "-ours.png"))
                    print("kept \(shot)")
                    if let dir = ProcessInfo.processInfo.environment["INBETWEEN_KEEP_RENDERS"] {
                        for file in [shot, shot.replacingOccurrences(of: "-chromium.png", with: "-ours.png")]
                        {
                            try? FileManager.default.copyItem(
                                atPath: file, toPath: dir + "/" + (file as NSString).lastPathComponent)
                        }
                    }
                }
            }
        }
        return compared
    }

    /// The page at `time` with only `layer` drawn: no guides, no panel, no stage background.
    static func isolate(layer: String, time: Double) -> String {
        let name = String(data: try! JSONSerialization.data(withJSONObject: [layer]), encoding: .utf8)!
        return """
            (function () {
              inbetween.seek(\(time));
              var keep = \(name)[0];
              document.documentElement.style.background = 'transparent';
              document.body.style.background = 'transparent';
              var st = document.getElementById('stage');
              st.style.background = 'none'; st.style.boxShadow = 'none';
              document.getElementById('guides').style.display = 'none';
              document.getElementById('panel').style.display = 'none';
              document.querySelectorAll('.layer').forEach(function (e) {
                e.style.visibility = e.getAttribute('data-layer') === keep ? '' : 'hidden';
              });
              return 1;
            })()
            """
    }

    /// A renderer of the script's run, plugins from the repository's `plugins/` only (the
    /// page was made with --no-user-plugins).
    static func renderer(script: String, options: RenderOptions) throws -> Renderer {
        let runtime = try Runtime()
        var search = PluginSearch()
        search.includeShipped = false
        search.includeUserAndEnvironment = false
        search.extraDirectories = [CLIProcess.root.appendingPathComponent("plugins").path]
        _ = runtime.loadPlugins(search)
        try runtime.runJob(file: CLIProcess.root.appendingPathComponent(script).path)
        return try Renderer(runtime: runtime, request: SamplingRequest(), options: options)
    }
}
