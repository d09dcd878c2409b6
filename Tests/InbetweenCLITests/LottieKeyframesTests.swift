import InbetweenEngine
import XCTest

@testable import Inbetween
@testable import InbetweenCLI

/// The Lottie writer's pieces on inputs with known answers: thinning, segment verification,
/// the path conversion and the hints taken from animations.
final class LottieKeyframesTests: XCTestCase {
    /// Linear interpolation between keyframes at frame f (what a player does for linear ones).
    func valueAt(_ keyframes: [LottieKeyframe], _ f: Double) -> [Double] {
        if f <= keyframes[0].time { return keyframes[0].value }
        for (a, b) in zip(keyframes, keyframes.dropFirst()) where a.time <= f && f < b.time {
            if a.easing == .hold { return a.value }
            let y = a.easing.progress((f - a.time) / (b.time - a.time))
            return zip(a.value, b.value).map { $0 + ($1 - $0) * y }
        }
        return keyframes[keyframes.count - 1].value
    }

    func testAStraightLineThinsToItsEnds() {
        // 61 frames of x = 3f: every inner frame lies on the line between the ends.
        let frames = (0...60).map { [3.0 * Double($0)] }
        let k = LottieKeyframes.build(frames: frames, hints: [], tolerance: 1e-3).keyframes
        XCTAssertEqual(k.map(\.time), [0, 60])
    }

    func testALongStraightStretchKeepsOneKeyframePerMaximumReach() {
        // 1000 frames of a line: a keyframe every 240 frames (the bound on one reach), then
        // the last frame.
        let frames = (0..<1000).map { [0.5 * Double($0)] }
        let k = LottieKeyframes.build(frames: frames, hints: [], tolerance: 1e-3).keyframes
        XCTAssertEqual(LottieKeyframes.maximumReach, 240)
        XCTAssertEqual(k.map(\.time), [0, 240, 480, 720, 960, 999])
    }

    func testAParabolaKeepsEveryFrameWithinTheTolerance() {
        // y = f²/10: the chord error over a span of n frames is n²/40 at its middle, so a
        // tolerance of 0.1 keeps spans of 2 frames (0.1) and no longer (3 frames: 0.225).
        let frames = (0...60).map { [Double($0 * $0) / 10] }
        let k = LottieKeyframes.build(frames: frames, hints: [], tolerance: 0.1).keyframes
        XCTAssertLessThan(k.count, frames.count)
        XCTAssertGreaterThan(k.count, 25)
        for (f, v) in frames.enumerated() {
            XCTAssertEqual(valueAt(k, Double(f))[0], v[0], accuracy: 0.1 + 1e-12, "frame \(f)")
        }
    }

    func testAHintThatTheFramesFollowBecomesOneExactSegment() throws {
        // Frames of easeIn (0.42, 0, 1, 1) from 10 to 110 over frames 0...30.
        let ease = try CubicBezier(0.42, 0, 1, 1)
        let frames = (0...30).map { [10 + 100 * ease.solve(Double($0) / 30)] }
        let hint = LottieSegmentHint(start: 0, end: 30, easing: .cubic(ease), keyPath: "opacity")
        let result = LottieKeyframes.build(frames: frames, hints: [hint], tolerance: 1e-3)
        XCTAssertEqual(result.keyframes.count, 2)
        XCTAssertEqual(result.keyframes[0].easing, .cubic(ease))
        XCTAssertEqual(result.keyframes[0].value[0], 10, accuracy: 1e-9)
        XCTAssertEqual(result.keyframes[1].value[0], 110, accuracy: 1e-9)
        XCTAssertEqual(result.exactRanges, [0...30])
    }

    func testAHintTheFramesDoNotFollowIsBaked() throws {
        // Linear frames with an easeIn hint: the frame at the middle is 60 where easeIn gives
        // about 41.9, so the hint is refused and the frames are baked (thinned to the ends).
        let frames = (0...30).map { [10 + 100 * Double($0) / 30] }
        let hint = LottieSegmentHint(
            start: 0, end: 30, easing: .cubic(try CubicBezier(0.42, 0, 1, 1)), keyPath: "opacity")
        let result = LottieKeyframes.build(frames: frames, hints: [hint], tolerance: 1e-3)
        XCTAssertEqual(result.exactRanges, [])
        XCTAssertEqual(result.keyframes.map(\.easing), [.linear, .linear])
    }

    func testAnAnimationThatStopsWithoutFillingEndsOnAHeldStep() {
        // Frames 0...11 run 100 -> 10 linearly over 12 frames; frame 12 is back at 100 (the
        // animation was removed at its end). The segment keeps its curve, and at frame 12 the
        // later keyframe (100) is what a player shows.
        var frames = (0...11).map { [100 - 90 * Double($0) / 12] }
        frames += [[100], [100]]
        let hint = LottieSegmentHint(start: 0, end: 12, easing: .linear, keyPath: "transform.scale.x")
        let k = LottieKeyframes.build(frames: frames, hints: [hint], tolerance: 1e-3).keyframes
        XCTAssertEqual(k.map(\.time), [0, 12, 12, 13])
        XCTAssertEqual(k[1].easing, .hold)
        XCTAssertEqual(k[1].value[0], 10, accuracy: 1e-9)
        for (f, v) in frames.enumerated() { XCTAssertEqual(valueAt(k, Double(f))[0], v[0], accuracy: 1e-9) }
    }

