import CLua

extension Runtime {
    /// Runs a script and tells whether it returned an easing (a function, a timing object or
    /// a timing spec string) rather than building a scene. Used by `plot`, which draws either.
    public func scriptReturnsEasing(file path: String) throws(LuaError) -> Bool {
        let s = host.stack
        let base = s.top
        defer { s.top = base }
        guard try host.run(file: path) > 0 else { return false }
        let type = s.type(at: -1)
        return type == LUA_TFUNCTION || type == LUA_TSTRING || type == LUA_TUSERDATA
    }
}
