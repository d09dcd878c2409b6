import CLua
import CLuaSupport
import Foundation
import InbetweenEngine

/// One Lua state with the whole Inbetween API installed: value constructors, `timing`,
/// `easing`, `keyframes`, animations, layers and scenes. The library (`Inbetween`) and the
/// tests talk to this.
///
/// Scripts never run in the globals the host built: each run (`runScript`, `runJob`, each
/// plugin file) gets a copy of its own (Lua/environment.lua), so a script cannot change what
/// a later one sees, nor what the host calls.
package final class Runtime {
    package let host: LuaHost

    /// Registry keys of the value metatables made by Lua/values.lua (`inbetween.<type>`).
    static let typeNames = ["point", "size", "rect", "color", "transform", "path"]

    /// Folders `require` searches inside plugins (set when plugins load).
    package var pluginDirectories: [String] = []
    /// The folder of the script being run: scripts may `require` their siblings.
    package var scriptDirectory: String?
    /// The images `image(path)` found and decoded (Images/ImageLibrary).
    package let images = ImageLibrary()
    /// The files `require` loaded, in load order (what `--watch` watches besides the script).
    package internal(set) var requiredFiles: [String] = []
    /// What the last `loadPlugins` found (failures, clashes).
    package internal(set) var pluginReport = PluginReport()
    /// The scene the script builds.
    let state = SceneState()
    /// The script being run, as messages about its scene name it (`x.lua: layer 'L'
    /// position.x is infinite at t = 0.05 s`); nil leaves the name out.
    package var scriptName: String?
    /// Whether scripts run without the sandbox (`--trusted`).
    package let trusted: Bool
    /// What every line `print` writes starts with ("" for none; see `installPrint`).
    package var printPrefix = ""
    /// Bytes the Lua state holds with the host and plugins loaded and nothing else (after a
    /// full collection): what a run must give back (see `endRun`).
    var baselineMemory = 0
    /// How many files the host had loaded then (the plugins): `runJob` forgets the rest.
    var baselineFiles = 0
    /// Set by `endRun` when memory stayed held after a run ended and a full collection:
    /// something outlived the run, and the owner should build a fresh runtime.
    package internal(set) var needsRecycling = false
    /// Whether an environment was entered since the last `endRun`: `runJob` ends the run before
    /// it, and in a batch worker, which ends each job itself, that second end only repeated
    /// the first (about 2,800 instructions a tiny job).
    var environmentEntered = false
    /// The environment module's functions and the run's registry slots, by reference.
    var runSlots = RunSlots()
    /// Whether `runJob` may give a script the environment of the job before it, put back as it
    /// was made (Lua/environment.lua), instead of a fresh copy: the same globals, about a fifth
    /// of a small job cheaper. Only for an owner that keeps nothing of a job once the next one
    /// starts — no frame stream, no timing function taken from a run's `easing` — as a batch
    /// worker; a library host may hold a run's easing past the next run.
    package var reusesEnvironments = false
    /// Called after the script's handlers for each event have run, with the scene as they
    /// left it (exporters record the scene's history through it; see `Runtime+Scene.swift`).
    package var sceneObserver: ((AnimationEvent, Scene) throws -> Void)?
    /// The last frame stream's rows, for the next one (`TrackColumns.takeRows`).
    var spareRows: [[Value]] = []

    /// - Parameters:
    ///   - trusted: give scripts the full standard library (`--trusted`); otherwise they run
    ///     in the sandbox (Lua/sandbox.lua).
    package init(memoryLimit: Int = 0, trusted: Bool = false) throws(LuaError) {
        host = try LuaHost(memoryLimit: memoryLimit)
        self.trusted = trusted
        try boot()
    }

    /// `print` writes to stderr: stdout carries the frames the CLI outputs. Each line starts
    /// with `printPrefix` (a batch worker's job name: many jobs share one stderr).
    func installPrint() {
        host.pushFunction("print") { [unowned self, unowned host] s in
            let n = s.top
            var parts: [String] = []
            for i in 0..<n { parts.append(host.describe(at: i + 1)) }
            var text = parts.joined(separator: "\t")
            if !printPrefix.isEmpty {
                text = text.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { printPrefix + $0 }.joined(separator: "\n")
            }
            // Dropped when stderr's reader has gone: `write(_:)` trapped on EPIPE.
            try? FileHandle.standardError.write(contentsOf: Data((text + "\n").utf8))
            return 0
        }
        host.setGlobal("print")
    }

    /// Whether the value at `index` is a table made by the constructor `type` of values.lua.
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
