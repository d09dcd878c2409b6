import XCTest

@testable import InbetweenEngine

/// Time down the tree: a layer is a CAMediaTiming object whose parent time is its superlayer's
/// local time, and its animations and their events run in its local time. The rules, from
/// Apple's CAMediaTiming reference: `speed` "specifies how time is mapped to receiver's time
/// space from the parent time space. For example, if speed is 2.0 local time progresses twice
/// as fast as parent time"; `beginTime` is "the begin time of the receiver in relation to its
/// parent object"; and the active local time is (tp − beginTime) · speed + timeOffset (the
/// header's first conversion stage, `MediaTiming`'s step 3). Pause and resume are Technical Q&A
/// QA1673's listing ("How to pause the animation of a layer tree").
final class LayerTimeTests: XCTestCase {
    /// `position.x` from 0 to `to` over `duration` s, linear unless told.
    private func slide(
        to: Double, duration: Double, timing: TimingFunction = .linear, beginTime: Double = 0
    ) throws -> Animation {
        try Fixture.basic(
            "position.x", from: .scalar(0), to: .scalar(to), duration: duration, timing: timing,
            beginTime: beginTime)
    }

    private func x(_ scene: Scene, _ layer: String, at t: Double) throws -> Double {
        var s = scene
        s.time = t
        return Fixture.scalar(try s.presentationValue(forKeyPath: "position.x", ofLayer: layer)) ?? .nan
    }

    /// A group with `dot` as its sublayer.
    private func groupAndDot() throws -> Scene {
        var s = try Scene(layers: [Layer(name: "group"), Layer(name: "dot")])
        try s.addSublayer("dot", to: "group")
        return s
    }

    private func timing(speed: Double = 1, beginTime: Double = 0, timeOffset: Double = 0) -> MediaTiming {
        MediaTiming(beginTime: beginTime, speed: speed, timeOffset: timeOffset)
    }

    func testAFlatSceneHasNoClocks() throws {
        var s = try groupAndDot()
        try s.setTiming(MediaTiming(), ofLayer: "group")  // the default: nothing changes
        XCTAssertFalse(s.usesLayerTiming)
        XCTAssertTrue(s.clock(ofLayer: 1).isIdentity)
        XCTAssertTrue(s.runsOnSceneTime("dot"))
    }

    /// Parent speed 2, child speed 1.5: the child's time runs 2 × 1.5 = 3 times scene time. A 3 s
    /// linear slide to 300 added at 0 is at x = 100 · (3t) for scene time t, and stops at t = 1.
    func testNestedSpeedsMultiply() throws {
        var s = try groupAndDot()
        try s.setTiming(timing(speed: 2), ofLayer: "group")
        try s.setTiming(timing(speed: 1.5), ofLayer: "dot")
        try s.add(slide(to: 300, duration: 3), forKey: "slide", toLayer: "dot")
        for (t, expected) in [(0.1, 30.0), (0.25, 75), (0.5, 150)] {
            // (t·3)·100 in binary: a few ulps of 300.
            XCTAssertEqual(try x(s, "dot", at: t), expected, accuracy: 1e-12, "t = \(t)")
        }
        let events = s.drainEvents(upTo: 10)
        XCTAssertEqual(events.map(\.kind), [.start, .stop(finished: true)])
        XCTAssertEqual(events.map(\.time)[1], 1, accuracy: 1e-12)  // local 3 at scene 3 / (2 × 1.5)
        XCTAssertEqual(try s.localTime(ofLayer: "dot", atSceneTime: 0.5) ?? .nan, 1.5, accuracy: 1e-15)
    }

