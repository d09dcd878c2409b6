import CLua
import CLuaSupport
import Foundation
import InbetweenEngine

/// Building a runtime: the host's Lua files (Sources/InbetweenLua/Lua, embedded in the binary)
/// and the Swift bindings, in dependency order. Each Lua file gets what it needs as arguments
/// and returns a module; the host keeps the modules in the registry (`inbetween.<name>`), where
/// no script can reach them.
extension Runtime {
    enum RegistryKey {
        static let kit = "inbetween.kit"
        static let environment = "inbetween.environment"
        static let plugins = "inbetween.plugins"
        /// The run in progress: `{env = ..., easing = ..., springs = ..., presets = ...}`, the
        /// host's own views of its registries (the root ones when no run is in progress).
        static let run = "inbetween.run"
        static let rootRun = "inbetween.rootrun"
        static let install = "inbetween.install"
        static let required = "inbetween.required"
    }

    /// kit.unknownKey(key, "a, b, c"), set in the kit table on top of the stack: the host's Lua
    /// words an unknown option key as the Swift bindings do (TableReader), with the same "did
    /// you mean".
    private func installUnknownKey() {
        let s = host.stack
        host.pushFunction("unknownKey") { s in
            let key = try s.checkString(1)
            let valid = try s.checkString(2).split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            s.push(TableReader.unknownKeyText(key, valid: valid))
            return 1
        }
        s.setRawField(-2, "unknownKey")
    }

    func boot() throws(LuaError) {
        let s = host.stack
        // No collection steps while the host builds its own tables, as lua.c stops the
        // collector while it builds its state: nearly everything made here stays alive, and the
        // steps marked it over and over as memory grew (measureBaseline collects it once at the
        // end, right after the restart: a restart alone would start a new cycle at once). No
        // script or plugin runs in between.
        ib_gcrunning(host.L, 0)
        var restarted = false
        defer { if !restarted { ib_gcrunning(host.L, 1) } }  // boot failed
        installPrint()

        try runHostFile("kit", arguments: 0)
        host.setRegistry(RegistryKey.kit)

        host.pushRegistry(RegistryKey.kit)
        installUnknownKey()
        host.pushLibrary(
            "native",
            [
                (
                    "parseColor",
                    { s in
                        let text = try s.checkString(1)
                        do {
                            let c = try Color.parse(text)
                            for v in [c.red, c.green, c.blue, c.alpha] { s.push(v) }
                            return 4
                        } catch let e as EngineError {
                            throw LuaRaise.message(e.luaText(.ruleGotText(text)))
                        }
                    }
                )
            ])
        try runHostFile("values", arguments: 2)
        let values = s.top
        s.rawField(values, "types")
        for name in Runtime.typeNames {
            s.rawField(-1, name)
            host.setRegistry("inbetween." + name)
        }
        s.pop()
        s.rawField(values, "globals")
        s.forEachPair(-1) {
            s.pushValue(-1)
            host.setGlobal(s.string(at: -3) ?? "?")
        }
        s.pop()

        TimingBindings.install(in: self)
        AnimationBindings.install(in: self)
        SceneBindings.install(in: self)
        TimelineBindings.install(in: self)

        // easings.lua: kit, lerp, color, timing.get
        host.pushRegistry(RegistryKey.kit)
        s.rawField(values, "lerp")
        s.rawField(values, "globals")
        s.rawField(-1, "color")
        clua_remove(host.L, -2)
        host.getGlobal("timing")
        s.rawField(-1, "get")
        clua_remove(host.L, -2)
        try runHostFile("easings", arguments: 4)
        let easings = s.top
        s.rawField(easings, "root")
        host.setGlobal("easing")
        s.rawField(easings, "rootKeyframes")
        host.setGlobal("keyframes")

        host.pushRegistry(RegistryKey.kit)
        s.pushValue(easings)
        try runHostFile("plugins", arguments: 2)
        let plugins = s.top
        s.pushValue(plugins)
        host.setRegistry(RegistryKey.plugins)
        s.rawField(plugins, "install")
        host.setRegistry(RegistryKey.install)
        s.rawField(plugins, "springs")
        host.setGlobal("springs")
        s.rawField(plugins, "presets")
        host.setGlobal("presets")

        // The host's views when no run is in progress: the root registries.
        s.newTable(fieldCount: 3)
        s.rawField(easings, "root")
        s.setRawField(-2, "easing")
        s.rawField(plugins, "springs")
        s.setRawField(-2, "springs")
        s.rawField(plugins, "presets")
        s.setRawField(-2, "presets")
        s.pushValue(-1)
        host.setRegistry(RegistryKey.rootRun)
        host.setRegistry(RegistryKey.run)

        host.pushRegistry(RegistryKey.kit)
        host.pushGlobals()
        s.pushValue(easings)
        s.pushValue(plugins)
        ib_pushrestore(host.L)
        ib_pushcopy(host.L)
        try runHostFile("environment", arguments: 6)
        host.setRegistry(RegistryKey.environment)
        runSlots = RunSlots(host: host)
        s.pop(3)  // values, easings, plugins

        if !trusted {
            host.pushRegistry(RegistryKey.kit)
            host.pushGlobals()
            host.pushFunction("require") { [unowned self] s in try self.pluginRequire(s) }
            host.pushRegistry(RegistryKey.environment)
            s.rawField(-1, "current")
            clua_remove(host.L, -2)
            try runHostFile("sandbox", arguments: 4, results: 0)
        }
        ib_gcrunning(host.L, 1)
        restarted = true
        measureBaseline()
    }

    /// Runs Lua/NAME.lua (chunk name `[inbetween NAME]`) with the `arguments` on the stack;
    /// leaves its one result.
    private func runHostFile(_ name: String, arguments: Int32, results: Int32 = 1) throws(LuaError) {
        var length = 0
        guard let text = ib_hostsource(name, &length) else {
            throw LuaError(kind: .file, message: "the host's Lua file '\(name)' is not built in")
        }
        // Compiled when the build's compiled file matches the text (hostsources.c).
        var compiledLength = 0
        let compiled = ib_hostcompiled(name, &compiledLength)
        try host.load(
            text: UnsafeBufferPointer(start: text, count: length), compiled: compiled,
            compiledLength: compiledLength, chunkName: "=[inbetween \(name)]")
        if arguments > 0 { clua_insert(host.L, -arguments - 1) }
        try host.call(arguments: arguments, results: results)
    }

    /// A full collection, then the memory held is what later runs must return to.
    func measureBaseline() {
        if ib_collect(host.L) != LUA_OK { host.stack.pop() }
        baselineMemory = host.memoryUsed
        baselineFiles = host.loadedFileCount
        needsRecycling = false
    }

    /// Pushes the host's view of the current run's registry `kind` (`easing`, `springs` or
    /// `presets`): the script's layer on top of the plugins', called through the host's own
    /// table, whatever the script did to its copy.
    func pushRegistry(_ kind: String) {
        host.pushRegistry(RegistryKey.run)
        host.stack.rawField(-1, kind)
        clua_remove(host.L, -2)
    }
}

extension LuaHost {
    /// `registry[key] = top`, popping the value.
    package func setRegistry(_ key: String) {
        stack.push(key)
        clua_insert(L, -2)
        lua_rawset(L, clua_registryindex())
    }

    /// Pushes `registry[key]`; returns its type.
    @discardableResult
    package func pushRegistry(_ key: String) -> Int32 {
        stack.push(key)
        return lua_rawget(L, clua_registryindex())
    }
}
