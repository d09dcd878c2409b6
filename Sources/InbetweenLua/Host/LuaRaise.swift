/// What a Swift function exposed to Lua throws to make Lua raise an error. The trampoline in
/// CLuaSupport raises it after the Swift frames have returned (see CLuaSupport.h for why).
package enum LuaRaise: Error, Sendable {
    /// `bad argument #n to 'f' (message)` — Lua's luaL_argerror wording.
    case argument(Int32, String)
    /// `bad argument #n to 'f' (T expected, got U)` — luaL_typeerror, honouring `__name`.
    case type(Int32, expected: String)
    /// `chunk:line: message`, the position being the Lua code that called the function.
    case message(String)
    /// The error value is already on the stack top (an error caught from a nested call).
    case value
}