    /// The child's beginTime 1 is read in the group's time, which runs at speed 2: the child
    /// begins at scene time 0.5. Added at scene 0, the slide is stamped with the child's active
    /// time then, (0 − 1) · 1 = −1 (CA stamps an animation with convertTime(now, fromLayer: nil)),
    /// so when the child begins at local 0 the slide is 1 s in. Before that the child has no
    /// effect (fillMode removed): its model value shows.
    func testALayersBeginTimeIsInItsSuperlayersTime() throws {
        var s = try groupAndDot()
        try s.modifyLayer(named: "dot") { try $0.setModelValue(.scalar(7), forKeyPath: "position.x") }
        try s.setTiming(timing(speed: 2), ofLayer: "group")
        try s.setTiming(timing(beginTime: 1), ofLayer: "dot")
        try s.add(slide(to: 300, duration: 3), forKey: "slide", toLayer: "dot")
        XCTAssertEqual(s["dot"]?.attachedAnimations.first?.addedAt, -1)
        XCTAssertEqual(try x(s, "dot", at: 0.25), 7)  // group time 0.5 < 1: the model
        // Scene 0.75: group 1.5, dot 0.5, slide 1.5 of 3: x = 150.
        XCTAssertEqual(try x(s, "dot", at: 0.75), 150, accuracy: 1e-12)
        let events = s.drainEvents(upTo: 10)
        // Start when the dot's time first exists (0.5, local 0 ≥ −1); stop at local 2, group
        // time 3, scene 1.5.
        XCTAssertEqual(events.map(\.kind), [.start, .stop(finished: true)])
        XCTAssertEqual(events[0].time, 0.5, accuracy: 1e-12)
        XCTAssertEqual(events[1].time, 1.5, accuracy: 1e-12)
    }

    /// convertTime down and up the tree by the active-time formula: group (beginTime 1, speed 2,
    /// timeOffset 0.5), dot under it (speed 0.5, timeOffset 3). Scene 4 → group (4 − 1)·2 + 0.5
    /// = 6.5 → dot 6.5 · 0.5 + 3 = 6.25, and back.
    func testConvertTimeBothWays() throws {
        var s = try groupAndDot()
        try s.setTiming(timing(speed: 2, beginTime: 1, timeOffset: 0.5), ofLayer: "group")
        try s.setTiming(timing(speed: 0.5, timeOffset: 3), ofLayer: "dot")
        let rows: [(t: Double, from: String?, to: String?, expected: Double)] = [
            (4, nil, "group", 6.5), (4, nil, "dot", 6.25), (6.5, "group", "dot", 6.25),
            (6.25, "dot", nil, 4), (6.25, "dot", "group", 6.5), (6.5, "group", nil, 4),
            (4, nil, nil, 4), (6.25, "dot", "dot", 6.25),
        ]
        for row in rows {
            // Every step is exact in binary except none: the values are dyadic.
            XCTAssertEqual(
                try s.convertTime(row.t, from: row.from, to: row.to), row.expected, accuracy: 1e-12, "\(row)")
        }
        // A paused layer's time maps back to no parent time.
        try s.setTiming(timing(speed: 0, timeOffset: 3), ofLayer: "dot")
        XCTAssertThrowsError(try s.convertTime(1, from: "dot", to: nil)) {
            XCTAssertTrue(($0 as? EngineError)?.rule.contains("layer 'dot' is paused") ?? false, "\($0)")
        }
    }

