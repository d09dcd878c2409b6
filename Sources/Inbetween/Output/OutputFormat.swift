import InbetweenEngine
import InbetweenLua

/// What a run is written as: one of the frame formats, with its options. Made from a name by
/// one factory, `init(name:precision:bake:)`, used by `inbetween run`, `batch` (its workers),
/// `--watch` and the library alike, so that every path writes the same bytes.
public struct OutputFormat: Hashable, Sendable {
    public enum Kind: String, CaseIterable, Sendable {
        /// `{"fps": …, "start": …, "end": …, "tracks": [{"layer": …, "keyPath": …, "times": […],
        /// "values": […]}]}`: track-major (`JSONFrameWriter`).
        case json
        /// `{"frame": …, "time": …, "layers": {…}}`: JSON Lines, one object per frame, written as
        /// the frames come (`JSONLinesFrameWriter`).
        case jsonl
        /// `time,layer,keyPath,v0[,v1,…]`: one row per frame per track.
        case csv
        /// A stylesheet of `@keyframes` (and, written to `x.css`, the page `x.html` beside it).
        case css
        /// Swift code that builds the scene's Core Animation layers and animations.
        case swift
        /// A Lottie (Bodymovin) JSON file.
        case lottie
        /// A self-contained HTML page that plays the scene, every layer drawn from all of its
        /// properties, with charts of what changes (`inbetween preview`; `PreviewFrameWriter`).
        case preview
    }

    public var kind: Kind
    /// Decimal places of every number written (0...17); nil writes the shortest text that
    /// reads back as the same Double.
    public var precision: Int?
    /// css and swift: one keyframe per frame (every track baked) instead of each animation's
    /// own keyframes and timing functions. Ignored by the other formats.
    public var bake: Bool
    /// preview: the page's title; nil names it after the script's file. Ignored by the other
    /// formats.
    public var title: String?
    /// json, jsonl and csv: each frame also gives every drawn layer's composed geometry in the
    /// stage's space (`SceneWorld`), as two tracks of the layer: `world`, the matrix from its
    /// bounds coordinates to the stage (a transform: 16 numbers, CATransform3D's row vectors),
    /// and `world.opacity`, its composed opacity. A replicator's copies are layers of their
    /// own, `NAME[i]`. A layer drawn in earlier frames and not in this one keeps its last
    /// matrix with opacity 0. Ignored by the other formats.
    public var world: Bool

    public init(
        _ kind: Kind, precision: Int? = nil, bake: Bool = false, title: String? = nil, world: Bool = false
    ) {
        self.kind = kind
        self.precision = precision
        self.bake = bake
        self.title = title
        self.world = world
    }

    /// The format called `name` (`json`, `jsonl`, `csv`, `css`, `swift`, `lottie`, `preview`).
    /// - Throws: `OutputFormat.UnknownName`, which names the valid ones.
    public init(name: String, precision: Int? = nil, bake: Bool = false, world: Bool = false)
        throws(UnknownName)
    {
        guard let kind = Kind(rawValue: name) else { throw UnknownName(name: name) }
        self.init(kind, precision: precision, bake: bake, world: world)
    }

    /// Whether the format writes the world tracks (`world`, and a format that has tracks).
    package var writesWorld: Bool {
        world && (kind == .json || kind == .jsonl || kind == .csv)
    }

    /// The formats' names, in the order the help lists them.
    public static let names = Kind.allCases.map(\.rawValue)

    public var name: String { kind.rawValue }

    /// The file extension of the format's output (a Lottie file is JSON).
    public var fileExtension: String {
        switch kind {
        case .lottie: return "json"
        case .preview: return "html"
        default: return kind.rawValue
        }
    }

    /// A format name that is not one of `OutputFormat.names`.
    public struct UnknownName: Error, CustomStringConvertible, Equatable {
        public var name: String
        public init(name: String) { self.name = name }
        public var description: String {
            "unknown format '\(name)' (\(OutputFormat.names.joined(separator: ", ")))"
        }
    }

