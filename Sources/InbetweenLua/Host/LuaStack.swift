import CLua
import CLuaSupport

/// A view of one Lua stack, offering only operations that never raise a Lua error (the
/// manual's error classes '-' and 'm'; 'm' is safe because the allocator cannot fail while
/// Swift runs). Reading tables uses raw access: metamethods could raise, so script tables
/// given to the API are read as plain data.
public struct LuaStack {
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // `L` is what Lua's C API and manual call the state; the bindings read like lauxlib.c.
    public let L: OpaquePointer

    public init(_ L: OpaquePointer) { self.L = L }

    public var top: Int32 {
        get { lua_gettop(L) }
        nonmutating set { lua_settop(L, newValue) }  // no to-be-closed slots are ever made here
    }

    public func pop(_ n: Int32 = 1) { clua_pop(L, n) }
    public func type(at i: Int32) -> Int32 { lua_type(L, i) }
    public func typeName(at i: Int32) -> String { String(cString: clua_typename_at(L, i)) }
    public func isNoneOrNil(_ i: Int32) -> Bool { clua_isnoneornil(L, i) != 0 }
    public func absolute(_ i: Int32) -> Int32 { lua_absindex(L, i) }

    // MARK: reading

    public func number(at i: Int32) -> Double? {
        var ok: Int32 = 0
        let v = clua_tonumber(L, i, &ok)
        return ok != 0 ? v : nil
    }

    public func integer(at i: Int32) -> Int64? {
        var ok: Int32 = 0
        let v = clua_tointeger(L, i, &ok)
        return ok != 0 ? Int64(v) : nil
    }

    /// The string at `i` without conversion from numbers (lua_tolstring would change the slot).
    public func string(at i: Int32) -> String? {
        guard lua_type(L, i) == LUA_TSTRING else { return nil }
        var length = 0
        guard let p = lua_tolstring(L, i, &length) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: p, count: length), as: UTF8.self)
    }

    public func boolean(at i: Int32) -> Bool { lua_toboolean(L, i) != 0 }

    /// Raw `t[key]` pushed on the stack; returns its type.
    @discardableResult
    public func rawField(_ table: Int32, _ key: String) -> Int32 {
        let t = lua_absindex(L, table)
        // withCString, not the implicit String-to-pointer conversion, which builds a heap
        // array per call: option tables read dozens of fields per constructor call.
        key.withCString { _ = lua_pushstring(L, $0) }
        return lua_rawget(L, t)
    }

    @discardableResult
    public func rawIndex(_ table: Int32, _ n: Int64) -> Int32 {
        lua_rawgeti(L, table, lua_Integer(n))
    }

    public func rawLength(_ i: Int32) -> Int { Int(lua_rawlen(L, i)) }

    /// The strings of the array at `i` (raw t[1..#t]); items that are not strings are skipped.
    public func strings(at i: Int32) -> [String] {
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
    public func forEachPair(_ table: Int32, _ body: () throws -> Void) rethrows {
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

    public func push(_ v: Double) { lua_pushnumber(L, v) }
    public func push(_ v: Int) { lua_pushinteger(L, lua_Integer(v)) }
    public func push(_ v: Bool) { lua_pushboolean(L, v ? 1 : 0) }
    public func push(_ v: String) {
        var s = v
        s.withUTF8 { buf in _ = lua_pushlstring(L, buf.baseAddress, buf.count) }
    }
    public func pushNil() { lua_pushnil(L) }
    public func pushValue(_ i: Int32) { lua_pushvalue(L, i) }
    public func newTable(arrayCount: Int32 = 0, fieldCount: Int32 = 0) {
        lua_createtable(L, arrayCount, fieldCount)
    }
    /// Raw `t[key] = top`, popping the value.
    public func setRawField(_ table: Int32, _ key: String) {
        let t = lua_absindex(L, table)
        push(key)
        clua_insert(L, -2)
        lua_rawset(L, t)
    }
    /// Raw `t[n] = top`, popping the value.
    public func setRawIndex(_ table: Int32, _ n: Int64) {
        lua_rawseti(L, table, lua_Integer(n))
    }
    public func push(_ values: [Double]) {
        newTable(arrayCount: Int32(values.count))
        for (k, v) in values.enumerated() {
            push(v)
            setRawIndex(-2, Int64(k + 1))
        }
    }
}