    /// QA1673 on a subtree, run through the frame loop: the group is paused at 0.5 s and resumed
    /// at 1.25 s from callbacks (cues), exactly as the listing does it. Its sublayer's 2 s
    /// ease-in-ease-out slide must give, frame by frame, the same values as the slide with no
    /// pause at t (before the pause), at 0.5 (while paused) and at t − 0.75 (after); its stop
    /// comes 0.75 s late, at 2.75, and nothing fires while paused.
    func testAPausedAndResumedSubtreeMatchesTheMotionWithoutThePause() throws {
        var s = try groupAndDot()
        let motion = try slide(to: 200, duration: 2, timing: .easeInEaseOut)
        try s.add(motion, forKey: "slide", toLayer: "dot")
        try s.schedule(cue: 1, at: 0.5)
        try s.schedule(cue: 2, at: 1.25)
        var reference = try Scene(layers: [Layer(name: "dot")])
        try reference.add(motion, forKey: "slide", toLayer: "dot")

        var events: [AnimationEvent] = []
        let host = SwiftLoopHost(scene: s) { event, scene in
            events.append(event)
            guard case .cue(let id) = event.kind else { return }
            var t = scene["group"]!.timing
            if id == 1 {
                // pausedTime = [layer convertTime:CACurrentMediaTime() fromLayer:nil]
                let pausedTime = try scene.convertTime(scene.time, from: nil, to: "group")
                t.speed = 0
                t.timeOffset = pausedTime
                try scene.setTiming(t, ofLayer: "group")
            } else {
                let pausedTime = t.timeOffset
                t.speed = 1
                t.timeOffset = 0
                t.beginTime = 0
                try scene.setTiming(t, ofLayer: "group")
                t.beginTime = try scene.convertTime(scene.time, from: nil, to: "group") - pausedTime
                try scene.setTiming(t, ofLayer: "group")
            }
        }
        let track = Track(layer: "dot", keyPath: "position.x")
        let loop = try FrameLoop(
            host: host, clock: try FrameClock(start: 0, fps: 20, end: .natural(cap: 10)), tracks: [track])
        var frames = 0
        while let frame = try loop.next() {
            frames += 1
            let t = frame.time
            let shown = t < 0.5 ? t : t <= 1.25 ? 0.5 : t - 0.75
            let expected = try reference["dot"]!.presentationValue(forKeyPath: "position.x", at: shown)
            // The resumed layer's local time t − (1.25 − 0.5) is computed, not given: a few ulps.
            XCTAssertEqual(
                Fixture.scalar(frame.values[0]) ?? .nan, Fixture.scalar(expected) ?? .nan, accuracy: 1e-9,
                "t = \(t)")
        }
        // The natural end waits for the resumed stop: 2.75 s is frame 55 at 20 fps.
        XCTAssertEqual(frames, 56)
        XCTAssertEqual(events.map(\.kind), [.start, .cue(1), .cue(2), .stop(finished: true)])
        XCTAssertEqual(events.map(\.time)[0...2], [0, 0.5, 1.25])
        XCTAssertEqual(events[3].time, 2.75, accuracy: 1e-12)
    }

    /// While paused nothing is due: an animation whose end falls in the pause stops only after
    /// the resume, later by the pause's length; its start, if its beginTime falls in it, too.
    func testEventsWaitForTheResume() throws {
        var s = try groupAndDot()
        try s.add(slide(to: 100, duration: 1, beginTime: 0.5), forKey: "late", toLayer: "dot")
        s.time = 0.25
        try s.setTiming(timing(speed: 0, timeOffset: 0.25), ofLayer: "group")
        XCTAssertNil(s.nextEventTime())  // paused: neither the start (0.5) nor the stop (1.5)
        XCTAssertNil(s.naturalEnd.latestStop)
        XCTAssertFalse(s.naturalEnd.hasEndless)  // held still, not endless
        s.time = 2
        // Resumed QA1673's way at 2: beginTime 2 − 0.25 = 1.75 puts local 0.25 at scene 2.
        try s.setTiming(timing(beginTime: 1.75), ofLayer: "group")
        let events = s.drainEvents(upTo: 10)
        XCTAssertEqual(events.map(\.kind), [.start, .stop(finished: true)])
        XCTAssertEqual(events[0].time, 2.25, accuracy: 1e-12)  // local 0.5
        XCTAssertEqual(events[1].time, 3.25, accuracy: 1e-12)  // local 1.5
    }

    /// A timeOffset set past an animation's end makes its stop due at once (its local time
    /// already reached it); set from a callback, the change acts from that event's time.
    func testATimeOffsetPastTheEndStopsTheAnimationNow() throws {
        var s = try groupAndDot()
        try s.add(slide(to: 100, duration: 3), forKey: "slide", toLayer: "dot")
        XCTAssertEqual(s.drainEvents(upTo: 1).map(\.kind), [.start])
        s.time = 1
        try s.setTiming(timing(timeOffset: 5), ofLayer: "group")
        let events = s.drainEvents(upTo: 1)
        XCTAssertEqual(events.map(\.kind), [.stop(finished: true)])
        XCTAssertEqual(events.map(\.time), [1])
        XCTAssertEqual(s["dot"]?.animationKeys, [])  // removed on completion
    }

