import InbetweenEngine
import InbetweenLua

/// The host as a command line drives it: one Lua state with the plugins loaded, a script run
/// in it, and its frames written through the output pipeline, rendered, previewed or plotted.
/// `inbetween`'s commands (run, batch and its workers, --watch, curve, plot, preview, render,
/// list) reach scripts only through it, as an app reaches them through `InbetweenHost`; the
/// command line keeps what only a command line does (arguments, files and staging, --watch,
/// worker processes, progress and messages).
///
/// Errors: what Lua raised comes out as a `ScriptError` (file, line, limit, traceback);
/// anything else (an `EngineError`, a sink's write error) passes through as thrown.
///
/// A host is never closed: closing the state would run a script's finalizers outside any
/// budget, where a looping `__gc` would hang the exit. The command line keeps its last host
/// until the process ends.
package final class CommandHost {
    let runtime: Runtime
    private let report: PluginReport

    /// Makes the Lua state under `settings`' limits and loads the plugins, each file in a
    /// budget of its own. A plugin that fails does not throw (see `pluginFailures`); call
    /// `begin()` before running anything.
    package init(_ settings: CommandSettings) throws(ScriptError) {
        do {
            runtime = try Runtime(memoryLimit: settings.limits.memory, trusted: settings.trusted)
        } catch {
            throw ScriptError(error)
        }
        runtime.host.limits = settings.limits.lua
        runtime.host.maximumFileSize = settings.limits.scriptSize
        report = runtime.loadPlugins(settings.search)
    }

    // MARK: Set-up

    /// Opens the budget the command runs in (until `endBudget()`, or the process's end: a
    /// batch worker ends it and opens one per job instead), after the plugins loaded: when
    /// their loading was stopped (`setUpStop`), that is thrown instead.
    package func begin() throws(ScriptError) {
        if let stop = CommandHost.setUpStop(report.failures) { throw ScriptError(stop) }
        try beginBudget()
    }

    /// Plugins that failed to load (the others loaded): `file:line: message` each.
    package var pluginFailures: [ScriptError] { report.failures.map(ScriptError.init) }
    /// Plugin folders that are there but could not be read, and why.
    package var unreadablePluginFolders: [(folder: String, reason: String)] { report.unreadableFolders }
    /// Names two plugins both registered, as "easing 'bounceOut': mine (/p/mine.lua) overrides
    /// penner (plugins/penner.lua), loaded later".
    package var pluginClashes: [String] { runtime.pluginReport.clashes.map(\.description) }

    /// The failure that ends a command before it starts: Ctrl-C while the plugins load, or a
    /// limit hit in the host's own Lua or a shipped plugin (both load well within the default
    /// limits, so the limit is too small for the set-up; a user's plugin that loops stays a
    /// warning and the others load).
    static func setUpStop(_ failures: [LuaError]) -> LuaError? {
        let shipped = PluginSearch.shippedDirectory.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        // The built-in copies are named plugins/NAME.lua (PluginLoader).
        let builtIn = Set(PluginSearch.builtInPlugins.map { "plugins/\($0.name).lua" })
        for failure in failures {
            if failure.kind == .interrupted { return failure }
            guard failure.kind == .limit else { continue }
            let place = failure.chunk ?? "?"
            guard
                place.hasPrefix("[inbetween") || builtIn.contains(place)
                    || shipped.map({ place.hasPrefix($0) }) == true
            else { continue }
            let at = failure.line.map { "\(place):\($0)" } ?? place
            return LuaError(
                kind: .limit, message: "\(failure.message) while loading the plugins (at \(at))",
                limit: failure.limit)
        }
        return nil
    }

    // MARK: Budgets, warnings, files

    /// Starts the limits' budget on this thread.
    package func beginBudget() throws(ScriptError) {
        do { try runtime.host.beginBudget() } catch { throw ScriptError(error) }
    }

    /// Ends the budget: while a command waits (--watch between attempts, a worker between
    /// jobs) no limit runs.
    package func endBudget() { runtime.host.endBudget() }

    /// The limit that fired in the open budget, or Ctrl-C, when one did.
    package var stop: ScriptError? { runtime.host.stopError.map(ScriptError.init) }

    /// Warnings Lua collected since the last call (`warn`, errors in `__gc` metamethods).
    package func takeWarnings() -> [String] { runtime.host.takeWarnings() }

    /// Every file loaded: the plugins, the script and the modules it required.
    package var filesLoaded: [String] { runtime.host.filesLoaded }

    /// The files `require` loaded, in load order (what `--watch` watches besides the script).
    package var requiredFiles: [String] { runtime.requiredFiles }

    // MARK: Scripts

    /// Runs a script that builds a scene, its folder the first place its `require` looks;
    /// `named`: the scene's messages name the script (`x.lua: layer 'L' ...`).
    package func runScene(_ script: ScriptSource, named: Bool = true) throws(ScriptError) {
        runtime.scriptDirectory = script.folder
        if named { runtime.scriptName = script.name }
        do { try runtime.runSceneScript(script) } catch { throw ScriptError(error) }
    }

    /// Runs a script and tells whether it returned an easing rather than building a scene
    /// (`plot`, which draws either).
    package func scriptReturnsEasing(_ script: ScriptSource) throws(ScriptError) -> Bool {
        runtime.scriptDirectory = script.folder
        do { return try runtime.scriptReturnsEasing(script) } catch { throw ScriptError(error) }
    }

    /// Where animations were created but never added to a layer (`file:line:`, or "" when
    /// the place is unknown).
    package var animationsNotAdded: [String] { runtime.animationsNotAdded }

    /// The size the script gave its scene (`scene{size = ...}`), if any.
    package var sceneSize: Size? { runtime.settings.size }

    // MARK: Frames

    /// The first frame time and the fixed end (nil: the natural end) this request and the
    /// script's `scene{...}` settings give, before they are checked (for errors that name the
    /// option at fault).
    package func sampleBounds(for request: SamplingRequest) -> (start: Double, end: Double?) {
        runtime.sampleBounds(for: request)
    }

    /// Writes the frames of the scene the script built as `format` into `sink` through the
    /// output pipeline (`OutputPipeline.write`); `started` hears the frame count when it is
    /// known ahead (nil for a natural end), `onFrame` each frame written; `dataFile` is where
    /// a watched preview's data goes besides the page.
    @discardableResult
    package func write(
        _ request: SamplingRequest, as format: OutputFormat, source: String, to sink: ByteSink,
        page: CSSPage? = nil, times: TimeTexts? = nil, dataFile: PreviewDataFile? = nil,
        started: (Int?) -> Void = { _ in }, onFrame: ((SampledFrame) -> Void)? = nil
    ) throws -> SamplingSummary {
        try reportingLua {
            let frames = try runtime.frames(format.request(request))
            started(frames.total)
            return try OutputPipeline.write(
                frames, of: runtime, as: format, source: source, to: sink, page: page, times: times,
                dataFile: dataFile, onFrame: onFrame)
        }
    }

    /// Pulls every frame of the scene into `onFrame`; returns the run's summary.
    @discardableResult
    package func sample(
        _ request: SamplingRequest, onFrame: (SampledFrame) throws -> Void
    ) throws -> SamplingSummary {
        try reportingLua { try runtime.sampleScene(request, onFrame: onFrame) }
    }

    /// In a scene with a layer tree, where every layer's `position` (the point of its
    /// superlayer's bounds coordinates its anchor point sits at) lies in the stage's: through
    /// its superlayers as the tree stands now, with their presentation values at `time`
    /// (CALayer's `convertPoint:toLayer:` with the stage; `Scene.convert`). Called from
    /// `sample`'s frames, for `plot`'s motion paths; empty for a flat scene, whose positions are
    /// the stage's already. A layer out of the tree keeps its own position; nil where there is
    /// no stage point (a superlayer seen edge on, a point on its horizon).
    package func stagePositions(at time: Double) -> [(layer: String, point: Point?)] {
        let scene = runtime.scene
        guard scene.hasTree else { return [] }
        return scene.layers.indices.map { i in
            let name = scene.layers[i].name
            guard case .point(let p)? = try? scene.presentationValues(ofLayer: i, at: time)["position"] else {
                return (name, nil)
            }
            guard let parent = scene.superlayerName(of: name) else { return (name, p) }
            return (name, try? scene.convert(p, from: parent, to: nil, at: time))
        }
    }

    /// A renderer of the scene (see `Renderer`): `RenderError` for options out of range,
    /// `ScriptError` when the script fails.
    package func renderer(_ request: SamplingRequest, options: RenderOptions) throws -> Renderer {
        try Renderer(runtime: runtime, request: request, options: options)
    }

    // MARK: Batch jobs

    /// Runs a batch job's script in a fresh environment with the scene reset, `parameters`
    /// as its global `params` (see `Runtime.runJob`).
    package func runJob(file path: String, parameters: ScriptParameter?) throws(ScriptError) {
        do { try runtime.runJob(file: path, parameters: parameters) } catch { throw ScriptError(error) }
    }

    /// What each line a script's `print` writes starts with (a batch job's output name).
    package var printPrefix: String {
        get { runtime.printPrefix }
        set { runtime.printPrefix = newValue }
    }

    /// Whether a job may get the environment of the job before it, put back as it was made:
    /// only for an owner that keeps nothing of a job once the next starts (a batch worker).
    package var reusesEnvironments: Bool {
        get { runtime.reusesEnvironments }
        set { runtime.reusesEnvironments = newValue }
    }

    /// Ends a job: nothing it made outlives it.
    package func endRun() { runtime.endRun() }

    /// Whether memory stayed held after a run ended: the owner should make a fresh host.
    package var needsRecycling: Bool { runtime.needsRecycling }

    // MARK: Easings and the registries

    /// Every timing preset, easing, spring and animation preset, with its plugin and file.
    package func catalog() -> [CatalogEntry] { runtime.catalog() }

    /// The names a timing spec may be: presets and registered easings.
    package func knownTimingNames() -> [String] { runtime.knownTimingNames() }

    /// The timing function a spec names (a preset, a registered easing, CSS), nil when it
    /// names none or its easing fails.
    package func timingFunction(named spec: String) -> TimingFunction? {
        try? runtime.timing(named: spec)
    }

    /// y = easing(x) for each point; `spec` is anything a timing spec accepts.
    package func sample(spec: String, at points: SamplePoints) throws(ScriptError) -> [Double] {
        do { return try runtime.sample(spec: spec, at: points) } catch { throw ScriptError(error) }
    }

    /// The same for a script that returns an easing.
    package func sample(script: ScriptSource, at points: SamplePoints) throws(ScriptError) -> [Double] {
        do { return try runtime.sample(script: script, at: points) } catch { throw ScriptError(error) }
    }

    /// A NaN or infinite y is an error naming the curve (`what`) and the first such x.
    package static func checkFinite(_ ys: [Double], at xs: [Double], what: String) throws(ScriptError) {
        do { try Runtime.checkFinite(ys, at: xs, what: what) } catch { throw ScriptError(error) }
    }

    /// The spring the plugins registered as `name` (`springs.get(name)`), nil when none; a
    /// registered spring with a bad value throws its `EngineError`.
    package func registeredSpring(_ name: String) throws -> SpringParameters? {
        do {
            return try runtime.registeredSpring(name)
        } catch is LuaRaise {
            // The registry's Lua failed: a limit that fired (the error value itself is gone
            // with the registry's stack), reported as such rather than as "value".
            throw stop
                ?? ScriptError(kind: .runtime, message: "cannot look up spring '\(name)' in the registry")
        } catch let error as LuaError {
            throw ScriptError(error)
        }
    }

    /// `body`, with a Lua error thrown as the `ScriptError` it is; others pass through.
    private func reportingLua<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as LuaError {
            throw ScriptError(error)
        }
    }
}

