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
        XCTAssertEqual(Self.examples.count, 15)
        for name in Self.examples {
            let base = (name as NSString).deletingPathExtension
            Golden.assertMatches(try output(["examples/\(name)"]), "examples/\(base).json")
        }
    }

    func testEveryFormatOnTwoExamples() throws {
        for base in ["05-bouncing-ball", "12-photo-throw"] {
            for format in ["csv", "css", "swift"] {
                Golden.assertMatches(try output(["--format", format, "--fps", "20", "examples/\(base).lua"]),
                                     "examples/\(base).\(format)")
            }
        }
    }

    /// Example 14 is example 12 written as a timeline: every frame of every track, in every
    /// format, is the same text, so the same numbers (the Swift snippet and the Lottie file
    /// differ only where they name the script).
    func testPhotoThrowTimelineMakesExample12sFrames() throws {
        for format in ["json", "csv", "css", "swift", "lottie"] {
            for fps in ["60", "24"] {
                let args = ["--format", format, "--fps", fps]
                let seed = try output(args + ["examples/12-photo-throw.lua"])
                let timeline = try output(args + ["examples/14-photo-throw-timeline.lua"])
                    .replacingOccurrences(of: "14-photo-throw-timeline.lua", with: "12-photo-throw.lua")
                XCTAssertEqual(timeline, seed, "\(format) at \(fps) fps")
                XCTAssertGreaterThan(seed.count, 1000)
            }
        }
    }

    /// The Swift snippet for the bouncing ball holds the example's keyTimes and values exactly:
    /// at 60 fps every keyTime (0, 0.3, ..., 0.95, 1) is a frame time, and the duration is 1 s,
    /// so each appears verbatim among the keyTimes with its value at the same position.
    func testSwiftSnippetHoldsTheBouncingBallsKeyframes() throws {
        let text = try output(["--format", "swift", "examples/05-bouncing-ball.lua"])
        let keyTimesLine = try XCTUnwrap(text.split(separator: "\n").first { $0.contains(".keyTimes = [") })
        let keyTimes = keyTimesLine.split(separator: "[")[1].dropLast().split(separator: ", ").map(String.init)
        let values = text.split(separator: "\n").filter { $0.contains("NSValue(cgPoint:") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(keyTimes.count, 61)
        XCTAssertEqual(values.count, 61)
        let expected: [(String, String)] = [
            ("0", "32"), ("0.3", "268"), ("0.5", "140"), ("0.7", "268"), ("0.8", "220"),
            ("0.9", "268"), ("0.95", "250"), ("1", "268"),
        ]
        for (keyTime, y) in expected {
            let i = try XCTUnwrap(keyTimes.firstIndex(of: keyTime), "keyTime \(keyTime)")
            XCTAssertEqual(values[i], "NSValue(cgPoint: CGPoint(x: 150, y: \(y))),", "at keyTime \(keyTime)")
        }
        XCTAssertTrue(text.contains("CAKeyframeAnimation(keyPath: \"position\")"))
        XCTAssertTrue(text.contains(".duration = 1\n"))
    }
}
