import Foundation

/// What a render writes, chosen by the output's name as `inbetween render -o OUT` does.
public enum RenderFileKind: Hashable, Sendable {
    /// `.mp4`, `.webm`, `.gif`, `.apng`: a movie, through ffmpeg.
    case movie(MovieFormat)
    /// `.png`: one picture (the first frame the renderer gives: set `from` = `to` for a still
    /// at a time), or a contact sheet.
    case png
    /// `DIR/` (a name ending in a slash, or an existing folder): one PNG per frame, named by
    /// the frame's index (`00000.png`, `00001.png`, ...; `ffmpeg -i DIR/%05d.png` reads them).
    case frameFolder

    /// The kind `path` names; the extension is read without regard to case.
    /// - Throws: `EncodeError.unknownExtension` for anything else.
    public init(path: String) throws(EncodeError) {
        var isFolder: ObjCBool = false
        if path.hasSuffix("/")
            || (FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue)
        {
            self = .frameFolder
            return
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
            throw .unknownExtension(path: path)
        }
        let ext = name[name.index(after: dot)...].lowercased()
        if ext == "png" {
            self = .png
        } else if let format = MovieFormat(rawValue: ext) {
            self = .movie(format)
        } else {
            throw .unknownExtension(path: path)
        }
    }

    /// The movie format, for a movie.
    public var movieFormat: MovieFormat? {
        if case .movie(let format) = self { return format }
        return nil
    }

    /// The name of frame `index`'s file in a frame folder: five digits at least, more when the
    /// run needs them, so that names sort in frame order.
    public static func frameFileName(_ index: Int) -> String {
        let digits = String(index)
        return String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }
}

extension RenderOptions.Background {
    /// Whether pixels may be see-through: transparent, or a colour with alpha below 1 (a movie
    /// then keeps an alpha channel, or an MP4 refuses it).
    public var isTranslucent: Bool {
        switch self {
        case .transparent: return true
        case .color(let c): return c.alpha < 1
        }
    }
}

/// Writes a renderer's frames to a file as one of `RenderFileKind`: the library's side of
/// `inbetween render`, which an app or a server calls the same way. The file is written at the
/// path given, as it comes (the command gives a staging path and renames it into place when
/// the write succeeded).
public enum RenderFile {
    /// Pulls every frame of `renderer` and writes them to `path` as `kind`; `.png` takes the
    /// first frame only. Returns the notes the writer has for the user (an MP4 padded to even
    /// sides). `progress` is called after each frame is written; `processes` is told each
    /// ffmpeg's PID as it starts (true) and ends (false).
    /// - Throws: `ScriptError` from the run, `EncodeError` from the writing; what was written
    ///   of a movie is removed, a frame folder keeps the frames written before the failure.
    @discardableResult
    public static func write(
        _ renderer: Renderer, as kind: RenderFileKind, to path: String, ffmpeg: String? = nil,
        progress: (RenderedFrame) -> Void = { _ in }, processes: @escaping (Int32, Bool) -> Void = { _, _ in }
    ) throws -> [String] {
        switch kind {
        case .movie(let format):
            let alpha = renderer.options.background.isTranslucent
            let movie = try MovieEncoder(
                format: format, path: path, width: renderer.width, height: renderer.height, fps: renderer.fps,
                alpha: alpha, ffmpeg: ffmpeg, processes: processes)
            do {
                while let frame = try renderer.next() {
                    renderer.setActivity("sending a frame to ffmpeg")
                    try movie.append(frame.rgba)
                    progress(frame)
                }
                renderer.setActivity("waiting for ffmpeg to finish the movie")
                try movie.finish()
                renderer.setActivity(nil)
            } catch {
                movie.cancel()
                throw error
            }
            return movie.notes
        case .png:
            guard let frame = try renderer.next() else { return [] }
            try writeFile(path, PNGImage.encode(width: frame.width, height: frame.height, rgba: frame.rgba))
            progress(frame)
        case .frameFolder:
            while let frame = try renderer.next() {
                renderer.setActivity("writing PNG frames")
                let file =
                    (path.hasSuffix("/") ? path : path + "/") + RenderFileKind.frameFileName(frame.index)
                try writeFile(
                    file, PNGImage.encode(width: frame.width, height: frame.height, rgba: frame.rgba))
                progress(frame)
            }
        }
        return []
    }

    /// A contact sheet of every frame `renderer` gives (`columns` × `rows` of them; sample the
    /// run at the times wanted), each labelled with its time, written to `path` as a PNG.
    public static func writeSheet(
        _ renderer: Renderer, columns: Int, rows: Int, to path: String,
        progress: (RenderedFrame) -> Void = { _ in }
    ) throws {
        let sheet = try ContactSheet(
            columns: columns, rows: rows, cellWidth: renderer.width, cellHeight: renderer.height,
            scale: renderer.options.scale, background: renderer.options.background)
        while let frame = try renderer.next() {
            try sheet.add(frame, label: ContactSheet.label(time: frame.time))
            progress(frame)
        }
        let picture = sheet.picture()
        try writeFile(path, PNGImage.encode(width: picture.width, height: picture.height, rgba: picture.rgba))
    }

    /// Creates or replaces `path` with `bytes`.
    static func writeFile(_ path: String, _ bytes: [UInt8]) throws(EncodeError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes {
                Foundation.write(fd, $0.baseAddress! + offset, $0.count - offset)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
            }
            offset += n
        }
    }
}
