import CLua
import CLuaSupport
import Foundation
import InbetweenEngine

/// Running scripts, one after another, in one runtime (a batch worker runs many): the plugins
/// are loaded once, and each run starts from a clean slate.
///
/// What "clean" means: the scene, its transactions and callbacks are reset, and the script
/// runs in globals of its own (Lua/environment.lua): fresh copies of every table the host and
/// the plugins provide, registries with a layer of their own, its own `require` cache, its own
/// string methods. Nothing the script writes outlives the run: `endRun` drops it (or, for an
/// owner that `reusesEnvironments`, puts the copies back as they were made), and collects the
/// heap back to its baseline when the run left much behind. Metatables the host owns are
/// protected (`__metatable`), so no run can reach them. With `--trusted` the debug library can
/// reach everything, and none of this is promised.
extension Runtime {
    /// Forgets everything the last script built: scene, open transactions, callbacks, the
    /// `scene{...}` settings, and an error a callback left pending.
    package func resetScene() {
        state.reset()
        host.pendingError = nil
        scriptDirectory = nil
        scriptName = nil
        images.forgetDecoded()
    }

    /// Runs a scene script as `inbetween run` does (`runSceneScript`: a returned value the host
    /// cannot use is an error), after ending the previous run and resetting the scene as
    /// `runJob` does: what a library host runs.
    package func runScene(_ script: ScriptSource, parameters: ScriptParameter? = nil) throws(LuaError) {
        endRun()
        host.forgetFiles(after: baselineFiles)
        resetScene()
        scriptName = script.name
        try runSceneScript(script, parameters: parameters)
    }

    /// Loads `path` and runs it in a fresh environment, with `parameters` as the global `params`
    /// (nil: no `params`). The script's folder becomes the one its `require` searches first.
    /// The scene is reset first, and the previous run ended (`endRun`).
    package func runJob(file path: String, parameters: ScriptParameter? = nil) throws(LuaError) {
        endRun()
        // The last job's files: a worker running millions of jobs kept every path.
        host.forgetFiles(after: baselineFiles)
        resetScene()
        scriptName = path
        let s = host.stack
        let base = s.top
        defer { s.top = base }
        let source = ScriptSource.file(path)
        scriptDirectory = source.folder
        try runLoaded(parameters, chunk: source.name, results: 0, reuse: reusesEnvironments) {
            () throws(LuaError) in try host.load(file: path)
        }
    }

    /// `runJob(file:parameters:)` for script text held in memory; `chunkName` names it in
    /// messages (`chunkName:line: ...`), and `require` searches `directory` when given.
    package func runJob(
        source: String, chunkName: String, directory: String? = nil,
        parameters: ScriptParameter? = nil
    ) throws(LuaError) {
        endRun()
        host.forgetFiles(after: baselineFiles)
        resetScene()
        scriptName = chunkName
        scriptDirectory = directory
        let s = host.stack
        let base = s.top
        defer { s.top = base }
        try runLoaded(parameters, chunk: chunkName, results: 0, reuse: reusesEnvironments) {
            () throws(LuaError) in try host.load(string: source, chunkName: "=" + chunkName)
        }
    }

    /// Runs the script at `path` in an environment of its own (see above), which stays the
    /// current one until the next run or `endRun`: callbacks and easings the script made run
    /// in it while the scene is sampled. Leaves `results` results (LUA_MULTRET: all) and
    /// returns their count.
    @discardableResult
    package func runScript(
        file path: String, parameters: ScriptParameter? = nil,
        results: Int32 = LUA_MULTRET
    ) throws(LuaError) -> Int32 {
        try runScript(.file(path), parameters: parameters, results: results)
    }

    /// `runScript(file:)` for a script from any source (standard input among them). Text is
    /// read as `lua5.4` reads standard input: a byte order mark and a `#` first line skipped.
    @discardableResult
    package func runScript(
        _ source: ScriptSource, parameters: ScriptParameter? = nil,
        results: Int32 = LUA_MULTRET
    ) throws(LuaError) -> Int32 {
        // Not NSString.deletingLastPathComponent: Linux Foundation traps on one-character paths.
        scriptDirectory = source.folder
        return try runLoaded(parameters, chunk: source.name, results: results) { () throws(LuaError) in
            switch source {
            case .file(let path): try host.load(file: path)
            case .text(let text, let name):
                var bytes = Array(text.utf8)
                LuaHost.skipPrefix(&bytes)
                try host.load(text: Data(bytes), chunkName: "=" + name)
            }
        }
    }

