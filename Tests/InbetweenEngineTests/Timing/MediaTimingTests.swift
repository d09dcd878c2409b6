import XCTest

@testable import InbetweenEngine

/// CAMediaTiming: one case per property alone, then combined cases. Every expected value is
/// derived in its comment with the steps of MediaTiming's type comment (p = tp - beginTime,
/// a = p·speed + timeOffset, fold by the cycle c). D is the duration. All exact in binary
/// unless noted, compared with 1e-12 (the folding subtracts multiples of c).
final class MediaTimingTests: XCTestCase {
    struct Case {
        let name: String
        let timing: MediaTiming
        let samples: [(parentTime: Double, expected: Double?)]
        let endTime: Double
    }

    static func t(
        beginTime: Double = 0, duration: Double = 1, speed: Double = 1, timeOffset: Double = 0,
        repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
        fillMode: FillMode = .removed
    ) -> MediaTiming {
        MediaTiming(
            beginTime: beginTime, duration: duration, speed: speed, timeOffset: timeOffset,
            repeatCount: repeatCount, repeatDuration: repeatDuration, autoreverses: autoreverses,
            fillMode: fillMode)
    }

    static let singleProperty: [Case] = [
        // duration 0 → Core Animation's 0.25 s: active on [0, 0.25); at 0.25 removed.
        Case(
            name: "duration unset", timing: t(duration: 0), samples: [(0.1, 0.1), (0.25, nil), (-0.1, nil)],
            endTime: 0.25),
        Case(
            name: "duration 2", timing: t(duration: 2), samples: [(1.5, 1.5), (0, 0), (2, nil)], endTime: 2),
        // beginTime 1: p = t - 1; before 1 nothing; 1.25 → 0.25.
        Case(
            name: "beginTime 1", timing: t(beginTime: 1), samples: [(0.5, nil), (1.25, 0.25), (2, nil)],
            endTime: 2),
        // speed 2: a = 2p; 0.25 → 0.5; active for AD/|speed| = 0.5.
        Case(name: "speed 2", timing: t(speed: 2), samples: [(0.25, 0.5), (0.5, nil)], endTime: 0.5),
        // speed 0: a = timeOffset = 0 forever; never ends (the paused-layer idiom).
        Case(
            name: "speed 0", timing: t(speed: 0), samples: [(5, 0), (1000, 0), (-1, nil)], endTime: .infinity),
        // speed -1: a = -p; at p = 0 the backwards run starts at the cycle's end (step 5) → 1;
        // p = 0.25 → a = -0.25 → q = 0.75.
        Case(name: "speed -1", timing: t(speed: -1), samples: [(0, 1), (0.25, 0.75), (1, nil)], endTime: 1),
        // timeOffset 0.25: a = p + 0.25; starts at 0.25, wraps: p = 0.8 → 1.05 → 0.05; still
        // active for D = 1 (Rönnqvist's |C D E A B|); p = 0.75 → a = 1, a boundary entered → 0.
        Case(
            name: "timeOffset 0.25", timing: t(timeOffset: 0.25),
            samples: [(0, 0.25), (0.8, 0.05), (0.75, 0), (1, nil)], endTime: 1),
        // repeatCount 2.5: AD = 2.5; 1.5 → cycle 1 at 0.5; 2.25 → cycle 2 at 0.25.
        Case(
            name: "repeatCount 2.5", timing: t(repeatCount: 2.5),
            samples: [(1.5, 0.5), (2.25, 0.25), (2.5, nil)], endTime: 2.5),
        // repeatCount infinity: 1000.25 → 0.25, never ends.
        Case(
            name: "repeatCount inf", timing: t(repeatCount: .infinity), samples: [(1000.25, 0.25)],
            endTime: .infinity),
        // repeatDuration 1.5: AD = 1.5; 1.25 → 0.25.
        Case(
            name: "repeatDuration 1.5", timing: t(repeatDuration: 1.5), samples: [(1.25, 0.25), (1.5, nil)],
            endTime: 1.5),
        // autoreverses: c = 2; 0.25 → 0.25; 1.25 → q = 1.25 > D → 2 - 1.25 = 0.75; 1 → turnaround 1.
        Case(
            name: "autoreverses", timing: t(autoreverses: true),
            samples: [(0.25, 0.25), (1.25, 0.75), (1, 1), (2, nil)], endTime: 2),
        // fillMode forwards: after the end a = AD = 1, q = 0 is the end of the last cycle → 1.
        Case(
            name: "fill forwards", timing: t(fillMode: .forwards), samples: [(2, 1), (-1, nil)], endTime: 1),
        // fillMode backwards: before the start p = 0 → 0; after: removed.
        Case(
            name: "fill backwards", timing: t(fillMode: .backwards), samples: [(-1, 0), (2, nil)], endTime: 1),
        Case(name: "fill both", timing: t(fillMode: .both), samples: [(-1, 0), (2, 1)], endTime: 1),
        // fillMode removed: the active interval is [begin, end), so the exact end is removed.
        Case(
            name: "fill removed", timing: t(fillMode: .removed), samples: [(0.999, 0.999), (1, nil)],
            endTime: 1),
    ]

