import CLua
import Foundation
import XCTest

@testable import InbetweenLua

/// docs/inbetween.meta.lua (LuaLS definitions) declares every function the host binds: the
/// test walks the live runtime, so a new binding without a definition fails here.
final class MetaDefinitionsTests: XCTestCase {
    // Run trusted: the host's metatables are protected (__metatable), so the walk reaches them
    // through the debug library.
    static let collect = """
        local getmetatable = debug.getmetatable
        local standard = {assert = 1, error = 1, ipairs = 1, next = 1, pairs = 1, pcall = 1, print = 1,
          rawequal = 1, rawget = 1, rawlen = 1, rawset = 1, select = 1, setmetatable = 1, getmetatable = 1,
          tonumber = 1, tostring = 1, type = 1, xpcall = 1, load = 1, require = 1, collectgarbage = 1,
          warn = 1, dofile = 1, loadfile = 1, string = 1, table = 1, math = 1, utf8 = 1, coroutine = 1,
          os = 1, io = 1, debug = 1, package = 1, _G = 1, _VERSION = 1}
        local names = {}
        local function add(s) names[#names + 1] = s end
        local function methods(t, class)
          for k, v in pairs(t) do
            if type(v) == "function" and not k:match("^_") then add("function " .. class .. ":" .. k .. "(") end
          end
        end
        for k, v in pairs(_G) do
          if not standard[k] then
            if type(v) == "function" or (type(v) == "table" and getmetatable(v) and getmetatable(v).__call) then
              add("function " .. k .. "(")
            end
            if type(v) == "table" then
              for f, fn in pairs(v) do
                if type(fn) == "function" and not f:match("^_") then add("function " .. k .. "." .. f .. "(") end
              end
            end
          end
        end
        methods(getmetatable(point(0, 0)).__index, "Point")
        methods(getmetatable(size(0, 0)).__index, "Size")
        methods(getmetatable(rect(0, 0, 0, 0)).__index, "Rect")
        methods(getmetatable(color(0, 0, 0)).__index, "Color")
        methods(getmetatable(transform.identity()).__index, "Transform")
        methods(getmetatable(path()).__index, "Path")
        methods(getmetatable(timing.easeIn).__index, "Timing")
        methods(getmetatable(animation.basic{keyPath = "opacity"}).__index, "Animation")
        return names
        """

    func testEveryBoundFunctionIsDeclared() throws {
        let metaURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/inbetween.meta.lua")
        let meta = try String(contentsOf: metaURL, encoding: .utf8)
        let runtime = try Runtime(trusted: true)
        let s = runtime.host.stack
        try runtime.host.load(string: Self.collect, chunkName: "=collect")
        try runtime.host.call(arguments: 0, results: 1)
        var required: [String] = []
        for i in 1...s.rawLength(-1) {
            s.rawIndex(-1, Int64(i))
            required.append(s.string(at: -1)!)
            s.pop()
        }
        s.pop()
        // Layer methods sit behind a function __index; the binding keeps them in the registry.
        s.push("inbetween.layermethods")
        lua_rawget(runtime.host.L, clua_registryindex())
        s.forEachPair(-1) { required.append("function Layer:\(s.string(at: -2)!)(") }
        s.pop()
        s.push("inbetween.timelinemethods")
        lua_rawget(runtime.host.L, clua_registryindex())
        s.forEachPair(-1) { required.append("function Timeline:\(s.string(at: -2)!)(") }
        s.pop()
        XCTAssertGreaterThan(required.count, 60, "the walk found too little to be checking anything")
        for name in required.sorted() {
            XCTAssertTrue(meta.contains(name), "docs/inbetween.meta.lua lacks \(name)")
        }
    }
}