// The value types a command passes to its host, named here so that the command line needs
// no module but this one.
package typealias ScriptSource = InbetweenLua.ScriptSource
package typealias SamplingRequest = InbetweenLua.SamplingRequest
package typealias SamplePoints = InbetweenLua.SamplePoints
package typealias CatalogEntry = InbetweenLua.CatalogEntry
/// "did you mean" for names: the closest by edit distance.
package typealias Suggestions = InbetweenLua.Suggestions

extension ScriptSource {
    /// A command's SCRIPT operand: a path, or `-` for standard input (read now, once).
    package static func reading(operand text: String) throws(ScriptError) -> ScriptSource {
        do { return try operand(text) } catch { throw ScriptError(error) }
    }

    /// `/dev/stdin` when the script came from standard input (an output must not replace it).
    package var standardInput: [String] {
        if case .text = self { return ["/dev/stdin"] }
        return []
    }
}

/// Ctrl-C and the hard exit for a command line: process-wide (see `LuaInterrupts`).
package enum CommandInterrupts {
    /// Installs the SIGINT handler; a run still going `hardExitAfter` seconds after a limit
    /// fired ends the process after `cleanup`.
    package static func install(hardExitAfter: Double, cleanup: @convention(c) () -> Void) {
        LuaInterrupts.install(hardExitAfter: hardExitAfter, cleanup: cleanup)
    }

    /// Whether Ctrl-C was pressed.
    package static var interrupted: Bool { LuaInterrupts.interrupted }
}