    static let combined: [Case] = [
        // 1. repeatCount 2.5 + autoreverses: c = 2, AD = 5. 2.5 → q 0.5 (forward) → 0.5;
        //    3.5 → q 1.5 (back) → 0.5; after (fill forwards): a = 5 → q = 1 → turnaround → 1
        //    (2.5 cycles end at the end of a forward leg).
        Case(
            name: "repeatCount 2.5 + autoreverses",
            timing: t(repeatCount: 2.5, autoreverses: true, fillMode: .forwards),
            samples: [(2.5, 0.5), (3.5, 0.5), (3.75, 0.25), (6, 1)], endTime: 5),
        // 2. speed 2 + timeOffset 0.25: a = 2p + 0.25; 0.1 → 0.45; 0.4 → 1.05 → wraps to 0.05;
        //    endTime = 1/2 (the offset does not move the end).
        Case(
            name: "speed 2 + timeOffset 0.25", timing: t(speed: 2, timeOffset: 0.25),
            samples: [(0.1, 0.45), (0.4, 0.05), (0.5, nil)], endTime: 0.5),
        // 3. beginTime 1 + fill backwards: before → p = 0 → 0; 1.5 → 0.5; after 2 → removed.
        Case(
            name: "beginTime 1 + fill backwards", timing: t(beginTime: 1, fillMode: .backwards),
            samples: [(0.5, 0), (1.5, 0.5), (2.5, nil)], endTime: 2),
        // 4. beginTime 1 + speed 2 + repeatCount 2: AD = 2, end = 1 + 2/2 = 2; 1.75 → a = 1.5 → 0.5.
        Case(
            name: "beginTime 1 + speed 2 + repeatCount 2", timing: t(beginTime: 1, speed: 2, repeatCount: 2),
            samples: [(1.75, 0.5), (1.25, 0.5), (2, nil)], endTime: 2),
        // 5. duration 0.1 × repeatCount 3 + forwards: AD = 0.30000000000000004 in binary; the end
        //    must still be the last frame 0.1, not the first (boundary tolerance).
        Case(
            name: "repeatCount 3 of 0.1 + forwards",
            timing: t(duration: 0.1, repeatCount: 3, fillMode: .forwards),
            samples: [(1, 0.1), (0.15, 0.05)], endTime: 0.30000000000000004),
        // 6. speed -1 + autoreverses: c = 2, AD = 2; 0.25 → a = -0.25 → q = 1.75 (back leg) →
        //    2 - 1.75 = 0.25; 1.5 → a = -1.5 → q = 0.5 → 0.5; a backwards run of forward+back.
        Case(
            name: "speed -1 + autoreverses", timing: t(speed: -1, autoreverses: true),
            samples: [(0.25, 0.25), (1.5, 0.5), (0, 0)], endTime: 2),
        // 7. beginTime 2 + speed 0 + timeOffset 0.4 (paused at 0.4): 10 → 0.4; 1 → before → nil.
        Case(
            name: "paused: speed 0 + timeOffset 0.4", timing: t(beginTime: 2, speed: 0, timeOffset: 0.4),
            samples: [(10, 0.4), (2, 0.4), (1, nil)], endTime: .infinity),
        // 8. repeatDuration 2.5 + autoreverses + forwards: AD = 2.5; 2.25 → q 0.25 → 0.25;
        //    after: a = 2.5 → q 0.5 (forward leg of cycle 1) → 0.5.
        Case(
            name: "repeatDuration 2.5 + autoreverses",
            timing: t(repeatDuration: 2.5, autoreverses: true, fillMode: .forwards),
            samples: [(2.25, 0.25), (1.5, 0.5), (3, 0.5)], endTime: 2.5),
        // 9. repeatCount 2 + repeatDuration 1.5: SMIL's min → AD = 1.5; after (forwards) → 0.5.
        Case(
            name: "repeatCount 2 + repeatDuration 1.5",
            timing: t(repeatCount: 2, repeatDuration: 1.5, fillMode: .forwards),
            samples: [(1.25, 0.25), (5, 0.5)], endTime: 1.5),
        // 10. timeOffset 0.5 + repeatCount 2 + forwards: AD = 2; after: a = 2.5 → q = 0.5: it
        //     ends where it started, as the wrap-around implies.
        Case(
            name: "timeOffset 0.5 + repeatCount 2 + forwards",
            timing: t(timeOffset: 0.5, repeatCount: 2, fillMode: .forwards),
            samples: [(0, 0.5), (0.6, 0.1), (3, 0.5)], endTime: 2),
        // 11. speed -2 + forwards: end = 0.5; 0.25 → a = -0.5 → q 0.5; after: a = -1 → q = 0,
        //     leaving backwards → the start frame 0.
        Case(
            name: "speed -2 + forwards", timing: t(speed: -2, fillMode: .forwards),
            samples: [(0.25, 0.5), (0.125, 0.75), (1, 0)], endTime: 0.5),
        // 12. beginTime 1 + speed 2 + autoreverses + fill both: AD = 2, end = 1 + 1 = 2.
        //     before → a = 0 → 0; 1.75 → a = 1.5 → back leg 0.5; after → a = 2 → end of the
        //     cycle, which autoreverse brings back to 0.
        Case(
            name: "beginTime 1 + speed 2 + autoreverses + both",
            timing: t(beginTime: 1, speed: 2, autoreverses: true, fillMode: .both),
            samples: [(0, 0), (1.75, 0.5), (1.25, 0.5), (3, 0)], endTime: 2),
        // 13. duration 2 + timeOffset -0.5 + fill backwards: before → a = -0.5 → wraps to 1.5.
        Case(
            name: "negative timeOffset + backwards",
            timing: t(duration: 2, timeOffset: -0.5, fillMode: .backwards),
            samples: [(-3, 1.5), (0.75, 0.25)], endTime: 2),
    ]

