import XCTest

@testable import InbetweenEngine

final class FrameTimesTests: XCTestCase {
    /// (start, end, fps, expected count, expected last time). Counts are floor((end-start)*fps)+1.
    private let cases: [(start: Double, end: Double, fps: Double, count: Int, last: Double)] = [
        (0, 1, 60, 61, 1.0),  // the brief: 60 fps over 1 s = 61 frames, last exactly 1.0
        (0, 1, 24, 25, 1.0),
        (0, 0, 60, 1, 0.0),  // a single instant is one frame
        (0, 1.01, 60, 61, 1.0),  // 1.01 s is 60.6 frames: the grid point before the end is last
        (0.5, 1.5, 30, 31, 1.5),
        (0, 0.2 + 1.0, 60, 73, 1.2),  // 72 frames after 0; the sum 0.2 + 1.0 lands on the grid
        (0, 600, 240, 144_001, 600),  // ten minutes at 240 fps
    ]

    func testCountsAndLastTime() throws {
        for c in cases {
            let frames = try FrameTimes(start: c.start, end: c.end, fps: c.fps)
            XCTAssertEqual(frames.count, c.count, "\(c)")
            // Exact (tolerance 0): the time is computed from the index, never accumulated.
            XCTAssertEqual(frames.last, c.last, "\(c)")
            XCTAssertEqual(frames.first, c.start, "\(c)")
        }
    }

    func testTimesAreIndexOverFpsWithoutDrift() throws {
        let frames = try FrameTimes(start: 0, end: 10, fps: 60)
        for i in stride(from: 0, to: frames.count, by: 7) {
            // Exact: i / 60 is one correctly rounded division.
            XCTAssertEqual(frames[i], Double(i) / 60)
        }
        // Accumulating 1/60 six hundred times does drift, which is why we do not.
        var summed = 0.0
        for _ in 0..<600 { summed += 1.0 / 60 }
        XCTAssertNotEqual(summed, 10.0)
        XCTAssertEqual(frames[600], 10.0)
    }

    func testInvalidParametersThrowNamingTheParameter() {
        let bad: [(start: Double, end: Double, fps: Double, parameter: String)] = [
            (0, 1, 0, "fps"), (0, 1, -30, "fps"), (0, 1, .nan, "fps"), (0, 1, .infinity, "fps"),
            (1, 0, 60, "end"), (.nan, 1, 60, "start"), (0, .infinity, 60, "end"),
            (0, 1e300, 60, "fps"),  // more frames than FrameTimes.maximumCount
        ]
        for b in bad {
            XCTAssertThrowsError(try FrameTimes(start: b.start, end: b.end, fps: b.fps), "\(b)") {
                XCTAssertEqual(($0 as? EngineError)?.parameter, b.parameter, "\(b)")
            }
        }
    }
}
