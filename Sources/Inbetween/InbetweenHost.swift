import Foundation
import InbetweenEngine
import InbetweenLua

/// Runs Inbetween's Lua scripts and plugins inside an app: ask for easings and springs by
/// name, sample easings, or run scripts and presets, then pull their frames or export them.
///
/// ```swift
/// let host = try InbetweenHost()                      // the shipped plugins, built in
/// let ys = try host.sample("bounceOut", at: [0, 0.25, 0.5, 0.75, 1])
/// let css = try host.run(script: ballURL).exportString(as: .css)
/// ```
///
/// Threading: a host owns one Lua state and is not `Sendable`. Use each host, and every
/// `ScriptRun` and Lua-backed `Easing` it hands out, from one thread or inside one actor;
/// make one host per thread (or actor) for parallel work. What it returns as values (`Frame`,
/// `ScriptError`, `SpringParameters`, `Easing.timingFunction`) is `Sendable`.
///
/// Every run starts from a clean scene in a fresh global environment; the plugins load once,
/// when the host is made. Process-wide effects: none, unless the limits ask for a time or
/// instruction bound (see `HostOptions.Limits`: a watchdog thread and a `SIGURG` handler).
public final class InbetweenHost {
    /// The options the host was made with.
    public let options: HostOptions
    /// Plugins that failed to load (each names its file and line); the others loaded.
    public let pluginProblems: [ScriptError]
    let runtime: Runtime
    /// The run whose budget is open, ended when the next run starts.
    private weak var active: ScriptRun?

    /// Makes a host: the shipped plugins (built into the library) unless
    /// `options.includesShippedPlugins` is false, then the plugins of `options.pluginFolders`.
    /// - Throws: `ScriptError` when the Lua state cannot be made or a plugin folder does not
    ///   exist. A plugin that fails does not throw: it is listed in `pluginProblems`.
    public init(options: HostOptions = HostOptions()) throws(ScriptError) {
        self.options = options
        for folder in options.pluginFolders where !InbetweenHost.isDirectory(folder.path) {
            throw ScriptError(
                runtime: "plugin folder '\(folder.path)' does not exist or is not a folder",
                parameter: "pluginFolders")
        }
        do {
            runtime = try Runtime(memoryLimit: options.limits.memory, trusted: !options.sandboxed)
        } catch {
            throw ScriptError(error)
        }
        runtime.host.limits = options.limits.lua
        runtime.host.maximumFileSize = options.limits.scriptSize
        runtime.images.folder = options.imageFolder?.path
        var search = PluginSearch()
        search.includeShipped = options.includesShippedPlugins
        search.searchesShippedFolder = false
        search.includeUserAndEnvironment = false
        search.extraDirectories = options.pluginFolders.map(\.path)
        pluginProblems = runtime.loadPlugins(search).failures.map(ScriptError.init)
    }

    /// An easing by name: a Core Animation or CSS preset (`easeInEaseOut`, `ease-out`), a CSS
    /// function (`cubic-bezier(0.3, 0.7, 0.7, 0.3)`, `steps(4)`, `linear(0, 0.25 75%, 1)`), or
    /// an easing a plugin registered (`bounceOut`, `backOut(2.5)`), which runs Lua: see
    /// `Easing` for the thread it may be called on.
    public func easing(named name: String) throws(ScriptError) -> Easing {
        let runtime = self.runtime
        let function = try guarded { try runtime.timing(named: name) }
        return Easing(name: name, function: function, host: self)
    }

    /// A spring by name from the plugins' `springs` registry (`wobbly`, `gentle`...).
    public func spring(named name: String) throws(ScriptError) -> SpringParameters {
        let runtime = self.runtime
        return try guarded { try runtime.springPreset(name) }
    }

    /// y = easing(x) for each x; `easing` is anything `easing(named:)` accepts.
    public func sample(_ easing: String, at xs: [Double]) throws(ScriptError) -> [Double] {
        let runtime = self.runtime
        return try evaluating { try runtime.sample(spec: easing, at: xs) }
    }

