import Foundation
import Inbetween
import XCTest

/// The renderer against a second independent renderer: Samsung's rlottie drawing our own
/// Lottie export of each example (LottieExportTests checks that export's values against the
/// engine). Every example at 5 times, every layer alone (the export split into one file per
/// layer), with the measures of `RenderChromiumTests`, at the Lottie canvas's size.
///
/// Left out: a layer that draws nothing in Core Animation (no background, border or path),
/// which the Lottie export marks with a grey dot so that it can be seen; and perspective,
/// which Lottie cannot say (the depth scene is not exported).
///
/// The layer-tree examples (16-20) the same way, except that a layer's file keeps every other
/// layer with its transform and without its shapes (its superlayers place it, through Lottie's
/// parent links), as LottieTreeTests splits them; each drawn layer, a replicator's copies
/// (`NAME[i]`) included, against the renderer's picture of it alone (in its clips and groups).
final class RenderRlottieTests: XCTestCase {
    /// The exports and the harness come from LottieExportTests, which made them again here.
    override class func tearDown() {
        LottieExportTests.removeShared()
        super.tearDown()
    }

    func testEveryExampleAtFiveTimesLayerByLayerAgreesWithRlottie() throws {
        let harness = try MachineRequirement.rlottieHarness()
        let exports = try LottieExportTests.exports()
        let folder = try temporaryFolder("ib-render-rlottie")
        var compared = 0
        // The layer-tree examples are drawn with their superlayers (parent links), which a file
        // of one layer alone cannot hold: testTheTreeExamplesAtFiveTimesLayerByLayerAgreeWithRlottie
        // keeps them (LottieTreeTests compares the same files with SceneWorld).
        for (name, script) in LottieExportTests.scripts
        where name.first?.isNumber == true && !LottieTreeTests.examples.contains(name)
            && !ExampleContent.drawnByRenderOnly.contains(name)
        {
            compared += try compare(
                name: name, script: script, lottie: exports.appendingPathComponent("\(name).json"),
                harness: harness, folder: folder)
        }
        XCTAssertGreaterThan(compared, 60)
    }

    func testTheTreeExamplesAtFiveTimesLayerByLayerAgreeWithRlottie() throws {
        let harness = try MachineRequirement.rlottieHarness()
        let folder = try temporaryFolder("ib-render-rlottie")
        var compared = 0
        for name in LottieTreeTests.examples {
            compared += try compareTree(name: name, harness: harness, folder: folder)
        }
        // Drawn layers at 5 times: 16 has 5, 17 8, 18 12, 19 3 (one at the edge on frame),
        // 20 3 (layers that draw nothing left out).
        XCTAssertGreaterThan(compared, 120)
    }