    func run(_ cases: [Case]) {
        for c in cases {
            XCTAssertEqual(c.timing.endTime, c.endTime, accuracy: 1e-12, "\(c.name) endTime")
            for sample in c.samples {
                let got = c.timing.iterationTime(atParentTime: sample.parentTime)
                if let expected = sample.expected {
                    guard let got else {
                        XCTFail("\(c.name) t=\(sample.parentTime): nil, want \(expected)")
                        continue
                    }
                    XCTAssertEqual(got, expected, accuracy: 1e-12, "\(c.name) t=\(sample.parentTime)")
                } else {
                    XCTAssertNil(got, "\(c.name) t=\(sample.parentTime)")
                }
            }
        }
    }

    func testEachPropertyAlone() { run(Self.singleProperty) }
    func testCombinedProperties() { run(Self.combined) }

    /// Hierarchy: the child's parent time is the group's iteration time. Group: beginTime 1,
    /// duration 2, speed 2; child: beginTime 0.5, duration 1. Parent 1.5 → group a = 1 →
    /// child p = 0.5 → 0.5. Parent 1.9 → group a = 1.8 → child p = 1.3 → past its end → nil.
    /// Parent 2.2 → the group has ended (end = 1 + 2/2), so the child has no time at all.
    func testHierarchicalTimingThroughTheGroupsIterationTime() {
        let group = Self.t(beginTime: 1, duration: 2, speed: 2)
        let child = Self.t(beginTime: 0.5, duration: 1)
        let childTime = { (t: Double) in
            group.iterationTime(atParentTime: t).flatMap { child.iterationTime(atParentTime: $0) }
        }
        XCTAssertEqual(childTime(1.5) ?? -1, 0.5, accuracy: 1e-12)
        XCTAssertNil(childTime(1.9))
        XCTAssertNil(childTime(2.2))
    }

