import XCTest

@testable import InbetweenEngine

/// A timeline compiled into adds and calls, played by the scene's own event queue: the values
/// seen through nesting, speed, repeats with repeatDelay and autoreverse, worked out from
/// GSAP's rules (greensock/GSAP, src/gsap-core.js v3.11: `Timeline.render` for iterations
/// and yoyo, `_setDuration` for total durations, `_setEnd` for a child's span over its
/// timeScale). Linear opacity animations 0 → 1 make the expected value the animation's local
/// time over its duration; the layer's model opacity is 0.9, what shows when nothing applies.
final class TimelineScheduleTests: XCTestCase {
    static let model = 0.9

    /// Opacity 0 → 1, linear, `duration` seconds.
    static func fade(_ duration: Double, fillMode: FillMode = .removed, removedOnCompletion: Bool = true)
        throws
        -> Animation
    {
        try Fixture.basic(
            "opacity", from: .scalar(0), to: .scalar(1), duration: duration, fillMode: fillMode,
            removedOnCompletion: removedOnCompletion)
    }

    /// Plays `timeline` from scene time `start` as a host does (each cue's add made at the
    /// cue's time) and returns the opacity at each of `times`, and the calls' times.
    private func play(_ timeline: Timeline, from start: Double = 0, at times: [Double]) throws
        -> (values: [Double], calls: [(tag: Int, time: Double)])
    {
        var scene = try Scene(layers: [Layer(name: "a", values: ["opacity": .scalar(Self.model)])])
        scene.time = start
        let actions = try timeline.schedule(startingAt: start)
        for (id, action) in actions.enumerated() { try scene.schedule(cue: id, at: action.time) }
        var values: [Double] = []
        var calls: [(Int, Double)] = []
        for t in times {
            while let event = scene.popEvent(upTo: t) {
                scene.time = event.time
                guard case .cue(let id) = event.kind else { continue }
                switch actions[id].kind {
                case .add(let layer, let animation, let key, _):
                    try scene.add(animation, forKey: key, toLayer: layer)
                case .call(let tag):
                    calls.append((tag, event.time))
                }
            }
            scene.time = t
            values.append(
                Fixture.scalar(try scene.presentationValue(forKeyPath: "opacity", ofLayer: "a")) ?? .nan)
        }
        return (values, calls)
    }

    private func assertValues(_ actual: [Double], _ expected: [Double], line: UInt = #line) {
        XCTAssertEqual(actual.count, expected.count, line: line)
        // Scene times such as 1.1 go through a subtraction or two: 1e-12.
        for (i, (a, e)) in zip(actual, expected).enumerated() {
            XCTAssertEqual(a, e, accuracy: 1e-12, "sample \(i)", line: line)
        }
    }

    func testStartsAtTheSceneTimeItIsGiven() throws {
        // A 1 s fade at 0.5 in a timeline started at scene time 2: it runs over [2.5, 3.5].
        var tl = Timeline()
        try tl.add(try Self.fade(1), toLayer: "a", tag: 0, at: .time(0.5))
        let (values, _) = try play(tl, from: 2, at: [2.25, 2.75, 3.25, 3.75])
        assertValues(values, [Self.model, 0.25, 0.75, Self.model])
    }

    func testNestedTimelineRunsAtItsSpeed() throws {
        // Inner: a 1 s fade at 0, speed 2, so it occupies [1, 1.5] of the outer timeline
        // (_setEnd: 1 + 1 / 2); at scene time t its local time is (t - 1) · 2.
        var inner = Timeline(clock: try TimelineClock(speed: 2))
        try inner.add(try Self.fade(1), toLayer: "a", tag: 0, at: .end)
        var outer = Timeline()
        try outer.add(inner, at: .time(1))
        XCTAssertEqual(outer.duration, 1.5)
        let (values, _) = try play(outer, at: [0.5, 1.1, 1.25, 1.4, 1.6])
        assertValues(values, [Self.model, 0.2, 0.5, 0.8, Self.model])
    }

