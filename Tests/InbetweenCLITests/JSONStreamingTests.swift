import Foundation
import XCTest

/// Issue 31, "JSON at any length": `--format json` holds memory bounded by the scene and one
/// file descriptor whatever the scene's size, and `--format jsonl` gives the same frames
/// frame-major, one JSON object per line, checked by Python's json reading line by line.
final class JSONStreamingTests: XCTestCase, FolderTest {
    var folder: URL!

    override func setUpWithError() throws {
        folder = try temporaryFolder("ib-jsonstream")
    }

    /// Runs python3 `code` with `arguments`; returns its stdout, failing on a non-zero exit.
    private func python(_ code: String, _ arguments: [String]) throws -> String {
        let r = try CLIProcess.run(
            ["python3", "-c", code] + arguments, executable: URL(fileURLWithPath: "/usr/bin/env"))
        XCTAssertEqual(r.status, 0, r.stderr)
        return r.stdout
    }

    /// Reads `json` (track-major) whole and `jsonl` line by line, and checks they hold the same
    /// frames: every track's (time, value) pairs, in the same order. Prints "frames tracks".
    private static let compare = """
        import json, sys
        whole = json.load(open(sys.argv[1]))
        lines = []
        with open(sys.argv[2]) as f:
            for n, line in enumerate(f):
                frame = json.loads(line)
                assert frame["frame"] == n, (n, frame["frame"])
                lines.append(frame)
        from_lines = {}
        for frame in lines:
            for layer, tracks in frame["layers"].items():
                for key, value in tracks.items():
                    times, values = from_lines.setdefault((layer, key), ([], []))
                    times.append(frame["time"])
                    values.append(value)
        tracks = whole["tracks"]
        assert [(t["layer"], t["keyPath"]) for t in tracks] == list(from_lines), "track order"
        for t in tracks:
            assert (t["times"], t["values"]) == from_lines[(t["layer"], t["keyPath"])], t["layer"]
        assert lines[0]["time"] == whole["start"] and lines[-1]["time"] == whole["end"]
        print(len(lines), len(tracks))
        """

    /// 100 layers × 2 tracks animated for 60 s, sampled for 10 s and for 60 s under
    /// `ulimit -n 256`. Before: a temporary file per track buffer that spilled (400 at 60 s),
    /// "Too many open files"; and memory grew with the run (buffers of 32 KiB each filled up:
    /// 33.5 MB at 10 s, 45 MB at 60 s, 1.35 times). Now one spill file, and the buffers' limit
    /// shrinks with their number: peak RSS (GNU time's %M) at 60 s within 1.2 times the 10 s
    /// run's (seen: 37.2 and 38.1 MB, 1.02). The 60 s JSON equals the JSON Lines of the same run.
    func testJSONHoldsTheSceneNotTheFramesInOneDescriptor() throws {
        let script = try write(
            "many.lua",
            """
            for i = 1, 100 do
              local l = layer{name = "l" .. i}
              l:add(animation.basic{keyPath = "position", fromValue = point(0, i), toValue = point(100, i), duration = 60})
              l:add(animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, duration = 60})
            end
            """)
        var peaks: [Double] = []
        for end in ["10", "60"] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = [
                "-c", "ulimit -n 256; exec /usr/bin/time -f '%M' \"$0\" run \"$1\" --to \(end) -o \"$2\"",
                CLIProcess.binary.path, script, path("many-\(end).json"),
            ]
            let err = Pipe()
            process.standardError = err
            try process.run()
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, stderr)
            peaks.append(Double(stderr.split(separator: "\n").last ?? "") ?? .nan)
        }
        XCTAssertLessThanOrEqual(peaks[1], 1.2 * peaks[0], "peak RSS in KB at 10 s and 60 s: \(peaks)")
        let lines = try CLIProcess.run([
            "run", script, "--to", "60", "--format", "jsonl", "-o", path("many.jsonl"),
        ])
        XCTAssertEqual(lines.status, 0, lines.stderr)
        XCTAssertEqual(try python(Self.compare, [path("many-60.json"), path("many.jsonl")]), "3601 200\n")
    }

    /// Issue 31: the CSS and Swift exports hold memory linear in the scene. 500 layers, each
    /// added by a staggered timeline (an event each): the history kept the whole scene at
    /// every event, 102 MB for CSS and 101 MB for Swift against JSON's 31 MB (and 313 MB at
    /// 1,000 layers: the square). Now each layer's changes only: peak RSS (GNU time) within
    /// 1.2 times JSON's (seen 30.9 and 29.8 MB against 31.4).
    func testStructuredExportsStayWithinJSONsMemory() throws {
        let script = try write(
            "stagger.lua",
            """
            local ls = {}
            for i = 1, 500 do ls[i] = layer{name = "l" .. i} end
            local tl = timeline{}
            tl:add(ls, animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, duration = 0.5}, 0, {stagger = 0.01})
            scene{timeline = tl}
            """)
        var peaks: [String: Double] = [:]
        for format in ["json", "css", "swift"] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
            process.arguments = [
                "-f", "%M", CLIProcess.binary.path, "run", script, "--format", format, "-o",
                path("out.\(format)"),
            ]
            let err = Pipe()
            process.standardError = err
            try process.run()
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, stderr)
            peaks[format] = Double(stderr.split(separator: "\n").last ?? "") ?? .nan
        }
        XCTAssertLessThanOrEqual(peaks["css"]!, 1.2 * peaks["json"]!, "peak RSS in KB: \(peaks)")
        XCTAssertLessThanOrEqual(peaks["swift"]!, 1.2 * peaks["json"]!, "peak RSS in KB: \(peaks)")
    }

    /// JSON Lines of examples with a track added later by a callback (12) and with points and
    /// colours (03, 05), read line by line: the same frames as JSON.
    func testJSONLinesHoldTheFramesOfJSON() throws {
        for example in ["03-color-keyframes.lua", "05-bouncing-ball.lua", "12-photo-throw.lua"] {
            let json = try CLIProcess.run(["run", "examples/\(example)", "-o", path("x.json")])
            XCTAssertEqual(json.status, 0, json.stderr)
            let jsonl = try CLIProcess.run([
                "run", "examples/\(example)", "--format", "jsonl", "-o", path("x.jsonl"),
            ])
            XCTAssertEqual(jsonl.status, 0, jsonl.stderr)
            XCTAssertFalse(try python(Self.compare, [path("x.json"), path("x.jsonl")]).isEmpty, example)
        }
    }
}
