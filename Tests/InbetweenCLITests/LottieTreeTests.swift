import Foundation
import InbetweenEngine
import InbetweenLua
import XCTest

@testable import Inbetween

/// The Lottie export of the layer-tree examples (issue 28: 16-20) drawn by Samsung's rlottie,
/// each drawn layer (and each replicator copy `NAME[i]`) alone at every frame, against where
/// the engine's `SceneWorld` puts it: its coverage (alpha summed, px²) and its centroid, with
/// the bounds RenderRlottieTests holds rlottie to (issue 30): the difference of the areas
/// spread along the drawn outline (`LayerMeasures.coverageShift`: how far the edge moved on
/// average; less the 1/255 of its area that one 8-bit step of a colour's or the layer's alpha
/// makes) within 0.5 px, the centroid within 0.5 px (where at least 20 px² are drawn, enough
/// alpha to place it).
///
/// What the world says a layer covers, worked out here from its geometry and not from any
/// renderer: its bounds rounded by cornerRadius (true quarter circles, 32 points each) through
/// its matrix (perspective divide included), cut by every clip's rounded bounds
/// (masksToBounds; Sutherland–Hodgman against the convex clip), as polygons (shoelace area and
/// centroid); the background's alpha over the inside, the border's over the ring inside the
/// bounds (CALayer draws the border inside them), both times the composed opacity.
///
/// A layer is alone in its file as in RenderRlottieTests, but here its superlayers stay (its
/// parents place it): every other layer keeps its transform and loses its shapes.
final class LottieTreeTests: XCTestCase {
    static let examples = [
        "16-orbiting-dots", "17-card-badge-shadow", "18-replicator-spinner", "19-card-flip-3d",
        "20-pause-resume",
    ]

    override class func tearDown() {
        LottieExportTests.removeShared()
        super.tearDown()
    }

    /// The example's script.
    static func script(_ name: String) -> String { "examples/\(name).lua" }

    func testRlottieDrawsEveryLayerOfTheTreeExamplesWhereTheWorldPutsIt() throws {
        let harness = try MachineRequirement.rlottieHarness()
        let folder = try temporaryFolder("ib-lottie-tree")
        var compared = 0
        for name in Self.examples {
            compared += try compare(name, harness: harness, folder: folder)
        }
        // 16: 5 layers x 121 frames, 17: 8 x 115, 18: 12 x 181, 19: 3 x 91, 20: 3 x 169.
        XCTAssertGreaterThan(compared, 4300)
    }

