import Foundation
import XCTest

/// The CSS export played back in its real consumer: every example and every case in
/// Tests/exports goes through `run --format css` (with the page it writes beside `-o x.css`),
/// and one headless Chromium (Debian's `chromium`, installed by scripts/test) loads all of them
/// at once, each in its own frame. Each frame pauses its animations (`document.getAnimations()`),
/// seeks them (`currentTime`) to every frame time and every midpoint between frames — the
/// times of the same script's JSON at twice the frame rate — and reads the exported numbers at
/// full precision through Typed OM (`computedStyleMap()` on the registered `<number>` custom
/// properties; `getComputedStyle` would round them to 6 digits). Results come back through
/// `--dump-dom`. They must match the engine's JSON within 0.01 px for lengths and 1e-4 for
/// opacity, colour channels, scales, angles and matrix entries; `easings.lua` is read at 2,001
/// points to hold its linear() easings to 0.001, and `steps.lua` must match exactly (its jumps
/// fall on frame times: 0.25 s, 0.5 s, 0.75 s). The `--bake` forms of `bakedScripts` (a keyframe
/// per frame, joined linearly) are held to the same tolerances at their frame times.
final class ChromiumPlaybackTests: XCTestCase {
    struct Case {
        var script: String
        /// The JSON's frame rate: twice the CSS run's 60 fps (frames and midpoints), or more.
        var fps: Double = 120
        /// Largest difference allowed whatever the property (nil: per property).
        var exact = false
        /// The per-frame form (`--bake`): one keyframe per frame joined linearly, so it is
        /// compared at the frame times only (`fps` is then the CSS run's own rate).
        var bake = false
        /// Layers a callback creates, with the time: hidden before it, visible from it. Every
        /// other layer must be visible at every time.
        var createdLater: [String: Double] = [:]

        /// The case as failure messages name it.
        var name: String { bake ? script + " --bake" : script }
    }

    /// Scripts whose `--bake` form is played too: a move (01), colour keyframes (03), the
    /// bouncing ball (05), a border colour and width (09), a path (11), a track that starts in a
    /// callback (12's position, from t = 0.2), one number on three transform parts (13's
    /// `transform.scale`), parts of a position (15), whole matrices (transforms.lua), and 6,001
    /// frames over 100 s (long-run.lua, where percentages rounded to 4 decimals are 0.03 px off),
    /// a layer a callback creates (late-layer.lua).
    static let bakedScripts = [
        "examples/01-ease-out-move.lua", "examples/03-color-keyframes.lua", "examples/05-bouncing-ball.lua",
        "examples/09-border-group.lua", "examples/11-jelly-ball.lua", "examples/12-photo-throw.lua",
        "examples/13-grid-stagger.lua", "examples/15-catch-mid-flight.lua", "Tests/exports/transforms.lua",
        "Tests/exports/long-run.lua", "Tests/exports/late-layer.lua",
    ]

