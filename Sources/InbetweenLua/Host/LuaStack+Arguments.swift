import CLua

/// Argument checks with Lua's own wording (`bad argument #2 to 'cubic' (number expected, got
/// string)`): they throw `LuaRaise`, and the trampoline words and raises the error.
extension LuaStack {
    package func checkNumber(_ i: Int32) throws -> Double {
        guard let v = number(at: i) else { throw LuaRaise.type(i, expected: "number") }
        return v
    }

    /// A number that must be finite (NaN and infinities never reach the engine).
    package func checkFinite(_ i: Int32, _ what: String? = nil) throws -> Double {
        let v = try checkNumber(i)
        guard v.isFinite else {
            throw LuaRaise.argument(i, "\(what.map { "'\($0)' " } ?? "")must be a finite number, got \(v)")
        }
        return v
    }

    package func checkInteger(_ i: Int32) throws -> Int {
        if let v = integer(at: i) { return Int(v) }
        if number(at: i) != nil { throw LuaRaise.argument(i, "number has no integer representation") }
        throw LuaRaise.type(i, expected: "number")
    }

    package func checkString(_ i: Int32) throws -> String {
        guard let s = string(at: i) else {
            if lua_type(L, i) == LUA_TNUMBER, let n = number(at: i) { return "\(n)" }
            throw LuaRaise.type(i, expected: "string")
        }
        return s
    }

    package func checkTable(_ i: Int32) throws {
        guard lua_type(L, i) == LUA_TTABLE else { throw LuaRaise.type(i, expected: "table") }
    }

    package func checkFunction(_ i: Int32) throws {
        guard lua_type(L, i) == LUA_TFUNCTION else { throw LuaRaise.type(i, expected: "function") }
    }
}
