import Foundation
import XCTest

/// The classic cases reproduce the numbers of their Objective-C originals.
final class SeedNumbersTests: XCTestCase {
    /// Rows of `inbetween run --format csv`: (time, layer, keyPath, values).
    func csvRows(_ args: [String]) throws -> [(
        time: Double, layer: String, keyPath: String, values: [Double]
    )] {
        let r = try CLIProcess.run(["run", "--no-user-plugins", "--format", "csv"] + args)
        XCTAssertEqual(r.status, 0, r.stderr)
        return r.stdout.split(separator: "\n").dropFirst().map { line in
            let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            // Rows are as wide as the header; a narrower value leaves its last fields empty.
            return (Double(f[0])!, f[1], f[2], f[3...].filter { !$0.isEmpty }.map { Double($0)! })
        }
    }

    /// The bouncing ball (example 05) passes through its eight values at its eight keyTimes.
    /// Sampled at 100 fps so that every keyTime is a frame time.
    func testBouncingBallHitsItsValuesAtItsKeyTimes() throws {
        let rows = try csvRows(["--fps", "100", "examples/05-bouncing-ball.lua"])
        let keyTimes = [0.0, 0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 1.0]
        let ys = [32.0, 268, 140, 268, 220, 268, 250, 268]
        for (t, y) in zip(keyTimes, ys) {
            let row = try XCTUnwrap(rows.first { abs($0.time - t) < 1e-9 }, "t=\(t)")
            XCTAssertEqual(row.values[0], 150, accuracy: 1e-9, "x at \(t)")
            XCTAssertEqual(row.values[1], y, accuracy: 1e-9, "y at \(t)")
        }
    }

    /// The classic bounceEaseOut in single precision, as the article computes it.
    private func classicBounce(_ t: Float) -> Float {
        // The four parabolas of the article: 121t²/16, then through (8/11, 1), (9/10, 1), (1, 1).
        if t < 4 / 11.0 { return (121 * t * t) / 16.0 }
        if t < 8 / 11.0 { return (363 / 40.0 * t * t) - (99 / 10.0 * t) + 17 / 5.0 }
        if t < 9 / 10.0 { return (4356 / 361.0 * t * t) - (35442 / 1805.0 * t) + 16061 / 1805.0 }
        return (54 / 5.0 * t * t) - (513 / 25.0 * t) + 268 / 25.0
    }

    /// Example 06's 60 keyframes are (150, 32) + (0, 236) · bounceEaseOut(i / 60), i = 0...59,
    /// spread evenly over 1 s (value i at i/59 s). Sampling at 59 fps lands on each keyframe.
    /// Tolerance 1e-3 pt: the article's float arithmetic against our doubles (float's 2^-24
    /// relative error on values up to 268 is 1.6e-5; the interpolation adds a few ulps).
    func testSixtyBounceEaseOutFramesMatchTheClassicLoop() throws {
        let rows = try csvRows(["--fps", "59", "--to", "0.999", "examples/06-bounce-ease-out-keyframes.lua"])
        XCTAssertEqual(rows.count, 59)
        for (i, row) in rows.enumerated() {
            let time = (1 / Float(60)) * Float(i)
            let y = (268 - 32) * classicBounce(time) + 32
            XCTAssertEqual(row.values[1], Double(y), accuracy: 1e-3, "frame \(i)")
        }
    }

    /// Example 11's wobble: frame i of 60 is 1 - e^(-5x)·cos(30x) of the way from the deformed
    /// to the round ball, x = i/60; point A's y moves from 116 (factor 1: rectY + 16) to 100.
    func testJellyBallFollowsTheDampedWobble() throws {
        let rows = try csvRows(["--fps", "59", "--to", "0.999", "examples/11-jelly-ball.lua"])
        for (i, row) in rows.enumerated() {
            let x = Double(i) / 60
            let progress = 1 - exp(-5 * x) * cos(30 * x)
            XCTAssertEqual(row.values[1], 116 + (100 - 116) * progress, accuracy: 1e-9, "frame \(i)")
        }
    }

    /// The photo throw (example 12): scale 1 -> 20/200 over the 0.2 s group, then from 0.2 s the
    /// position follows the quadratic (W/2, H/2) -(35, 50)-> (20, H - 20) with timing
    /// (0.3, 0.7, 0.7, 0.3), and ends held at (20, H - 20) until its stop handler moves it.
    func testPhotoThrowChainsTheSecondAnimationAtTheFirstsStop() throws {
        let rows = try csvRows(["--fps", "20", "examples/12-photo-throw.lua"])
        let scaleX = try XCTUnwrap(
            rows.first { $0.keyPath == "transform.scale.x" && abs($0.time - 0.1) < 1e-9 })
        XCTAssertEqual(scaleX.values[0], 1 + (0.1 - 1) * 0.5, accuracy: 1e-12)
        let positions = rows.filter { $0.keyPath == "position" }
        XCTAssertEqual(positions.first?.time ?? -1, 0.2, accuracy: 1e-9)
        XCTAssertEqual(positions.first?.values ?? [], [187.5, 333.5])
        // Just before the end the throw is at the curve's end region; at 1.2 s its stop handler
        // has set the frame (10, H - 20, 20, 20), whose centre is (20, 657).
        let end = try XCTUnwrap(positions.last)
        XCTAssertEqual(end.time, 1.2, accuracy: 1e-9)
        XCTAssertEqual(end.values, [20, 657])
        // Halfway (0.7 s): (0.3, 0.7, 0.7, 0.3) is symmetric, so progress 0.5, and the one-segment
        // path is at its quadratic's t = 0.5: P0/4 + C/2 + P2/4 = (69.375, 270.125).
        let middle = try XCTUnwrap(positions.first { abs($0.time - 0.7) < 1e-9 })
        XCTAssertEqual(middle.values[0], 69.375, accuracy: 1e-9)
        XCTAssertEqual(middle.values[1], 270.125, accuracy: 1e-9)
    }
}
