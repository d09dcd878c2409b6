import CLua
import Foundation
import XCTest

@testable import InbetweenLua

/// `restore`'s shortcut (restore.c): a copy whose traversal gives exactly the keys and values
/// recorded when it was last put back is left alone, and only a copy that differs is compared
/// with its original entry by entry. Every way a job can add, replace or remove an entry of
/// its globals, or change a metatable, must show as a difference, or the next job of the
/// worker would inherit it. Each row changes one thing in one way; the probe, run before and
/// after it in the same reused tables, must see exactly what it saw before.
final class RestoreSnapshotTests: XCTestCase {
    /// Every global and every entry of every global table, raw (`next`, no metamethods): keys
    /// and values shown by identity (`%p` for objects, the subtype and bits for numbers), and
    /// each table's metatable. Two runs in the same tables see the same text only when the
    /// tables hold exactly the same entries.
    static let probe = """
        local next, type, format, mtype, getmetatable = next, type, string.format, math.type, getmetatable
        local sort, concat = table.sort, table.concat
        local function show(v)
          local t = type(v)
          if t == "number" then
            return mtype(v) == "integer" and ("i" .. format("%d", v)) or ("f" .. format("%a", v))
          elseif t == "string" then
            return format("%q", v)
          elseif t == "boolean" then
            return tostring(v)
          end
          return t .. format("%p", v)
        end
        local lines = {"meta " .. show(getmetatable(_G))}
        for k, v in next, _G do
          lines[#lines + 1] = show(k) .. "=" .. show(v)
          if type(v) == "table" and v ~= _G then
            lines[#lines + 1] = show(k) .. " meta " .. show(getmetatable(v))
            for ik, iv in next, v do lines[#lines + 1] = show(k) .. "." .. show(ik) .. "=" .. show(iv) end
          end
        end
        sort(lines)
        observed = concat(lines, "\\n")
        """

    /// One way each of changing the globals. `host` rows are writes made from Swift into the
    /// job's globals after its script ran (as the host sets `params`).
    static let routes: [(name: String, poison: String)] = [
        ("a new global", "x = 1"),
        ("a new global through load", "load('w = 1')()"),
        ("a new key in a library", "string.foo = 1"),
        ("a new key in a registry's copy", "rawset(easing, 'extra', 1)"),
        ("rawset on a library", "rawset(math, 'extra', 2)"),
        ("rawset on the globals", "rawset(_G, 'y', 2)"),
        ("table.insert into a library (the array part)", "table.insert(math, 'a')"),
        ("an integer key in the globals", "_G[1] = true"),
        ("a float key", "coroutine[0.5] = true"),
        ("a boolean key", "utf8[true] = 1"),
        ("a table key", "os[{}] = 1"),
        ("a value replaced by another of its type", "math.pi = 3.0"),
        ("a function replaced", "string.upper = string.lower"),
        (
            "a library replaced by a table with its entries",
            "local t = {} for k, v in next, math do t[k] = v end math = t"
        ),
        ("an integer made the raw-equal float", "math.mininteger = math.mininteger + 0.0"),
        ("a removed key", "math.sin = nil"),
        ("a removed global", "print = nil"),
        ("a key removed and another added", "math.sin = nil math.sine = math.cos"),
        ("every key of a library removed", "for k in next, utf8 do rawset(utf8, k, nil) end"),
        ("a metatable set on a library", "setmetatable(math, {})"),
        ("a metatable set on the globals", "setmetatable(_G, {__index = function() return 1 end})"),
        (
            "a metatable that records additions, then removed",
            "setmetatable(_G, {__newindex = function(t, k, v) rawset(t, k, v) end}) z = 1 setmetatable(_G, nil)"
        ),
        ("many new globals (the table grows)", "for i = 1, 100 do _G['g' .. i] = i end"),
        ("host", "host"),
    ]

    /// Changes that undo themselves: the entries are as before, though the table's insides
    /// (a key left dead) are not.
    static let undone: [(name: String, poison: String)] = [
        ("a new global added and removed", "q = 1 q = nil"),
        ("a removed key put back", "local s = math.sin math.sin = nil math.sin = s"),
    ]

    /// Runs `source` as a job (the environment stays current until the next job) and returns
    /// what it left in `observed`.
    private func job(_ runtime: Runtime, _ source: String) throws -> String? {
        try runtime.runJob(source: source, chunkName: "job")
        let s = runtime.host.stack
        let base = s.top
        defer { s.top = base }
        runtime.host.pushRegistry(Runtime.RegistryKey.run)
        s.rawField(-1, "env")
        s.rawField(-1, "observed")
        return s.string(at: -1)
    }

    /// A write into the current job's globals from Swift, as the host's own code makes them.
    private func writeFromHost(_ runtime: Runtime) {
        let s = runtime.host.stack
        let base = s.top
        defer { s.top = base }
        runtime.host.pushRegistry(Runtime.RegistryKey.run)
        s.rawField(-1, "env")
        lua_pushinteger(runtime.host.L, 7)
        lua_setfield(runtime.host.L, -2, "fromHost")
        s.rawField(-1, "math")
        lua_pushboolean(runtime.host.L, 1)
        lua_rawseti(runtime.host.L, -2, 1)
    }

    private func poison(_ runtime: Runtime, _ route: (name: String, poison: String)) throws {
        if route.poison == "host" {
            _ = try job(runtime, "")
            writeFromHost(runtime)
        } else {
            _ = try job(runtime, route.poison)
        }
    }

