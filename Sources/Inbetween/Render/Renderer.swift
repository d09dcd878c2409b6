import InbetweenEngine
import InbetweenLua

/// Draws the frames of a run as pictures, one frame at a time: `next()` samples the next frame
/// and rasterizes every layer into straight RGBA, as Core Animation composes them (see
/// `LayerPainter`); a scene with a layer tree as its stage shows it (`SceneWorld`: each layer
/// through its superlayers, clipped by their `masksToBounds`, in its opacity groups). An app makes thumbnails with it, a server renders previews; the `render`
/// command writes the same frames to video, GIF or PNG files.
///
/// ```swift
/// let renderer = try Renderer(runtime: runtime, request: request, options: RenderOptions(scale: 2))
/// while let frame = try renderer.next() { thumbnails.append(frame.rgba) }
/// ```
///
/// Memory: one picture and one frame's values when the size is known before the run (the
/// options' `size` or the script's `scene{ size = }`); otherwise the size is the box of what
/// is drawn over the whole run, so the run's sampled layer values (never pictures) are kept
/// until it ends and the first frame can be drawn.
///
/// A renderer pulls its host's Lua state: use it on the host's thread, as a `FrameStream`.
public final class Renderer {
    /// The picture's size in pixels.
    public let width: Int
    public let height: Int
    /// The frame rate the run samples at.
    public let fps: Double
    /// How many frames the run has when that is known before it starts (a fixed end); nil for
    /// a natural end.
    public let total: Int?
    /// The options it was made with.
    public let options: RenderOptions

    private var source: LayerFrames
    private var current: LayerFrames.Frame?
    /// Called once when the run is over: ends a host run.
    private var ended: (() -> Void)?
    private let canvas: SceneCanvas

    /// Renders the run of the script `runtime` has loaded, sampled at `request` (the CLI's
    /// own path: it has the runtime and request already).
    /// - Throws: `RenderError` for options out of range, `ScriptError` when the script fails.
    package convenience init(runtime: Runtime, request: SamplingRequest, options: RenderOptions) throws {
        var request = request
        request.fps = options.fps ?? request.fps
        request.from = options.from ?? request.from
        request.to = options.to ?? request.to
        request.keyPathsOfEveryLayer = LayerSnapshot.keyPaths
        let stream: InbetweenLua.FrameStream
        do { stream = try runtime.frames(request) } catch { throw ScriptError(error) }
        try self.init(
            source: LayerFrames(stream: stream, scene: { runtime.scene }), sceneSize: runtime.settings.size,
            options: options)
    }

    /// Draws the frames of a run an app started (`InbetweenHost.run(script:)`,
    /// `run(source:)`, `run(preset:)`): a run is pulled once, as frames or as pictures. The
    /// options' `fps`, `from` and `to` override the run's.
    ///
    /// ```swift
    /// let host = try InbetweenHost()
    /// let renderer = try Renderer(try host.run(script: ballURL), options: RenderOptions(scale: 2))
    /// while let frame = try renderer.next() { thumbnails.append(frame) }
    /// ```
    /// - Throws: `RenderError` for options out of range or a run already pulled,
    ///   `ScriptError` when the script fails.
    public convenience init(_ run: ScriptRun, options: RenderOptions = RenderOptions()) throws {
        guard !run.started && !run.ended else {
            throw RenderError(
                parameter: "run", value: run.name, rule: "was pulled already (a run is pulled once)")
        }
        run.started = true
        var request = run.request
        request.fps = options.fps ?? request.fps
        request.from = options.from ?? request.from
        request.to = options.to ?? request.to
        request.keyPathsOfEveryLayer = LayerSnapshot.keyPaths
        let runtime = run.host.runtime
        let stream: InbetweenLua.FrameStream
        do { stream = try runtime.frames(request) } catch {
            run.end()
            throw ScriptError(error)
        }
        do {
            try self.init(
                source: LayerFrames(stream: stream, scene: { runtime.scene }),
                sceneSize: runtime.settings.size,
                options: options)
        } catch {
            run.end()
            throw error
        }
        // The run (and its limits' budget) lasts as long as its frames are being drawn.
        ended = { run.end() }
    }

