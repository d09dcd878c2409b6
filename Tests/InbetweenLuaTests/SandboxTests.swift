import CLua
import CLuaSupport
import XCTest

@testable import InbetweenLua

/// What a sandboxed script can reach: nothing of io, os (but clock/time/date/difftime),
/// debug or package, by any path through globals, tables, keys and metatables.
final class SandboxTests: XCTestCase {
    /// Every value the standard libraries hold that a sandboxed script must not reach, taken
    /// from package.loaded (which the host can see and the script cannot), named.
    private func pushForbidden(_ host: LuaHost) {
        let s = host.stack
        s.newTable()
        let forbidden = s.top
        s.push(LUA_LOADED_TABLE)
        lua_rawget(host.L, clua_registryindex())
        let loaded = s.top
        let allowedOS: Set<String> = ["clock", "time", "date", "difftime"]
        for lib in ["io", "os", "debug", "package"] {
            guard s.rawField(loaded, lib) == LUA_TTABLE else {
                s.pop()
                continue
            }
            let table = s.top
            if lib != "os" {
                s.pushValue(table)
                s.push(lib)
                lua_rawset(host.L, forbidden)
            }
            s.forEachPair(table) {
                let name = s.string(at: -2) ?? "?"
                if s.type(at: -1) == LUA_TFUNCTION, !(lib == "os" && allowedOS.contains(name)) {
                    s.pushValue(-1)
                    s.push("\(lib).\(name)")
                    lua_rawset(host.L, forbidden)
                }
            }
            s.pop()
        }
        s.pop()  // loaded
    }

    static let walker = """
        local forbidden = ...
        local seen, found = {}, {}
        local function visit(v, path)
          if forbidden[v] then found[#found + 1] = path .. " is " .. forbidden[v] end
          local t = type(v)
          if (t ~= "table" and t ~= "userdata" and t ~= "function") or seen[v] then return end
          seen[v] = true
          if t == "table" then
            for k, x in next, v do
              visit(k, path .. "[key]")
              visit(x, path .. "." .. tostring(k))
            end
          end
          if t ~= "function" then visit(getmetatable(v), path .. "<metatable>") end
        end
        visit(_G, "_G")
        visit(getmetatable(""), "<string metatable>")
        visit(timing.easeIn, "timing.easeIn")
        visit(layer{name = "probe"}, "layer")
        visit(animation.basic{keyPath = "opacity"}, "animation")
        return table.concat(found, "\\n")
        """

    func testNothingDangerousIsReachable() throws {
        let runtime = try Runtime()
        let host = runtime.host
        try host.load(string: Self.walker, chunkName: "=walker")
        pushForbidden(host)
        try host.call(arguments: 1, results: 1)
        XCTAssertEqual(host.stack.string(at: -1), "")
        host.stack.pop()
    }

    /// The walker can fail: in trusted mode it finds the libraries.
    func testWalkerFindsTheLibrariesInTrustedMode() throws {
        let runtime = try Runtime(trusted: true)
        let host = runtime.host
        try host.load(string: Self.walker, chunkName: "=walker")
        pushForbidden(host)
        try host.call(arguments: 1, results: 1)
        let found = host.stack.string(at: -1) ?? ""
        for name in ["io.open", "os.execute", "debug.sethook", "package.loadlib"] {
            XCTAssertTrue(found.contains(name), "\(name) not found in trusted mode")
        }
    }

    /// Each rule of the sandbox, as (script, expected error message).
    func testSandboxRules() throws {
        let cases: [(String, String)] = [
            ("return load(string.char(27) .. 'Lua')", "nil"),
            (
                "local f, e = load(string.char(27) .. 'LuaT') return e",
                "attempt to load a binary chunk (mode is 't')"
            ),
            ("return string.dump", "nil"),
            ("return getmetatable('')", "false"),
            (
                "return collectgarbage('incremental')",
                "collectgarbage option 'incremental' is not available in the sandbox"
            ),
            (
                "return setmetatable({}, {__gc = true})",
                "bad argument #2 to 'setmetatable' (__gc metamethods are not available in the sandbox)"
            ),
            (
                "return require('a/b')",
                "bad argument #1 to 'require' (module name may hold letters, digits, '_', '-' and '.', got 'a/b')"
            ),
            (
                "return require('..x')",
                "bad argument #1 to 'require' (module name may hold letters, digits, '_', '-' and '.', got '..x')"
            ),
            ("return os.getenv", "nil"),
            ("return collectgarbage('count') > 0", "true"),
        ]
        for (script, expected) in cases {
            let runtime = try Runtime()
            try runtime.host.load(
                string: "local ok, v = pcall(function() \(script) end) return tostring(v)", chunkName: "=rule"
            )
            try runtime.host.call(arguments: 0, results: 1)
            let got = runtime.host.stack.string(at: -1) ?? ""
            XCTAssertTrue(got.hasSuffix(expected), "\(script): \(got)")
        }
    }
}
