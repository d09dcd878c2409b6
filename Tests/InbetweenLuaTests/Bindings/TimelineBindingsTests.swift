import Foundation
import InbetweenEngine
import XCTest

@testable import InbetweenLua

/// A timeline entering the scene through `scene{ timeline = tl }`: its calls and its
/// animations' callbacks run at the scene times its schedule gives, whether it starts at the
/// top of the script or inside a callback.
final class TimelineBindingsTests: XCTestCase {
    /// Runs `script`, samples it at 60 fps to its natural end, and returns the global `log`.
    private func log(of script: String) throws -> (log: String, frames: Int, end: Double) {
        let runtime = try Runtime()
        try runtime.host.load(string: script, chunkName: "=script")
        try runtime.host.call(arguments: 0, results: 0)
        let summary = try runtime.sampleScene { _ in }
        runtime.host.getGlobal("log")
        defer { runtime.host.stack.pop() }
        return (runtime.host.stack.string(at: -1) ?? "", summary.frameCount, summary.endTime)
    }

    func testCallsRunAtTheirTimesInEveryIteration() throws {
        // A 0.5 s fade and a call at 0.25, repeated once with a 0.25 s delay, yoyo: the
        // iterations start at 0 and 0.75; the call runs at 0.25 and, backwards, at
        // 0.75 + (0.5 - 0.25) = 1.0 (Timeline.render: yoyo time = dur - time). The run ends
        // with the timeline's total duration, 0.5 · 2 + 0.25 = 1.25.
        let r = try log(
            of: """
                log = ""
                local l = layer{name = "l"}
                local tl = timeline{repeatCount = 1, repeatDelay = 0.25, autoreverses = true}
                tl:add(l, animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, duration = 0.5})
                tl:call(function() log = log .. string.format("call@%.4f ", now()) end, 0.25)
                scene{timeline = tl}
                """)
        XCTAssertEqual(r.log, "call@0.2500 call@1.0000 ")
        XCTAssertEqual(r.end, 1.25, accuracy: 1e-12)
    }

    func testAnimationCallbacksRunForEachCopy() throws {
        // Two iterations, each adding its own copy of the fade: onStart at 0 and 0.5, onStop
        // (finished) at 0.5 and 1.
        let r = try log(
            of: """
                log = ""
                local l = layer{name = "l"}
                local fade = animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, duration = 0.5,
                  onStart = function() log = log .. string.format("start@%.2f ", now()) end,
                  onStop = function(finished) log = log .. string.format("stop@%.2f:%s ", now(), tostring(finished)) end}
                scene{timeline = timeline{repeatCount = 1}:add(l, fade)}
                """)
        XCTAssertEqual(r.log, "start@0.00 stop@0.50:true start@0.50 stop@1.00:true ")
    }

    func testATimelineStartedInACallbackStartsThen() throws {
        // Started from an onStop at 0.5: its call at "+=0.25" (0.25 into it) runs at 0.75,
        // and the natural end reaches its end, 0.5 + 0.5.
        let r = try log(
            of: """
                log = ""
                local l = layer{name = "l"}
                local later = timeline()
                later:add(l, animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, duration = 0.25})
                later:call(function() log = log .. string.format("call@%.2f ", now()) end)
                later:add(l, animation.basic{keyPath = "opacity", fromValue = 1, toValue = 0, duration = 0.25})
                l:add(animation.basic{keyPath = "opacity", fromValue = 1, toValue = 1, duration = 0.5,
                  onStop = function() scene{timeline = later} end})
                """)
        XCTAssertEqual(r.log, "call@0.75 ")
        XCTAssertEqual(r.end, 1, accuracy: 1e-12)
    }

    func testACallAfterEveryAnimationStillRuns() throws {
        // Nothing animates after 0.25, but the call at 2 is a pending cue: the natural end
        // reaches it (frame 120 at 60 fps).
        let r = try log(
            of: """
                log = ""
                local l = layer{name = "l"}
                local tl = timeline():add(l, animation.basic{keyPath = "opacity", toValue = 0, duration = 0.25})
                tl:call(function() log = log .. "late " end, 2)
                scene{timeline = tl}
                """)
        XCTAssertEqual(r.log, "late ")
        XCTAssertEqual(r.frames, 121)
    }

    func testTheKeyOptionNamesTheAnimationOnItsLayer() throws {
        // options.key is the key of layer:add: at 0.5 the 1 s fade is on the layer as "fade",
        // and a second add under the same key at 0.75 replaces it (its stop is unfinished).
        let r = try log(
            of: """
                log = ""
                local l = layer{name = "l"}
                local function fade(d, name)
                  return animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, duration = d,
                    onStop = function(finished) log = log .. string.format("%s:%s@%.2f ", name, tostring(finished), now()) end}
                end
                local tl = timeline():add(l, fade(1, "first"), 0, {key = "fade"})
                tl:call(function() log = log .. table.concat(l:animationKeys(), ",") .. " " end, 0.5)
                tl:add(l, fade(0.5, "second"), 0.75, {key = "fade"})
                scene{timeline = tl}
                """)
        XCTAssertEqual(r.log, "fade first:false@0.75 second:true@1.25 ")
    }

    func testBeginFromCurrentStateTakesThePresentationWhenItsSlotBegins() throws {
        // A linear fade 1 → 0 over [0, 1]; at 0.5 (opacity 0.5) a 0.5 s animation to 1 with
        // beginFromCurrentState starts from 0.5, so at 0.75 it shows 0.5 + 0.5 · 0.5 = 0.75
        // (without it, the toValue-only animation would start from the fade below it each
        // frame: 0.25 + 0.75 · 0.5 = 0.625).
        let r = try log(
            of: """
                log = ""
                local l = layer{name = "l"}
                local tl = timeline()
                tl:add(l, animation.basic{keyPath = "opacity", fromValue = 1, toValue = 0, duration = 1})
                tl:add(l, animation.basic{keyPath = "opacity", toValue = 1, duration = 0.5, beginFromCurrentState = true}, 0.5)
                tl:call(function() log = string.format("%.6f", l:presentation("opacity")) end, 0.75)
                scene{timeline = tl}
                """)
        XCTAssertEqual(r.log, "0.750000")
    }

    func testAnAnimationGivenToATimelineCountsAsAdded() throws {
        // Only the animation that went nowhere is reported (line 3 of the script).
        let runtime = try Runtime()
        try runtime.host.load(
            string: """
                local l = layer{name = "l"}
                local tl = timeline():add(l, animation.basic{keyPath = "opacity", toValue = 0})
                local lost = animation.basic{keyPath = "opacity", toValue = 1}
                scene{timeline = tl}
                """, chunkName: "=script")
        try runtime.host.call(arguments: 0, results: 0)
        XCTAssertEqual(runtime.animationsNotAdded, ["script:3:"])
    }
}