    /// A tree example: each drawn layer in a file of its own with its superlayers' transforms.
    func compareTree(name: String, harness: String, folder: URL) throws -> Int {
        let script = LottieTreeTests.script(name)
        let lottie = folder.appendingPathComponent("\(name).json")
        let r = try CLIProcess.run([
            "run", "--no-user-plugins", "--format", "lottie", script, "-o", lottie.path,
        ])
        XCTAssertEqual(r.status, 0, "\(script): \(r.stderr)")
        // The drawn layers, as the renderer names them over the run.
        var names = Set<String>()
        let all = try RenderChromiumTests.renderer(
            script: script, options: RenderOptions(background: .transparent))
        while let drawn = try all.advance() { names.formUnion(drawn) }
        let ordered = names.sorted()
        // The keys kept in their order (rlottie's parser depends on it); a layer drawn again per
        // stretch of frames (ip/op) has its name on each of its Lottie layers.
        let split = try LottieExportTests.run(
            "/usr/bin/env",
            [
                "python3", "-c",
                """
                import json, sys
                d = json.load(open(sys.argv[1]))
                for i, name in enumerate(sys.argv[3:]):
                    one = json.loads(json.dumps(d))
                    for layer in one['layers']:
                        if layer['nm'] != name and 'shapes' in layer:
                            layer['shapes'] = []
                    json.dump(one, open('%s-%d.json' % (sys.argv[2], i), 'w'))
                """, lottie.path, folder.appendingPathComponent(name).path,
            ] + ordered)
        XCTAssertEqual(split.status, 0, split.output)
        var compared = 0
        var worst = (0.0, 0.0, 0)
        defer {
            print(
                "\(name) (tree, rlottie): worst coverage shift \(worst.0) px, centroid \(worst.1) px, colour \(worst.2)/255"
            )
        }
        for (i, layer) in ordered.enumerated() {
            let file = folder.appendingPathComponent("\(name)-\(i).json").path
            let (w, h, total) = try Self.header(harness: harness, file: file)
            let picks = (0...4).map { (Double(total - 1) * Double($0) / 4).rounded() }.map { Int($0) }
            let theirs = try Self.frames(harness: harness, file: file, frames: picks, width: w, height: h)
            let renderer = try RenderChromiumTests.renderer(
                script: script,
                options: RenderOptions(
                    size: Size(width: Double(w), height: Double(h)), background: .transparent))
            var index = 0
            while try renderer.advance() != nil {
                defer { index += 1 }
                guard let k = picks.firstIndex(of: index) else { continue }
                let ours = TestPicture(renderer.picture(only: layer))
                let a = LayerMeasures(ours)
                let b = LayerMeasures(theirs[k])
                if a.area < 0.5 && b.area < 0.5 { continue }
                compared += 1
                let place = "\(name) frame \(index) layer \(layer)"
                // Less one 8-bit step of alpha over every pixel drawn, as LottieTreeTests allows:
                // rlottie makes a colour's alpha 8 bits by truncating (0.25 → 63), Cairo by
                // rounding (64), so a translucent layer (17's shadow) differs by 1/255 of its
                // area and by nothing else.
                let drawn = Double(
                    stride(from: 3, to: ours.rgba.count, by: 4).filter { ours.rgba[$0] > 0 }.count)
                let shift =
                    max(0, abs(a.area - b.area) - drawn / 255) / max(max(a.outline, b.outline), 1)
                let moved = LayerMeasures.centroidDistance(a, b)
                let (colour, interior) = LayerMeasures.interiorColourDifference(ours, theirs[k])
                worst = (max(worst.0, shift), max(worst.1, moved), max(worst.2, colour))
                XCTAssertLessThanOrEqual(
                    shift, RenderChromiumTests.pixelTolerance,
                    "\(place): coverage (areas \(a.area), \(b.area))")
                XCTAssertLessThanOrEqual(
                    moved, RenderChromiumTests.pixelTolerance,
                    "\(place): centroid \(a.centroid) vs \(b.centroid)")
                XCTAssertLessThanOrEqual(
                    colour, RenderChromiumTests.channelTolerance, "\(place): colour over \(interior) pixels")
                if let dir = ProcessInfo.processInfo.environment["INBETWEEN_KEEP_RENDERS"] {
                    try ours.write(to: "\(dir)/\(name)-\(index)-\(layer)-ours.png")
                    try theirs[k].write(to: "\(dir)/\(name)-\(index)-\(layer)-rlottie.png")
                }
            }
        }
        return compared
    }

