import CLua
import Foundation
import InbetweenEngine
import XCTest

@testable import InbetweenLua

/// A batch worker hands each job the environment of the job before it, put back as it was made
/// (`Runtime.reusesEnvironments`, Lua/environment.lua, restore.c). Whatever a job did to its
/// globals, its copies of the libraries and its registries, the next job must see exactly what
/// a job on a fresh runtime sees.
final class EnvironmentReuseTests: XCTestCase {
    /// Describes everything a poison below changes: values, their number subtype, metatables,
    /// every global table's keys, and the registries. Kept in the global `observed`.
    static let probe = """
        local parts = {}
        local function add(...)
          for i = 1, select("#", ...) do parts[#parts + 1] = tostring((select(i, ...))) end
        end
        add(math.type(math.mininteger), type(rawget(math, "sin")), rawget(math, "extra"), getmetatable(math),
          getmetatable(_G), string.upper("a"), ("b"):upper(), rawget(_G, "leaked"), type(easing),
          easing.get("mine"), springs.get("mine"), presets.get("mine"), #easing.names(),
          #springs.names(), #presets.names(), rawget(_G, "params"))
        local keys = {}
        for k, v in pairs(_G) do
          keys[#keys + 1] = tostring(k) .. ":" .. type(v)
          if type(v) == "table" and k ~= "_G" then
            local inner = {}
            for ik, iv in pairs(v) do inner[#inner + 1] = tostring(ik) .. "=" .. type(iv) end
            table.sort(inner)
            keys[#keys + 1] = tostring(k) .. "{" .. table.concat(inner, ",") .. "}"
          end
        end
        table.sort(keys)
        add(table.concat(keys, " "))
        observed = table.concat(parts, "|")
        """

    /// Changes every kind of thing `restore` puts back, without growing any table much.
    static let poison = """
        math.mininteger = math.mininteger + 0.0  -- raw-equal to the integer, but a float
        math.sin = nil
        math.extra = 1
        setmetatable(math, {__index = function() return 7 end})
        string.upper = function() return "poisoned" end
        leaked = true
        easing.register("mine", function(t) return t end)
        springs.register("mine", {mass = 1, stiffness = 100, damping = 10})
        presets.register("mine", {type = "basic", keyPath = "opacity", toValue = 1})
        table.insert = nil
        _G.utf8 = nil
        setmetatable(_G, {__index = function() return "ghost" end})
        """

    /// Grows a copy of a library far past its size: the worker then makes fresh copies.
    static let grower = """
        for i = 1, 5000 do string["x" .. i] = i end
        leaked = true
        """

    /// Runs `source` as a job and returns `observed` (nil when the script set none) and the
    /// identity of the job's globals.
    private func job(_ runtime: Runtime, _ source: String, parameters: ScriptParameter? = nil) throws -> (
        String?, UnsafeRawPointer?
    ) {
        try runtime.runJob(source: source, chunkName: "job", parameters: parameters)
        let s = runtime.host.stack
        let base = s.top
        defer { s.top = base }
        runtime.host.pushRegistry(Runtime.RegistryKey.run)
        s.rawField(-1, "env")
        let env = lua_topointer(runtime.host.L, -1)
        s.rawField(-1, "observed")
        return (s.string(at: -1), env)
    }

    func testAReusedEnvironmentIsPutBackWhateverTheJobDid() throws {
        let fresh = try job(Runtime(), Self.probe).0
        let expected = try XCTUnwrap(fresh)
        XCTAssertTrue(expected.hasPrefix("integer|"), expected)

        let runtime = try Runtime()
        runtime.reusesEnvironments = true
        let (first, firstEnv) = try job(runtime, Self.probe)
        XCTAssertEqual(first, expected)
        // The poison sees its own changes (so it does change things)...
        let (_, poisonEnv) = try job(runtime, Self.poison + "\n" + Self.probe, parameters: .number(3))
        let (poisoned, _) = try job(runtime, Self.probe)
        XCTAssertEqual(poisoned, expected)
        // ...and it ran in the very same tables, put back between the jobs.
        XCTAssertEqual(firstEnv, poisonEnv)

        let (_, grownEnv) = try job(runtime, Self.grower)
        let (afterGrowth, nextEnv) = try job(runtime, Self.probe)
        XCTAssertEqual(afterGrowth, expected)
        XCTAssertNotEqual(grownEnv, nextEnv, "a copy that grew that much is replaced, not kept")
    }

    func testThePoisonChangesWhatTheProbeSees() throws {
        let runtime = try Runtime()
        let (alone, _) = try job(runtime, Self.probe)
        let (poisoned, _) = try job(runtime, Self.poison + "\n" + Self.probe)
        XCTAssertNotEqual(alone, poisoned)
        // Each change shows: the float, the removed sin, the extra key, string.upper, the leak.
        let fields = try XCTUnwrap(poisoned).split(separator: "|", omittingEmptySubsequences: false)
        XCTAssertEqual(fields[0], "float")
        XCTAssertEqual(fields[1], "nil")
        XCTAssertEqual(fields[2], "1")
        XCTAssertEqual(fields[5], "poisoned")
        XCTAssertEqual(fields[7], "true")
    }

    func testWithoutTheFlagEveryRunGetsNewTables() throws {
        let runtime = try Runtime()
        let (_, a) = try job(runtime, Self.probe)
        let (_, b) = try job(runtime, Self.probe)
        XCTAssertNotEqual(a, b)
    }
}
