import CLuaSupport
import Foundation

/// One running `ffmpeg`: raw frames go into its standard input as they are drawn, its messages
/// into an unnamed temporary file (read only when it fails), its standard output nowhere.
///
/// Its standard input is one end of a Unix socket pair, not a pipe: writing to a pipe whose
/// reader died raises SIGPIPE, which ends the process unless it is ignored, and a library must
/// not change how its app handles signals. A socket's write fails with EPIPE instead when asked:
/// per call on Linux (`send(MSG_NOSIGNAL)`), per socket on Darwin (the `SO_NOSIGPIPE` option),
/// which has no MSG_NOSIGNAL.
/// Messages go to a file rather than a pipe so that an ffmpeg that writes much while it is fed
/// can never block on a pipe nobody reads.
final class FFmpegProcess {
    let pid: pid_t
    private var input: Int32
    private let log: Int32
    private var exited: Int32?

    /// The ffmpeg to run: `executable` when given, else the first `ffmpeg` on PATH; nil when
    /// there is none.
    static func locate(_ executable: String?) -> String? {
        if let executable { return access(executable, X_OK) == 0 ? executable : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":", omittingEmptySubsequences: true) {
            let candidate = String(folder) + "/ffmpeg"
            var info = stat()
            if stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
    }

    /// Told when the process starts (true) and when it has been reaped (false).
    private let observer: (pid_t, Bool) -> Void

    /// Starts `executable arguments...`; `output` names the file it writes (for messages).
    /// `inputBuffer`: the bytes of one frame, which the socket should hold (0: the default).
    init(
        executable: String, arguments: [String], output: String, inputBuffer: Int = 0,
        observer: @escaping (pid_t, Bool) -> Void
    ) throws(EncodeError) {
        self.observer = observer
        var ends: [Int32] = [-1, -1]
        guard FFmpegProcess.socketPair(&ends) else {
            throw .cannotStart(executable: executable, reason: String(cString: strerror(errno)))
        }
        if inputBuffer > 0 {
            // A socket that holds a whole frame: ffmpeg 5 reads its input in the thread that
            // also converts the pixels, and with the default buffer (net.core.wmem_default, 208
            // KiB) a 1280x720 frame took about twenty reads, each waiting for this process to
            // send more (strace: 1,158 reads for 60 frames, 324 with a frame's buffer). A Unix
            // stream socket holds what the sender's buffer allows (SO_SNDBUF; Linux caps the
            // request at net.core.wmem_max and doubles it for its bookkeeping, socket(7)).
            var bytes = Int32(clamping: inputBuffer)
            _ = setsockopt(ends[0], SOL_SOCKET, SO_SNDBUF, &bytes, socklen_t(MemoryLayout<Int32>.size))
        }
        var template = Array("/tmp/inbetween-ffmpeg-XXXXXX".utf8CString)
        if let folder = ProcessInfo.processInfo.environment["TMPDIR"], !folder.isEmpty {
            template = Array("\(folder)/inbetween-ffmpeg-XXXXXX".utf8CString)
        }
        let logFD = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard logFD >= 0 else {
            let reason = String(cString: strerror(errno))
            close(ends[0])
            close(ends[1])
            throw .cannotStart(
                executable: executable, reason: "no temporary file for its messages: \(reason)")
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        _ = fcntl(logFD, F_SETFD, FD_CLOEXEC)
        // Every other descriptor is close-on-exec or closed in the child, so that ffmpeg holds
        // nothing open that is not its own (a batch worker's answers to its parent, another
        // output's staging file). A process group of its own: Ctrl-C at the terminal reaches
        // the command, which stops the run and this ffmpeg itself (and says "interrupted");
        // ffmpeg would otherwise take the same SIGINT and finish a partial file as if the
        // input had ended. And on Linux it dies with the thread that feeds it (spawn.c): a
        // batch worker killed mid-job takes its ffmpeg with it, which would otherwise finish
        // the job's staging file after the job was sent to another worker.
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        let closing = FFmpegProcess.inheritedDescriptors()
        var status: Int32 = 0
        let child = ib_spawnencoder(
            executable, argv, environ, ends[1], logFD, closing, Int32(closing.count), &status)
        close(ends[1])
        guard child > 0 else {
            close(ends[0])
            close(logFD)
            throw .cannotStart(executable: executable, reason: String(cString: strerror(status)))
        }
        pid = child
        input = ends[0]
        log = logFD
        observer(child, true)
    }

    /// A connected pair of Unix stream sockets, both close-on-exec; the host's end (0) never
    /// raises SIGPIPE. Linux sets close-on-exec in the call itself (SOCK_CLOEXEC; no other
    /// thread's fork can come between) and asks for no SIGPIPE at each send (MSG_NOSIGNAL).
    /// Darwin has neither flag: close-on-exec is set just after (fcntl), and SO_NOSIGPIPE on
    /// the socket. A fork by another thread in between would inherit the two ends, which the
    /// encoder's child closes anyway (inheritedDescriptors).
    private static func socketPair(_ ends: inout [Int32]) -> Bool {
        #if os(Linux)
            let streamType = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
            return socketpair(AF_UNIX, streamType, 0, &ends) == 0
        #else
            guard socketpair(AF_UNIX, SOCK_STREAM, 0, &ends) == 0 else { return false }
            var on: Int32 = 1
            guard fcntl(ends[0], F_SETFD, FD_CLOEXEC) == 0, fcntl(ends[1], F_SETFD, FD_CLOEXEC) == 0,
                setsockopt(ends[0], SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size)) == 0
            else {
                let saved = errno
                close(ends[0])
                close(ends[1])
                errno = saved
                return false
            }
            return true
        #endif
    }

    /// send(2)'s flags: no SIGPIPE for a reader that died (Darwin: SO_NOSIGPIPE, set on the
    /// socket in socketPair).
    private static var sendFlags: Int32 {
        #if os(Linux)
            return Int32(MSG_NOSIGNAL)
        #else
            return 0
        #endif
    }

    /// Where the kernel lists this process's open descriptors: proc(5) on Linux, the fdesc
    /// file system on Darwin (fd(4)).
    private static var descriptorListing: String {
        #if os(Linux)
            return "/proc/self/fd"
        #else
            return "/dev/fd"
        #endif
    }

    /// Descriptors above 2 that a child would inherit (open without close-on-exec), for the
    /// child to close: listed here, where reading a folder is safe (not after fork). Without
    /// the kernel's listing (no /proc mounted, a sandbox), every number below the process's
    /// descriptor limit is asked instead, so that nothing open ever reaches ffmpeg unnoticed.
    static func inheritedDescriptors() -> [Int32] {
        guard let folder = opendir(descriptorListing) else { return inheritedDescriptorsByScan() }
        defer { closedir(folder) }
        var found: [Int32] = []
        let own = dirfd(folder)
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let fd = Int32(name), fd > 2, fd != own, isInherited(fd) else { continue }
            found.append(fd)
        }
        return found
    }

