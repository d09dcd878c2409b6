import Foundation

/// Writes a movie (MP4, WebM, GIF or APNG) with Debian's ffmpeg, fed raw RGBA frames through
/// its standard input one at a time as they are drawn: memory stays the same for a run of any
/// length. The file appears at `path` only as ffmpeg writes it there; give a staging path and
/// move it into place after `finish()` for an atomic output (`RenderFile` does).
///
/// ```swift
/// let movie = try MovieEncoder(format: .mp4, path: "ball.mp4", width: 300, height: 300, fps: 60)
/// while let frame = try renderer.next() { try movie.append(frame.rgba) }
/// try movie.finish()
/// ```
///
/// A GIF takes two passes, as its single palette is made from every frame: the frames go to
/// ffmpeg's palettegen and, losslessly compressed (FFV1 in NUT, which keeps the exact frame
/// times), to a spool file beside `path`; then paletteuse maps the spool onto the palette.
/// Above 50 fps a GIF keeps the frames nearest a grid of 1/50 s (`GIFTiming`), and says so in
/// `notes`; one kept frame waits until the next arrives, as the last may still be dropped.
public final class MovieEncoder {
    public let format: MovieFormat
    /// The size of the frames given to `append`.
    public let width: Int
    public let height: Int
    public let fps: Double
    /// The size of the movie: H.264 in 4:2:0 needs even sides, so an odd side of an MP4 is
    /// padded by one pixel (a copy of the last column or row).
    public let encodedWidth: Int
    public let encodedHeight: Int
    /// Frames appended so far.
    public private(set) var frameCount = 0
    /// What the writer changed and the user should hear about (an MP4 padded to even sides).
    public private(set) var notes: [String] = []
    /// The ffmpeg command lines run so far (scripts/bench runs them again on a file of the same
    /// frames, to report the encoding apart from the feeding).
    package private(set) var commandLines: [[String]] = []

    private let path: String
    private let executable: String
    private let alpha: Bool
    private var process: FFmpegProcess?
    /// GIF: the palette and the spool of frames between the passes (removed at the end).
    private let temporaries: [String]
    private var row: [UInt8] = []
    /// GIF: the last kept frame and its slot, sent when the next kept frame (or the end) comes.
    private var pending: (slot: Int, rgba: [UInt8])?
    private let processes: (Int32, Bool) -> Void
    private var done = false

    /// Starts ffmpeg writing `path`.
    /// - Parameters:
    ///   - format: the container and codec (MP4, WebM, GIF, APNG).
    ///   - path: the file ffmpeg writes.
    ///   - width: the frames' width in pixels.
    ///   - height: the frames' height in pixels.
    ///   - fps: the frame rate of the movie.
    ///   - alpha: keep transparency (WebM as yuva420p, APNG as RGBA, GIF with a transparent
    ///     palette entry); an MP4 cannot, and refuses it.
    ///   - ffmpeg: the executable (default: `ffmpeg` on PATH).
    ///   - processes: told each ffmpeg's PID when it starts (true) and once it has ended
    ///     (false): a command that stops on a signal kills them before removing its files.
    /// - Throws: `EncodeError` when ffmpeg is missing, the size is out of range or the format
    ///   cannot hold alpha.
    public init(
        format: MovieFormat, path: String, width: Int, height: Int, fps: Double, alpha: Bool = false,
        ffmpeg: String? = nil, processes: @escaping (Int32, Bool) -> Void = { _, _ in }
    ) throws(EncodeError) {
        self.processes = processes
        try EncodeError.checkSize(width: width, height: height)
        if alpha && format == .mp4 { throw .noAlpha(format: format) }
        guard let executable = FFmpegProcess.locate(ffmpeg) else { throw .ffmpegMissing(format: format) }
        self.format = format
        self.path = path
        self.width = width
        self.height = height
        self.fps = fps
        self.alpha = alpha
        self.executable = executable
        let pad = format == .mp4
        encodedWidth = pad ? width + width % 2 : width
        encodedHeight = pad ? height + height % 2 : height
        if (encodedWidth, encodedHeight) != (width, height) {
            notes.append(
                "\(width)x\(height) padded to \(encodedWidth)x\(encodedHeight) (H.264 in 4:2:0 needs even sides; the last column or row is repeated)"
            )
        }
        temporaries = MovieEncoder.temporaryFiles(format: format, path: path)
        var output: [String]
        if format == .gif {
            // Pass one: the palette from every frame, and the frames kept losslessly.
            output = [
                "-filter_complex", "[0:v]split[a][b];[a]palettegen=stats_mode=full[p]",
                "-map", "[p]", "-f", "image2", "-c:v", "png", "-update", "1", temporaries[0],
                "-map", "[b]", "-c:v", "ffv1", "-f", "nut", temporaries[1],
            ]
        } else {
            output = format.outputArguments(alpha: alpha) + [path]
        }
        commandLines.append([executable] + inputArguments + output)
        process = try FFmpegProcess(
            executable: executable, arguments: inputArguments + output, output: path,
            inputBuffer: encodedWidth * encodedHeight * 4, observer: processes)
    }

    deinit { cancel() }

    /// The files besides `path` a movie of `format` writes while it is made and removes at the
    /// end (a GIF's palette and spool of frames): a command that removes staging files when a
    /// signal ends it lists these too.
    public static func temporaryFiles(format: MovieFormat, path: String) -> [String] {
        format == .gif ? [path + ".palette.png", path + ".frames.nut"] : []
    }

