import InbetweenEngine
import InbetweenLua

/// The one output pipeline: a run's frames, written in a format into a sink. `inbetween run`
/// (and `--watch`), the batch workers and the library's exports all write through it, so a
/// format's bytes do not depend on the path that asked for them.
package enum OutputPipeline {
    /// Writes every frame of `frames` as `format` into `sink`, then the end of the document;
    /// the caller commits `sink` (a CSS page is committed here, when its CSS is finished).
    ///
    /// `frames` samples what the format asks for (`OutputFormat.request`: open them with
    /// `runtime.frames(format.request(request))`).
    ///
    /// Call it after the script ran and before any frame of `frames` is pulled: the scene as
    /// the script left it is the run's model, and when the format reads the scene's history
    /// (`OutputFormat.readsHistory`) the pipeline records it through the runtime's scene
    /// observer while the frames are pulled, and hands it to the writer; it detaches the
    /// observer before returning. Writers never see the runtime.
    /// - Parameters:
    ///   - runtime: the runtime `frames` samples (only its scene, its settings and its scene
    ///     observer are used).
    ///   - source: names the script in generated code and messages.
    ///   - page: where the CSS's page goes (see `OutputFormat.pagePath(beside:)`); nil for none.
    ///   - times: frame times' texts kept from earlier runs (a batch worker's cache).
    ///   - dataFile: where a watched preview's data goes besides the page; nil for none.
    ///   - onFrame: called after each frame is written (a progress line).
    /// - Returns: what the run did (frames, tracks, times).
    @discardableResult
    package static func write(
        _ frames: InbetweenLua.FrameStream, of runtime: Runtime, as format: OutputFormat, source: String,
        to sink: ByteSink, page: CSSPage? = nil, times: TimeTexts? = nil, dataFile: PreviewDataFile? = nil,
        onFrame: ((SampledFrame) -> Void)? = nil
    ) throws -> SamplingSummary {
        let model = runtime.scene
        var history: SceneHistory?
        if format.readsHistory {
            let recorded = SceneHistory(initial: model, keepsSnapshots: format.keepsSnapshots)
            recorded.budget = runtime.host.limits.memory
            runtime.sceneObserver = { event, scene in
                recorded.record(time: event.time, scene: scene)
                try checkBudget(recorded, format: format)
            }
            recorded.follow { runtime.scene }
            history = recorded
        }
        defer {
            if let history {
                runtime.sceneObserver = nil
                history.stopFollowing()
            }
        }
        var writer = format.makeWriter(
            sink: sink, fps: frames.fps, source: source, model: model, history: history, page: page,
            times: times, canvas: runtime.settings.size,
            tree: TreeRecording(model: model, log: runtime.treeLog), dataFile: dataFile)
        if format.writesWorld {
            // Opt-in and slower (a world per frame): the plain loop, not `drive`.
            var world = WorldTracks()
            while let frame = try frames.next() {
                // The runtime's scene is the one this frame was sampled from: the frame loop
                // delivers the events due by a frame's time before it hands the frame out,
                // and no later ones until the frames before the next event are out.
                let merged = try world.merge(frame, runtime.scene.world(at: frame.time))
                try writer.write(merged)
                try sink.checkReader()
                onFrame?(merged)
            }
            let summary = world.summary(frames.summary)
            try finish(&writer, summary, format: format, frames: frames)
            return summary
        }
        try drive(frames, into: &writer, sink: sink, format: format, onFrame: onFrame)
        return frames.summary
    }

    /// Stops an export whose history of the scene (`SceneHistory`) outgrows the memory limit
    /// (`--max-memory`), before it does: the structural writers read every version of every
    /// layer at the end, so the history is what grows with the run's events. Nothing is
    /// written (the sink is dropped without `commit`).
    private static func checkBudget(_ history: SceneHistory, format: OutputFormat) throws {
        guard history.exceedsBudget else { return }
        throw CommandError(
            "the \(format.name) output would hold the scene at each of its events (about "
                + "\(history.heldBytes) bytes: the layers each event changed, with their animations), "
                + "more than the memory limit of \(history.budget) bytes allows; raise it with "
                + "--max-memory (0 = no limit), or write a format that does not keep the history (json, csv)")
    }

    /// The writer's last step, where the structural formats (CSS, Swift, Lottie, the preview)
    /// do their work: a time limit that fires there names the writer, not the script.
    private static func finish<W: FrameWriter>(
        _ writer: inout W, _ summary: SamplingSummary, format: OutputFormat, frames: InbetweenLua.FrameStream
    ) throws {
        frames.setActivity("writing the \(format.name) output")
        defer { frames.setActivity(nil) }
        try writer.finish(summary)
    }

    /// The frames through `writer`, opened from its existential once: writing through
    /// `any FrameWriter` projected its box on every frame.
    private static func drive<W: FrameWriter>(
        _ frames: InbetweenLua.FrameStream, into writer: inout W, sink: ByteSink, format: OutputFormat,
        onFrame: ((SampledFrame) -> Void)?
    ) throws {
        while let frame = try frames.next() {
            try writer.write(frame)
            try sink.checkReader()
            onFrame?(frame)
        }
        try finish(&writer, frames.summary, format: format, frames: frames)
    }
}

extension OutputFormat {
    /// The page written beside a CSS output (`x.css` → `x.html`, in the same folder), or nil:
    /// only css (structural or baked) written to a file named `*.css` gets one.
    package func pagePath(beside output: String?) -> String? {
        guard kind == .css, let output, output != "-", output.hasSuffix(".css") else { return nil }
        return String(output.dropLast(4)) + ".html"
    }

    /// The name the page links its stylesheet by: the output's file name.
    package static func stylesheetName(_ output: String) -> String {
        output.lastIndex(of: "/").map { String(output[output.index(after: $0)...]) } ?? output
    }
}
