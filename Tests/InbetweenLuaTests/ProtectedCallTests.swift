import CLua
import CLuaSupport
import Foundation
import XCTest

@testable import InbetweenLua

/// The host's error paths: Lua errors never jump through Swift frames, and they reach Swift as
/// `LuaError` values with their position.
final class ProtectedCallTests: XCTestCase {
    /// Resident set size in bytes, from /proc/self/statm (pages).
    private func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        return (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    private func square(_ host: LuaHost) {
        host.register(
            library: "geo",
            [
                (
                    "square",
                    { s in
                        let x = try s.checkNumber(1)
                        s.push(x * x)
                        return 1
                    }
                )
            ])
    }

    func testArgumentErrorUsesLuasWording() throws {
        let host = try LuaHost()
        square(host)
        try host.load(string: "local ok, e = pcall(geo.square, 'x')\nreturn e", chunkName: "=check")
        try host.call()
        // luaL_typeerror's form; with no call-site name (called by pcall), Lua finds the
        // function in package.loaded and names it 'geo.square'.
        XCTAssertEqual(
            host.stack.string(at: -1), "bad argument #1 to 'geo.square' (number expected, got string)")
    }

    func testArgumentErrorNamesScriptAndLine() throws {
        let host = try LuaHost()
        square(host)
        try host.load(string: "local a = 1\nreturn geo.square({})", chunkName: "@script.lua")
        XCTAssertThrowsError(try host.call()) { error in
            let e = error as! LuaError
            XCTAssertEqual(e.chunk, "script.lua")
            XCTAssertEqual(e.line, 2)
            // Called as a field, Lua names it by the field: 'square'.
            XCTAssertEqual(e.message, "bad argument #1 to 'square' (number expected, got table)")
            XCTAssertNotNil(e.traceback)
        }
    }

    /// A million failing calls under pcall: each raises from the C trampoline after the Swift
    /// frame has returned, so nothing leaks. Bound: RSS grows by less than 16 MiB (a leak of
    /// even 16 bytes a call would be 16 MB) and Lua's own heap returns to its start size +-64 KiB.
    func testMillionBadArgumentCallsDoNotLeak() throws {
        let host = try LuaHost()
        square(host)
        try host.load(
            string: """
                local f, n = geo.square, 0
                for i = 1, 1000000 do
                  local ok, e = pcall(f, 'bad')
                  if not ok then n = n + 1 end
                end
                collectgarbage()
                return n
                """, chunkName: "=loop")
        let luaBefore = host.memoryUsed
        let rssBefore = residentBytes()
        try host.call()
        XCTAssertEqual(host.stack.integer(at: -1), 1_000_000)
        host.stack.pop()
        XCTAssertLessThan(abs(host.memoryUsed - luaBefore), 64 * 1024)
        XCTAssertLessThan(residentBytes() - rssBefore, 16 * 1024 * 1024)
    }

    /// Lua -> Swift -> Lua -> error: the error keeps the position of the raising line.
    func testErrorInCallbackCalledFromSwiftKeepsItsPosition() throws {
        let host = try LuaHost()
        host.register(
            library: "host",
            [
                (
                    "apply",
                    { [unowned host] s in
                        // Calls the Lua function given as argument 1 with 0.5, protected.
                        try s.checkFunction(1)
                        s.pushValue(1)
                        s.push(0.5)
                        do {
                            try host.callNested(arguments: 1, results: 1)
                        } catch {
                            throw error
                        }
                        return 1
                    }
                )
            ])
        try host.load(
            string: """
                local function easing(t)
                  local y = t * 2
                  error("easing failed at " .. y)
                end
                return host.apply(easing)
                """, chunkName: "@chain.lua")
        XCTAssertThrowsError(try host.call()) { error in
            let e = error as! LuaError
            XCTAssertEqual(e.chunk, "chain.lua")
            XCTAssertEqual(e.line, 3)
            XCTAssertEqual(e.message, "easing failed at 1.0")
        }
    }

    /// A Swift function that allocates past the memory limit: the trampoline raises "not enough
    /// memory" after Swift returned, so the Swift object's deinit has run.
    func testMemoryErrorFromSwiftFunctionRunsDeinit() throws {
        final class Tracker {
            nonisolated(unsafe) static var released = 0
            let payload = [UInt8](repeating: 1, count: 1 << 20)
            deinit { Tracker.released += 1 }
        }
        let host = try LuaHost()
        host.register(
            library: "big",
            [
                (
                    "make",
                    { s in
                        let t = Tracker()
                        s.push(String(repeating: "x", count: 4 << 20) + "\(t.payload.count)")
                        return 1
                    }
                )
            ])
        host.memoryLimit = host.memoryUsed + (1 << 20)
        try host.load(string: "return big.make()", chunkName: "=mem")
        XCTAssertThrowsError(try host.call()) { error in
            let e = error as! LuaError
            XCTAssertEqual(e.message, "not enough memory")
        }
        XCTAssertEqual(Tracker.released, 1)
        host.memoryLimit = 0
        // The state is still usable.
        try host.load(string: "return 40 + 2", chunkName: "=after")
        try host.call()
        XCTAssertEqual(host.stack.integer(at: -1), 42)
    }

    func testSyntaxErrorIsTypedWithPosition() throws {
        let host = try LuaHost()
        XCTAssertThrowsError(try host.load(string: "local x = \n = 2", chunkName: "@bad.lua")) { error in
            let e = error as! LuaError
            XCTAssertEqual(e.kind, .syntax)
            XCTAssertEqual(e.chunk, "bad.lua")
            XCTAssertEqual(e.line, 2)
        }
    }

    func testBinaryChunksAreRefused() throws {
        let host = try LuaHost()
        try host.load(string: "return string.dump(function() return 1 end)", chunkName: "=dump")
        try host.call()
        let bytes = Data(host.stack.string(at: -1)!.utf8)
        XCTAssertThrowsError(try host.load(text: bytes, chunkName: "=binary")) { error in
            XCTAssertTrue((error as! LuaError).message.contains("attempt to load a binary chunk"))
        }
    }

    func testNonStringErrorValuesAreDescribed() throws {
        let host = try LuaHost()
        try host.load(
            string: "error(setmetatable({}, {__tostring = function() return 'custom' end}))",
            chunkName: "=t")
        XCTAssertThrowsError(try host.call()) { XCTAssertEqual(($0 as! LuaError).message, "custom") }
        try host.load(string: "error({})", chunkName: "=t")
        XCTAssertThrowsError(try host.call()) {
            XCTAssertEqual(($0 as! LuaError).message, "(error object is a table value)")
        }
    }

    func testPositionSplitting() {
        let cases: [(String, String?, Int?, String)] = [
            ("a.lua:3: boom", "a.lua", 3, "boom"),
            ("dir/b c.lua:120: x: y", "dir/b c.lua", 120, "x: y"),
            ("no position here", nil, nil, "no position here"),
            ("[string \"x\"]:1: bad", "[string \"x\"]", 1, "bad"),
        ]
        for (text, chunk, line, message) in cases {
            let e = LuaError(kind: .runtime, luaMessage: text)
            XCTAssertEqual(e.chunk, chunk, text)
            XCTAssertEqual(e.line, line, text)
            XCTAssertEqual(e.message, message, text)
        }
    }
}