    /// The ffmpeg a movie would be written with (the first `ffmpeg` on PATH), nil when there is
    /// none: a command can say so before it runs a script.
    public static func findFFmpeg() -> String? { FFmpegProcess.locate(nil) }

    /// How ffmpeg reads the frames: raw straight RGBA of the encoded size at `fps`.
    private var inputArguments: [String] {
        [
            "-nostdin", "-hide_banner", "-loglevel", "error", "-y",
            "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(encodedWidth)x\(encodedHeight)",
            "-framerate", MovieEncoder.rate(format == .gif ? min(fps, GIFTiming.highestRate) : fps),
            "-i", "pipe:0",
        ]
    }

    /// The frame rate as ffmpeg reads it: an integer as one, else the shortest decimal that
    /// reads back as `fps` (ffmpeg turns it into a ratio itself).
    static func rate(_ fps: Double) -> String {
        fps == fps.rounded() && abs(fps) < 1e9 ? String(Int(fps)) : "\(fps)"
    }

    /// Sends one frame: `rgba` is straight 8-bit RGBA, `width × height × 4` bytes, rows top to
    /// bottom.
    /// - Throws: `EncodeError.ffmpegFailed` when ffmpeg has died (the output is removed).
    public func append(_ rgba: [UInt8]) throws(EncodeError) {
        guard rgba.count == width * height * 4 else {
            throw .frameMismatch(
                expected: "\(width)x\(height) (\(width * height * 4) bytes)", got: "\(rgba.count) bytes")
        }
        guard let process, !done else { return }
        if format == .gif {
            defer { frameCount += 1 }
            guard let slot = GIFTiming.slot(ofFrame: frameCount, fps: fps) else { return }
            let waiting = pending
            pending = (slot, rgba)
            if let waiting { try send(waiting.rgba, to: process) }
            return
        }
        try send(rgba, to: process)
        frameCount += 1
    }

    /// Writes one frame to ffmpeg, padded to the encoded size.
    private func send(_ rgba: [UInt8], to process: FFmpegProcess) throws(EncodeError) {
        var sent = true
        if (encodedWidth, encodedHeight) == (width, height) {
            sent = rgba.withUnsafeBytes { process.send($0) }
        } else {
            // The padded frame, a row at a time: each row with its last pixel repeated, then
            // the last row again.
            let stride = width * 4
            row.removeAll(keepingCapacity: true)
            for y in 0..<encodedHeight where sent {
                let start = min(y, height - 1) * stride
                row.removeAll(keepingCapacity: true)
                row.append(contentsOf: rgba[start..<start + stride])
                if encodedWidth > width { row.append(contentsOf: rgba[start + stride - 4..<start + stride]) }
                sent = row.withUnsafeBytes { process.send($0) }
            }
        }
        guard sent else { throw fail(process) }
    }

    /// Ends the input and waits until ffmpeg has written the file (for a GIF, runs the second
    /// pass), then checks that the file is a movie of the frames sent (MovieCheck).
    /// - Throws: `EncodeError.ffmpegFailed`; the output and the temporary files are removed.
    public func finish() throws(EncodeError) {
        guard let process, !done else { return }
        let slots = GIFTiming.slots(count: frameCount, fps: fps)
        if format == .gif, let waiting = pending, waiting.slot < slots {
            pending = nil
            try send(waiting.rgba, to: process)
        }
        pending = nil
        if let reason = process.finish() { throw fail(process, reason: reason) }
        if format == .gif {
            let last = slots > 0 ? GIFTiming.delay(ofSlot: slots - 1, count: frameCount, fps: fps) : 0
            if slots < frameCount {
                notes.append(
                    "kept \(slots) of \(frameCount) frames, the nearest to every 1/50 s: a GIF plays at most 50 frames a second (its delays are whole centiseconds, and players show one under 2 cs as 10 cs); it lasts \(GIFTiming.length(count: frameCount, fps: fps)) cs, as the run does"
                )
            }
            let second: FFmpegProcess
            let arguments = [
                "-nostdin", "-hide_banner", "-loglevel", "error", "-y",
                "-i", temporaries[1], "-i", temporaries[0],
                "-lavfi", "[0:v][1:v]paletteuse", "-fps_mode", "passthrough",
                "-final_delay", String(last), "-loop", "0", "-f", "gif", path,
            ]
            commandLines.append([executable] + arguments)
            do {
                second = try FFmpegProcess(
                    executable: executable, arguments: arguments, output: path, observer: processes)
            } catch {
                removeFiles(output: true)
                done = true
                throw error
            }
            self.process = second
            if let reason = second.finish() { throw fail(second, reason: reason) }
        }
        removeFiles(output: false)
        done = true
        if let problem = MovieCheck.problem(in: path, format: format, frames: frameCount) {
            unlink(path)
            throw .ffmpegFailed(path: path, reason: "it exited with status 0, but \(problem)")
        }
    }

    /// Stops ffmpeg and removes what it wrote (nothing is kept of a cancelled movie).
    public func cancel() {
        guard !done else { return }
        done = true
        process?.kill()
        removeFiles(output: true)
    }

    /// ffmpeg failed: reap it, remove everything, and say why.
    private func fail(_ process: FFmpegProcess, reason: String? = nil) -> EncodeError {
        let why = reason ?? process.finish() ?? "it stopped reading frames"
        done = true
        removeFiles(output: true)
        return .ffmpegFailed(path: path, reason: why)
    }

    private func removeFiles(output: Bool) {
        for file in temporaries { unlink(file) }
        if output { unlink(path) }
    }
}