    /// One picture of a run at scene time `time` (the run's events up to it applied): an app's
    /// thumbnail. Its size: `options.size`, else `scene{ size = }`, else the box of what is
    /// drawn at that time.
    public static func still(_ run: ScriptRun, at time: Double, options: RenderOptions = RenderOptions())
        throws -> RenderedFrame
    {
        var options = options
        options.from = time
        options.to = time
        let renderer = try Renderer(run, options: options)
        guard let frame = try renderer.next() else {
            throw RenderError(parameter: "time", value: RenderError.text(time), rule: "gave no frame")
        }
        return frame
    }

    init(source: LayerFrames, sceneSize: Size?, options: RenderOptions) throws {
        try Renderer.validate(options)
        var source = source
        let size: Size
        if let given = options.size ?? sceneSize {
            size = given
        } else {
            size = try source.bufferAndMeasure()
        }
        let (w, h) = try Renderer.pixels(size, scale: options.scale)
        width = w
        height = h
        fps = source.fps
        total = source.total
        self.options = options
        self.source = source
        canvas = SceneCanvas(width: w, height: h, scale: options.scale, background: options.background)
    }

    /// The next frame, or nil when the run is over.
    /// - Throws: `ScriptError` when a callback or an easing fails or a limit is reached; the
    ///   run is over after that.
    public func next() throws(ScriptError) -> RenderedFrame? {
        guard try advance() != nil else { return nil }
        source.setActivity("drawing frames")
        return picture()
    }

    /// What is done with the frames outside Lua from now on ("waiting for ffmpeg"; nil:
    /// nothing): a time limit that fires there names it, not the script.
    package func setActivity(_ what: String?) { source.setActivity(what) }

    /// Every frame drawn whole rather than only where it changed (the tests compare the two).
    package var redrawsWholeFrames: Bool {
        get { canvas.redrawsWholeFrames }
        set { canvas.redrawsWholeFrames = newValue }
    }

    /// Samples the next frame without drawing it; returns its layers' names, nil after the
    /// last. `picture(only:)` draws it.
    package func advance() throws(ScriptError) -> [String]? {
        do {
            current = try source.next()
        } catch {
            finish()
            throw error
        }
        if current == nil { finish() }
        return current.map { $0.layers.map(\.layer.name) }
    }

    /// Ends what the renderer holds open (a host run's budget), once.
    private func finish() {
        source.setActivity(nil)
        ended?()
        ended = nil
    }

    deinit { finish() }

    /// The frame `advance()` sampled, drawn: every layer, or only the one named `only` (the
    /// agreement tests measure layer by layer).
    package func picture(only: String? = nil) -> RenderedFrame {
        guard let frame = current else {
            return RenderedFrame(index: 0, time: 0, width: 0, height: 0, rgba: [])
        }
        canvas.draw(only.map { name in frame.layers.filter { $0.layer.name == name } } ?? frame.layers)
        return RenderedFrame(
            index: frame.index, time: frame.time, width: width, height: height, rgba: canvas.rgba())
    }

    // MARK: Checks

    static func validate(_ options: RenderOptions) throws(RenderError) {
        guard options.scale.isFinite && options.scale > 0 else {
            throw RenderError(
                parameter: "scale", value: RenderError.text(options.scale),
                rule: "must be a finite number greater than 0")
        }
        if let size = options.size {
            for (name, side) in [("width", size.width), ("height", size.height)] {
                guard side.isFinite && side > 0 else {
                    throw RenderError(
                        parameter: "size",
                        value: "\(RenderError.text(size.width))x\(RenderError.text(size.height))",
                        rule: "the \(name) must be a finite number greater than 0")
                }
            }
        }
    }

    /// ceil(size × scale) each way, at least 1, at most `RenderOptions.maximumPixels`.
    static func pixels(_ size: Size, scale: Double) throws(RenderError) -> (Int, Int) {
        let w = max(1, (size.width * scale).rounded(.up))
        let h = max(1, (size.height * scale).rounded(.up))
        let limit = Double(RenderOptions.maximumPixels)
        guard w <= limit && h <= limit else {
            throw RenderError(
                parameter: "size", value: "\(RenderError.text(w))x\(RenderError.text(h)) pixels",
                rule: "each side must be at most \(RenderOptions.maximumPixels) pixels")
        }
        return (Int(w), Int(h))
    }
}
