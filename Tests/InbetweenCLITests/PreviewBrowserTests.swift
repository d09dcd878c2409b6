import Foundation
import InbetweenEngine
import InbetweenLua
import XCTest

/// The HTML preview measured in headless Chromium against the engine's frames, for all 12
/// examples in one browser: at every frame time and every midpoint between two frames, each
/// layer element's getBoundingClientRect, computed opacity and colours, and its path's numbers.
///
/// The chain from `inbetween run`'s JSON to the pixels: (1) the layers' whole presentation
/// values, sampled here in-process with the engine, agree exactly with every track of the JSON
/// frames at every frame (a track such as `transform.scale.x` is read from the whole value
/// through the engine's key paths); (2) the geometry a layer must have is computed here from
/// those values with Core Animation's layer model (Apple, "Core Animation Programming Guide:
/// Layers Have Their Own Geometry": the anchor point sits at `position`, the transform is
/// applied about it; CATransform3D's row vectors with the perspective divide), independently
/// of the page's script, and compared with what Chromium measured.
final class PreviewBrowserTests: XCTestCase {
    /// Geometry in CSS pixels and 1 point = 1 px: the bound. Chromium measures
    /// transformed boxes in single precision (about 4e-5 px at 600 px), far inside it.
    static let pixelTolerance = 0.01
    /// Opacity and colour channels (0–1): the bound; color(srgb ...) keeps more digits
    /// than an 8-bit rgb() would (1/255 = 0.004 would not meet it).
    static let channelTolerance = 1e-3

    static let drawn = [
        "bounds", "position", "anchorPoint", "anchorPointZ", "zPosition", "transform", "opacity",
        "backgroundColor", "borderColor", "borderWidth", "path",
    ]

    func testEveryExampleMatchesTheEngineFramesInChromium() throws {
        try MachineRequirement.chromium()
        let folder = try temporaryFolder("ib-preview")
        // The layer tree's examples (16-20) are drawn in the stage's space, not each layer's
        // own: CSSTreeChromiumTests measures their pages against SceneWorld.
        let examples = try FileManager.default.contentsOfDirectory(
            atPath: CLIProcess.root.appendingPathComponent("examples").path
        ).filter { name in
            name.hasSuffix(".lua") && !CSSTreeChromiumTests.treeExampleNames.contains { name.hasPrefix($0) }
        }.sorted()
        XCTAssertGreaterThanOrEqual(examples.count, 12, "the examples folder was not read")
        let browser = try ChromiumSession()
        defer { browser.close() }
        var measured = 0
        for example in examples {
            measured += try checkPage(script: "examples/" + example, folder: folder, browser: browser)
        }
        XCTAssertGreaterThan(measured, 2000)
    }

    /// Tests/browser/depth-scene.lua: 3D with perspective, anchor points, fractional bounds
    /// (laid out in 1/64 px units by Chromium, which the page must not let cut them),
    /// translucent borders, a shape layer with its bounds away from 0, opacity beyond 1.
    func testThreeDimensionsAnchorsAndFractionalBoundsInChromium() throws {
        try MachineRequirement.chromium()
        let browser = try ChromiumSession()
        defer { browser.close() }
        // 31 frames at 30 fps and 30 midpoints, two layers.
        XCTAssertEqual(
            try checkPage(
                script: "Tests/browser/depth-scene.lua", folder: temporaryFolder("ib-preview"),
                browser: browser), 2 * 61)
    }

    /// Tests/exports/late-layer.lua: a layer an onStop handler creates at 0.5 s (frame 15 at
    /// 30 fps) and animates. The page draws it from that frame on, where the engine has it, and
    /// nothing of it before.
    func testALayerACallbackCreatesIsDrawnFromItsFirstFrameInChromium() throws {
        try MachineRequirement.chromium()
        let script = "Tests/exports/late-layer.lua"
        let whole = try Self.wholeLayers(script: script)
        XCTAssertEqual(whole.layers, ["ball", "spark"])
        XCTAssertEqual(whole.firstFrames, [0, 15])
        XCTAssertEqual(whole.times.count, 31)  // 0...1 s at 30 fps
        let browser = try ChromiumSession()
        defer { browser.close() }
        // Two layers at 31 frames and 30 midpoints; spark's first 30 rows are the hidden ones.
        XCTAssertEqual(
            try checkPage(script: script, folder: temporaryFolder("ib-preview"), browser: browser), 2 * 61)
    }

