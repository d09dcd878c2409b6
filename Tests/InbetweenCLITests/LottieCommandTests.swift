import Foundation
import XCTest

/// `--format lottie` through the CLI: batch outputs, refusals with clear messages, the canvas
/// from `scene{ size = ... }`.
final class LottieCommandTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try temporaryFolder("ib-lottie-cli")
    }

    private func write(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func testBatchWritesLottieFilesWithTheJSONExtension() throws {
        let jobs = folder.appendingPathComponent("jobs")
        try FileManager.default.createDirectory(at: jobs, withIntermediateDirectories: true)
        try
            "local l = layer{name = 'a', bounds = rect(0, 0, 10, 10), position = point(5, 5), backgroundColor = 'red'}\nl:add(animation.basic{keyPath = 'opacity', fromValue = 0, toValue = 1, duration = 0.1})\n"
            .write(to: jobs.appendingPathComponent("fade.lua"), atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out")
        let r = try CLIProcess.run([
            "batch", "--no-user-plugins", jobs.path, "-o", out.path, "--format", "lottie", "--jobs", "1",
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        let data = try Data(contentsOf: out.appendingPathComponent("fade.json"))
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        // 0.1 s at 60 fps: frames 0...6, so op (exclusive) is 7; the canvas is the layer's
        // bounding box (0, 0)...(10, 10).
        XCTAssertEqual(root["v"] as? String, "5.7.4")
        XCTAssertEqual(root["op"] as? Double, 7)
        XCTAssertEqual(root["w"] as? Double, 10)
        XCTAssertEqual(root["h"] as? Double, 10)
        let layers = try XCTUnwrap(root["layers"] as? [[String: Any]])
        XCTAssertEqual(layers.map { $0["nm"] as? String }, ["a"])
    }

    func testSceneSizeIsTheCanvas() throws {
        let script = try write(
            "sized.lua", "scene{size = size(320, 240)}\nlayer{name = 'a', bounds = rect(0, 0, 10, 10)}\n")
        let r = try CLIProcess.run(["run", "--no-user-plugins", "--format", "lottie", "--to", "0.1", script])
        XCTAssertEqual(r.status, 0, r.stderr)
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(root["w"] as? Double, 320)
        XCTAssertEqual(root["h"] as? Double, 240)
    }

    func testRefusals() throws {
        let cases: [(String, String, String)] = [
            (
                "size-kind.lua", "scene{size = 3}\n",
                "size-kind.lua:1: bad argument #1 to 'scene' (field 'size' must be a size (size(w, h)), got number)"
            ),
            (
                "size-zero.lua", "scene{size = size(0, 3)}\n",
                "size-zero.lua:1: bad argument #1 to 'scene' (field 'size' must have positive sides, got size(0, 3))"
            ),
            // A path that gains a point (set by a callback at 0.2 s, frame 12) cannot morph.
            (
                "morph.lua",
                """
                local l = layer{name = 'blob', path = path():move(0, 0):line(10, 0), fillColor = 'red'}
                l:add(animation.basic{keyPath = 'opacity', fromValue = 1, toValue = 1, duration = 0.2,
                  onStop = function() l.path = path():move(0, 0):line(10, 0):line(10, 10) end})
                """,
                "morph.lua: lottie: layer 'blob': its path changes shape at frame 12 (subpaths, points or closing differ); Lottie morphs only between paths with the same points, so give every keyframe the same elements"
            ),
        ]
        for (name, text, message) in cases {
            let script = try write(name, text)
            let r = try CLIProcess.run(["run", "--no-user-plugins", "--format", "lottie", script])
            XCTAssertEqual(r.status, 1, name)
            XCTAssertEqual(r.stderr, "inbetween: \(folder.path)/\(message)\n", name)
            XCTAssertEqual(r.stdout, "", name)
        }
    }
}
