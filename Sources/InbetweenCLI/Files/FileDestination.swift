import Foundation
import Inbetween

/// Where a command's output goes: stdout (no `-o`, or `-o -`) or a file.
///
/// What `-o PATH` does depends on what PATH is (see OutputTarget):
/// - a regular file, or no file yet: written atomically. Bytes go to a staging file with a
///   unique name in the target's own folder (a rename is atomic only within one file system),
///   which `commit()` renames over the target, keeping the old file's mode. If the command
///   fails first, the staging file is removed and the old file stays untouched — a failed run
///   never leaves a truncated output.
/// - a symbolic link: the same for the file it points to; the link stays a link.
/// - anything else (a character device such as /dev/null, a FIFO, a socket, /dev/stdout):
///   opened and written in place. Renaming over it would replace the device node itself.
/// - a folder: an error.
/// An output that is one of the command's inputs (the script, a required module, a plugin:
/// the same device and inode) is refused before a byte is written.
final class FileDestination: ByteDestination {
    private let fd: Int32
    /// For an atomic file: the staging path being written; nil when writing in place.
    private let temporaryPath: String?
    /// The path the user gave (for messages), and the file the staging file replaces.
    private let displayPath: String?
    private let finalPath: String?
    private let sync: Bool
    /// The files the output must not replace, asked again at `commit()` (a callback may have
    /// required a module while sampling).
    private let inputs: () -> [String]

    var displayName: String { displayPath ?? "standard output" }
    /// The staging file a writer that needs a name may write (ffmpeg), renamed into place by
    /// `commit()`; nil when the output is written in place (a device, a pipe) or a batch's.
    var stagingPath: String? { temporaryPath != finalPath ? temporaryPath : nil }

    /// - Parameters:
    ///   - path: nil or "-" for stdout, otherwise the file to replace (see above).
    ///   - sync: fsync the file before the rename (survives a power cut; slower).
    ///   - inputs: files the output must not be (checked now and at `commit()`).
    ///   - stop: the limit that fired while waiting for a FIFO's reader (see OutputTarget).
    init(
        path: String?, sync: Bool = false, inputs: @escaping () -> [String] = { [] },
        stop: () -> ScriptError? = { nil }
    ) throws {
        self.sync = sync
        self.inputs = inputs
        displayPath = path
        guard let path, path != "-" else {
            fd = STDOUT_FILENO
            temporaryPath = nil
            finalPath = nil
            return
        }
        let target = try OutputTarget(path)
        try target.refuseInputs(inputs(), path: path)
        switch target.kind {
        case .inPlace:
            fd = try target.openInPlace(path, stop: stop)
            temporaryPath = nil
            finalPath = nil
        case .atomic(let file, let existing):
            let staging = try StagedFiles.create(beside: file, path: path, mode: existing)
            fd = staging.fd
            temporaryPath = staging.path
            finalPath = file
        }
    }

    /// A batch worker's output: `fd` is open on `path`, a private staging file that the worker
    /// renames into place itself after `commit()` (JobFolders). Written in place, saving a
    /// create and a rename per job; a failure still removes it.
    /// `shownAs`: the output the staging file becomes, named in write errors (the staging
    /// file's own name means nothing to the user).
    init(stagedFile fd: Int32, path: String, shownAs: String? = nil) {
        self.fd = fd
        sync = false
        inputs = { [] }
        displayPath = shownAs ?? path
        temporaryPath = path
        finalPath = path
    }

    /// Checks `-o PATH` before the command does its work (a folder, an empty name, a missing
    /// folder): a mistake reported before a long run rather than after it.
    /// `example`: a file name for the command's output, suggested when `path` is a folder.
    static func check(_ path: String?, example: String) throws {
        guard let path, path != "-" else { return }
        if case .atomic(let file, nil) = try OutputTarget(path, example: example).kind {
            var info = stat()
            let folder = OutputTarget.folder(of: file)
            guard stat(folder, &info) == 0 else { throw OutputTarget.failure(path) }
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw OutputError.cannotWrite(path, reason: "\(folder) is not a folder")
            }
        }
    }

    func write(_ bytes: UnsafeRawBufferPointer) -> Int32 { writeFully(fd, bytes) }

    /// For a file, moves it into place.
    func commit() throws {
        guard let temporaryPath, let finalPath else {
            if fd != STDOUT_FILENO { close(fd) }
            return
        }
        if sync && fsync(fd) != 0 {
            let reason = String(cString: strerror(errno))
            abandon()
            throw OutputError.cannotWrite(displayPath ?? finalPath, reason: reason)
        }
        if temporaryPath != finalPath {
            do {
                // Again: the sampling may have loaded a module since the sink was opened.
                try OutputTarget(finalPath).refuseInputs(inputs(), path: displayPath ?? finalPath)
            } catch {
                abandon()
                throw error
            }
        }
        defer { StagedFiles.remove(temporaryPath) }
        close(fd)
        if temporaryPath != finalPath, rename(temporaryPath, finalPath) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw OutputError.cannotWrite(displayPath ?? finalPath, reason: reason)
        }
    }

    /// Drops what was written: the staging file goes, the target stays as it was. (Written in
    /// place, the bytes already sent stay sent: a device or a pipe cannot take them back.)
    func abandon() {
        guard let temporaryPath else {
            if fd != STDOUT_FILENO { close(fd) }
            return
        }
        close(fd)
        unlink(temporaryPath)
        StagedFiles.remove(temporaryPath)
    }
}

extension ByteSink {
    /// A sink on `-o PATH` (see FileDestination).
    convenience init(path: String?, sync: Bool = false, inputs: @escaping () -> [String] = { [] })
        throws
    {
        self.init(destination: try FileDestination(path: path, sync: sync, inputs: inputs))
    }

    /// A sink on `-o PATH` for a command that runs Lua in `host`: the output must not be a
    /// file the host loaded, nor one of `also` (standard input the script came from); waiting
    /// for a FIFO's reader ends when one of the host's limits fires.
    convenience init(path: String?, host: CommandHost, also: [String] = []) throws {
        self.init(
            destination: try FileDestination(
                path: path, inputs: { host.filesLoaded + also }, stop: { host.stop }))
    }

    /// A batch worker's staged output (see FileDestination).
    convenience init(stagedFile fd: Int32, path: String, shownAs: String? = nil) {
        self.init(destination: FileDestination(stagedFile: fd, path: path, shownAs: shownAs))
    }

    /// `-o PATH` checked before the work (FileDestination.check); `example` names a file of
    /// the command's format (`out.csv`) for the hint when PATH is a folder.
    static func check(_ path: String?, example: String) throws {
        try FileDestination.check(path, example: example)
    }

    /// Staging files not yet renamed or removed (see StagedFiles): a signal or a hard exit
    /// unlinks them so that nothing half-written is left behind.
    static var pendingTemporaryPaths: [String] { StagedFiles.paths }
}