    /// How numbers are written.
    package var numbers: NumberFormat { precision.map { .fixed($0) } ?? .shortest }

    /// Whether the writer reads the scene's history (css and swift keeping the structure read
    /// every event's scene; Lottie reads the layers as the run leaves them at each frame, and so
    /// does the preview, to draw a layer tree as the stage shows it).
    package var readsHistory: Bool {
        switch kind {
        case .css, .swift: return !bake
        case .lottie, .preview: return true
        case .json, .jsonl, .csv: return false
        }
    }

    /// Whether the history keeps every event's scene (`SceneHistory(keepsSnapshots:)`), or only
    /// the latest (the writers that read the scene as the run goes).
    package var keepsSnapshots: Bool { kind != .lottie && kind != .preview }

    /// The sampling the format needs from `request`: the preview and Lottie draw every layer
    /// from all of its drawn properties, animated or not; the others write the animated tracks.
    package func request(_ request: SamplingRequest) -> SamplingRequest {
        var request = request
        switch kind {
        case .preview: request.keyPathsOfEveryLayer = PreviewFrameWriter.drawnKeyPaths
        case .lottie: request.keyPathsOfEveryLayer = LottieLayer.keyPaths
        default: break
        }
        return request
    }

    /// The one factory of writers.
    /// - Parameters:
    ///   - model: the scene the script built, before sampling (the model values at the start).
    ///   - history: the run's history (see `readsHistory`), recorded as the frames are pulled.
    ///   - source: names the script in generated code and messages.
    ///   - page: where the CSS's page goes; nil writes none.
    ///   - times: frame times' texts kept from earlier jobs (a batch worker's; CSV uses them).
    ///   - canvas: the size the script gave its scene, if any (Lottie's `w` and `h`, the
    ///     preview's stage).
    ///   - tree: the run's layer tree and its changes (json and jsonl write it when there is one).
    ///   - dataFile: where a watched preview's data goes besides the page; nil writes none.
    package func makeWriter(
        sink: ByteSink, fps: Double, source: String, model: Scene, history: SceneHistory?,
        page: CSSPage? = nil, times: TimeTexts? = nil, canvas: Size? = nil, tree: TreeRecording? = nil,
        dataFile: PreviewDataFile? = nil
    ) -> FrameWriter {
        let numbers = self.numbers
        let history = history ?? SceneHistory(initial: model)
        switch kind {
        case .json: return JSONFrameWriter(sink: sink, numbers: numbers, fps: fps, tree: tree)
        case .jsonl: return JSONLinesFrameWriter(sink: sink, numbers: numbers, tree: tree)
        case .csv: return CSVFrameWriter(sink: sink, numbers: numbers, times: times)
        case .preview:
            return PreviewFrameWriter(
                sink: sink, numbers: numbers, fps: fps, title: title ?? PreviewData.fileName(source),
                stageSize: canvas, dataFile: dataFile, history: history)
        case .lottie:
            return LottieFrameWriter(
                sink: sink, numbers: numbers, fps: fps, source: source, history: history, canvas: canvas)
        case .css, .swift:
            if bake {
                return BakedExportWriter(
                    target: kind == .css ? .css : .swift, sink: sink, numbers: numbers, source: source,
                    fps: fps, model: model, page: page, tree: tree)
            }
            if kind == .swift {
                return SwiftStructureWriter(
                    sink: sink, numbers: numbers, history: history, source: source, fps: fps)
            }
            return CSSStructureWriter(
                sink: sink, numbers: numbers, history: history, source: source, fps: fps, page: page)
        }
    }
}

extension OutputFormat {
    /// The file extension of the format called `name` (a batch names its outputs before its
    /// workers make the format); a name that is no format stands for itself.
    package static func fileExtension(ofName name: String) -> String {
        (try? OutputFormat(name: name))?.fileExtension ?? name
    }
}