    static var cases: [Case] {
        let root = CLIProcess.root
        // The tree examples are measured by CSSTreeChromiumTests, box and opacity as drawn: their
        // tracks of transform parts are read back from the composed matrix (a turn of 2 pi reads
        // 0, a turn about y past 90 degrees reads pi - angle), which a custom property holding the
        // animated angle draws the same but does not equal.
        let examples = ExampleGoldenTests.examples.filter { name in
            !CSSTreeChromiumTests.treeExampleNames.contains { name.hasPrefix($0) }
        }.map { Case(script: "examples/" + $0) }
        let folder = root.appendingPathComponent("Tests/exports")
        let own = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".lua") }.sorted()
            .map { name -> Case in
                var c = Case(script: "Tests/exports/" + name)
                if name == "easings.lua" { c.fps = 2000 }  // 2,001 points over its 1 s
                if name == "steps.lua" { c.exact = true }
                if name == "late-layer.lua" { c.createdLater = ["spark": 0.5] }
                return c
            }
        let baked = bakedScripts.map { script -> Case in
            var c = Case(script: script, fps: 60, bake: true)
            if script.hasSuffix("late-layer.lua") { c.createdLater = ["spark": 0.5] }
            return c
        }
        return examples + own + baked
    }

    /// Lengths in points (px in CSS): the 0.01 px; everything else 1e-4.
    static func tolerance(_ keyPath: String) -> Double {
        let root = keyPath.split(separator: ".").first.map(String.init) ?? keyPath
        let lengths: Set<String> = ["position", "bounds", "borderWidth", "cornerRadius", "path", "lineWidth"]
        return lengths.contains(root) || keyPath.hasPrefix("transform.translation") ? 0.01 : 1e-4
    }

    /// The custom properties (after `--LAYERID-`) that hold a track's numbers, as docs/formats.md
    /// names them; nil for a path (read from `d`).
    static func properties(_ keyPath: String, count: Int) -> [String]? {
        let parts = keyPath.split(separator: ".").map(String.init)
        let root = parts[0]
        if root == "path" { return nil }
        if root == "transform" {
            switch parts.dropFirst().joined(separator: ".") {
            case "": return (1...4).flatMap { r in (1...4).map { "transform-m\(r)\($0)" } }
            case "scale": return ["transform-scale-x"]
            case "rotation": return ["transform-rotation-z"]
            case "translation": return ["transform-translation-x", "transform-translation-y"]
            case let rest: return ["transform-" + rest.replacingOccurrences(of: ".", with: "-")]
            }
        }
        if parts.count > 1 {
            switch parts.last! {
            case "origin": return [root + "-x", root + "-y"]
            case "size": return [root + "-width", root + "-height"]
            default: return [root + "-" + parts.last!]
            }
        }
        switch count {
        case 1: return [root]
        case 2:
            return root == "bounds" || root.hasSuffix("Size") || root == "shadowOffset"
                ? [root + "-width", root + "-height"] : [root + "-x", root + "-y"]
        case 4:
            return root.hasSuffix("Color")
                ? ["r", "g", "b", "a"].map { root + "-" + $0 }
                : ["x", "y", "width", "height"].map { root + "-" + $0 }
        // An array's elements (a gradient's colors and locations, flattened): each index is an
        // encoded part of the name, its leading digit written as `_3N_` (ExportIdentifier).
        default: return (0..<count).map { root + "-" + ExportIdentifierForm.index($0) }
        }
    }

    struct Track: Decodable {
        var layer: String
        var keyPath: String
        var times: [Double]
        var values: [JSONValue]
    }
    struct Frames: Decodable {
        var start: Double
        var tracks: [Track]
    }
    /// A JSON value of a track: a number or an array of numbers.
    struct JSONValue: Decodable {
        var numbers: [Double]
        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let x = try? c.decode(Double.self) {
                numbers = [x]
            } else {
                numbers = try c.decode([Double].self)
            }
        }
    }

    func testEveryExportPlaysBackInChromiumAsTheEngineComputes() throws {
        let chromium = try XCTUnwrap(
            ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
                FileManager.default.isExecutableFile(atPath: $0)
            },
            "chromium is not installed (scripts/test installs Debian's chromium)")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ib-chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }

        var frames: [Frames] = []
        var page = "<!doctype html><html><head><meta charset=\"utf-8\"></head><body>\n"
        for (index, c) in Self.cases.enumerated() {
            let css = dir.appendingPathComponent("case\(index).css")
            let made = try CLIProcess.run(
                ["run", "--no-user-plugins", "--format", "css", "-o", css.path, c.script]
                    + (c.bake ? ["--bake", "--fps", String(c.fps)] : []))
            XCTAssertEqual(made.status, 0, "\(c.name): \(made.stderr)")
            let json = try CLIProcess.run(["run", "--no-user-plugins", "--fps", String(c.fps), c.script])
            XCTAssertEqual(json.status, 0, "\(c.name): \(json.stderr)")
            let f = try JSONDecoder().decode(Frames.self, from: Data(json.stdout.utf8))
            frames.append(f)
            let stylesheet = try String(contentsOf: css, encoding: .utf8)
            let html = try String(
                contentsOf: dir.appendingPathComponent("case\(index).html"), encoding: .utf8)
            let body = html.components(separatedBy: "<body style=\"margin: 0\">\n").last!
                .components(separatedBy: "</body>").first!
            page += "<pre id=\"result-\(index)\"></pre>\n"
            let paused = "<style>* { animation-play-state: paused !important; }</style>"
            let doc =
                "<!doctype html><html><head><style>\(stylesheet)</style>\(paused)</head><body>\(body)"
                + "<script>\(probe(index: index, frames: f))</script></body></html>"
            page += "<iframe width=\"400\" height=\"300\" srcdoc=\"\(attributeEscaped(doc))\"></iframe>\n"
        }
        page += "</body></html>\n"
        let pageURL = dir.appendingPathComponent("all.html")
        try page.write(to: pageURL, atomically: true, encoding: .utf8)

        // One browser for every case; bounded so a hung browser fails the test instead of CI.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = [
            "180", chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--user-data-dir=" + dir.appendingPathComponent("profile").path,
            "--dump-dom", pageURL.absoluteString,
        ]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let dom = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "chromium failed or timed out")

        for (index, c) in Self.cases.enumerated() {
            guard let range = dom.range(of: "<pre id=\"result-\(index)\">"),
                let end = dom[range.upperBound...].range(of: "</pre>")
            else {
                XCTFail("\(c.name): no result from Chromium")
                continue
            }
            let text = String(dom[range.upperBound..<end.lowerBound]).replacingOccurrences(
                of: "&quot;", with: "\""
            )
            .replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">")
            guard let data = text.data(using: .utf8),
                let read = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let rows = read["values"] as? [[Any]], let shown = read["visibility"] as? [[Any]]
            else {
                XCTFail("\(c.name): unreadable result from Chromium: \(text.prefix(300))")
                continue
            }
            // Every animation the CSS declares (one per @keyframes) was found and driven.
            let stylesheet =
                (try? String(contentsOf: dir.appendingPathComponent("case\(index).css"), encoding: .utf8))
                ?? ""
            XCTAssertEqual(
                read["animations"] as? Int, stylesheet.components(separatedBy: "@keyframes ").count - 1,
                "\(c.name): animations found by document.getAnimations()")
            compare(c, frames[index], rows)
            compareVisibility(c, frames[index], shown)
        }
    }

    /// Each track's layer is visible at every time, except a layer a callback creates, which is
    /// hidden before that time (`Case.createdLater`).
    private func compareVisibility(_ c: Case, _ f: Frames, _ shown: [[Any]]) {
        let times = Self.times(f)
        var hidden = 0
        for (row, t) in times.enumerated() where row < shown.count {
            for (k, track) in f.tracks.enumerated() where k < shown[row].count {
                let expected = c.createdLater[track.layer].map { t < $0 - 1e-9 } ?? false
                XCTAssertEqual(
                    shown[row][k] as? String, expected ? "hidden" : "visible",
                    "\(c.name): \(track.layer) at t = \(t)")
                if expected { hidden += 1 }
            }
        }
        if !c.createdLater.isEmpty { XCTAssertGreaterThan(hidden, 0, "\(c.name): no time before a creation") }
    }

    /// Checks every track at every time; reports the worst difference per track.
    private func compare(_ c: Case, _ f: Frames, _ rows: [[Any]]) {
        let times = Self.times(f)
        XCTAssertEqual(rows.count, times.count, "\(c.name): one row per time")
        // The worst difference of the case among lengths and among other numbers, for the log.
        var worstOf = (lengths: 0.0, others: 0.0)
        defer {
            print(
                "ChromiumPlaybackTests: \(c.name): \(times.count) times, worst length difference "
                    + "\(worstOf.lengths), worst other \(worstOf.others)")
        }
        for (k, track) in f.tracks.enumerated() {
            let tolerance = c.exact ? 1e-12 : Self.tolerance(track.keyPath)
            var worst = 0.0
            var worstTime = 0.0
            var compared = 0
            for (i, t) in track.times.enumerated() {
                guard let row = times.firstIndex(of: t), row < rows.count, k < rows[row].count else {
                    continue
                }
                guard let got = (rows[row][k] as? [Any])?.map({ ($0 as? NSNumber)?.doubleValue ?? .nan })
                else {
                    XCTFail(
                        "\(c.name): \(track.layer).\(track.keyPath) has no value in Chromium at t = \(t)")
                    break
                }
                let expected = track.values[i].numbers
                guard got.count == expected.count else {
                    XCTFail(
                        "\(c.name): \(track.layer).\(track.keyPath) at t = \(t): \(got.count) numbers, expected \(expected.count)"
                    )
                    break
                }
                for (g, e) in zip(got, expected) {
                    let d = abs(g - e)
                    if !(d <= worst) {
                        worst = d
                        worstTime = t
                    }
                }
                compared += 1
            }
            if Self.tolerance(track.keyPath) == 0.01 {
                worstOf.lengths = max(worstOf.lengths, worst)
            } else {
                worstOf.others = max(worstOf.others, worst)
            }
            XCTAssertEqual(
                compared, track.times.count,
                "\(c.name): \(track.layer).\(track.keyPath) compared at every time")
            XCTAssertLessThanOrEqual(
                worst, tolerance,
                "\(c.name): \(track.layer).\(track.keyPath) off by \(worst) at t = \(worstTime)")
        }
    }

    /// Every time any track has, in order.
    static func times(_ f: Frames) -> [Double] {
        Array(Set(f.tracks.flatMap(\.times))).sorted()
    }

    /// The script a frame runs: seek every animation to each time and read each track.
    private func probe(index: Int, frames f: Frames) -> String {
        let tracks = f.tracks.map { t -> [String: Any] in
            let count = t.values.first?.numbers.count ?? 1
            return [
                "layer": t.layer, "props": Self.properties(t.keyPath, count: count) ?? [],
                "path": t.keyPath == "path",
            ]
        }
        let spec: [String: Any] = ["times": Self.times(f).map { ($0 - f.start) * 1000 }, "tracks": tracks]
        let json = String(decoding: try! JSONSerialization.data(withJSONObject: spec), as: UTF8.self)
        return """
            (function () {
              const spec = \(json);
              // The page's style holds every animation paused at 0 from the start: an animation
              // that finished in real time before this ran would no longer be listed.
              const anims = document.getAnimations();
              anims.forEach(a => a.pause());
              const els = {};
              document.querySelectorAll('[data-layer]').forEach(e => { els[e.getAttribute('data-layer')] = e; });
              // A replicator's sublayer is drawn once per copy (NAME[0], NAME[1]...): its tracks
              // are the layer's own, which copy 0 shows as they are.
              Object.keys(els).filter(k => k.endsWith('[0]')).forEach(k => { els[k.slice(0, -3)] = els[k]; });
              const values = [], visibility = [];
              for (const t of spec.times) {
                anims.forEach(a => { a.currentTime = t; });
                visibility.push(spec.tracks.map(tr => els[tr.layer] ? getComputedStyle(els[tr.layer]).visibility : null));
                const row = [];
                for (const tr of spec.tracks) {
                  const el = els[tr.layer];
                  if (!el) { row.push(null); continue; }
                  if (tr.path) {
                    const d = getComputedStyle(el).d || '';
                    row.push((d.match(/-?[0-9.]+(e[-+]?[0-9]+)?/gi) || []).map(Number));
                    continue;
                  }
                  const m = el.computedStyleMap();
                  row.push(tr.props.map(p => { const v = m.get('--' + el.id + '-' + p); return v && typeof v.value === 'number' ? v.value : null; }));
                }
                values.push(row);
              }
              parent.document.getElementById('result-\(index)').textContent =
                JSON.stringify({animations: anims.length, values: values, visibility: visibility});
            })();
            """
    }

    private func attributeEscaped(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

/// ExportIdentifier's encoding of an index as a name part: identifiers cannot start with a digit,
/// so the first is written as its code point in hexadecimal between underscores (`10` -> `_31_0`).
enum ExportIdentifierForm {
    static func index(_ i: Int) -> String {
        let digits = String(i)
        return "_3\(digits.first!)_" + digits.dropFirst()
    }
}
