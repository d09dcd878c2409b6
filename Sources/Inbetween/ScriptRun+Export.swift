import Foundation
import InbetweenEngine
import InbetweenLua

/// Exports: the run written in one of the output formats, byte for byte what
/// `inbetween run --format NAME` writes for the same script, through the same pipeline
/// (`OutputPipeline`). A run is exported once, instead of being pulled: exporting it samples
/// every frame.
extension ScriptRun {
    /// The whole export in memory.
    /// - Throws: `ScriptError` when the script fails while it is sampled, or the run's frames
    ///   were pulled already.
    public func export(as format: OutputFormat) throws(ScriptError) -> Data {
        let memory = MemoryDestination()
        try export(format, into: memory, page: nil)
        return memory.data
    }

    /// The whole export in memory, as text (every format is UTF-8 text).
    public func exportString(as format: OutputFormat) throws(ScriptError) -> String {
        String(decoding: try export(as: format), as: UTF8.self)
    }

    /// Streams the export to an open file, a pipe or a socket as it is made (memory stays flat
    /// however long the run); the handle stays open.
    public func export(as format: OutputFormat, to handle: FileHandle) throws(ScriptError) {
        try export(
            format, into: DescriptorDestination(fd: handle.fileDescriptor, displayName: "the file handle"),
            page: nil)
    }

    /// Streams the export into the file at `url`, which is replaced only when the export
    /// succeeded (written beside it and renamed into place; a failed run leaves the old file
    /// as it was). CSS written to `NAME.css` gets the page `NAME.html` beside it, as on the
    /// command line.
    public func export(as format: OutputFormat, to url: URL) throws(ScriptError) {
        let path = url.path
        let destination: AtomicFileDestination
        do {
            destination = try AtomicFileDestination(path: path)
        } catch {
            throw ScriptError.wrap(error)
        }
        let page = format.pagePath(beside: path).map { pagePath in
            CSSPage(
                open: { ByteSink(destination: try AtomicFileDestination(path: pagePath)) },
                stylesheet: OutputFormat.stylesheetName(path))
        }
        try export(format, into: destination, page: page)
    }

    private func export(_ format: OutputFormat, into destination: ByteDestination, page: CSSPage?)
        throws(ScriptError)
    {
        guard !started, !ended else {
            throw ScriptError(
                runtime:
                    "the run of \(name) was \(ended ? "ended" : "pulled") already; start a new run to export it",
                parameter: "format")
        }
        started = true
        defer { end() }
        let sink = ByteSink(destination: destination)
        do {
            let runtime = host.runtime
            let frames = try runtime.frames(format.request(request))
            try OutputPipeline.write(frames, of: runtime, as: format, source: name, to: sink, page: page)
            try sink.commit()
        } catch {
            sink.abandon()
            throw ScriptError.wrap(error)
        }
    }
}

/// An export kept in memory.
final class MemoryDestination: ByteDestination {
    private(set) var data = Data()
    var displayName: String { "memory" }
    func write(_ bytes: UnsafeRawBufferPointer) -> Int32 {
        data.append(contentsOf: bytes)
        return 0
    }
    func commit() throws {}
    func abandon() { data = Data() }
}

/// A file written beside its final path and renamed over it when committed.
final class AtomicFileDestination: ByteDestination {
    let displayName: String
    private let staging: String
    private var fd: Int32

    init(path: String) throws {
        displayName = path
        staging = path + ".inbetween-\(UUID().uuidString)"
        fd = open(staging, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw OutputError.cannotWrite(path, reason: String(cString: strerror(errno)))
        }
    }

    deinit { abandon() }

    func write(_ bytes: UnsafeRawBufferPointer) -> Int32 { writeFully(fd, bytes) }

    func commit() throws {
        guard fd >= 0 else { return }
        close(fd)
        fd = -1
        guard rename(staging, displayName) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(staging)
            throw OutputError.cannotWrite(displayName, reason: reason)
        }
    }

    func abandon() {
        guard fd >= 0 else { return }
        close(fd)
        fd = -1
        unlink(staging)
    }
}

extension OutputFormat {
    /// `{"fps": …, "start": …, "end": …, "tracks": [...]}`, numbers in their shortest round-trip form.
    public static var json: OutputFormat { OutputFormat(.json) }
    /// JSON Lines, one object per frame (`OutputFormat.Kind.jsonl`).
    public static var jsonl: OutputFormat { OutputFormat(.jsonl) }
    /// One row per frame per track.
    public static var csv: OutputFormat { OutputFormat(.csv) }
    /// `@keyframes` keeping each animation's structure.
    public static var css: OutputFormat { OutputFormat(.css) }
    /// Core Animation code keeping each animation's structure.
    public static var swift: OutputFormat { OutputFormat(.swift) }
    /// A Lottie (Bodymovin) file.
    public static var lottie: OutputFormat { OutputFormat(.lottie) }
    /// The HTML page that plays the scene (`OutputFormat.Kind.preview`).
    public static var preview: OutputFormat { OutputFormat(.preview) }
}