    /// Runs the script file and returns its run: the scene it builds, sampled at the script's
    /// `scene{...}` settings or `fps` (60 by default) from 0 to its natural end. The script's
    /// folder is where its `require` looks first.
    /// - Parameters:
    ///   - script: the script file; its path names it in messages and export headers.
    ///   - parameters: the script's global `params` (as a batch manifest gives them).
    ///   - fps: the frame rate, overriding the script's.
    public func run(
        script: URL, parameters: [String: ScriptParameter]? = nil, fps: Double? = nil
    ) throws(ScriptError) -> ScriptRun {
        try start(.file(script.path), parameters: parameters, fps: fps)
    }

    /// Runs a script given as text (one built by the app, or downloaded); `name` stands for
    /// its file in messages (`name:3: ...`) and in the header of an export. Its `require`
    /// looks in the plugin folders only.
    public func run(
        source: String, name: String = "script.lua", parameters: [String: ScriptParameter]? = nil,
        fps: Double? = nil
    ) throws(ScriptError) -> ScriptRun {
        try start(.text(source, name: name), parameters: parameters, fps: fps)
    }

    /// Runs a preset animation from the plugins' `presets` registry (`fadeIn`, `pulse`) on a
    /// layer named `layer`.
    public func run(preset name: String, layer: String = "layer", fps: Double? = nil)
        throws(ScriptError) -> ScriptRun
    {
        let source =
            "layer{name = \(InbetweenHost.luaString(layer))}:add(animation.preset(\(InbetweenHost.luaString(name))))"
        return try run(source: source, name: "preset '\(name)'", fps: fps)
    }

    /// Hands the scripts an image of the app's own (a PNG or JPEG file's bytes): `image(name)`
    /// returns it, before any file of that name. It is decoded when a script first asks for it,
    /// under the same limits as a file (`ScriptError` names the script's line if it is refused).
    public func addImage(_ data: Data, named name: String) {
        runtime.images.provided[name] = [UInt8](data)
    }

    // MARK: -

    /// Starts a run: ends the previous one, opens the limits' budget (closed when the run
    /// ends) and runs the script.
    private func start(_ script: ScriptSource, parameters: [String: ScriptParameter]?, fps: Double?)
        throws(ScriptError) -> ScriptRun
    {
        active?.end()
        let runtime = self.runtime
        if case .file = script {
            runtime.images.readsScriptFolder = true
        } else {
            runtime.images.readsScriptFolder = false
        }
        return try guarded {
            try runtime.host.beginBudget()
            do {
                try runtime.runScene(script, parameters: parameters.map { .object($0) })
                var request = SamplingRequest()
                request.fps = fps
                let run = try ScriptRun(host: self, script: script, request: request)
                active = run
                return run
            } catch {
                runtime.host.endBudget()
                throw error
            }
        }
    }

    /// Runs Lua code the app asked for outside a run (an easing, a sample): in a budget of its
    /// own, or in the open run's; an error an easing left pending is thrown.
    func evaluating<T>(_ body: () throws -> T) throws(ScriptError) -> T {
        let host = runtime.host
        return try guarded {
            let ownBudget = active == nil
            if ownBudget { try host.beginBudget() }
            defer { if ownBudget { host.endBudget() } }
            let value = try body()
            try host.throwIfStopped()
            try host.throwPendingError()
            return value
        }
    }

    func runEnded(_ run: ScriptRun) {
        if active === run { active = nil }
        runtime.host.endBudget()
    }

    private func guarded<T>(_ body: () throws -> T) throws(ScriptError) -> T {
        do {
            return try body()
        } catch {
            throw ScriptError.wrap(error)
        }
    }

    /// A Lua string literal for any text (decimal escapes for every byte outside printable
    /// ASCII, so no quote or newline can end it early).
    static func luaString(_ text: String) -> String {
        var out = "\""
        for byte in text.utf8 {
            if byte >= 0x20 && byte < 0x7f && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                out.append(Character(Unicode.Scalar(byte)))
            } else {
                out += "\\" + String(byte)
            }
        }
        return out + "\""
    }

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}

@available(*, unavailable, message: "a host owns one Lua state: use it from one thread or actor")
extension InbetweenHost: Sendable {}
