import Foundation

/// Where a command's output goes: stdout (no `-o`, or `-o -`) or a file, through a 64 KiB
/// buffer so that writing a number costs an append, not a system call.
///
/// Files are written atomically: bytes go to a temporary file in the target's own folder (a
/// rename is atomic only within one file system), which is renamed over the target by
/// `commit()`. If the command fails first, the temporary file is removed and whatever good file
/// was at the target before stays untouched — a failed run never leaves a truncated output.
final class ByteSink {
    /// Big enough that a system call is rare, small enough to stay in cache.
    static let bufferSize = 64 * 1024

    /// The bytes not yet written. Writers append here directly, then call `flushIfFull`.
    /// Room beyond `bufferSize` so that a writer's reservation for a whole frame rarely grows it.
    let buffer = ByteBuffer(capacity: 2 * ByteSink.bufferSize)
    private let fd: Int32
    /// For a file: the temporary path being written and the final one.
    private let temporaryPath: String?
    /// Temporary files not yet renamed or removed: a hard exit (a limit that could not stop a
    /// script, see CLI) unlinks them so that nothing half-written is left behind.
    nonisolated(unsafe) static var pendingTemporaryPaths: [String] = []
    private let finalPath: String?
    private let sync: Bool
    private var finished = false

    /// - Parameters:
    ///   - path: nil or "-" for stdout, otherwise the file to (atomically) replace.
    ///   - sync: fsync the file before the rename (survives a power cut; slower).
    ///   - staged: `path` is already a private staging name that someone else renames into
    ///     place (a batch worker's output): written in place, saving a create and a rename
    ///     per job; a failure still removes it.
    init(path: String?, sync: Bool = false, staged: Bool = false) throws {
        self.sync = sync
        guard let path, path != "-" else {
            fd = STDOUT_FILENO
            temporaryPath = nil
            finalPath = nil
            return
        }
        if staged {
            fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw CommandError("cannot write \(path) (\(String(cString: strerror(errno))))") }
            temporaryPath = path
            finalPath = path
            return
        }
        // The folder and name by hand, not through URL: its first use costs run-time type
        // metadata at every start-up (goal 4 of issue 6).
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        // mkstemp: a fresh name that no one else is using, created with mode 0600.
        var template = Array("\(folder)/.\(name).tmp-XXXXXX".utf8CString)
        let created = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard created >= 0 else {
            throw CommandError("cannot write \(path) (\(String(cString: strerror(errno))))")
        }
        // mkstemp's 0600 would make outputs private; give them the usual 0644 less the umask.
        let mask = umask(0)
        umask(mask)
        fchmod(created, 0o644 & ~mask)
        fd = created
        temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        finalPath = path
        ByteSink.pendingTemporaryPaths.append(temporaryPath!)
    }

    deinit {
        if !finished { abandon() }
    }

    func write(_ text: String) {
        buffer.append(text)
        flushIfFull()
    }

    func write(_ byte: UInt8) {
        buffer.append(byte)
    }

    func write(_ value: Double, _ format: NumberFormat) {
        format.append(value, to: buffer)
        flushIfFull()
    }

    /// Writers that append to `buffer` directly call this now and then.
    @inline(__always)
    func flushIfFull() {
        if buffer.count >= ByteSink.bufferSize { try? flush() }
    }

    /// Writes out the buffer. Errors are remembered and reported by `commit()`.
    func flush() throws {
        bytesWritten += buffer.count
        defer { buffer.removeAll() }
        guard writeError == nil else { return }
        let failure = writeFully(fd, buffer.bytes)
        if failure != 0 {
            writeError = String(cString: strerror(failure))
            throw CommandError("cannot write \(finalPath ?? "standard output") (\(writeError!))")
        }
    }

    private var writeError: String?
    /// Bytes handed to write(2) so far (all of them after `commit`).
    private(set) var bytesWritten = 0

    /// Flushes everything and, for a file, moves it into place.
    func commit() throws {
        try flush()
        if let writeError {
            abandon()
            throw CommandError("cannot write \(finalPath ?? "standard output") (\(writeError))")
        }
        finished = true
        guard let temporaryPath, let finalPath else { return }
        defer { ByteSink.pendingTemporaryPaths.removeAll { $0 == temporaryPath } }
        if sync && fsync(fd) != 0 {
            let reason = String(cString: strerror(errno))
            finished = false
            abandon()
            throw CommandError("cannot write \(finalPath) (\(reason))")
        }
        close(fd)
        if temporaryPath != finalPath, rename(temporaryPath, finalPath) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw CommandError("cannot write \(finalPath) (\(reason))")
        }
    }

    /// Drops what was written: the temporary file goes, the target stays as it was.
    func abandon() {
        guard !finished else { return }
        finished = true
        buffer.removeAll()
        guard let temporaryPath else { return }
        close(fd)
        unlink(temporaryPath)
        ByteSink.pendingTemporaryPaths.removeAll { $0 == temporaryPath }
    }
}

/// A command failure that is not Lua's and not a usage error: printed as `inbetween: message`,
/// exit status 1.
struct CommandError: Error, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}