    func compare(name: String, script: String, lottie: URL, harness: String, folder: URL) throws -> Int {
        // One file per layer, the keys kept in their order (rlottie's parser depends on it).
        let split = try LottieExportTests.run(
            "/usr/bin/env",
            [
                "python3", "-c",
                """
                import json, sys
                d = json.load(open(sys.argv[1]))
                for i, layer in enumerate(d['layers']):
                    one = dict(d); one['layers'] = [layer]
                    json.dump(one, open('%s-%d.json' % (sys.argv[2], i), 'w'))
                print(json.dumps([l['nm'] for l in d['layers']]))
                """, lottie.path, folder.appendingPathComponent(name).path,
            ])
        XCTAssertEqual(split.status, 0, split.output)
        let names = try JSONSerialization.jsonObject(with: Data(split.output.utf8)) as? [String] ?? []
        XCTAssertFalse(names.isEmpty, name)
        var compared = 0
        var worst = (0.0, 0.0, 0)
        defer {
            print(
                "\(name) (rlottie): worst coverage shift \(worst.0) px, centroid \(worst.1) px, colour \(worst.2)/255"
            )
        }
        for (i, layer) in names.enumerated() {
            let file = folder.appendingPathComponent("\(name)-\(i).json").path
            let (w, h, total) = try Self.header(harness: harness, file: file)
            let picks = (0...4).map { (Double(total - 1) * Double($0) / 4).rounded() }.map { Int($0) }
            let theirs = try Self.frames(harness: harness, file: file, frames: picks, width: w, height: h)
            let renderer = try RenderChromiumTests.renderer(
                script: script,
                options: RenderOptions(
                    size: Size(width: Double(w), height: Double(h)), background: .transparent))
            var index = 0
            while try renderer.advance() != nil {
                defer { index += 1 }
                guard let k = picks.firstIndex(of: index) else { continue }
                let ours = TestPicture(renderer.picture(only: layer))
                let a = LayerMeasures(ours)
                let b = LayerMeasures(theirs[k])
                // Core Animation draws nothing of this layer: the export's grey marker stands in.
                if a.area < 0.5 { continue }
                compared += 1
                let place = "\(name) frame \(index) layer \(layer)"
                // Less one 8-bit step of alpha over every pixel drawn, as LottieTreeTests allows:
                // rlottie makes a colour's alpha 8 bits by truncating (0.25 → 63), Cairo by
                // rounding (64), so a translucent layer (17's shadow) differs by 1/255 of its
                // area and by nothing else.
                let drawn = Double(
                    stride(from: 3, to: ours.rgba.count, by: 4).filter { ours.rgba[$0] > 0 }.count)
                let shift =
                    max(0, abs(a.area - b.area) - drawn / 255) / max(max(a.outline, b.outline), 1)
                let moved = LayerMeasures.centroidDistance(a, b)
                let (colour, interior) = LayerMeasures.interiorColourDifference(ours, theirs[k])
                worst = (max(worst.0, shift), max(worst.1, moved), max(worst.2, colour))
                XCTAssertLessThanOrEqual(
                    shift, RenderChromiumTests.pixelTolerance,
                    "\(place): coverage (areas \(a.area), \(b.area))")
                XCTAssertLessThanOrEqual(
                    moved, RenderChromiumTests.pixelTolerance,
                    "\(place): centroid \(a.centroid) vs \(b.centroid)")
                XCTAssertLessThanOrEqual(
                    colour, RenderChromiumTests.channelTolerance, "\(place): colour over \(interior) pixels")
                if let dir = ProcessInfo.processInfo.environment["INBETWEEN_KEEP_RENDERS"] {
                    try ours.write(to: "\(dir)/\(name)-\(index)-\(layer)-ours.png")
                    try theirs[k].write(to: "\(dir)/\(name)-\(index)-\(layer)-rlottie.png")
                }
            }
        }
        return compared
    }

    /// The harness's first line: the canvas's width and height and the number of frames.
    static func header(harness: String, file: String) throws -> (Int, Int, Int) {
        let out = try binary(harness, [file])
        let line = String(decoding: out.prefix { $0 != 0x0A }, as: UTF8.self)
        let numbers = line.split(separator: " ").compactMap { Int($0) }
        guard numbers.count == 3 else { throw LottieExportTests.CommandFailure(text: "rlottie: \(line)") }
        return (numbers[0], numbers[1], numbers[2])
    }

    /// rlottie's pictures of `frames`: its premultiplied ARGB32 (alpha in the top byte of a
    /// native-endian word) made straight RGBA, rounded to nearest.
    static func frames(harness: String, file: String, frames: [Int], width: Int, height: Int) throws
        -> [TestPicture]
    {
        let out = try binary(harness, [file] + frames.map(String.init))
        guard let newline = out.firstIndex(of: 0x0A) else { return [] }
        let body = out[(newline + 1)...]
        let size = width * height * 4
        XCTAssertEqual(body.count, size * frames.count, file)
        return frames.indices.map { f in
            var rgba = [UInt8](repeating: 0, count: size)
            let start = body.startIndex + f * size
            for p in 0..<(width * height) {
                let k = start + p * 4
                // Little-endian words: bytes blue, green, red, alpha.
                let a = Int(body[k + 3])
                guard a > 0 else { continue }
                for (c, byte) in [2, 1, 0].enumerated() {
                    rgba[p * 4 + c] = UInt8(min(255, (Int(body[k + byte]) * 255 + a / 2) / a))
                }
                rgba[p * 4 + 3] = UInt8(a)
            }
            return TestPicture(width: width, height: height, rgba: rgba)
        }
    }

    static func binary(_ executable: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw LottieExportTests.CommandFailure(text: "\(executable) \(arguments) failed")
        }
        return data
    }
}