    /// Writes the preview of `script`, measures it and checks every row; returns the rows.
    func checkPage(script: String, folder: URL, browser: ChromiumSession) throws -> Int {
        let name = ((script as NSString).lastPathComponent as NSString).deletingPathExtension
        let page = folder.appendingPathComponent(name + ".html")
        let r = try CLIProcess.run(["preview", "--no-user-plugins", script, "-o", page.path])
        XCTAssertEqual(r.status, 0, "\(name): \(r.stderr)")
        let expected = try Self.wholeLayers(script: script)
        try Self.checkAgainstRunJSON(expected, script: script)
        try browser.open(page)
        let rows = try browser.eval(Self.measure) as? [[Any]] ?? []
        // One row per layer per seek: frames plus the midpoints between them.
        XCTAssertEqual(rows.count, expected.layers.count * (2 * expected.times.count - 1), name)
        for row in rows { try check(row, against: expected, example: name) }
        return rows.count
    }

    /// The player's controls: space plays and pauses, the arrow keys step one frame, the
    /// scrubber follows; `duration` and `fps` describe the scene (example 05: 1 s at 60 fps).
    func testControlsAndTheScriptingSurface() throws {
        try MachineRequirement.chromium()
        let page = try temporaryFolder("ib-preview").appendingPathComponent("ball.html")
        let r = try CLIProcess.run([
            "preview", "--no-user-plugins", "examples/05-bouncing-ball.lua", "-o", page.path,
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        let html = try String(contentsOf: page, encoding: .utf8)
        // Self-contained: nothing for the browser to fetch (the SVG namespace is a name, not a fetch).
        for pattern in ["<link", " src=", "@import", "url(", "@font-face", "https:"] {
            XCTAssertFalse(html.contains(pattern), pattern)
        }
        let browser = try ChromiumSession()
        defer { browser.close() }
        try browser.open(page)
        let result =
            try browser.eval(
                """
                (function () {
                  function key(k) { document.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true })); }
                  var out = { duration: inbetween.duration, fps: inbetween.fps };
                  inbetween.seek(0); key('ArrowRight'); out.afterRight = inbetween.time;
                  key('ArrowRight'); key('ArrowLeft'); out.afterRightLeft = inbetween.time;
                  inbetween.seek(0.5 / 60); key('ArrowRight'); out.fromMidpoint = inbetween.time;
                  out.scrub = +document.getElementById('scrub').value;
                  key(' '); out.playing = inbetween.playing; key(' '); out.paused = !inbetween.playing;
                  inbetween.play(); out.played = inbetween.playing; inbetween.pause(); out.stopped = !inbetween.playing;
                  out.speeds = Array.prototype.map.call(document.querySelectorAll('#speed option'), function (o) { return +o.value; });
                  out.layers = document.querySelectorAll('[data-layer="ball"]').length;
                  return out;
                })()
                """) as? [String: Any] ?? [:]
        XCTAssertEqual(result["duration"] as? Double, 1)
        XCTAssertEqual(result["fps"] as? Double, 60)
        // Frame times are i / 60 (FrameTimes: index over rate, not repeated addition).
        XCTAssertEqual(result["afterRight"] as? Double, 1.0 / 60)
        XCTAssertEqual(result["afterRightLeft"] as? Double, 1.0 / 60)
        XCTAssertEqual(
            result["fromMidpoint"] as? Double, 1.0 / 60, "a step from between frames lands on the next")
        XCTAssertEqual(result["scrub"] as? Double ?? 0, 1.0 / 60, accuracy: 1e-12)
        for flag in ["playing", "paused", "played", "stopped"] {
            XCTAssertEqual(result[flag] as? Bool, true, flag)
        }
        XCTAssertEqual(result["speeds"] as? [Double], [0.1, 0.25, 1])
        XCTAssertEqual(result["layers"] as? Int, 1)
    }

    // MARK: expected values

    struct WholeLayers {
        var times: [Double]
        var layers: [String]
        /// The first frame each layer exists at (later than 0 for one a callback creates).
        var firstFrames: [Int]
        /// values[layer][frame]: the drawn properties' presentation values (empty before the
        /// layer exists).
        var values: [[PropertyValues]]
    }

    /// Every layer's drawn properties at every frame, sampled in-process by the engine.
    static func wholeLayers(script: String) throws -> WholeLayers {
        let runtime = try Runtime()
        var search = PluginSearch()
        search.includeUserAndEnvironment = false
        runtime.loadPlugins(search)
        runtime.scriptDirectory =
            CLIProcess.root.appendingPathComponent((script as NSString).deletingLastPathComponent).path
        try runtime.host.run(file: CLIProcess.root.appendingPathComponent(script).path)
        var request = SamplingRequest()
        request.keyPathsOfEveryLayer = drawn
        var names: [String] = []
        var first: [Int] = []
        var times: [Double] = []
        var values: [[PropertyValues]] = []
        try runtime.sampleScene(request) { frame in
            // A layer a callback creates gets its tracks after the others, from its first frame.
            while names.count * drawn.count < frame.tracks.count {
                names.append(frame.tracks[names.count * drawn.count].layer)
                first.append(times.count)
                values.append(Array(repeating: PropertyValues(), count: times.count))
            }
            times.append(frame.time)
            for l in names.indices {
                var p = PropertyValues()
                for k in drawn.indices { p.values[drawn[k]] = frame.values[l * drawn.count + k] }
                values[l].append(p)
            }
        }
        return WholeLayers(times: times, layers: names, firstFrames: first, values: values)
    }

    /// The JSON writer's numbers are the engine's doubles to within a few units in the last of
    /// 16–17 significant digits (measured: 327.5196408943485 for 327.51964089434847); 1e-12 of
    /// the value leaves room for that and nothing else.
    static let jsonTolerance = 1e-12

    /// Link (1): every JSON track of `inbetween run` equals the whole values read at its key path.
    static func checkAgainstRunJSON(_ whole: WholeLayers, script: String) throws {
        let r = try CLIProcess.run(["run", "--no-user-plugins", script])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any] ?? [:]
        let tracks = json["tracks"] as? [[String: Any]] ?? []
        XCTAssertFalse(tracks.isEmpty, script)
        for track in tracks {
            let layer = track["layer"] as? String ?? ""
            let keyPath = track["keyPath"] as? String ?? ""
            let times = track["times"] as? [Double] ?? []
            let values = track["values"] as? [Any] ?? []
            // The key paths the preview draws, which are the ones sampled whole; a gradient's
            // colors and locations (example 21) are checked against the engine by
            // GradientTracksTests.
            guard drawn.contains(String(keyPath.prefix { $0 != "." })) else { continue }
            guard let l = whole.layers.firstIndex(of: layer) else {
                XCTFail("\(script): no layer \(layer)")
                continue
            }
            for (t, v) in zip(times, values) {
                guard let i = whole.times.firstIndex(where: { abs($0 - t) <= jsonTolerance * max(1, abs(t)) })
                else {
                    XCTFail("\(script): \(t) is not a frame time")
                    continue
                }
                let json = (v as? [Double]) ?? [(v as? Double) ?? .nan]
                let engine = try whole.values[l][i].value(forKeyPath: keyPath)?.components ?? []
                XCTAssertEqual(json.count, engine.count, "\(script) \(layer).\(keyPath) at \(t)")
                for (a, b) in zip(json, engine) {
                    XCTAssertEqual(
                        a, b, accuracy: jsonTolerance * max(1, abs(b)),
                        "\(script) \(layer).\(keyPath) at \(t)")
                }
            }
        }
    }

    /// The drawn values at `t`: a frame's own at a frame time, else linear between the two
    /// frames around it (the page's stated display rule; matrices entry by entry).
    static func values(_ whole: WholeLayers, layer l: Int, at t: Double) throws -> PropertyValues {
        if let i = whole.times.firstIndex(of: t) { return whole.values[l][i] }
        guard let i = whole.times.lastIndex(where: { $0 < t }), i + 1 < whole.times.count else {
            throw ChromiumSession.CommandFailure("time \(t) outside the frames")
        }
        let u = (t - whole.times[i]) / (whole.times[i + 1] - whole.times[i])
        var out = PropertyValues()
        for (key, a) in whole.values[l][i].values {
            let b = whole.values[l][i + 1].values[key]!
            let ca = a.components
            let cb = b.components
            out.values[key] = try a.withComponents(zip(ca, cb).map { $0 + ($1 - $0) * u })
        }
        return out
    }

    /// Core Animation's geometry of a layer in its superlayer: the corners of its bounds,
    /// moved so the anchor point is the origin, through the transform (row vectors, then the
    /// perspective divide), then to `position`. Returns the box around them.
    static func frame(_ p: PropertyValues) -> (x: Double, y: Double, width: Double, height: Double) {
        guard case .rect(let b)? = p["bounds"], case .point(let pos)? = p["position"],
            case .point(let a)? = p["anchorPoint"], case .scalar(let az)? = p["anchorPointZ"],
            case .transform(let m)? = p["transform"]
        else { return (.nan, .nan, .nan, .nan) }
        var xs: [Double] = []
        var ys: [Double] = []
        for (cx, cy) in [(0.0, 0.0), (b.size.width, 0), (0, b.size.height), (b.size.width, b.size.height)] {
            let x = cx - a.x * b.size.width
            let y = cy - a.y * b.size.height
            let z = -az
            // Homogeneous coordinates of the corner after the transform.
            let hx = x * m[1, 1] + y * m[2, 1] + z * m[3, 1] + m[4, 1]
            let hy = x * m[1, 2] + y * m[2, 2] + z * m[3, 2] + m[4, 2]
            let hw = x * m[1, 4] + y * m[2, 4] + z * m[3, 4] + m[4, 4]
            xs.append(hx / hw + pos.x)
            ys.append(hy / hw + pos.y)
        }
        return (xs.min()!, ys.min()!, xs.max()! - xs.min()!, ys.max()! - ys.min()!)
    }

    // MARK: measuring

    /// For each frame time and each midpoint: every layer element's box, computed opacity,
    /// background and border colours, and its path's `d` (null when it draws none).
    static let measure = """
        (function () {
          var ts = inbetween.times, out = [], seeks = [];
          for (var i = 0; i < ts.length; i++) { seeks.push(ts[i]); if (i + 1 < ts.length) seeks.push((ts[i] + ts[i + 1]) / 2); }
          seeks.forEach(function (t) {
            inbetween.seek(t);
            document.querySelectorAll('[data-layer]').forEach(function (e) {
              var r = e.getBoundingClientRect(), cs = getComputedStyle(e), svg = e.querySelector('svg');
              out.push([t, e.getAttribute('data-layer'), r.left, r.top, r.width, r.height, cs.opacity,
                cs.backgroundColor, getComputedStyle(e.querySelector('.border')).borderTopColor,
                getComputedStyle(svg).display === 'none' ? null : svg.querySelector('path').getAttribute('d'),
                cs.display]);
            });
          });
          return out;
        })()
        """

    func check(_ row: [Any], against whole: WholeLayers, example: String) throws {
        guard row.count == 11, let t = row[0] as? Double, let name = row[1] as? String,
            let l = whole.layers.firstIndex(of: name), let frame = whole.times.lastIndex(where: { $0 <= t })
        else { return XCTFail("\(example): bad row \(row)") }
        let place = "\(example) \(name) at t = \(t)"
        // Before the frame a callback creates the layer at, the page shows nothing of it.
        guard frame >= whole.firstFrames[l] else {
            return XCTAssertEqual(row[10] as? String, "none", "not hidden before it exists, \(place)")
        }
        XCTAssertNotEqual(row[10] as? String, "none", "hidden, \(place)")
        let p = try Self.values(whole, layer: l, at: t)
        let box = Self.frame(p)
        let got = row[2...5].map { ($0 as? Double) ?? .nan }
        XCTAssertEqual(got[0], box.x, accuracy: Self.pixelTolerance, "left, \(place)")
        XCTAssertEqual(got[1], box.y, accuracy: Self.pixelTolerance, "top, \(place)")
        XCTAssertEqual(got[2], box.width, accuracy: Self.pixelTolerance, "width, \(place)")
        XCTAssertEqual(got[3], box.height, accuracy: Self.pixelTolerance, "height, \(place)")
        // CALayer.opacity: values outside 0...1 are clamped when drawn (Apple's CALayer reference).
        guard case .scalar(let opacity)? = p["opacity"] else { return XCTFail(place) }
        XCTAssertEqual(
            Double(row[6] as? String ?? "") ?? .nan, min(max(opacity, 0), 1),
            accuracy: Self.channelTolerance, "opacity, \(place)")
        for (index, key) in [(7, "backgroundColor"), (8, "borderColor")] {
            let channels = Self.channels(row[index] as? String ?? "")
            let expected = p[key]?.components ?? []
            XCTAssertEqual(channels.count, 4, "\(key) '\(row[index])', \(place)")
            for (c, e) in zip(channels, expected) {
                XCTAssertEqual(c, e, accuracy: Self.channelTolerance, "\(key), \(place)")
            }
        }
        guard case .path(let path)? = p["path"], case .rect(let b)? = p["bounds"] else {
            return XCTFail(place)
        }
        guard let d = row[9] as? String else {
            XCTAssertTrue(path.elements.isEmpty, "a path is drawn, \(place)")
            return
        }
        // The path in the layer's own space: its points less the bounds' origin.
        let numbers = Self.numbers(in: d)
        let expected = path.points.flatMap { [$0.x - b.origin.x, $0.y - b.origin.y] }
        XCTAssertEqual(numbers.count, expected.count, "path points, \(place)")
        for (n, e) in zip(numbers, expected) {
            XCTAssertEqual(n, e, accuracy: Self.pixelTolerance, "path, \(place)")
        }
    }

    /// `color(srgb r g b / a)`, `color(srgb r g b)` or `rgba(R, G, B, a)` as four 0–1 channels.
    static func channels(_ css: String) -> [Double] {
        var n = numbers(in: css)
        if css.hasPrefix("rgb") {
            for i in 0..<min(3, n.count) { n[i] /= 255 }
        }
        if n.count == 3 { n.append(1) }
        return n
    }

    static func numbers(in text: String) -> [Double] {
        let pattern = try! NSRegularExpression(pattern: "-?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][-+]?\\d+)?")
        let range = NSRange(text.startIndex..., in: text)
        return pattern.matches(in: text, range: range).compactMap { m in
            Range(m.range, in: text).flatMap { Double(text[$0]) }
        }
    }

    /// Example 16's orbit turns, so its unanimated `transform.scale.x` reads back from the
    /// matrix as 1 or 0.9999999999999999: a range under 1e-9 of its size (the engine's stated
    /// accuracy) is flat, not stretched to a full-height zig-zag. Example 19's two faces share
    /// an anchor point, so their guide names were printed over each other: each name's box is
    /// clear of the other's at every tenth of the run.
    func testNoiseIsFlatAndGuideNamesDoNotOverlap() throws {
        try MachineRequirement.chromium()
        let folder = try temporaryFolder("ib-preview-charts")
        let browser = try ChromiumSession()
        defer { browser.close() }
        let orbit = folder.appendingPathComponent("orbit.html")
        var r = try CLIProcess.run([
            "preview", "--no-user-plugins", "examples/16-orbiting-dots.lua", "-o", orbit.path,
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        try browser.open(orbit)
        let heights = try XCTUnwrap(
            browser.eval(
                """
                Array.prototype.map.call(document.querySelectorAll('svg.chart'), function (svg) {
                  var title = svg.querySelector('text.title').textContent;
                  if (title.indexOf('orbit.transform.scale.x') !== 0) return null;
                  var d = svg.querySelector('path').getAttribute('d');
                  var ys = d.trim().split(/[ML] ?/).filter(Boolean).map(function (p) { return +p.trim().split(' ')[1]; });
                  return [Math.max.apply(null, ys) - Math.min.apply(null, ys), d.split('M').length - 1];
                }).filter(function (h) { return h !== null; })
                """) as? [[Double]])
        XCTAssertEqual(heights.count, 1, "one chart of orbit.transform.scale.x")
        XCTAssertEqual(heights.first?[0] ?? -1, 0, accuracy: 0.01, "a flat line, in px")
        XCTAssertEqual(heights.first?[1], 1, "one unbroken line (noise steps are no jumps)")
        // The turn from 0 to 2π charts as it turns (its chart read π then −3.09 halfway): the
        // axis's top label is its largest value, 2π = 6.283 at 2 s, where the model's 0 is
        // drawn after the animation's removal, the same turn (the preview charts what it draws).
        let turn = try XCTUnwrap(
            browser.eval(
                """
                Array.prototype.map.call(document.querySelectorAll('svg.chart'), function (svg) {
                  var texts = svg.querySelectorAll('text');
                  return texts[0].textContent.indexOf('orbit.transform.rotation.z') === 0 ? texts[1].textContent : null;
                }).filter(function (t) { return t !== null; })
                """) as? [String])
        XCTAssertEqual(turn, ["6.283"])

        let card = folder.appendingPathComponent("card.html")
        r = try CLIProcess.run([
            "preview", "--no-user-plugins", "examples/19-card-flip-3d.lua", "-o", card.path,
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        try browser.open(card)
        let overlaps = try XCTUnwrap(
            browser.eval(
                """
                (function () {
                  var out = [];
                  for (var k = 0; k <= 10; k++) {
                    inbetween.seek(inbetween.duration * k / 10);
                    var boxes = {};
                    document.querySelectorAll('.name').forEach(function (n) { boxes[n.textContent] = n.getBoundingClientRect(); });
                    var a = boxes.front, b = boxes.back;
                    out.push(a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom);
                  }
                  return out;
                })()
                """) as? [Bool])
        XCTAssertEqual(overlaps, Array(repeating: false, count: 11))
    }
}
