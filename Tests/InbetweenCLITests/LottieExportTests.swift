import Foundation
import XCTest

/// `--format lottie` checked in its consumers: the Lottie 1.0 JSON schema (PyPI lottie-specs,
/// jsonschema Draft 2020-12), the spec's keyframe interpolation against our frames, and
/// Samsung's rlottie (Debian's librlottie) rendering the files. The checks live in
/// Tests/lottie/lottiecheck.py (its docstring says what each compares and with which
/// tolerance); each test runs it once over all the files it needs, and every test also shows
/// the check failing on a file made wrong on purpose, so that a check that cannot fail is seen.
final class LottieExportTests: XCTestCase {
    /// Every example in examples/ (01-12 are the seed's; later ones come with later features).
    static let examples: [String] = {
        let folder = CLIProcess.root.appendingPathComponent("examples")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".lua") }.map { String($0.dropLast(4)) }.sorted()
    }()

    /// The examples, and Tests/lottie/timing-cases.lua (a spring, a Lua easing, `linear()`,
    /// `steps()`, repeats with autoreverse), by name.
    static let scripts =
        examples.map { ($0, "examples/\($0).lua") } + [("timing-cases", "Tests/lottie/timing-cases.lua")]

    /// Every script exported once per test run: NAME.json (Lottie) and NAME.frames.json.
    nonisolated(unsafe) static var exported: Result<URL, Error>?

    /// The exports and the renderer are shared by the class's tests (and RenderRlottieTests'):
    /// removed after the last test of each class that uses them (made again if asked again).
    override class func tearDown() {
        removeShared()
        super.tearDown()
    }

    static func removeShared() {
        if case .success(let folder) = exported { try? FileManager.default.removeItem(at: folder) }
        if case .success(let renderer) = renderer { try? FileManager.default.removeItem(atPath: renderer) }
        exported = nil
        renderer = nil
    }

    static func exports() throws -> URL {
        if let exported { return try exported.get() }
        let result = Result { () throws -> URL in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "ib-lottie-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (name, script) in scripts {
                for (format, file) in [("lottie", "\(name).json"), ("json", "\(name).frames.json")] {
                    let r = try CLIProcess.run([
                        "run", "--no-user-plugins", "--format", format, script,
                        "-o", folder.appendingPathComponent(file).path,
                    ])
                    guard r.status == 0 else {
                        throw CommandFailure(text: "\(script) --format \(format): \(r.stderr)")
                    }
                }
            }
            return folder
        }
        exported = result
        return try result.get()
    }

    struct CommandFailure: Error { var text: String }

    /// Runs lottiecheck.py; returns its exit status and output.
    static func check(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try run(
            "/usr/bin/env",
            ["python3", CLIProcess.root.appendingPathComponent("Tests/lottie/lottiecheck.py").path]
                + arguments)
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// A copy of a Lottie file changed by a Python statement on its parsed JSON `d` (Python
    /// keeps the keys' order, which rlottie's parser depends on: `a` before `k`).
    func tampered(_ file: URL, _ statement: String) throws -> URL {
        let out = file.deletingLastPathComponent().appendingPathComponent(
            "tampered-" + file.lastPathComponent)
        let code =
            "import json, sys\nd = json.load(open(sys.argv[1]))\n\(statement)\njson.dump(d, open(sys.argv[2], 'w'))"
        let r = try Self.run("/usr/bin/env", ["python3", "-c", code, file.path, out.path])
        XCTAssertEqual(r.status, 0, r.output)
        return out
    }

    func testEveryExampleValidatesAgainstTheLottieSchema() throws {
        let folder = try Self.exports()
        let files = Self.scripts.map { folder.appendingPathComponent("\($0.0).json").path }
        XCTAssertGreaterThanOrEqual(Self.examples.count, 12)
        let r = try Self.check(["schema"] + files)
        XCTAssertEqual(r.status, 0, r.output)
        XCTAssertEqual(r.output.components(separatedBy: "ok schema").count - 1, Self.scripts.count, r.output)

        // The validator does reject: a file without its frame rate.
        let broken = try tampered(folder.appendingPathComponent("05-bouncing-ball.json"), "del d['fr']")
        let rejected = try Self.check(["schema", broken.path])
        XCTAssertEqual(rejected.status, 1, rejected.output)
        XCTAssertTrue(rejected.output.contains("'fr' is a required property"), rejected.output)
    }

    func testTransformValuesEvaluatedAsTheSpecSaysEqualTheFrames() throws {
        let folder = try Self.exports()
        let pairs = Self.scripts.flatMap {
            [
                folder.appendingPathComponent("\($0.0).json").path,
                folder.appendingPathComponent("\($0.0).frames.json").path,
            ]
        }
        let r = try Self.check(["values"] + pairs)
        XCTAssertEqual(r.status, 0, r.output)
        print(r.output)

        // A keyframe moved by 0.01 px in an exact segment (limit 1e-6) is caught.
        let ball = folder.appendingPathComponent("05-bouncing-ball.json")
        let moved = try tampered(ball, "d['layers'][0]['ks']['p']['k'][1]['s'][1] += 0.01")
        let caught = try Self.check([
            "values", moved.path, folder.appendingPathComponent("05-bouncing-ball.frames.json").path,
        ])
        XCTAssertEqual(caught.status, 1, caught.output)
        XCTAssertTrue(caught.output.contains("ks.p at frame"), caught.output)
    }

    private func document(_ name: String) throws -> [String: Any] {
        let url = try Self.exports().appendingPathComponent("\(name).json")
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    /// Property name -> exact frame ranges, per layer (the file's `inbetween.exact` notes).
    private func exactRanges(_ d: [String: Any]) -> [String: [String: [[Double]]]] {
        ((d["inbetween"] as? [String: Any])?["exact"] as? [String: [String: [[Double]]]]) ?? [:]
    }

    func testTheBouncingBallIsOneKeyframePerKeyWithItsEasings() throws {
        let d = try document("05-bouncing-ball")
        let layer = try XCTUnwrap((d["layers"] as? [[String: Any]])?.first)
        let p = try XCTUnwrap((layer["ks"] as? [String: Any])?["p"] as? [String: Any])
        let keyframes = try XCTUnwrap(p["k"] as? [[String: Any]])
        // keyTimes 0/0.3/0.5/0.7/0.8/0.9/0.95/1 of 1 s at 60 fps.
        XCTAssertEqual(keyframes.map { $0["t"] as? Double }, [0, 18, 30, 42, 48, 54, 57, 60])
        // easeIn (0.42, 0, 1, 1) falling, easeOut (0, 0, 0.58, 1) rising (Apple's presets).
        let handles = keyframes.dropLast().map { k -> [Double] in
            let o = k["o"] as? [String: [Double]]
            let i = k["i"] as? [String: [Double]]
            return [o?["x"]?[0], o?["y"]?[0], i?["x"]?[0], i?["y"]?[0]].map { $0 ?? .nan }
        }
        for (n, h) in handles.enumerated() {
            XCTAssertEqual(h, n % 2 == 0 ? [0.42, 0, 1, 1] : [0, 0, 0.58, 1], "segment \(n)")
        }
        XCTAssertEqual(exactRanges(d)["ball"]?["ks.p"]?.count, 7)
    }

    func testWhatIsMappedAndWhatIsBaked() throws {
        // Example 12: the shrink (0.2 s = frames 0...12, linear) is mapped; the throw along a
        // path is baked.
        XCTAssertEqual(exactRanges(try document("12-photo-throw"))["myview"]?["ks.s"], [[0, 12]])
        XCTAssertNil(exactRanges(try document("12-photo-throw"))["myview"]?["ks.p"])
        // Example 11: one segment per pair of its 60 path keys.
        XCTAssertEqual(exactRanges(try document("11-jelly-ball"))["ball"]?["path.sh1"]?.count, 59)
        let cases = exactRanges(try document("timing-cases"))
        // steps(4) over 1 s at 60 fps: holds from frames 0, 15, 30, 45.
        XCTAssertEqual(cases["steps"]?["ks.r"], [[0, 15], [15, 30], [30, 45], [45, 60]])
        // 0.4 s cycles from 0.25 s, twice there and back: frames 15, 39, 63, 87, 111.
        XCTAssertEqual(cases["repeats"]?["ks.p"], [[15, 39], [39, 63], [63, 87], [87, 111]])
        for name in ["spring", "luaEasing", "cssLinear"] { XCTAssertEqual(cases[name], [:], name) }
        // The layer made at 0.5 s starts at frame 30; its 0.5 s move covers frames 30...60.
        let late = try XCTUnwrap(
            (try document("timing-cases")["layers"] as? [[String: Any]])?.first {
                $0["nm"] as? String == "late"
            })
        XCTAssertEqual(late["ip"] as? Double, 30)
        XCTAssertEqual(cases["late"]?["ks.p"], [[30, 60]])
    }

    /// The renderer is compiled once per test run.
    nonisolated(unsafe) static var renderer: Result<String, Error>?

    static func builtRenderer() throws -> String {
        if let renderer { return try renderer.get() }
        let result = Result { () throws -> String in
            let out = FileManager.default.temporaryDirectory.appendingPathComponent(
                "ib-rlottie-render-\(UUID().uuidString)"
            ).path
            let source = CLIProcess.root.appendingPathComponent("Tests/rlottie/render.c").path
            let r = try run(
                "/bin/sh", ["-c", "cc -O2 -o '\(out)' '\(source)' $(pkg-config --cflags --libs rlottie)"])
            guard r.status == 0 else {
                throw CommandFailure(text: "cannot build the rlottie harness: \(r.output)")
            }
            return out
        }
        renderer = result
        return try result.get()
    }

    /// A flat layer's rotation plays in rlottie. A 160 x 20 bar at the centre of a 200 x 200
    /// canvas turns a quarter turn about its centre over 1 s (10 fps): rlottie's drawn box is
    /// 160 wide and 20 tall at frame 0 and 20 wide and 160 tall at frame 10 (pixels with more
    /// than half alpha; 2 px for the anti-aliased edges). Debian's rlottie 0.1 reads a layer
    /// without `ddd` as 3D and ignores its `r`: the bar stayed flat at every frame.
    func testRlottieTurnsAFlatLayer() throws {
        let folder = try temporaryFolder("ib-lottie-turn")
        let script = folder.appendingPathComponent("bar.lua")
        try """
        scene{size = size(200, 200), fps = 10, to = 1}
        local bar = layer{name = "bar", bounds = rect(0, 0, 160, 20), position = point(100, 100),
                          backgroundColor = "#ff0000"}
        bar:add(animation.basic{keyPath = "transform.rotation.z", fromValue = 0,
                                toValue = math.pi / 2, duration = 1})
        bar.transform = transform.rotation(math.pi / 2, 0, 0, 1)
        """.write(to: script, atomically: true, encoding: .utf8)
        let lottie = folder.appendingPathComponent("bar.json")
        let r = try CLIProcess.run([
            "run", "--no-user-plugins", "--format", "lottie", script.path, "-o", lottie.path,
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        let code = """
            import sys; sys.path.insert(0, sys.argv[1]); import lottiecheck, numpy as np
            images, _ = lottiecheck.render(sys.argv[2], sys.argv[3], [0, 10])
            for image in images:
                ys, xs = np.nonzero(((image >> 24) & 255) > 128)
                print(xs.max() - xs.min() + 1, ys.max() - ys.min() + 1)
            """
        let boxes = try Self.run(
            "/usr/bin/env",
            [
                "python3", "-c", code, CLIProcess.root.appendingPathComponent("Tests/lottie").path,
                try Self.builtRenderer(), lottie.path,
            ])
        XCTAssertEqual(boxes.status, 0, boxes.output)
        let sizes = boxes.output.split(separator: "\n").map {
            $0.split(separator: " ").compactMap { Double($0) }
        }
        XCTAssertEqual(sizes.count, 2, boxes.output)
        for (size, expected) in zip(sizes, [[160.0, 20.0], [20.0, 160.0]]) {
            XCTAssertEqual(size[0], expected[0], accuracy: 2, boxes.output)
            XCTAssertEqual(size[1], expected[1], accuracy: 2, boxes.output)
        }
    }

    func testRlottieDrawsTheBouncingBallTheFadeTheJellyBallAndTheThrowWhereTheFramesPutThem() throws {
        let folder = try Self.exports()
        let renderer = try Self.builtRenderer()
        var arguments = ["render", renderer]
        for name in ["05-bouncing-ball", "07-opacity-fade", "11-jelly-ball", "12-photo-throw"] {
            arguments += [
                folder.appendingPathComponent("\(name).json").path,
                folder.appendingPathComponent("\(name).frames.json").path, String(name.prefix(2)),
            ]
        }
        let r = try Self.check(arguments)
        XCTAssertEqual(r.status, 0, r.output)
        XCTAssertEqual(r.output.components(separatedBy: "ok render").count - 1, 4, r.output)
        print(r.output)

        // The ball drawn 3 px to the right is caught by the 1 px centroid check.
        let shifted = try tampered(
            folder.appendingPathComponent("05-bouncing-ball.json"),
            "d['layers'][0]['ks']['a']['k'] = [-3, 0]")
        let caught = try Self.check([
            "render", renderer, shifted.path,
            folder.appendingPathComponent("05-bouncing-ball.frames.json").path, "05",
        ])
        XCTAssertEqual(caught.status, 1, caught.output)
        XCTAssertTrue(caught.output.contains("px off (limit 1 px)"), caught.output)
    }
}
