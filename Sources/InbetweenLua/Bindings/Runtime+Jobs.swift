import CLua
import CLuaSupport
import Foundation
import InbetweenEngine

/// Running many scripts, one after another, in one runtime (a batch worker): the plugins are
/// loaded once, and each job starts from a clean slate.
///
/// What "clean" means: the scene, its transactions and callbacks are reset, and the script's
/// chunk runs with a fresh `_ENV` table of its own whose reads fall through to the shared
/// globals (`__index`). So globals a script sets (`x = 1`, `function f() end`) vanish with the
/// job. What is not isolated: the shared tables themselves (`math`, `easing`, ...) — a script
/// that writes into them (`easing.register`, `math.pi = 3`) changes them for the jobs the same
/// worker runs after it. Run such scripts with `--jobs` workers of their own, or make them
/// plugins.
extension Runtime {
    /// Forgets everything the last script built: scene, open transactions, callbacks, the
    /// `scene{...}` settings, and an error a callback left pending.
    public func resetScene() {
        state.reset()
        host.pendingError = nil
        scriptDirectory = nil
        scriptName = nil
    }

    /// Loads `path` and runs it in a fresh environment (see above), with `parameters` as the
    /// global `params` (nil: no `params`). The script's folder becomes the one its `require`
    /// searches first. The scene is reset first.
    public func runJob(file path: String, parameters: ScriptParameter? = nil) throws(LuaError) {
        resetScene()
        scriptName = path
        // Not NSString.deletingLastPathComponent: Linux Foundation traps on one-character paths.
        scriptDirectory = ScriptSource.file(path).folder
        try runLoadedJob(parameters) { () throws(LuaError) in try host.load(file: path) }
    }

    /// `runJob(file:parameters:)` for script text held in memory; `chunkName` names it in
    /// messages (`chunkName:line: ...`), and `require` searches `directory` when given.
    public func runJob(source: String, chunkName: String, directory: String? = nil,
                       parameters: ScriptParameter? = nil) throws(LuaError) {
        resetScene()
        scriptName = chunkName
        scriptDirectory = directory
        try runLoadedJob(parameters) { () throws(LuaError) in try host.load(string: source, chunkName: "=" + chunkName) }
    }

    private func runLoadedJob(_ parameters: ScriptParameter?, load: () throws(LuaError) -> Void) throws(LuaError) {
        let s = host.stack
        let base = s.top
        defer { s.top = base }
        try load()
        pushJobEnvironment(parameters)
        // The main chunk's first (and only) upvalue is _ENV (Lua 5.4 manual §3.3.2, load).
        if lua_setupvalue(host.L, -2, 1) == nil { s.pop() }
        try host.call(arguments: 0, results: 0)
    }

    /// `setmetatable({params = parameters}, {__index = _G})`. Allocates only while the
    /// allocator cannot fail (outside a protected call), so nothing here can raise.
    private func pushJobEnvironment(_ parameters: ScriptParameter?) {
        let s = host.stack
        s.newTable(fieldCount: 4)
        if let parameters {
            parameters.push(on: s)
            s.setRawField(-2, "params")
        }
        s.newTable(fieldCount: 1)
        host.pushGlobals()
        s.setRawField(-2, "__index")
        lua_setmetatable(host.L, -2)
    }
}

extension SceneState {
    func reset() {
        scene = try! Scene()
        transactions = []
        completions = [:]
        nextToken = 1
        unnamedLayers = 0
        animationsNotAdded = [:]
        callbacks = [:]
        settings = SceneSettings()
        cues = [:]
        nextCue = 1
    }
}
