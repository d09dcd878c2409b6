import CLua
import CLuaSupport
import Foundation
import InbetweenEngine

/// One Lua state with the whole Inbetween API installed: value constructors, `timing`,
/// `easing`, `keyframes`, animations, layers and scenes. The CLI and tests talk to this.
public final class Runtime {
    public let host: LuaHost

    /// Registry keys of the value metatables made by the prelude.
    static let typeNames = ["point", "size", "rect", "color", "transform", "path"]

    /// Folders `require` searches inside plugins (set when plugins load).
    public var pluginDirectories: [String] = []
    /// The folder of the script being run: scripts may `require` their siblings.
    public var scriptDirectory: String?
    /// The files `require` loaded, in load order (what `--watch` watches besides the script).
    public internal(set) var requiredFiles: [String] = []
    /// What the last `loadPlugins` found (failures, clashes).
    public internal(set) var pluginReport = PluginReport()
    /// The scene the script builds.
    let state = SceneState()
    /// The script being run, as messages about its scene name it (`x.lua: layer 'L'
    /// position.x is infinite at t = 0.05 s`); nil leaves the name out.
    public var scriptName: String?

    /// - Parameters:
    ///   - trusted: give scripts the full standard library (`--trusted`); otherwise they run
    ///     in the sandbox (see Sandbox.swift).
    public init(memoryLimit: Int = 0, trusted: Bool = false) throws(LuaError) {
        host = try LuaHost(memoryLimit: memoryLimit)
        installPrint()
        if !trusted { try installSandbox() }
        try installPrelude()
        TimingBindings.install(in: self)
        AnimationBindings.install(in: self)
        SceneBindings.install(in: self)
        TimelineBindings.install(in: self)
        try installEasings()
        try installPluginRegistries()
    }

    /// `print` writes to stderr: stdout carries the frames the CLI outputs.
    private func installPrint() {
        host.pushFunction("print") { [unowned host] s in
            let n = s.top
            var parts: [String] = []
            for i in 0..<n { parts.append(host.describe(at: i + 1)) }
            FileHandle.standardError.write(Data((parts.joined(separator: "\t") + "\n").utf8))
            return 0
        }
        host.setGlobal("print")
    }

    private func installSandbox() throws(LuaError) {
        try host.load(string: Sandbox.source, chunkName: "=[inbetween sandbox]")
        host.pushGlobals()
        host.pushFunction("require") { [unowned self] s in try self.pluginRequire(s) }
        try host.call(arguments: 2, results: 0)
    }

    /// `require(name)` inside the sandbox: `name.lua` (dots as folders) from the running
    /// script's folder or the plugin folders only, loaded as text, run once and cached.
    private func pluginRequire(_ s: LuaStack) throws -> Int32 {
        let name = try s.checkString(1)
        guard name.range(of: "^[A-Za-z0-9_][A-Za-z0-9_.-]*$", options: .regularExpression) != nil,
              !name.contains("..")
        else {
            throw LuaRaise.argument(1, "module name may hold letters, digits, '_', '-' and '.', got '\(name)'")
        }
        s.push("inbetween.required")
        if lua_rawget(host.L, clua_registryindex()) != LUA_TTABLE {
            s.pop()
            s.newTable()
            s.push("inbetween.required")
            s.pushValue(-2)
            lua_rawset(host.L, clua_registryindex())
        }
        let cache = s.top
        if s.rawField(cache, name) != LUA_TNIL { return 1 }
        s.pop()
        let relative = name.replacingOccurrences(of: ".", with: "/") + ".lua"
        let folders = (scriptDirectory.map { [$0] } ?? []) + pluginDirectories
        guard let path = folders.map({ ($0 as NSString).appendingPathComponent(relative) })
            .first(where: { FileManager.default.fileExists(atPath: $0) })
        else {
            throw LuaRaise.message("module '\(name)' not found in the script's folder or the plugin folders (\(folders.joined(separator: ", ")))")
        }
        requiredFiles.append(path)
        try host.load(file: path)
        s.push(name)
        try host.callNested(arguments: 1, results: 1)
        if s.type(at: -1) == LUA_TNIL {
            s.pop()
            s.push(true)
        }
        s.pushValue(-1)
        s.setRawField(cache, name)
        return 1
    }

    private func installPluginRegistries() throws(LuaError) {
        try host.load(string: PluginPrelude.source, chunkName: "=[inbetween plugins]")
        host.getGlobal("easing")
        try host.call(arguments: 1, results: 4)
        let s = host.stack
        s.pop()  // loaded (kept reachable through install's upvalue)
        s.push("inbetween.install")
        clua_insert(host.L, -2)
        lua_rawset(host.L, clua_registryindex())
        host.setGlobal("presets")
        host.setGlobal("springs")
    }

    /// Runs the prelude, stores its metatables in the registry as `inbetween.<type>` and sets
    /// the constructors as globals.
    private func installPrelude() throws(LuaError) {
        try host.load(string: Prelude.source, chunkName: "=[inbetween prelude]")
        host.pushLibrary("native", [
            ("parseColor", { s in
                let text = try s.checkString(1)
                do {
                    let c = try Color.parse(text)
                    for v in [c.red, c.green, c.blue, c.alpha] { s.push(v) }
                    return 4
                } catch let e as EngineError {
                    throw LuaRaise.message(e.rule + " (got '\(text)')")
                }
            })
        ])
        try host.call(arguments: 1, results: 1)
        let s = host.stack
        let result = s.top
        s.rawField(result, "types")
        for name in Runtime.typeNames {
            s.rawField(-1, name)
            s.push("inbetween." + name)
            clua_insert(host.L, -2)
            lua_rawset(host.L, clua_registryindex())
        }
        s.pop()
        s.rawField(result, "globals")
        s.forEachPair(-1) {
            s.pushValue(-1)
            host.setGlobal(s.string(at: -3) ?? "?")
        }
        s.pop()
        s.rawField(result, "lerp")
        s.push("inbetween.lerp")
        clua_insert(host.L, -2)
        lua_rawset(host.L, clua_registryindex())
        s.pop()
    }

    private func installEasings() throws(LuaError) {
        try host.load(string: EasingPrelude.source, chunkName: "=[inbetween easings]")
        host.stack.push("inbetween.lerp")
        lua_rawget(host.L, clua_registryindex())
        host.getGlobal("timing")
        host.stack.rawField(-1, "get")
        clua_remove(host.L, -2)
        try host.call(arguments: 2, results: 2)
        host.setGlobal("keyframes")
        host.setGlobal("easing")
    }

    /// Whether the value at `index` is a table made by the prelude's constructor `type`.
    func isValue(_ index: Int32, _ type: String) -> Bool {
        let s = host.stack
        guard s.type(at: index) == LUA_TTABLE, lua_getmetatable(host.L, index) != 0 else { return false }
        s.push("inbetween." + type)
        lua_rawget(host.L, clua_registryindex())
        let same = lua_rawequal(host.L, -1, -2) != 0
        s.pop(2)
        return same
    }
}
