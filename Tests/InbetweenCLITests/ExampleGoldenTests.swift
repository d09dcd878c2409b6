import Foundation
import XCTest

/// Every shipped example runs through the CLI and matches its golden output (JSON at the
/// default 60 fps); two examples are also checked in every other frame format.
/// `INBETWEEN_RECORD=1 scripts/test` re-records the files.
final class ExampleGoldenTests: XCTestCase {
    static var examples: [String] {
        let folder = CLIProcess.root.appendingPathComponent("examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".lua") }.sorted()
    }

    private func output(_ args: [String]) throws -> String {
        let r = try CLIProcess.run(["run", "--no-user-plugins"] + args)
        XCTAssertEqual(r.status, 0, "\(args): \(r.stderr)")
        return r.stdout
    }

    func testEveryExampleMatchesItsGoldenJSON() throws {
        XCTAssertEqual(Self.examples.count, 21)
        for name in Self.examples {
            let base = (name as NSString).deletingPathExtension
            Golden.assertMatches(try output(["examples/\(name)"]), "examples/\(base).json")
        }
    }

    /// Example 16 turns its orbit with `transform.rotation.z` from 0 to 2π, linearly over 2 s:
    /// the track is the animated angle, 2π·t/2 at every frame (read back from the matrix it
    /// jumped from π to −3.09 halfway), in JSON and in CSV alike; at 2 s the animation is
    /// removed and the track is the model's 0.
    func testAnAnimatedRotationTrackIsTheAnimatedAngleUnwrapped() throws {
        let json = try output(["examples/16-orbiting-dots.lua"])
        let doc = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let tracks = try XCTUnwrap(doc["tracks"] as? [[String: Any]])
        let turn = try XCTUnwrap(tracks.first { ($0["keyPath"] as? String) == "transform.rotation.z" })
        let times = try XCTUnwrap(turn["times"] as? [Double])
        let values = try XCTUnwrap(turn["values"] as? [Double])
        XCTAssertEqual(values.count, times.count)
        for (t, v) in zip(times, values) {
            XCTAssertEqual(v, t < 2 ? Double.pi * t : 0, accuracy: 1e-12, "t = \(t)")
        }
        let csv = try output(["--format", "csv", "examples/16-orbiting-dots.lua"])
        let rows = csv.split(separator: "\n").filter { $0.contains("transform.rotation.z") }
        let beforeLast = try XCTUnwrap(rows.dropLast().last)  // t = 119/60 s
        XCTAssertEqual(
            Double(beforeLast.split(separator: ",").last ?? "") ?? 0, Double.pi * 119 / 60, accuracy: 1e-12,
            String(beforeLast))
    }

    func testEveryFormatOnTwoExamples() throws {
        for base in ["05-bouncing-ball", "12-photo-throw"] {
            for format in ["csv", "css", "swift"] {
                Golden.assertMatches(
                    try output(["--format", format, "--fps", "20", "examples/\(base).lua"]),
                    "examples/\(base).\(format)")
            }
        }
    }

    /// Example 14 is example 12 written as a timeline: every frame of every track, in every
    /// format, is the same text, so the same numbers (the Swift snippet and the Lottie file
    /// differ only where they name the script). CSS and Swift are compared in their per-frame
    /// form (`--bake`): their structural form says how each script built its animations.
    func testPhotoThrowTimelineMakesExample12sFrames() throws {
        for format in ["json", "csv", "css", "swift", "lottie"] {
            for fps in ["60", "24"] {
                let args =
                    ["--format", format, "--fps", fps]
                    + (["css", "swift"].contains(format) ? ["--bake"] : [])
                let seed = try output(args + ["examples/12-photo-throw.lua"])
                let timeline = try output(args + ["examples/14-photo-throw-timeline.lua"])
                    .replacingOccurrences(of: "14-photo-throw-timeline.lua", with: "12-photo-throw.lua")
                XCTAssertEqual(timeline, seed, "\(format) at \(fps) fps")
                XCTAssertGreaterThan(seed.count, 1000)
            }
        }
    }

    /// The bouncing ball comes out shaped like the seed article's code (the CAKeyframeAnimation
    /// of /work/shared/seeds' "缓冲" article, also examples/05): 8 values, keyTimes
    /// 0/0.3/0.5/0.7/0.8/0.9/0.95/1, and 7 timing functions alternating easeIn/easeOut — in
    /// Swift as CAMediaTimingFunction(name:), in CSS as 8 keyframes whose segments carry the
    /// same curves as cubic-bezier() (Apple's control points: easeIn (0.42, 0, 1, 1), easeOut
    /// (0, 0, 0.58, 1)).
    func testTheBouncingBallKeepsTheArticlesShape() throws {
        let swift = try output(["--format", "swift", "examples/05-bouncing-ball.lua"])
        let lines = swift.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let keyTimes = try XCTUnwrap(lines.first { $0.contains("KeyTimes: [NSNumber] = [") })
        XCTAssertTrue(keyTimes.hasSuffix("= [0, 0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 1]"), keyTimes)
        let ys = ["32", "268", "140", "268", "220", "268", "250", "268"]
        let values = lines.filter { $0.hasPrefix("boxed(CGPoint(") }
        XCTAssertEqual(values, ys.map { "boxed(CGPoint(x: 150, y: \($0)))," })
        let functions = lines.filter { $0.hasPrefix("CAMediaTimingFunction(name:") }
        let alternating = (0..<7).map {
            $0 % 2 == 0 ? "CAMediaTimingFunction(name: .easeIn)," : "CAMediaTimingFunction(name: .easeOut),"
        }
        XCTAssertEqual(functions, alternating)
        XCTAssertTrue(swift.contains("CAKeyframeAnimation(keyPath: \"position\")"))
        XCTAssertTrue(swift.contains(".duration = 1\n"))

        let css = try output(["--format", "css", "examples/05-bouncing-ball.lua"])
        let keyframes = css.split(separator: "\n").filter {
            $0.hasPrefix("  ") && $0.contains("% {") && $0.contains("--ball-position-y:")
        }
        XCTAssertEqual(keyframes.count, 8)
        let percents = keyframes.map {
            String($0.split(separator: "%")[0]).trimmingCharacters(in: .whitespaces)
        }
        XCTAssertEqual(percents, ["0", "30", "50", "70", "80", "90", "95", "100"])
        for (i, line) in keyframes.enumerated() {
            XCTAssertTrue(line.contains("--ball-position-y: \(ys[i]);"), String(line))
            let curve =
                i == 7 ? nil : (i % 2 == 0 ? "cubic-bezier(0.42, 0, 1, 1)" : "cubic-bezier(0, 0, 0.58, 1)")
            if let curve {
                XCTAssertTrue(line.contains("animation-timing-function: \(curve);"), String(line))
            } else {
                XCTAssertFalse(line.contains("animation-timing-function"))
            }
        }
        XCTAssertTrue(css.contains(" 1s linear 0s 1 normal none"), "one 1 s animation")
    }
}
