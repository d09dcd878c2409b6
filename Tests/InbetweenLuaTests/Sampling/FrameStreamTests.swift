import Foundation
import InbetweenEngine
import XCTest

@testable import InbetweenLua

/// The frame stream: callbacks change the one scene it samples, errors stop it before the
/// frame they belong to, events at equal times come in the order they were scheduled.
final class FrameStreamTests: XCTestCase {
    private func runtime(_ script: String) throws -> Runtime {
        let runtime = try Runtime()
        try runtime.host.load(string: script, chunkName: "=scene")
        _ = try runtime.host.call(arguments: 0, results: 0)
        return runtime
    }

    /// One layer whose opacity goes 0 -> 1 over 1 s with `easing` (Lua source), at 10 fps.
    private func opacityRuntime(easing: String) throws -> Runtime {
        try runtime(
            """
            local l = layer{name = "l"}
            l:add(animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, duration = 1,
              timingFunction = \(easing)})
            scene{fps = 10}
            """)
    }

    /// The Lua global `name`, read as an array of strings.
    private func strings(_ runtime: Runtime, _ name: String) throws -> [String] {
        try runtime.host.load(string: "return table.concat(\(name), ' ')", chunkName: "=read")
        _ = try runtime.host.call(arguments: 0, results: 1)
        defer { runtime.host.stack.pop() }
        return (runtime.host.stack.string(at: -1) ?? "").split(separator: " ").map(String.init)
    }

    /// A second `scene{...}` (here the one that starts a timeline) keeps the settings it leaves
    /// out: the fps of the first call holds, so 1 s at 4 fps is frames 0, 0.25, ... 1 (at the
    /// default 60 fps there would be 61).
    func testASecondSceneCallKeepsTheSettingsItLeavesOut() throws {
        let r = try runtime(
            """
            scene{fps = 4, size = size(100, 50)}
            local l = layer{name = "l"}
            local tl = timeline{}
            tl:add(l, animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, duration = 1})
            scene{timeline = tl}
            """)
        XCTAssertEqual(r.settings.fps, 4)
        XCTAssertEqual(r.settings.size, Size(width: 100, height: 50))
        let stream = try r.frames()
        var times: [Double] = []
        while let frame = try stream.next() { times.append(frame.time) }
        XCTAssertEqual(times, [0, 0.25, 0.5, 0.75, 1])  // k/4, exact
    }

    /// A stop handler at t = 0.5 adds a layer and an animation on it: at 10 fps the new
    /// track is in frame 5 (t = 0.5, the handler runs before the frame is sampled) and in no
    /// earlier frame, and its first value is its fromValue.
    func testCallbackAddsLayersAndAnimationsFromTheRightFrame() throws {
        let r = try runtime(
            """
            local a = layer{name = "a"}
            a:add(animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, duration = 0.5,
              onStop = function()
                local b = layer{name = "b"}
                b:add(animation.basic{keyPath = "position", fromValue = point(1, 2), toValue = point(3, 4), duration = 0.5})
              end})
            scene{fps = 10}
            """)
        let stream = try r.frames()
        var trackCounts: [Int] = []
        var first: Value?
        while let frame = try stream.next() {
            trackCounts.append(frame.tracks.count)
            if frame.tracks.count == 2, first == nil { first = frame.values[1] }
        }
        // 0.5 + 0.5 = 1.0 s: frames 0 ... 10.
        XCTAssertEqual(trackCounts, [1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2])
        XCTAssertEqual(first, .point(Point(x: 1, y: 2)))  // exact: progress 0
        XCTAssertEqual(stream.summary.tracks.map(\.description), ["a.opacity", "b.position"])
        XCTAssertNil(try stream.next())
    }