    func testRepeatsWithRepeatDelay() throws {
        // repeatCount 2, repeatDelay 0.5, duration 1: total 1 · 3 + 0.5 · 2 = 4; the
        // iterations start at 0, 1.5 and 3 (cycle = dur + repeatDelay); during a delay the
        // timeline holds its end, where this fade (no fill) no longer applies.
        var tl = Timeline(clock: try TimelineClock(repeatCount: 2, repeatDelay: 0.5))
        try tl.add(try Self.fade(1), toLayer: "a", tag: 0, at: .end)
        XCTAssertEqual(tl.totalDuration, 4)
        let (values, _) = try play(tl, at: [0.25, 1.25, 1.75, 2.25, 3.5, 4.5])
        assertValues(values, [0.25, Self.model, 0.25, 0.75, 0.5, Self.model])
    }

    func testAutoreversesPlaysOddIterationsBackwards() throws {
        // A 1 s fade at 0.5 makes the duration 1.5. Iteration 1 is reversed (yoyo, odd
        // iteration: time = dur - time), so at scene time t in [1.5, 3] the timeline is at
        // 3 - t and the fade at 3 - t - 0.5: 0.75 at t = 1.75, 0.25 at t = 2.25; it no longer
        // applies once the backwards playhead passes its start (t > 2.5).
        var tl = Timeline(clock: try TimelineClock(repeatCount: 1, autoreverses: true))
        try tl.add(try Self.fade(1), toLayer: "a", tag: 0, at: .time(0.5))
        let (values, _) = try play(tl, at: [0.25, 0.75, 1.25, 1.75, 2.25, 2.75])
        assertValues(values, [Self.model, 0.25, 0.75, 0.75, 0.25, Self.model])
    }

    func testFillBothHoldsLikeGSAPInBothDirections() throws {
        // fillMode both and removedOnCompletion false: each iteration's copy holds its start
        // before it and its end after it, in the timeline's direction. A 1 s fade at 0.5 and a
        // call at 2 (duration 2); iteration 1 maps scene t to timeline time 4 - t, so the fade
        // runs backwards over t in [2.5, 3.5], holding 1 before and 0 after.
        var tl = Timeline(clock: try TimelineClock(repeatCount: 1, autoreverses: true))
        try tl.add(
            try Self.fade(1, fillMode: .both, removedOnCompletion: false), toLayer: "a", tag: 0,
            at: .time(0.5))
        try tl.call(tag: 1, at: .time(2))
        let (values, _) = try play(tl, at: [0.25, 1.75, 2.25, 3.0, 3.75])
        assertValues(values, [0, 1, 1, 0.5, 0])
    }

    func testABackwardsCopyPlaysFromItsEndWithItsFillSwapped() throws {
        // Yoyo, a 1 s fade (fill forwards) at 0.5: duration 1.5; iteration 1 maps t to
        // 3 - t, so the fade's end (timeline 1.5) is reached at t = 1.5: that copy is added
        // then with speed -1, timeOffset 1 (its active duration: local time runs 1 → 0) and
        // fill backwards (what held after its end now holds before it in scene time).
        var tl = Timeline(clock: try TimelineClock(repeatCount: 1, autoreverses: true))
        try tl.add(try Self.fade(1, fillMode: .forwards), toLayer: "a", tag: 0, at: .time(0.5))
        let actions = try tl.schedule(startingAt: 0)
        XCTAssertEqual(actions.map(\.time), [0.5, 1.5])
        guard case .add(_, let back, _, _) = actions[1].kind else { return XCTFail("an add") }
        XCTAssertEqual(back.timing.speed, -1)
        XCTAssertEqual(back.timing.timeOffset, 1)
        XCTAssertEqual(back.timing.beginTime, 0)
        XCTAssertEqual(back.timing.fillMode, .backwards)
    }