    func testStepsBecomeHoldKeyframesAtTheirJumps() throws {
        // steps(4) over 0...1 s from 0 to 100 at 8 fps: jumps at frames 2, 4, 6, 8.
        let animation = Animation.basic(
            try BasicAnimation(
                keyPath: "opacity", fromValue: .scalar(0), toValue: .scalar(100),
                timing: MediaTiming(duration: 1), timingFunction: .steps(try Steps(4))))
        let spans = LottieHints.spans(of: animation, addedAt: 0)
        XCTAssertEqual(spans.map(\.start), [0, 0.25, 0.5, 0.75])
        XCTAssertEqual(spans.map { $0.ends?.from }, [.scalar(0), .scalar(25), .scalar(50), .scalar(75)])
        let frames = (0...8).map { [Double(min($0 / 2, 4)) * 25] }
        let hints = spans.map {
            LottieSegmentHint(
                start: $0.start * 8, end: $0.end * 8, easing: $0.easing, keyPath: $0.keyPath, ends: $0.ends)
        }
        let k = LottieKeyframes.build(
            frames: frames, hints: hints, tolerance: 1e-3,
            convert: { _, v in v.components }
        ).keyframes
        XCTAssertEqual(k.map(\.time), [0, 2, 4, 6, 8])
        XCTAssertEqual(k.dropLast().map(\.easing), [.hold, .hold, .hold, .hold])
        for (f, v) in frames.enumerated() { XCTAssertEqual(valueAt(k, Double(f)), v) }
    }

    func testRepeatsAndAutoreverseUnrollOntoTheTimeline() throws {
        // 0.5 s easeIn, beginTime 1, repeatCount 2, autoreverses: forward at 1–1.5 and 2–2.5,
        // back at 1.5–2 and 2.5–3 with the reversed curve (1 - 1, 1 - 1, 1 - 0.42, 1 - 0) =
        // (0, 0, 0.58, 1), which is easeOut.
        let animation = Animation.basic(
            try BasicAnimation(
                keyPath: "position.x", fromValue: .scalar(0), toValue: .scalar(10),
                timing: MediaTiming(beginTime: 1, duration: 0.5, repeatCount: 2, autoreverses: true),
                timingFunction: try .cubic(0.42, 0, 1, 1)))
        let spans = LottieHints.spans(of: animation, addedAt: 0).sorted { $0.start < $1.start }
        XCTAssertEqual(spans.map(\.start), [1, 1.5, 2, 2.5])
        guard case .cubic(let back) = spans[1].easing else { return XCTFail("\(spans[1].easing)") }
        for (got, want) in zip([back.x1, back.y1, back.x2, back.y2], [0, 0, 0.58, 1.0]) {
            XCTAssertEqual(got, want, accuracy: 1e-15)  // 1 - 0.42 rounds to 0.5800000000000001
        }
        XCTAssertEqual(spans[1].ends, LottieSegmentHint.Ends(from: .scalar(10), to: .scalar(0)))
    }

    func testSpringsAndLuaEasingsSuggestNothing() throws {
        let spring = Animation.spring(
            try SpringAnimation(keyPath: "opacity", fromValue: .scalar(0), toValue: .scalar(1)))
        XCTAssertTrue(LottieHints.spans(of: spring, addedAt: 0).isEmpty)
        let custom = Animation.basic(
            try BasicAnimation(
                keyPath: "opacity", fromValue: .scalar(0), toValue: .scalar(1),
                timingFunction: .custom(CustomTiming(name: "sq") { $0 * $0 })))
        XCTAssertTrue(LottieHints.spans(of: custom, addedAt: 0).isEmpty)
    }

    func testAQuadraticBecomesTheCubicWithTwoThirdsControls() {
        // From (0, 0) with control (30, 60) to (90, 0): controls (20, 40) and (50, 40).
        var path = Path()
        path.move(to: Point(0, 0))
        path.quad(control: Point(30, 60), to: Point(90, 0))
        let b = LottieBezier(path)
        XCTAssertEqual(b.subpaths.count, 1)
        XCTAssertEqual(b.subpaths[0].vertices, [Point(0, 0), Point(90, 0)])
        XCTAssertEqual(b.subpaths[0].outTangents[0], Point(20, 40))
        XCTAssertEqual(b.subpaths[0].inTangents[1], Point(50 - 90, 40))
        XCTAssertFalse(b.subpaths[0].closed)
    }

    func testAClosedCurveBackToItsStartMergesTheEndIntoTheFirstVertex() {
        // Two arcs out and back, then close: two vertices, the second arc's last control
        // becomes the first vertex's in tangent.
        var path = Path()
        path.move(to: Point(0, 0))
        path.curve(control1: Point(10, -10), control2: Point(20, -10), to: Point(30, 0))
        path.curve(control1: Point(20, 10), control2: Point(10, 10), to: Point(0, 0))
        path.close()
        let s = LottieBezier(path).subpaths[0]
        XCTAssertEqual(s.vertices, [Point(0, 0), Point(30, 0)])
        XCTAssertEqual(s.inTangents[0], Point(10, 10))
        XCTAssertEqual(s.outTangents[1], Point(-10, 10))
        XCTAssertTrue(s.closed)
    }
}
