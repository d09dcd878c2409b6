/// A Lua function of the host written as a named Swift function: it is given the runtime it
/// serves and the stack of the call. A library lists its functions in a table of these, as
/// lauxlib's `luaL_Reg` arrays do, and `Runtime.bind` turns the table into what
/// `LuaHost.register` takes.
typealias RuntimeFunction = @Sendable (Runtime, LuaStack) throws -> Int32

extension Runtime {
    /// Each entry of `table` as a Lua function that calls it with this runtime. The runtime
    /// owns the Lua state that holds the closures, so they keep it unowned.
    func bind(_ table: [(String, RuntimeFunction)]) -> [(String, LuaFunction)] {
        table.map { name, function in
            (name, { [unowned self] stack in try function(self, stack) })
        }
    }
}

extension Runtime {
    /// Sets each entry of `table` as a global function of its name.
    func setGlobals(_ table: [(String, RuntimeFunction)]) {
        for (name, function) in bind(table) {
            host.pushFunction(name, function)
            host.setGlobal(name)
        }
    }
}