    /// An animation removed from a paused subtree stops unfinished at the scene time of the
    /// removal (its owed events are due then, not at the local time they were stamped with);
    /// its start, never reached, is not owed.
    func testARemovalInAPausedSubtreeStopsNow() throws {
        var s = try groupAndDot()
        try s.setTiming(timing(speed: 0, timeOffset: 0.25), ofLayer: "group")
        try s.add(slide(to: 100, duration: 1, beginTime: 0.5), forKey: "late", toLayer: "dot")
        XCTAssertNil(s.nextEventTime())
        s.time = 3
        try s.removeAnimation(forKey: "late", fromLayer: "dot")
        let events = s.drainEvents(upTo: 10)
        XCTAssertEqual(events.map(\.kind), [.stop(finished: false)])
        XCTAssertEqual(events.map(\.time), [3])
    }

    /// A sublayer moved under a paused group stops on the group's clock; moved back out to the
    /// stage it runs on scene time again, from its own local time.
    func testAMoveInTheTreeReschedules() throws {
        var s = try Scene(layers: [Layer(name: "group"), Layer(name: "dot")])
        try s.setTiming(timing(speed: 0), ofLayer: "group")
        try s.add(slide(to: 100, duration: 1), forKey: "slide", toLayer: "dot")
        XCTAssertEqual(s.nextEventTime(), 0)  // start
        _ = s.drainEvents(upTo: 0)
        XCTAssertEqual(s.nextEventTime(), 1)  // stop
        try s.addSublayer("dot", to: "group")
        XCTAssertNil(s.nextEventTime())  // the group's time stands at 0, before the end
        s.time = 0.5
        try s.removeFromSuperlayer("dot")
        XCTAssertEqual(s.nextEventTime(), 1)
    }

    /// A layer's own repeats fold its time, as an animation's do: duration 1, autoreverses,
    /// repeatCount 2 (cycles of 2 s, active for 4 s). Its local time rises on [0, 1), falls on
    /// [1, 2), and so on; a local time is reached where it first rises to it, and never past 1.
    func testARepeatingLayersTimeAndWhenItReachesATime() throws {
        let m = MediaTiming(duration: 1, repeatCount: 2, autoreverses: true)
        let clock = LayerClock(steps: [.timing(m)])
        for (t, expected) in [(0.25, 0.25), (1.25, 0.75), (2.5, 0.5), (3.75, 0.25)] {
            XCTAssertEqual(clock.localTime(atSceneTime: t) ?? .nan, expected, accuracy: 1e-12, "t = \(t)")
        }
        XCTAssertNil(clock.localTime(atSceneTime: 4.5))  // after, fillMode removed
        XCTAssertEqual(clock.sceneTime(reaching: 0.5, from: 0) ?? .nan, 0.5, accuracy: 1e-12)
        XCTAssertEqual(clock.sceneTime(reaching: 0.5, from: 0.6), 0.6)  // already past: now
        // From 1.2 (local 0.8, falling) the next rise to 0.9 is in the second cycle: 2.9.
        XCTAssertEqual(clock.sceneTime(reaching: 0.9, from: 1.2) ?? .nan, 2.9, accuracy: 1e-12)
        XCTAssertNil(clock.sceneTime(reaching: 1.5, from: 0))  // wraps at 1
        // Under a parent of speed 2 the same times come twice as early.
        let fast = LayerClock(steps: [.timing(MediaTiming(speed: 2)), .timing(m)])
        XCTAssertEqual(fast.sceneTime(reaching: 0.9, from: 0.6) ?? .nan, 1.45, accuracy: 1e-12)
    }