    func testDerivedQuantities() {
        let timing = Self.t(
            beginTime: 1, duration: 2, speed: 2, timeOffset: 0.5, repeatCount: 1.5, autoreverses: true)
        XCTAssertEqual(timing.cycleDuration, 4)  // 2 × D
        XCTAssertEqual(timing.activeDuration, 6)  // 1.5 × 4
        XCTAssertEqual(timing.endTime, 4)  // 1 + 6/2
        XCTAssertEqual(timing.localTime(atParentTime: 2), 2.5)  // (2 - 1)·2 + 0.5
        XCTAssertEqual(timing.phase(atParentTime: 0.5), .before)
        XCTAssertTrue(timing.isActive(atParentTime: 3.99))
        XCTAssertEqual(timing.phase(atParentTime: 4), .after)
        // Cycle index for cumulative animations: a = (3.5 - 1)·2 + 0.5 = 5.5 → cycle 1 (c = 4).
        XCTAssertEqual(timing.iterationState(atParentTime: 3.5)?.cycle, 1)
        XCTAssertEqual(MediaTiming().effectiveDuration, 0.25)
    }

    func testValidation() {
        let rows: [(MediaTiming, String, String)] = [
            (Self.t(duration: -1), "duration", "must be 0 or greater"),
            (Self.t(speed: .nan), "speed", "must be a finite number"),
            (Self.t(beginTime: .infinity), "beginTime", "must be a finite number"),
            (Self.t(repeatCount: -2), "repeatCount", "must be 0 or greater"),
            (Self.t(repeatDuration: .nan), "repeatDuration", "must be 0 or greater"),
            (Self.t(timeOffset: -.infinity), "timeOffset", "must be a finite number"),
        ]
        for (timing, parameter, rule) in rows {
            XCTAssertThrowsError(try timing.validate()) { error in
                XCTAssertEqual((error as? EngineError)?.parameter, parameter)
                XCTAssertEqual((error as? EngineError)?.rule, rule)
            }
        }
        XCTAssertNoThrow(try Self.t(duration: .infinity, repeatCount: .infinity).validate())
    }

    /// No NaN or infinity escapes for finite parent times, over a grid of valid timings.
    func testNoNonFiniteOutput() {
        for speed in [-2.0, -0.5, 0, 1, 3] {
            for offset in [-1.5, 0, 0.3] {
                for repeats in [0, 0.5, 2.5, .infinity] {
                    for reverses in [false, true] {
                        let timing = Self.t(
                            beginTime: 0.5, speed: speed, timeOffset: offset, repeatCount: repeats,
                            autoreverses: reverses, fillMode: .both)
                        for i in -10...40 {
                            let value = timing.iterationTime(atParentTime: Double(i) * 0.125)
                            XCTAssertNotNil(value)
                            XCTAssertTrue((0...1).contains(value ?? -1), "\(timing) t=\(Double(i) * 0.125)")
                        }
                    }
                }
            }
        }
    }

    /// The end of the active duration reached with rounding is the end. A 0.4 s animation
    /// begun at 0.2, sampled at frame 36 of 60 fps (0.6): 0.6 - 0.2 is 0.39999999999999997,
    /// within the boundary tolerance of 0.4, so it is past the end (with fill forwards: the
    /// end of the iteration, 0.4; without fill: no effect), not at the start of a next cycle.
    func testAnEndReachedWithRoundingIsTheEnd() {
        let t = 36.0 / 60
        XCTAssertEqual(t - 0.2, 0.39999999999999997)
        XCTAssertEqual(Self.t(beginTime: 0.2, duration: 0.4).phase(atParentTime: t), .after)
        XCTAssertNil(Self.t(beginTime: 0.2, duration: 0.4).iterationTime(atParentTime: t))
        XCTAssertEqual(
            Self.t(beginTime: 0.2, duration: 0.4, fillMode: .forwards).iterationTime(atParentTime: t), 0.4)
    }
}
