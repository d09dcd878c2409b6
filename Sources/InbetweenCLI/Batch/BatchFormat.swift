import Inbetween

/// What a batch writes for each script: frames in one of the output formats, or a picture
/// drawn by the Renderer as `inbetween render` draws it.
enum BatchFormat {
    case frames(OutputFormat)
    /// The format's name (the outputs' extension) and what render writes for it.
    case picture(String, RenderFileKind)

    /// The picture formats by name: each script's movie, or its first frame as a PNG.
    static let pictures: [String: RenderFileKind] = [
        "mp4": .movie(.mp4), "webm": .movie(.webm), "gif": .movie(.gif), "apng": .movie(.apng), "png": .png,
    ]

    /// Every name `--format` takes, frame formats first.
    static let names = OutputFormat.names + ["mp4", "webm", "gif", "apng", "png"]

    var name: String {
        switch self {
        case .frames(let format): return format.name
        case .picture(let name, _): return name
        }
    }
}
