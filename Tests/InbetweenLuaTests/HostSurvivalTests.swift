import CLuaSupport
import Foundation
import XCTest

@testable import InbetweenLua

/// Hostile scripts run in-process (Runtime used directly): each ends with its error, the
/// process survives, and the same runtime runs a normal script afterwards.
final class HostSurvivalTests: XCTestCase {
    static let limits = LuaLimits(instructions: 10_000_000, memory: 128 << 20, seconds: 5, frames: 100_000)

    private static func write(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ib-survive-\(UUID().uuidString).lua")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// Runs `text` in a budget and returns the error it ends with (nil when it succeeds).
    private static func run(_ runtime: Runtime, _ text: String) throws -> LuaError? {
        let path = try Self.write(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            try runtime.host.withBudget {
                runtime.host.stack.top = 0
                try runtime.host.run(file: path)
                try runtime.sampleScene { _ in }
            }
            return nil
        } catch let e as LuaError {
            return e
        }
    }

    func testRuntimeSurvivesHostileScriptsAndStaysUsable() throws {
        let runtime = try Runtime(memoryLimit: Self.limits.memory)
        runtime.host.limits = Self.limits
        // (script, expected limit or nil, text the message must contain)
        let cases: [(String, LuaLimit?, String)] = [
            (
                "local n = 0 while true do n = n + 1 end", .instructions,
                "instruction limit (10000000) exceeded"
            ),
            ("while true do pcall(function() while true do end end) end", .instructions, "instruction limit"),
            ("local s = string.rep('x', 1 << 30)", .memory, "memory limit (134217728 bytes) exceeded"),
            ("local t = {} for i = 1, math.huge do t[i] = {i} end", .memory, "memory limit"),
            ("local function f() return 1 + f() end f()", nil, "stack overflow"),
            ("error(setmetatable({}, {__tostring = function() error('nested') end}))", nil, "nested"),
            ("error({})", nil, "(error object is a table value)"),
            (
                "coroutine.wrap(function() local tf = timing.get(function(t) coroutine.yield() return t end) return tf(0.5) end)()",
                nil, "attempt to yield across a C-call boundary"
            ),
            ("local tf tf = timing.get(function(t) return tf(t) end) tf(0.5)", nil, "stack overflow"),
            (
                "local l = layer{name = 'a', opacity = 0}\nl:add(animation.basic{keyPath = 'opacity', from = 0, to = 1, duration = 100})\nscene{fps = 1e4, to = 100}",
                .frames, "frame limit (100000) exceeded"
            ),
        ]
        for (script, limit, text) in cases {
            let error = try Self.run(runtime, script)
            XCTAssertNotNil(error, script)
            XCTAssertEqual(error?.limit, limit, script)
            XCTAssertTrue(error?.message.contains(text) ?? false, "\(script): \(error?.message ?? "")")
            // Usable afterwards: a normal script runs in a new budget, memory is reclaimed.
            XCTAssertNil(
                try Self.run(
                    runtime,
                    "local p = point(1, 2)\nassert(p.x + p.y == 3)\ncollectgarbage()\nscene{fps = 60, to = 0}"
                ), script)
            XCTAssertLessThan(runtime.host.memoryUsed, 16 << 20, script)
        }
    }

    /// The three demonstrations the issue asks for: each stops at its limit within seconds.
    func testBombsStopWithinTheLimitAndWithinSeconds() throws {
        let cases: [(String, LuaLimit)] = [
            ("local s = string.rep('x', 1 << 30)", .memory),
            ("local t = {} for i = 1, math.huge do t[i] = i end", .memory),
            ("while true do end", .instructions),
        ]
        for (script, limit) in cases {
            let runtime = try Runtime(memoryLimit: Self.limits.memory)
            runtime.host.limits = Self.limits
            let started = Date()
            let error = try Self.run(runtime, script)
            let seconds = Date().timeIntervalSince(started)
            XCTAssertEqual(error?.limit, limit, script)
            XCTAssertLessThan(seconds, 3, script)
            // Within the limit: Lua never held more than the cap.
            XCTAssertLessThanOrEqual(runtime.host.memoryUsed, Self.limits.memory, script)
            if limit == .instructions {
                // The count is a lower bound: the limit fires only once that many really ran.
                XCTAssertGreaterThanOrEqual(runtime.host.instructionsCounted, Self.limits.instructions)
            }
        }
    }

    func testTimeLimitStopsALoopThatSwallowsErrors() throws {
        let runtime = try Runtime()
        runtime.host.limits = LuaLimits(seconds: 0.5)
        let started = Date()
        let error = try Self.run(runtime, "while true do pcall(function() while true do end end) end")
        XCTAssertEqual(error?.limit, .time)
        XCTAssertEqual(error?.message, "time limit (0.5 s) exceeded")
        XCTAssertEqual(error?.line, 1)
        XCTAssertLessThan(Date().timeIntervalSince(started), 2.5)
    }

    /// A limit reaches a loop inside a coroutine resumed before the hook was armed.
    func testLimitReachesRunningCoroutine() throws {
        let runtime = try Runtime()
        runtime.host.limits = LuaLimits(seconds: 0.3)
        let error = try Self.run(
            runtime,
            "local co = coroutine.create(function() while true do end end)\ncoroutine.resume(co)\nerror('resume returned')"
        )
        XCTAssertEqual(error?.limit, .time)
    }

    /// Bindings called inside a coroutine read that coroutine's stack.
    func testBindingsInsideCoroutinesSeeTheirArguments() throws {
        let runtime = try Runtime()
        XCTAssertNil(
            try Self.run(
                runtime,
                """
                local a = coroutine.wrap(function(k)
                  coroutine.yield(animation.basic{keyPath = k, from = 0, to = 1, duration = 2})
                end)("opacity")
                assert(a:duration() == 2, tostring(a:duration()))
                """))
    }

    /// Lua needs >= 256 KiB of C stack on every thread that runs it. Dispatch's worker
    /// threads are measured here, and the worst nesting through the host (Lua -> Swift -> Lua
    /// up to Lua's C-call limit) runs on a thread of exactly 512 KiB without crashing.
    func testThreadStacksAreLargeEnough() throws {
        let measured = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var dispatchStack = 0
        DispatchQueue.global().async {
            dispatchStack = ib_threadstacksize()
            measured.signal()
        }
        measured.wait()
        print("Dispatch worker thread stack: \(dispatchStack / 1024) KiB")
        XCTAssertGreaterThanOrEqual(dispatchStack, LuaHost.minimumStackSize)

        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var messages: [String] = []
        let thread = Thread {
            defer { done.signal() }
            guard let runtime = try? Runtime() else { return }
            for script in [
                "local tf tf = timing.get(function(t) return tf(t) end) tf(0.5)",
                "local function nest() return coroutine.wrap(nest)() end nest()",
                "local function f() return 1 + f() end f()",
                "local t = setmetatable({}, {__index = function(t, k) return t[k .. 'x'] end}) return t.a",
            ] {
                messages.append((try? HostSurvivalTests.run(runtime, script))??.message ?? "no error")
            }
        }
        thread.stackSize = 512 * 1024
        thread.start()
        done.wait()
        XCTAssertEqual(messages.count, 4)
        for m in messages {
            XCTAssertTrue(
                m.contains("stack overflow") || m.contains("memory limit") || m.contains("C stack"), m)
        }
    }

    func testBudgetRefusesThreadsWithTooLittleStack() throws {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var refused: LuaError?
        let thread = Thread {
            defer { done.signal() }
            guard let host = try? LuaHost() else { return }
            do { try host.beginBudget() } catch let e as LuaError { refused = e } catch {}
        }
        thread.stackSize = 128 * 1024
        thread.start()
        done.wait()
        XCTAssertEqual(refused?.message, "this thread has 128 KiB of stack; Lua needs at least 256 KiB")
    }

    /// A time limit that fires while the host works outside Lua names that work, not the
    /// script (no position, since no Lua ran); one that fires in Lua names the script's line
    /// and not the host's work; with no work named, the text is the limit alone.
    func testTimeLimitOutsideLuaNamesTheHostsWork() throws {
        let runtime = try Runtime(memoryLimit: Self.limits.memory)
        let cases: [(activity: String?, script: String?, expected: String)] = [
            ("writing the css output", nil, "time limit (0.2 s) exceeded while writing the css output"),
            (nil, nil, "time limit (0.2 s) exceeded"),
            ("drawing frames", "while true do end", "time limit (0.2 s) exceeded"),
        ]
        for c in cases {
            runtime.host.limits = LuaLimits(instructions: 0, memory: Self.limits.memory, seconds: 0.2)
            runtime.host.setActivity(c.activity)
            defer { runtime.host.setActivity(nil) }
            let error: LuaError?
            if let script = c.script {
                error = try Self.run(runtime, script)
            } else {
                error = try runtime.host.withBudget {
                    // The host's own work: no Lua runs, so only a check between steps sees it.
                    let end = Date().addingTimeInterval(10)
                    while runtime.host.stopError == nil && Date() < end { usleep(10_000) }
                    return runtime.host.stopError
                }
            }
            XCTAssertEqual(error?.message, c.expected, c.activity ?? "none")
            XCTAssertEqual(error?.line == nil, c.script == nil, c.activity ?? "none")
        }
    }
}
