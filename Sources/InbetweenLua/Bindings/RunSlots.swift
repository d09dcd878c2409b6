import CLua
import CLuaSupport

/// What every run's start and end reach (`Runtime.enterEnvironment`, `Runtime.endRun`): the
/// environment module's `new` and `leave`, and the names of the registry slots they set, kept
/// as registry references and pushed by number. Pushing a name hashes it and looks it up in
/// Lua's string table, about 330 instructions; a batch worker starts and ends a run per job,
/// and pushed nine of them (2.7K instructions of a tiny job's 433K).
struct RunSlots {
    private(set) var new = LUA_NOREF
    private(set) var leave = LUA_NOREF
    private(set) var run = LUA_NOREF
    private(set) var rootRun = LUA_NOREF
    private(set) var required = LUA_NOREF

    init() {}

    /// Takes the references, once the environment module is in the registry (boot).
    init(host: LuaHost) {
        let s = host.stack
        let state = host.L
        let registry = clua_registryindex()
        host.pushRegistry(Runtime.RegistryKey.environment)
        s.rawField(-1, "new")
        new = luaL_ref(state, registry)
        s.rawField(-1, "leave")
        leave = luaL_ref(state, registry)
        s.pop()
        s.push(Runtime.RegistryKey.run)
        run = luaL_ref(state, registry)
        s.push(Runtime.RegistryKey.rootRun)
        rootRun = luaL_ref(state, registry)
        s.push(Runtime.RegistryKey.required)
        required = luaL_ref(state, registry)
    }

    /// Pushes what reference `ref` holds.
    static func push(_ ref: Int32, on state: OpaquePointer) {
        lua_rawgeti(state, clua_registryindex(), lua_Integer(ref))
    }
}
