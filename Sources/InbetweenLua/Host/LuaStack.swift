import CLua
import CLuaSupport

/// A view of one Lua stack, offering only operations that never raise a Lua error (the
/// manual's error classes '-' and 'm'; 'm' is safe because the allocator cannot fail while
/// Swift runs). Reading tables uses raw access: metamethods could raise, so script tables
/// given to the API are read as plain data.
package struct LuaStack {
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // `L` is what Lua's C API and manual call the state; the bindings read like lauxlib.c.
    package let L: OpaquePointer

    package init(_ L: OpaquePointer) { self.L = L }

    package var top: Int32 {
        get { lua_gettop(L) }
        nonmutating set { lua_settop(L, newValue) }  // no to-be-closed slots are ever made here
    }

    package func pop(_ n: Int32 = 1) { clua_pop(L, n) }
    package func type(at i: Int32) -> Int32 { lua_type(L, i) }
    package func typeName(at i: Int32) -> String { String(cString: clua_typename_at(L, i)) }
    package func isNoneOrNil(_ i: Int32) -> Bool { clua_isnoneornil(L, i) != 0 }
    package func absolute(_ i: Int32) -> Int32 { lua_absindex(L, i) }

    // MARK: reading

    package func number(at i: Int32) -> Double? {
        var ok: Int32 = 0
        let v = clua_tonumber(L, i, &ok)
        return ok != 0 ? v : nil
    }

    package func integer(at i: Int32) -> Int64? {
        var ok: Int32 = 0
        let v = clua_tointeger(L, i, &ok)
        return ok != 0 ? Int64(v) : nil
    }

    /// The string at `i` without conversion from numbers (lua_tolstring would change the slot).
    package func string(at i: Int32) -> String? {
        guard lua_type(L, i) == LUA_TSTRING else { return nil }
        var length = 0
        guard let p = lua_tolstring(L, i, &length) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: p, count: length), as: UTF8.self)
    }

    package func boolean(at i: Int32) -> Bool { lua_toboolean(L, i) != 0 }

    /// Raw `t[key]` pushed on the stack; returns its type.
    @discardableResult
    package func rawField(_ table: Int32, _ key: String) -> Int32 {
        let t = lua_absindex(L, table)
        // withCString, not the implicit String-to-pointer conversion, which builds a heap
        // array per call: option tables read dozens of fields per constructor call.
        key.withCString { _ = lua_pushstring(L, $0) }
        return lua_rawget(L, t)
    }

    @discardableResult
    package func rawIndex(_ table: Int32, _ n: Int64) -> Int32 {
        lua_rawgeti(L, table, lua_Integer(n))
    }

    package func rawLength(_ i: Int32) -> Int { Int(lua_rawlen(L, i)) }

    /// The strings of the array at `i` (raw t[1..#t]); items that are not strings are skipped.
    package func strings(at i: Int32) -> [String] {
        let t = absolute(i)
        var out: [String] = []
        for n in 0..<rawLength(t) {
            rawIndex(t, Int64(n + 1))
            if let v = string(at: -1) { out.append(v) }
            pop()
        }
        return out
    }

    /// Iterates the raw key/value pairs of the table at `table`; the body sees the key at -2
    /// and the value at -1 and must leave the stack as it found it.
    package func forEachPair(_ table: Int32, _ body: () throws -> Void) rethrows {
        let t = lua_absindex(L, table)
        lua_pushnil(L)
        // lua_next raises only for a key that is not in the table; the key is always the one
        // lua_next itself returned.
        while lua_next(L, t) != 0 {
            try body()
            clua_pop(L, 1)
        }
    }

    // MARK: writing

    package func push(_ v: Double) { lua_pushnumber(L, v) }
    package func push(_ v: Int) { lua_pushinteger(L, lua_Integer(v)) }
    package func push(_ v: Bool) { lua_pushboolean(L, v ? 1 : 0) }
    package func push(_ v: String) {
        var s = v
        s.withUTF8 { buf in _ = lua_pushlstring(L, buf.baseAddress, buf.count) }
    }
    package func pushNil() { lua_pushnil(L) }
    package func pushValue(_ i: Int32) { lua_pushvalue(L, i) }
    package func newTable(arrayCount: Int32 = 0, fieldCount: Int32 = 0) {
        lua_createtable(L, arrayCount, fieldCount)
    }
    /// Raw `t[key] = top`, popping the value.
    package func setRawField(_ table: Int32, _ key: String) {
        let t = lua_absindex(L, table)
        push(key)
        clua_insert(L, -2)
        lua_rawset(L, t)
    }
    /// Raw `t[n] = top`, popping the value.
    package func setRawIndex(_ table: Int32, _ n: Int64) {
        lua_rawseti(L, table, lua_Integer(n))
    }
    package func push(_ values: [Double]) {
        newTable(arrayCount: Int32(values.count))
        for (k, v) in values.enumerated() {
            push(v)
            setRawIndex(-2, Int64(k + 1))
        }
    }
}