    /// `reuse`: the environment of the last run may be put back and taken over (only runJob
    /// asks, as it reset the scene: see `reusesEnvironments`).
    @discardableResult
    private func runLoaded(
        _ parameters: ScriptParameter?, chunk name: String, results: Int32, reuse: Bool = false,
        load: () throws(LuaError) -> Void
    ) throws(LuaError) -> Int32 {
        let s = host.stack
        try load()
        let chunk = s.top
        try enterEnvironment(forPlugin: false, reuse: reuse)
        if let parameters {
            do {
                try parameters.push(on: s)
            } catch {
                s.top = chunk - 1
                throw LuaError(kind: .runtime, chunk: name, line: nil, message: error.message)
            }
            s.setRawField(-2, "params")
        }
        // The main chunk's first (and only) upvalue is _ENV (Lua 5.4 manual §3.3.2, load).
        if lua_setupvalue(host.L, chunk, 1) == nil { s.pop() }
        return try host.call(arguments: 0, results: results)
    }

    /// Pushes a new environment (Lua/environment.lua) and makes it the current run's; `reuse`
    /// lets it be the last run's, put back as new.
    func enterEnvironment(forPlugin: Bool, reuse: Bool = false) throws(LuaError) {
        let s = host.stack
        // Before the call: a `new` that fails may have left a run half entered.
        environmentEntered = true
        RunSlots.push(runSlots.new, on: host.L)
        s.push(forPlugin)
        s.push(reuse)
        try host.call(arguments: 2, results: 2)
        setRegistry(runSlots.run)
        s.newTable()
        setRegistry(runSlots.required)
    }

    /// `registry[name] = top`, popping the value; `name` is the reference of the slot's name.
    private func setRegistry(_ name: Int32) {
        RunSlots.push(name, on: host.L)
        clua_insert(host.L, -2)
        lua_rawset(host.L, clua_registryindex())
    }

    /// Ends the current run: the host's own globals, registries and string methods are current
    /// again, and what the run made is garbage. When the heap holds much more than its
    /// baseline, a full collection gives it back; if it still does, `needsRecycling` is set.
    package func endRun() {
        let s = host.stack
        let base = s.top
        defer { s.top = base }
        if environmentEntered {
            environmentEntered = false
            let state = host.L
            RunSlots.push(runSlots.leave, on: state)
            if s.type(at: -1) == LUA_TFUNCTION {
                _ = ib_pcall(state, 0, 0, 0)
            } else {
                s.pop()
            }
            RunSlots.push(runSlots.rootRun, on: state)
            lua_rawget(state, clua_registryindex())
            setRegistry(runSlots.run)
            s.pushNil()
            setRegistry(runSlots.required)
        }
        // The slack: what ordinary runs leave as garbage, which Lua's own collector takes in
        // its stride; a full collection per run would cost more than many runs do.
        let slack = max(4 << 20, baselineMemory)
        if host.memoryUsed > baselineMemory + slack {
            if ib_collect(host.L) != LUA_OK { s.pop() }
            if host.memoryUsed > baselineMemory + slack { needsRecycling = true }
        }
    }
}

extension SceneState {
    func reset() {
        scene = try! Scene()
        transactions = []
        completions.empty()
        nextToken = 1
        unnamedLayers = 0
        animationsNotAdded.empty()
        callbacks.empty()
        settings = SceneSettings()
        cues.empty()
        nextCue = 1
        easings.empty()
        animations = AnimationSharing()
        tree.reset()
    }
}

extension Dictionary {
    /// Removes every entry, keeping the storage when it is small: a batch worker resets its
    /// scene's dictionaries for each job, and made afresh, each was allocated again at its
    /// first entry (five a tiny job). A large one (a job of thousands of layers) is let go.
    mutating func empty() {
        if capacity <= 64 {
            removeAll(keepingCapacity: true)
        } else {
            self = [:]
        }
    }
}
