import Foundation
import InbetweenEngine
import InbetweenLua

/// Runs Inbetween's Lua scripts and plugins inside an app: load plugin folders once, then ask
/// for timing functions and springs by name, sample easings, or run scripts and presets and
/// pull their frames.
///
/// ```swift
/// let host = try InbetweenHost(options: HostOptions(pluginFolders: [pluginsFolder]))
/// let ys = try host.sample("bounceOut", at: [0, 0.25, 0.5, 0.75, 1])
/// let frames = try host.run(scriptAt: "ball.lua").collect()
/// ```
///
/// A host owns one Lua state and is not thread-safe: use each host from one thread (make one
/// per thread for parallel work). Every run starts from a clean scene in a fresh global
/// environment, with the plugins loaded once.
public final class InbetweenHost {
    /// The options the host was made with.
    public let options: HostOptions
    /// Plugins that failed to load (each names its file and line); the others loaded.
    public let pluginProblems: [ScriptError]
    private let runtime: Runtime
    /// The stream of the last run, ended when the next run starts.
    private weak var active: FrameStream?

    /// Makes a host and loads the plugins of `options.pluginFolders`.
    /// - Throws: `ScriptError` when the Lua state cannot be made or a plugin folder does not
    ///   exist. A plugin that fails does not throw: it is listed in `pluginProblems`.
    public init(options: HostOptions = HostOptions()) throws(ScriptError) {
        self.options = options
        for folder in options.pluginFolders where !InbetweenHost.isDirectory(folder) {
            throw ScriptError(runtime: "plugin folder '\(folder)' does not exist or is not a folder")
        }
        do {
            runtime = try Runtime(memoryLimit: options.limits.memory, trusted: !options.sandboxed)
        } catch {
            throw ScriptError(error)
        }
        runtime.host.limits = options.limits
        var search = PluginSearch()
        search.includeShipped = false
        search.includeUserAndEnvironment = false
        search.extraDirectories = options.pluginFolders
        let runtime = self.runtime
        pluginProblems =
            (try? runtime.host.withBudget { runtime.loadPlugins(search) })?.failures
            .map(ScriptError.init) ?? []
    }

    /// A timing function by name: a Core Animation or CSS preset (`easeInEaseOut`,
    /// `ease-out`), a CSS function (`cubic-bezier(0.3, 0.7, 0.7, 0.3)`, `steps(4)`,
    /// `linear(0, 0.25 75%, 1)`), or an easing a plugin registered (`bounceOut`,
    /// `backOut(2.5)`). A plugin easing calls back into this host's Lua state: evaluate it on
    /// the host's thread while the host lives.
    public func timingFunction(named name: String) throws(ScriptError) -> TimingFunction {
        let runtime = self.runtime
        return try guarded { try runtime.timing(named: name) }
    }

    /// A spring by name from the plugins' `springs` registry (`wobbly`, `gentle`...).
    public func spring(named name: String) throws(ScriptError) -> SpringParameters {
        let runtime = self.runtime
        return try guarded { try runtime.springPreset(name) }
    }

    /// y = easing(x) for each x; `easing` is anything `timingFunction(named:)` accepts.
    public func sample(_ easing: String, at xs: [Double]) throws(ScriptError) -> [Double] {
        let runtime = self.runtime
        return try guarded { try runtime.sample(spec: easing, at: xs) }
    }

    /// Runs the script file and returns the frames of the scene it builds, sampled at the
    /// script's `scene{...}` settings or `fps` (60 by default) from 0 to its natural end.
    /// - Parameters:
    ///   - parameters: the script's global `params` (as a batch manifest gives them).
    ///   - fps: the frame rate, overriding the script's.
    public func run(
        scriptAt path: String, parameters: [String: ScriptParameter]? = nil,
        fps: Double? = nil
    ) throws(ScriptError) -> FrameStream {
        let runtime = self.runtime
        return try stream(fps: fps) {
            try runtime.runJob(file: path, parameters: parameters.map { .object($0) })
        }
    }

    /// Runs script text held in memory (a preset downloaded as a string); `name` stands for
    /// the file in messages.
    public func run(
        source: String, name: String = "script", parameters: [String: ScriptParameter]? = nil,
        fps: Double? = nil
    ) throws(ScriptError) -> FrameStream {
        let runtime = self.runtime
        return try stream(fps: fps) {
            try runtime.runJob(source: source, chunkName: name, parameters: parameters.map { .object($0) })
        }
    }

    /// Runs a preset animation from the plugins' `presets` registry (`fadeIn`, `pulse`) on a
    /// layer named `layer` and returns its frames.
    public func run(preset name: String, layer: String = "layer", fps: Double? = nil)
        throws(ScriptError) -> FrameStream
    {
        let source =
            "layer{name = \(InbetweenHost.luaString(layer))}:add(animation.preset(\(InbetweenHost.luaString(name))))"
        return try run(source: source, name: "preset '\(name)'", fps: fps)
    }

    // MARK: -

    /// Starts a run: ends the stream of the previous one, opens the limits' budget, runs the
    /// script and returns its frames as a stream that closes the budget when it ends.
    private func stream(fps: Double?, _ start: () throws -> Void) throws(ScriptError) -> FrameStream {
        active?.end()
        let runtime = self.runtime
        return try guarded {
            try runtime.host.beginBudget()
            do {
                try start()
                var request = SamplingRequest()
                request.fps = fps
                let stream = FrameStream(try runtime.frames(request)) { runtime.host.endBudget() }
                active = stream
                return stream
            } catch {
                runtime.host.endBudget()
                throw error
            }
        }
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