    /// A layer moved to another superlayer starts a new stretch of frames (`ip`..`op`), and
    /// each stretch's Lottie layers have keyframes within it only: keyed over the whole run, a
    /// layer moved 1,200 times had 1,200 Lottie layers keyed over 1,200 frames each (104 s to
    /// export; the thinning of each costs up to `LottieKeyframes.maximumReach` per frame).
    /// Before, moved-dot's layers of the second stretch (frames 30-61) had keyframes from
    /// frame 0. rlottie draws the same pixels either way (a layer is drawn in `ip`..`op` only).
    func testEachStretchOfFramesIsKeyedWithinItsOwnFrames() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ib-moved-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: out) }
        let r = try CLIProcess.run([
            "run", "--no-user-plugins", "--format", "lottie", "Tests/tree-moves/moved-dot.lua", "-o",
            out.path,
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any])
        let layers = try XCTUnwrap(root["layers"] as? [[String: Any]])
        var stretches = Set<Double>()
        var keyed = 0
        /// The times of every keyframe under `json` (an animated property is {"a": 1, "k": [{"t": ...}]}).
        func keyframeTimes(_ json: Any) -> [Double] {
            if let object = json as? [String: Any] {
                if object["a"] as? Double == 1, let frames = object["k"] as? [[String: Any]] {
                    return frames.compactMap { $0["t"] as? Double }
                }
                return object.values.flatMap(keyframeTimes)
            }
            return (json as? [Any])?.flatMap(keyframeTimes) ?? []
        }
        for layer in layers {
            let (ip, op) = (try XCTUnwrap(layer["ip"] as? Double), try XCTUnwrap(layer["op"] as? Double))
            stretches.insert(ip)
            for t in keyframeTimes(layer) {
                keyed += 1
                XCTAssert(
                    t >= ip && t <= op, "\(layer["nm"] ?? "?"): a keyframe at \(t) outside \(ip)...\(op)")
            }
        }
        XCTAssertEqual(stretches, [0, 30], "the dot moves at 0.5 s, frame 30")
        XCTAssertGreaterThan(keyed, 0)
    }

    /// An opacity group (CALayer.allowsGroupOpacity, YES by default) fades its layer and
    /// sublayers as one picture; without it each layer is faded on its own and where two overlap
    /// the lower one shows through. Two opaque 100 × 100 squares overlapping by 50 × 100 in a
    /// layer of opacity 0.5: as a group 0.5 × the union's 15,000 px² = 7,500 px² of alpha; layer
    /// by layer 0.5 × 5,000 × 2 (the parts alone) + (1 − 0.5²) × 5,000 (the overlap) = 8,750.
    /// rlottie's whole picture, with the Lottie check's coverage tolerance (1.5 % + 4 px² + 1/255
    /// of the area at full opacity: anti-aliased edges, 8-bit alpha).
    func testAnOpacityGroupIsOnePrecompositionFadedAsOne() throws {
        let harness = try MachineRequirement.rlottieHarness()
        let folder = try temporaryFolder("ib-lottie-group")
        for (group, expected) in [(true, 7500.0), (false, 8750.0)] {
            let script = folder.appendingPathComponent("group-\(group).lua")
            try """
            scene{size = size(300, 200)}
            local card = layer{name = "card", bounds = rect(0, 0, 150, 100), position = point(150, 100),
                               opacity = 0.5, allowsGroupOpacity = \(group)}
            card:addSublayer(layer{name = "a", bounds = rect(0, 0, 100, 100), position = point(50, 50),
                                   backgroundColor = "#ff0000"})
            card:addSublayer(layer{name = "b", bounds = rect(0, 0, 100, 100), position = point(100, 50),
                                   backgroundColor = "#0000ff"})
            """.write(to: script, atomically: true, encoding: .utf8)
            let lottie = folder.appendingPathComponent("group-\(group).json")
            let r = try CLIProcess.run([
                "run", "--no-user-plugins", "--format", "lottie", script.path, "-o", lottie.path,
            ])
            XCTAssertEqual(r.status, 0, r.stderr)
            let document = try XCTUnwrap(
                JSONSerialization.jsonObject(with: Data(contentsOf: lottie)) as? [String: Any])
            XCTAssertEqual((document["assets"] as? [Any])?.count, group ? 1 : 0)
            let (w, h, _) = try RenderRlottieTests.header(harness: harness, file: lottie.path)
            let picture = try RenderRlottieTests.frames(
                harness: harness, file: lottie.path, frames: [0], width: w, height: h)[0]
            let area = LayerMeasures(picture).area
            XCTAssertEqual(area, expected, accuracy: 0.015 * expected + 4 + 15000 / 255, "group \(group)")
        }
    }

    /// Exports `name` as Lottie, renders each drawn layer alone, compares; returns the number of
    /// (layer, frame) pairs compared.
    func compare(_ name: String, harness: String, folder: URL, tamper: String? = nil) throws -> Int {
        let script = Self.script(name)
        let lottie = folder.appendingPathComponent("\(name).json")
        let r = try CLIProcess.run([
            "run", "--no-user-plugins", "--format", "lottie", script, "-o", lottie.path,
        ])
        XCTAssertEqual(r.status, 0, "\(script): \(r.stderr)")
        let expected = try Self.expectations(script)
        // One file per drawn layer: the others keep their transforms, lose their shapes (the
        // keys kept in their order, which rlottie's parser depends on).
        let names = expected.keys.sorted()
        let split = try LottieExportTests.run(
            "/usr/bin/env",
            [
                "python3", "-c",
                """
                import json, sys
                d = json.load(open(sys.argv[1]))
                \(tamper ?? "")
                for i, name in enumerate(sys.argv[3:]):
                    one = json.loads(json.dumps(d))
                    for layer in one['layers'] + [l for a in one['assets'] for l in a['layers']]:
                        if layer['nm'] != name and 'shapes' in layer:
                            layer['shapes'] = []
                    json.dump(one, open('%s-%d.json' % (sys.argv[2], i), 'w'))
                """, lottie.path, folder.appendingPathComponent(name).path,
            ] + names)
        XCTAssertEqual(split.status, 0, split.output)
        var compared = 0
        var worst = (coverage: 0.0, centroid: 0.0)
        var worstPlace = ""
        for (i, layer) in names.enumerated() {
            let file = folder.appendingPathComponent("\(name)-\(i).json").path
            let (w, h, _) = try RenderRlottieTests.header(harness: harness, file: file)
            let wanted = expected[layer]!
            let pictures = try RenderRlottieTests.frames(
                harness: harness, file: file, frames: Array(wanted.indices), width: w, height: h)
            for (f, want) in wanted.enumerated() {
                let got = LayerMeasures(pictures[f])
                let place = "\(name) frame \(f) layer \(layer)"
                // An outline of at least one pixel: a layer the world draws and rlottie does not
                // shows its whole area as the shift.
                let shift = max(0, abs(got.area - want.area) - want.opaqueArea / 255) / max(got.outline, 1)
                if shift > worst.coverage {
                    worst.coverage = shift
                    worstPlace = "\(place): \(got.area) px², the world's \(want.area)"
                }
                XCTAssertLessThanOrEqual(
                    shift, RenderChromiumTests.pixelTolerance,
                    "\(place): coverage \(got.area) px², the world's \(want.area)")
                if let c = want.centroid, want.area >= 20 {
                    let d = hypot(got.centroid.x - c.x, got.centroid.y - c.y)
                    worst.centroid = max(worst.centroid, d)
                    XCTAssertLessThanOrEqual(
                        d, RenderChromiumTests.pixelTolerance,
                        "\(place): centroid \(got.centroid), the world's \(c)")
                }
                compared += 1
            }
        }
        print(
            "\(name) (rlottie against SceneWorld): \(compared) layer frames, worst coverage "
                + String(format: "shift %.3f px, centroid %.3f px", worst.coverage, worst.centroid)
                + (worstPlace.isEmpty ? "" : " (largest shift at \(worstPlace))"))
        return compared
    }

    // MARK: What the world says

    struct Expected {
        /// Alpha summed, px².
        var area: Double
        var centroid: (x: Double, y: Double)? = nil
        /// The area drawn, whatever its alpha.
        var opaqueArea = 0.0
    }

    /// Per drawn layer (entry name), what it covers at each frame of the script's run.
    static func expectations(_ script: String) throws -> [String: [Expected]] {
        let runtime = try Runtime()
        try runtime.runJob(file: CLIProcess.root.appendingPathComponent(script).path)
        let stream = try runtime.frames(SamplingRequest())
        var out: [String: [Expected]] = [:]
        var frame = 0
        while let sampled = try stream.next() {
            let world = try runtime.scene.world(at: sampled.time)
            for entry in world.layers {
                guard let e = expectation(entry) else { continue }
                if out[entry.name] == nil {
                    out[entry.name] = Array(repeating: Expected(area: 0), count: frame)
                }
                out[entry.name]!.append(e)
            }
            frame += 1
            // A layer not drawn at this frame (hidden, out of the tree) covers nothing.
            for name in out.keys where out[name]!.count < frame {
                out[name]!.append(Expected(area: 0))
            }
        }
        return out
    }

    /// What one drawn entry covers, nil for one that draws nothing of its own (a transform
    /// layer, a layer without background or border; a shape layer's path is not worked out here).
    static func expectation(_ entry: WorldLayer) -> Expected? {
        guard entry.drawsItself else { return nil }
        func scalar(_ k: String) -> Double {
            if case .scalar(let x)? = entry.value(forKeyPath: k) { return x }
            return 0
        }
        func alpha(_ k: String) -> Double {
            if case .color(let c)? = entry.value(forKeyPath: k) { return c.alpha }
            return 0
        }
        if case .path(let p)? = entry.value(forKeyPath: "path"), !p.elements.isEmpty { return nil }
        let background = alpha("backgroundColor")
        let borderWidth = scalar("borderWidth")
        let border = borderWidth > 0 ? alpha("borderColor") : 0
        guard background > 0 || border > 0 else { return nil }
        let bounds = entry.bounds
        let radius = scalar("cornerRadius")
        let clips = entry.clips.compactMap { outline($0.bounds, radius: $0.cornerRadius, through: $0.matrix) }
        func covered(_ r: Rect, _ radius: Double) -> (area: Double, centroid: (Double, Double)) {
            guard var polygon = outline(r, radius: radius, through: entry.matrix) else { return (0, (0, 0)) }
            for c in clips { polygon = clipped(polygon, by: c) }
            return areaAndCentroid(polygon)
        }
        let outer = covered(bounds, radius)
        let inset = Rect(
            x: bounds.origin.x + borderWidth, y: bounds.origin.y + borderWidth,
            width: max(0, bounds.size.width - 2 * borderWidth),
            height: max(0, bounds.size.height - 2 * borderWidth))
        let inner = borderWidth > 0 ? covered(inset, max(0, radius - borderWidth)) : outer
        // The ring shows the border over the background.
        let ring = borderWidth > 0 ? 1 - (1 - border) * (1 - background) : background
        let weightIn = background * inner.area
        let weightRing = ring * (outer.area - inner.area)
        let full = weightIn + weightRing
        guard full > 0 else { return Expected(area: 0, centroid: nil) }
        let cx =
            (weightIn * inner.centroid.0 + ring
                * (outer.area * outer.centroid.0 - inner.area * inner.centroid.0)) / full
        let cy =
            (weightIn * inner.centroid.1 + ring
                * (outer.area * outer.centroid.1 - inner.area * inner.centroid.1)) / full
        return Expected(area: full * entry.opacity, centroid: (cx, cy), opaqueArea: outer.area)
    }

    /// The rounded rectangle's outline (corner radius clamped to half the shorter side, as
    /// CALayer clamps it; 32 points per quarter circle) through a plane map, nil when a point is
    /// at or behind the eye.
    static func outline(_ r: Rect, radius: Double, through m: Transform3D) -> [(Double, Double)]? {
        let rad = max(0, min(radius, r.size.width / 2, r.size.height / 2))
        let x0 = r.origin.x
        let y0 = r.origin.y
        let x1 = x0 + r.size.width
        let y1 = y0 + r.size.height
        // Corner centres clockwise from the top right (y down), each swept from its start angle.
        let corners: [(Double, Double, Double)] = [
            (x1 - rad, y0 + rad, -Double.pi / 2), (x1 - rad, y1 - rad, 0),
            (x0 + rad, y1 - rad, Double.pi / 2),
            (x0 + rad, y0 + rad, Double.pi),
        ]
        var out: [(Double, Double)] = []
        for (cx, cy, start) in corners {
            for k in 0...32 {
                let a = start + Double(k) / 32 * Double.pi / 2
                let x = cx + rad * cos(a)
                let y = cy + rad * sin(a)
                let mm = m.m
                let w = x * mm[3] + y * mm[7] + mm[15]
                guard w > 0 else { return nil }
                out.append(((x * mm[0] + y * mm[4] + mm[12]) / w, (x * mm[1] + y * mm[5] + mm[13]) / w))
            }
        }
        return out
    }

    /// Sutherland–Hodgman: the part of `subject` inside the convex polygon `clip`.
    static func clipped(_ subject: [(Double, Double)], by clip: [(Double, Double)]) -> [(Double, Double)] {
        let orientation = signedArea(clip) >= 0 ? 1.0 : -1.0
        var output = subject
        for i in clip.indices {
            let a = clip[i]
            let b = clip[(i + 1) % clip.count]
            if a == b { continue }
            func side(_ p: (Double, Double)) -> Double {
                orientation * ((b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0))
            }
            let input = output
            output = []
            guard !input.isEmpty else { break }
            for j in input.indices {
                let p = input[j]
                let q = input[(j + 1) % input.count]
                let sp = side(p)
                let sq = side(q)
                if sp >= 0 { output.append(p) }
                if (sp >= 0) != (sq >= 0) {
                    let t = sp / (sp - sq)
                    output.append((p.0 + t * (q.0 - p.0), p.1 + t * (q.1 - p.1)))
                }
            }
        }
        return output
    }

    static func signedArea(_ p: [(Double, Double)]) -> Double {
        var s = 0.0
        for i in p.indices {
            let a = p[i]
            let b = p[(i + 1) % p.count]
            s += a.0 * b.1 - b.0 * a.1
        }
        return s / 2
    }

    /// The shoelace formula's area and centroid.
    static func areaAndCentroid(_ p: [(Double, Double)]) -> (area: Double, centroid: (Double, Double)) {
        guard p.count >= 3 else { return (0, (0, 0)) }
        var a = 0.0
        var cx = 0.0
        var cy = 0.0
        for i in p.indices {
            let u = p[i]
            let v = p[(i + 1) % p.count]
            let cross = u.0 * v.1 - v.0 * u.1
            a += cross
            cx += (u.0 + v.0) * cross
            cy += (u.1 + v.1) * cross
        }
        guard a != 0 else { return (0, (0, 0)) }
        return (abs(a / 2), (cx / (3 * a), cy / (3 * a)))
    }
}