    /// CAReplicatorLayer's instanceDelay: instance i of a replicator's sublayers runs
    /// i × instanceDelay later, in the replicator's time (here speed 2: local 2 at scene 1).
    func testAReplicatorsInstancesRunLaterByTheirDelay() throws {
        var s = try Scene(layers: [
            Layer(name: "rep", kind: .replicator, values: ["instanceDelay": .scalar(0.125)]),
            Layer(name: "dot"),
        ])
        try s.addSublayer("dot", to: "rep")
        try s.setTiming(timing(speed: 2), ofLayer: "rep")
        let dot = s.index(ofLayer: "dot")!
        for (i, expected) in [(0, 2.0), (1, 1.875), (3, 1.625)] {
            XCTAssertEqual(
                s.localTime(ofLayer: dot, instances: [i], atSceneTime: 1), expected, "instance \(i)")
        }
        // The replicator itself is not delayed by its own instances.
        XCTAssertEqual(s.localTime(ofLayer: 0, instances: [3], atSceneTime: 1), 2)
        // The world draws each copy at its time: a 4 s fade 1 → 0 on the dot, copy 3 at local
        // 1.625 shows 1 − 1.625 / 4 = 0.59375 (a delay taken in scene time would give 0.6875).
        try s.modifyLayer(named: "rep") { try $0.setModelValue(.scalar(4), forKeyPath: "instanceCount") }
        try s.add(
            Fixture.basic("opacity", from: .scalar(1), to: .scalar(0), duration: 4), forKey: "fade",
            toLayer: "dot")
        let world = try s.world(at: 1)
        for (copy, expected) in [("dot[0]", 0.5), ("dot[3]", 0.59375)] {
            let value = world.layer(named: copy)?.value(forKeyPath: "opacity")
            XCTAssertEqual(Fixture.scalar(value) ?? .nan, expected, accuracy: 1e-12, copy)
        }
    }

    /// When a local time is first reached, checked against the clock itself on 200 random
    /// chains (one to three layers of random speed, 0 and negative included, beginTime,
    /// timeOffset, duration with repeats and autoreverse, fill): just after the time found the
    /// local time is x or more, and on a grid of earlier times from t0 it is below x; when
    /// nothing is found, the grid up to 40 s never reaches x. Seeded, so a failure reproduces;
    /// 4,500 chains under seeds 7, 28 and 99 passed. It found the search skipping every cycle
    /// of a layer running backwards with endless repeats, and instants where a child began
    /// exactly where its parent's time turned back.
    func testTheTimeFoundIsWhereTheClockFirstReachesIt() {
        var random = SplitMix64(seed: 28)
        let fills: [FillMode] = [.removed, .forwards, .backwards, .both]
        for case_ in 0..<200 {
            var steps: [LayerClock.Step] = []
            for _ in 0...random.below(3) {
                let speeds = [0, -1, 0.5, 1, 2, 3]
                var m = MediaTiming(
                    beginTime: (random.unit() * 4 - 1).rounded() / 2,
                    speed: speeds[random.below(speeds.count)],
                    timeOffset: (random.unit() * 4).rounded() / 4, fillMode: fills[random.below(4)])
                if random.below(2) == 0 {
                    m.duration = [0.75, 1, 1.5][random.below(3)]
                    m.repeatCount = [0, 2, 2.5, .infinity][random.below(4)]
                    m.autoreverses = random.below(2) == 0
                }
                steps.append(.timing(m))
            }
            let clock = LayerClock(steps: steps)
            let t0 = (random.unit() * 8).rounded() / 4
            let x = random.unit() * 3
            let found = clock.sceneTime(reaching: x, from: t0)
            // A grid from just after t0 (at a bend itself, the clock's own reading picks one side
            // of a jump, as MediaTiming's step 5 says; the search may pick the other), stopping
            // just before `found`. Bends fall on multiples of 1/8 here, the grid does not.
            let probe = 1e-7
            var t = t0 + probe
            while t < (found ?? 40) - probe {
                if let local = clock.localTime(atSceneTime: t) {
                    XCTAssertLessThan(local, x + 1e-9, "case \(case_): \(steps), x \(x), t0 \(t0), at \(t)")
                }
                t += 1.0 / 97
            }
            guard let found else { continue }
            // Just after `found` the local time is x or more (more where it jumps: at t0, where a
            // layer's time begins or wraps); slopes here are at most 27, so 27 × probe of margin.
            let local = clock.localTime(atSceneTime: found + probe)
            XCTAssertGreaterThanOrEqual(
                local ?? .nan, x - 27 * probe, "case \(case_): \(steps), x \(x), t0 \(t0)")
        }
    }
}