    /// The fallback of inheritedDescriptors: fcntl(F_GETFD) for each number from 3 up to the
    /// soft RLIMIT_NOFILE (no descriptor is opened at or above it), at most 2^20 numbers
    /// (Linux's default fs.nr_open, the highest an unlimited limit can reach there).
    static func inheritedDescriptorsByScan() -> [Int32] {
        var limit = rlimit()
        let most: UInt64 = 1 << 20
        let count =
            getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 ? min(UInt64(limit.rlim_cur), most) : most
        return (3..<Int32(count)).filter(isInherited)
    }

    private static func isInherited(_ fd: Int32) -> Bool {
        let flags = fcntl(fd, F_GETFD)
        return flags >= 0 && flags & FD_CLOEXEC == 0
    }

    deinit {
        if exited == nil { kill() }
        if input >= 0 { close(input) }
        close(log)
    }

    /// Sends `bytes` to ffmpeg's standard input; false when ffmpeg is gone (it stopped reading:
    /// its status and messages tell why).
    func send(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = Foundation.send(
                input, bytes.baseAddress! + offset, bytes.count - offset, FFmpegProcess.sendFlags)
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }

    /// Ends its input and waits for it: nil when it succeeded, else why not.
    func finish() -> String? {
        if input >= 0 {
            close(input)
            input = -1
        }
        return failure(wait())
    }

    /// Stops it at once (the run failed or was cancelled) and reaps it.
    func kill() {
        guard exited == nil else { return }
        Foundation.kill(pid, SIGKILL)
        if input >= 0 {
            close(input)
            input = -1
        }
        _ = wait()
    }

    private func wait() -> Int32 {
        if let exited { return exited }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        exited = status
        observer(pid, false)
        return status
    }

    /// `exit status 1: <its last message>` or `killed by signal 9`; nil for a success.
    private func failure(_ status: Int32) -> String? {
        let signal = status & 0x7f
        let code = (status >> 8) & 0xff
        if signal == 0 && code == 0 { return nil }
        let how = signal != 0 ? "killed by signal \(signal)" : "exit status \(code)"
        guard let message = lastMessage() else { return how }
        return "\(how): \(message)"
    }

    /// The last non-empty line ffmpeg wrote (it ends with what went wrong).
    func lastMessage() -> String? {
        let size = lseek(log, 0, SEEK_END)
        guard size > 0 else { return nil }
        let tail = min(Int(size), 4096)
        var bytes = [UInt8](repeating: 0, count: tail)
        let n = pread(log, &bytes, tail, off_t(Int(size) - tail))
        guard n > 0 else { return nil }
        let text = String(decoding: bytes[..<n], as: UTF8.self)
        return text.split(whereSeparator: \.isNewline).last.map {
            $0.trimmingCharacters(in: .whitespaces)
        }
    }
}