    func testNestedInAReversedIterationRunsBackwardsAtItsSpeed() throws {
        // Outer: yoyo, repeatCount 1, with the inner timeline (a 1 s fade, speed 2) at 0.5:
        // duration 1. Forward, t = 0.6 is inner time 0.2. In iteration 1 the outer time is
        // 2 - t, the inner time (2 - t - 0.5) · 2: 0.5 at t = 1.25, 0.2 at t = 1.4.
        var inner = Timeline(clock: try TimelineClock(speed: 2))
        try inner.add(try Self.fade(1), toLayer: "a", tag: 0, at: .end)
        var outer = Timeline(clock: try TimelineClock(repeatCount: 1, autoreverses: true))
        try outer.add(inner, at: .time(0.5))
        let (values, _) = try play(outer, at: [0.6, 1.25, 1.4, 1.6])
        assertValues(values, [0.2, 0.5, 0.2, Self.model])
    }

    func testCallsFireInEveryIterationWhenThePlayheadPassesThem() throws {
        // A call at 0.5 in a 1 s timeline, repeatCount 2, repeatDelay 0.25, yoyo: iteration
        // k starts at 1.25 k; forwards the call is at 1.25 k + 0.5, backwards at
        // 1.25 k + (1 - 0.5): 0.5, 1.75, 3.0.
        var tl = Timeline(clock: try TimelineClock(repeatCount: 2, repeatDelay: 0.25, autoreverses: true))
        try tl.add(try Self.fade(1), toLayer: "a", tag: 0, at: .end)
        try tl.call(tag: 1, at: .time(0.5))
        let (_, calls) = try play(tl, at: [3.5])
        XCTAssertEqual(calls.map(\.tag), [1, 1, 1])
        let times = calls.map(\.time)
        for (a, e) in zip(times, [0.5, 1.75, 3.0]) { XCTAssertEqual(a, e, accuracy: 1e-12) }
    }

    func testAStaggerMakesOneChildPerLayerInLayerOrder() throws {
        // Three layers, each 0.25 from the end: starts 0.5, 0.25, 0; the group spans 0.75 + 1,
        // and ">" after it is that end.
        var tl = Timeline()
        let stagger = try Stagger(spread: .each(0.25), from: .end)
        let starts = try tl.add(
            try Self.fade(1), toLayers: ["a", "b", "c"], tags: [0, 1, 2], at: .end,
            stagger: stagger)
        XCTAssertEqual(starts, [0.5, 0.25, 0])
        XCTAssertEqual(tl.children.map(\.start), [0.5, 0.25, 0])
        XCTAssertEqual(tl.duration, 1.5)
        XCTAssertEqual(try tl.add(try Self.fade(1), toLayer: "a", tag: 3, at: .text(">")), 1.5)
    }

    func testTheScheduleIsInTimeOrderAndAddsWhenSlotsBegin() throws {
        // Children added out of time order are scheduled by time; a child that fills
        // backwards is added at the timeline's start with its delay moved into beginTime.
        var tl = Timeline()
        try tl.add(try Self.fade(1), toLayer: "a", tag: 0, at: .time(2))
        try tl.add(try Self.fade(1), toLayer: "a", tag: 1, at: .time(1))
        try tl.add(try Self.fade(1, fillMode: .backwards), toLayer: "a", tag: 2, at: .time(3))
        let actions = try tl.schedule(startingAt: 0)
        XCTAssertEqual(actions.map(\.time), [0, 1, 2])
        guard case .add(_, let held, _, let tag) = actions[0].kind else { return XCTFail("an add") }
        XCTAssertEqual(tag, 2)
        XCTAssertEqual(held.timing.beginTime, 3)
    }

    func testTooManyRepeatsAreRefused() throws {
        // 1,001 iterations of 1,001 iterations of one add: over a million actions.
        var inner = Timeline(clock: try TimelineClock(repeatCount: 1000))
        try inner.add(try Self.fade(1), toLayer: "a", tag: 0, at: .end)
        var outer = Timeline(clock: try TimelineClock(repeatCount: 1000))
        try outer.add(inner, at: .end)
        XCTAssertThrowsError(try outer.schedule(startingAt: 0))
    }
}