    func testEveryChangeIsPutBack() throws {
        for route in Self.routes + Self.undone {
            let runtime = try Runtime()
            runtime.reusesEnvironments = true
            // Twice first: the first job's copies are new, and the shortcut works from the
            // second put-back on.
            _ = try job(runtime, Self.probe)
            let expected = try XCTUnwrap(try job(runtime, Self.probe), route.name)
            try poison(runtime, route)
            XCTAssertEqual(try job(runtime, Self.probe), expected, "after \(route.name)")
            // And again once the snapshot was taken after the full comparison.
            try poison(runtime, route)
            XCTAssertEqual(try job(runtime, Self.probe), expected, "after \(route.name), twice")
            XCTAssertEqual(try job(runtime, Self.probe), expected, "after \(route.name), then a clean job")
        }
    }

    /// Each row does change what the probe sees in its own job (else the test above could not
    /// fail for it).
    func testEveryRouteChangesWhatTheProbeSees() throws {
        for route in Self.routes {
            let runtime = try Runtime()
            runtime.reusesEnvironments = true
            _ = try job(runtime, Self.probe)
            let clean = try job(runtime, Self.probe)
            let poisoned: String?
            if route.poison == "host" {
                _ = try job(runtime, "")
                writeFromHost(runtime)
                // The probe as a function of the same job, run after the host's write.
                let s = runtime.host.stack
                let base = s.top
                defer { s.top = base }
                try runtime.host.load(string: Self.probe, chunkName: "=probe")
                runtime.host.pushRegistry(Runtime.RegistryKey.run)
                s.rawField(-1, "env")
                clua_remove(runtime.host.L, -2)
                _ = lua_setupvalue(runtime.host.L, -2, 1)
                try runtime.host.call(arguments: 0, results: 0)
                runtime.host.pushRegistry(Runtime.RegistryKey.run)
                s.rawField(-1, "env")
                s.rawField(-1, "observed")
                poisoned = s.string(at: -1)
            } else {
                poisoned = try job(runtime, route.poison + "\n" + Self.probe)
            }
            XCTAssertNotEqual(poisoned, clean, route.name)
        }
    }

    /// 0.0 and -0.0 are raw-equal, but a script tells them apart (`print` shows -0.0): a global
    /// the host set to 0.0 and a job set to -0.0 is put back to 0.0.
    func testANegativeZeroIsPutBack() throws {
        let runtime = try Runtime()
        runtime.reusesEnvironments = true
        runtime.host.pushGlobals()
        lua_pushnumber(runtime.host.L, 0.0)
        lua_setfield(runtime.host.L, -2, "zero")
        runtime.host.stack.pop()
        let show = "observed = string.format('%a', zero)"
        XCTAssertEqual(try job(runtime, show), "0x0p+0")
        XCTAssertEqual(try job(runtime, "zero = -0.0\n" + show), "-0x0p+0")
        XCTAssertEqual(try job(runtime, show), "0x0p+0")
        XCTAssertEqual(try job(runtime, "zero = -0.0"), nil)
        XCTAssertEqual(try job(runtime, show), "0x0p+0")
    }

    /// A copy holding a value without an address (a NULL light userdata, which `lua_topointer`
    /// cannot tell from another) keeps no snapshot and is compared in full at every job; it and
    /// the copies listed after it are put back, job after job.
    func testACopyWithoutSnapshotIsPutBackAsAreTheOthers() throws {
        let runtime = try Runtime()
        runtime.reusesEnvironments = true
        let state = runtime.host.L
        runtime.host.pushGlobals()
        lua_createtable(state, 0, 1)
        lua_pushlightuserdata(state, nil)
        lua_setfield(state, -2, "null")
        lua_setfield(state, -2, "nulls")
        runtime.host.stack.pop()
        let clean = try XCTUnwrap(try job(runtime, Self.probe))
        XCTAssertTrue(clean.contains("\"nulls\".\"null\"=userdata"), "the probe sees the light userdata")
        for round in 1...3 {
            _ = try job(runtime, "nulls.extra = 1 nulls.null = nil math.extra = 1 string.upper = nil x = 1")
            XCTAssertEqual(try job(runtime, Self.probe), clean, "round \(round)")
        }
    }

    /// An entry added after every entry a copy had: the first entries the traversal gives are
    /// then those of the snapshot, in order, and only the count tells the copy grew. A host
    /// global {1, 2, 3} is copied into a table whose array part has room for a fourth item
    /// (Lua sizes it to 4), so `list[4] = 4` and `table.insert` fill that slot without moving
    /// the others, and the traversal gives 1, 2, 3 and then the new item.
    func testAnEntryAddedAfterEveryOtherIsPutBack() throws {
        for poison in ["list[4] = 4", "table.insert(list, 4)", "rawset(list, 4, 4)"] {
            let runtime = try Runtime()
            runtime.reusesEnvironments = true
            runtime.host.pushGlobals()
            runtime.host.stack.push([1.0, 2.0, 3.0])
            lua_setfield(runtime.host.L, -2, "list")
            runtime.host.stack.pop()
            let show = "local n = 0 for k in next, list do n = n + 1 end observed = tostring(n)"
            XCTAssertEqual(try job(runtime, show), "3")
            XCTAssertEqual(try job(runtime, show), "3")
            XCTAssertEqual(try job(runtime, poison + "\n" + show), "4", poison)
            XCTAssertEqual(try job(runtime, show), "3", "after \(poison)")
            XCTAssertEqual(try job(runtime, poison + "\n" + show), "4", poison)
            XCTAssertEqual(try job(runtime, show), "3", "after \(poison), twice")
        }
    }
}
