import Foundation
import Inbetween

/// What `-o PATH` names, decided before anything is written (see ByteSink for why each case is
/// written the way it is).
struct OutputTarget {
    enum Kind {
        /// Opened and written where it is: a device, a FIFO, a socket, the process's own
        /// descriptors (/dev/stdout, /proc/self/fd/N).
        case inPlace
        /// Staged beside `file` and renamed over it; `existing` is the old file's status (its
        /// mode is kept), nil for a new file.
        case atomic(file: String, existing: stat?)
    }

    let kind: Kind
    /// What is there now (links followed), when something is.
    private let current: stat?

    /// Symbolic links followed before giving up, as the kernel's own limit (MAXSYMLINKS, 40).
    static let maxLinks = 40

    /// - Parameter example: a file name for the command's output (`out.csv`), suggested when
    ///   `path` is a folder.
    init(_ path: String, example: String = "out.json") throws {
        guard !path.isEmpty else { throw UsageError.badValue(option: "-o", rule: "a file name", value: "") }
        var info = stat()
        current = stat(path, &info) == 0 ? info : nil
        if let current, current.st_mode & S_IFMT == S_IFDIR {
            throw OutputError.isFolder(path, example: example)
        }
        // Follow the path's own links (not its folders': renaming inside a linked folder is
        // fine) to the file a rename must replace. A link into /proc or /dev/fd is one of the
        // process's descriptors (/dev/stdout -> /proc/self/fd/1): written in place.
        var file = path
        var hops = 0
        while true {
            if OutputTarget.isDescriptorPath(file) {
                kind = .inPlace
                return
            }
            var link = stat()
            guard lstat(file, &link) == 0 else {
                guard errno == ENOENT else { throw OutputTarget.failure(path) }
                kind = .atomic(file: file, existing: nil)  // a new file (or a link's missing target)
                return
            }
            guard link.st_mode & S_IFMT == S_IFLNK else { break }
            hops += 1
            guard hops <= OutputTarget.maxLinks, let target = OutputTarget.readLink(file) else {
                throw OutputError.cannotWrite(path, reason: "Too many levels of symbolic links")
            }
            file = target.hasPrefix("/") ? target : OutputTarget.folder(of: file) + "/" + target
        }
        var last = stat()
        _ = lstat(file, &last)
        kind = last.st_mode & S_IFMT == S_IFREG ? .atomic(file: file, existing: last) : .inPlace
    }

    static func isDescriptorPath(_ path: String) -> Bool {
        path.hasPrefix("/proc/") || path.hasPrefix("/dev/fd/")
            || path == "/dev/stdout" || path == "/dev/stderr"
    }

    /// Refuses an output that is one of `inputs` (same device and inode, whatever the path).
    func refuseInputs(_ inputs: [String], path: String) throws {
        guard let current else { return }
        for input in inputs {
            var info = stat()
            if stat(input, &info) == 0, info.st_dev == current.st_dev, info.st_ino == current.st_ino {
                throw OutputError.isInput(path, input: input == path ? nil : input)
            }
        }
    }

    /// Opens a non-regular target for writing where it is. O_APPEND: a regular file reached
    /// through /dev/stdout was opened by the shell (`>` truncated it, `>>` appends), so
    /// writing at its end is right for both; devices and FIFOs ignore it.
    /// `stop`: the limit that fired meanwhile, when waiting for a FIFO's reader.
    func openInPlace(_ path: String, stop: () -> ScriptError?) throws -> Int32 {
        if let current, current.st_mode & S_IFMT == S_IFSOCK { return try OutputTarget.connect(path) }
        if let current, current.st_mode & S_IFMT == S_IFIFO {
            return try OutputTarget.openFIFO(path, stop: stop)
        }
        while true {
            let fd = open(path, O_WRONLY | O_APPEND | O_NOCTTY | O_CLOEXEC)
            if fd >= 0 { return fd }
            // A FIFO blocks in open() until a reader comes; Ctrl-C interrupts it.
            if errno == EINTR {
                if CommandInterrupts.interrupted {
                    throw ScriptError(kind: .interrupted, message: "interrupted")
                }
                continue
            }
            throw OutputTarget.failure(path)
        }
    }

    /// A FIFO is written once a reader has opened it. A blocking open(2) would wait there
    /// unseen by the limits (the watchdog then ends the process as a script that does not
    /// stop, and `--watch` with it); with O_NONBLOCK the open fails with ENXIO while no reader
    /// is there, so it is retried every 20 ms until a reader comes, Ctrl-C, or a limit fires.
    private static func openFIFO(_ path: String, stop: () -> ScriptError?) throws -> Int32 {
        while true {
            let fd = open(path, O_WRONLY | O_APPEND | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)
            if fd >= 0 {
                // Written blocking, like any other output: a full pipe waits for its reader.
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
                return fd
            }
            guard errno == ENXIO || errno == EINTR else { throw failure(path) }
            if CommandInterrupts.interrupted { throw ScriptError(kind: .interrupted, message: "interrupted") }
            if let stop = stop() {
                throw ScriptError(
                    kind: stop.kind,
                    message: "no process opened the FIFO \(path) for reading: \(stop.message)",
                    limit: stop.limit)
            }
            usleep(20_000)
        }
    }

    /// A Unix socket is written by connecting to it (open(2) refuses sockets).
    /// Close-on-exec in the call on Linux (SOCK_CLOEXEC); Darwin has no such flag, and sets it
    /// just after (fcntl). SIGPIPE needs nothing here: the command line ignores it (CLI.swift).
    private static func connect(_ path: String) throws -> Int32 {
        #if os(Linux)
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { throw failure(path) }
        #else
            let fd = socket(AF_UNIX, SOCK_STREAM, 0)
            guard fd >= 0 else { throw failure(path) }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        #endif
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(fd)
            throw OutputError.cannotWrite(path, reason: "socket path too long")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Foundation.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard status == 0 else {
            let error = failure(path)
            close(fd)
            throw error
        }
        return fd
    }

    static func failure(_ path: String) -> OutputError {
        .cannotWrite(path, reason: String(cString: strerror(errno)))
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n >= 0 else { return nil }
        return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