    /// An easing that fails at progress > 0.5 stops the run before the frame that called it:
    /// at 10 fps over 1 s frames 0 ... 5 (progress <= 0.5) come out, frame 6 never does.
    func testLuaEasingErrorStopsBeforeItsFrame() throws {
        let r = try opacityRuntime(easing: #"function(t) if t > 0.5 then error("too far") end return t end"#)
        let stream = try r.frames()
        var times: [Double] = []
        XCTAssertThrowsError(try { while let frame = try stream.next() { times.append(frame.time) } }()) {
            error in
            XCTAssertTrue((error as? LuaError)?.message.contains("too far") ?? false, "\(error)")
        }
        XCTAssertEqual(times, [0, 0.1, 0.2, 0.3, 0.4, 0.5])  // i/10, exact as computed
        XCTAssertNil(try stream.next(), "nothing after an error")
    }

    /// Frames are computed a few at a time, track by track (`FrameStream.framesAhead(tracks:)`): two
    /// easings failing in one such run still stop the stream at the first frame that failed,
    /// with that frame's error. At 10 fps, the basic animation (computed first, `TrackPlan.Kind`)
    /// fails from frame 6 (progress 0.6 > 0.5), the keyframe one from frame 4 (0.4 > 0.35):
    /// frames 0 ... 3 come out, then the keyframe easing's error.
    func testFirstFailingFrameWinsWhenFramesAreComputedTogether() throws {
        let r = try runtime(
            """
            local l = layer{name = "l"}
            l:add(animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, duration = 1,
              timingFunction = function(t) if t > 0.5 then error("basic too far") end return t end})
            l:add(animation.keyframe{keyPath = "zPosition", values = {0, 1}, duration = 1,
              timingFunctions = {function(t) if t > 0.35 then error("keyframe too far") end return t end}})
            scene{fps = 10}
            """)
        let stream = try r.frames()
        XCTAssertGreaterThan(
            FrameStream.framesAhead(tracks: 2), 6, "both failures must fall in the first run of frames")
        var times: [Double] = []
        XCTAssertThrowsError(try { while let frame = try stream.next() { times.append(frame.time) } }()) {
            error in
            XCTAssertTrue((error as? LuaError)?.message.contains("keyframe too far") ?? false, "\(error)")
        }
        XCTAssertEqual(times, [0, 0.1, 0.2, 0.3])  // i/10, exact as computed
        XCTAssertNil(try stream.next(), "nothing after an error")
    }

    /// A basic animation's Lua easing is called for a whole run of frames in one protected
    /// call (`TrackPlan.ManyFrames`): still once per frame it is in effect at, in frame order,
    /// with the fraction that frame has, and its result makes the frame's value. At 8 fps the
    /// animation (begin 0.25 s, 1 s long, removed at its end) is in effect at frames 2 ... 9
    /// (t = 0.25 ... 1.125; fractions (t - 0.25) / 1 = 0, 1/8, ... 7/8, exact in binary);
    /// the other frames show the model value 5.
    func testLuaEasingRunsOncePerFrameInOrderOverARunOfFrames() throws {
        let r = try runtime(
            """
            calls = {}
            local l = layer{name = "l", opacity = 5}
            l:add(animation.basic{keyPath = "opacity", fromValue = 0, toValue = 10, beginTime = 0.25, duration = 1,
              timingFunction = function(t) calls[#calls + 1] = string.format("%d", t * 8) return t * t end})
            scene{fps = 8, to = 1.5}
            """)
        let stream = try r.frames()
        var values: [Double] = []
        while let frame = try stream.next() {
            guard case .scalar(let v) = frame.values[0] else { return XCTFail("\(frame.values)") }
            values.append(v)
        }
        XCTAssertEqual(try strings(r, "calls"), (0..<8).map { String($0) })  // fraction * 8
        // 0 + (10 - 0) * p, p = (k/8)^2: every operand a short binary fraction, so exact.
        let eased = (0..<8).map { 10 * (Double($0) / 8) * (Double($0) / 8) }
        XCTAssertEqual(values, [5, 5] + eased + [5, 5, 5])
    }

    /// A result that is not a finite number, in the middle of a run of frames computed in one
    /// call, names the fraction it was computed for (that run's input at the failing frame)
    /// and stops the stream there: at 10 fps, frames 0 ... 5 come out; t = 0.6 fails.
    func testNonFiniteEasingResultInARunNamesItsFraction() throws {
        let r = try opacityRuntime(easing: #"function(t) if t > 0.55 then return 1 / 0 end return t end"#)
        let stream = try r.frames()
        var times: [Double] = []
        XCTAssertThrowsError(try { while let frame = try stream.next() { times.append(frame.time) } }()) {
            error in
            let message = (error as? LuaError)?.message ?? "\(error)"
            XCTAssertTrue(message.contains("must return a finite number, got inf (at t = 0.6)"), message)
        }
        XCTAssertEqual(times, [0, 0.1, 0.2, 0.3, 0.4, 0.5])  // i/10, exact as computed
    }

    /// An easing's error from a run of frames computed in one call has the traceback a single
    /// call gives: it ends at the easing, with no frame of the C loop that made the calls
    /// below it.
    func testEasingErrorTracebackEndsAtTheEasing() throws {
        let r = try opacityRuntime(easing: #"function(t) if t > 0.25 then error("late") end return t end"#)
        let stream = try r.frames()
        XCTAssertThrowsError(try { while try stream.next() != nil {} }()) { error in
            let traceback = (error as? LuaError)?.traceback ?? ""
            XCTAssertTrue(traceback.contains("scene:3: in function <scene:3>"), traceback)
            XCTAssertFalse(traceback.hasSuffix("[C]: in ?"), traceback)
        }
    }

    /// A limit that fires inside a run of frames computed in one call stops the stream at the
    /// frame whose easing call it fired in, also when the easing's own `pcall` catches the
    /// limit's error (once a limit fired, every further instruction raises it again, so the
    /// easing fails as soon as it goes on). At 10 fps the loop starts at progress 0.6: frames
    /// 0 ... 5 come out, then the limit's error. (10^6 instructions: far more than frames
    /// 0 ... 5 take, far fewer than the loop, which never ends.)
    func testLimitInsideARunStopsAtItsFrameEvenWhenCaught() throws {
        for body in ["while true do end", "pcall(function() while true do end end)"] {
            let r = try opacityRuntime(easing: "function(t) if t > 0.55 then \(body) end return t end")
            r.host.limits = LuaLimits(instructions: 1_000_000)
            var times: [Double] = []
            XCTAssertThrowsError(
                try r.host.withBudget {
                    let stream = try r.frames()
                    while let frame = try stream.next() { times.append(frame.time) }
                }, body
            ) { error in
                XCTAssertEqual((error as? LuaError)?.limit, .instructions, "\(body): \(error)")
            }
            XCTAssertEqual(times, [0, 0.1, 0.2, 0.3, 0.4, 0.5], body)  // i/10, exact as computed
        }
    }

    /// Two layers' animations stop at the same time; the one added first (to the layer made
    /// second) stops first: equal times keep the order the events were scheduled in.
    func testEqualTimeEventsFireInSchedulingOrder() throws {
        let r = try runtime(
            """
            order = {}
            local a = layer{name = "a"}
            local b = layer{name = "b"}
            local function note(name) return function() order[#order + 1] = name end end
            b:add(animation.basic{keyPath = "opacity", toValue = 0, duration = 1, onStart = note("b1+"), onStop = note("b1-")})
            a:add(animation.basic{keyPath = "opacity", toValue = 0, duration = 1, onStart = note("a1+"), onStop = note("a1-")})
            b:add(animation.basic{keyPath = "zPosition", toValue = 1, duration = 1, onStart = note("b2+"), onStop = note("b2-")})
            scene{fps = 4}
            """)
        try r.sampleScene { _ in }
        XCTAssertEqual(try strings(r, "order"), ["b1+", "a1+", "b2+", "b1-", "a1-", "b2-"])
    }

    /// Values that overflow stop the stream at the first frame holding one, naming the
    /// layer, the key path and the time.
    func testNonFiniteValuesEndTheRun() throws {
        let r = try runtime(
            """
            local l = layer{name = "L"}
            l:add(animation.basic{keyPath = "position", fromValue = point(0, 0), toValue = point(1, 1e308), duration = 1,
              timingFunction = function(t) return t < 0.5 and t or 1e10 end})
            scene{fps = 10}
            """)
        r.scriptName = "x.lua"
        let stream = try r.frames()
        var frames = 0
        XCTAssertThrowsError(try { while try stream.next() != nil { frames += 1 } }()) { error in
            // Progress 1e10 from frame 5 (t = 0.5): y = 1e308 · 1e10 overflows to +inf.
            XCTAssertEqual(
                (error as? LuaError)?.message, "x.lua: layer 'L' position.y is infinite at t = 0.5 s")
        }
        XCTAssertEqual(frames, 5)
    }

    /// A 100 s scene is sampled to 100 s; a fixed end is known before the run.
    func testFiniteSceneRunsToItsEndAndTotalIsKnownForFixedEnds() throws {
        let r = try runtime(
            """
            local l = layer{name = "l"}
            l:add(animation.basic{keyPath = "opacity", toValue = 0, duration = 100})
            scene{fps = 2}
            """)
        let stream = try r.frames()
        XCTAssertNil(stream.total)
        while try stream.next() != nil {}
        XCTAssertEqual(stream.summary.endTime, 100)  // 200/2, exact
        XCTAssertEqual(stream.summary.frameCount, 201)
        XCTAssertEqual(try r.frames(SamplingRequest(fps: 10, to: 2)).total, 21)
    }
}
