/// Why a picture or a movie could not be written. `description` is the message the CLI prints
/// after `inbetween: `; each names the file or the value at fault and the rule.
public enum EncodeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The output's name asks for nothing this writer makes.
    case unknownExtension(path: String)
    /// A format that needs ffmpeg, and there is none on PATH.
    case ffmpegMissing(format: MovieFormat)
    /// ffmpeg could not be started.
    case cannotStart(executable: String, reason: String)
    /// ffmpeg stopped with a failure (`reason`: its status and last message); nothing was kept.
    case ffmpegFailed(path: String, reason: String)
    /// Frames wider or taller than `RenderOptions.maximumPixels`, or empty.
    case badFrameSize(width: Int, height: Int)
    /// The format cannot store transparency (H.264 has no alpha channel).
    case noAlpha(format: MovieFormat)
    /// A file or folder could not be written.
    case cannotWrite(path: String, reason: String)
    /// A frame of another size than the first, or of the wrong byte count.
    case frameMismatch(expected: String, got: String)

    public var description: String {
        switch self {
        case .unknownExtension(let path):
            return
                "cannot tell what to write from the name '\(path)': end it in .mp4, .webm, .gif, .apng or .png, or in / for a folder of PNG frames"
        case .ffmpegMissing(let format):
            return
                "writing .\(format.rawValue) needs ffmpeg, which is not on PATH (install it: apt-get install ffmpeg); .png and DIR/ need no ffmpeg"
        case .cannotStart(let executable, let reason):
            return "cannot start \(executable) (\(reason))"
        case .ffmpegFailed(let path, let reason):
            return "ffmpeg failed writing \(path) (\(reason)); nothing was written"
        case .badFrameSize(let width, let height):
            return
                "cannot draw frames of \(width)x\(height) pixels: each side must be 1 to \(RenderOptions.maximumPixels)"
        case .noAlpha(let format):
            return
                ".\(format.rawValue) has no alpha channel: give an opaque --background colour, or write .webm, .gif, .apng or .png for a transparent background"
        case .cannotWrite(let path, let reason):
            return "cannot write \(path) (\(reason))"
        case .frameMismatch(let expected, let got):
            return "a frame of \(got) among frames of \(expected)"
        }
    }

    /// Checks the size of frames about to be encoded.
    static func checkSize(width: Int, height: Int) throws(EncodeError) {
        guard (1...RenderOptions.maximumPixels).contains(width),
            (1...RenderOptions.maximumPixels).contains(height)
        else {
            throw .badFrameSize(width: width, height: height)
        }
    }
}
