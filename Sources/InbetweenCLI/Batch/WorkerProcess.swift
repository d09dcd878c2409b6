import Foundation
import Inbetween

/// One worker: a child `inbetween __worker` process with a pipe to its stdin (jobs) and one
/// from its stdout (results). Its stderr is ours, so what scripts `print` shows up.
final class WorkerProcess {
    let pid: pid_t
    /// Write end of the child's stdin.
    let input: Int32
    /// Read end of the child's stdout.
    var reader: LineReader
    /// The jobs sent and not yet answered, oldest first: the first is the one it is running,
    /// the others wait in its pipe (see `WorkerPool.minimumDepth`).
    var jobs: [Int] = []
    /// When the job it runs began (monotonic seconds; see `WorkerPool.now`): when it was sent
    /// to an idle worker, or when the answer to the job before it arrived.
    var busySince = 0.0
    /// Whether it said its plugins are loaded; until then the watchdog times its start-up.
    var ready = false
    /// When it was started (monotonic seconds).
    let startedAt = WorkerPool.now()

    /// Starts `executable arguments...`. One start at a time (`starting`): workers are started
    /// from threads of their own (`WorkerLaunch`), and a worker started between another's
    /// `pipe` and its close-on-exec flags would inherit that worker's stdin and hold it open
    /// (the flags cannot be set by `pipe` itself: Swift's Glibc has no `pipe2`).
    init(executable: String, arguments: [String], environment: [String]) throws {
        WorkerProcess.starting.lock()
        defer { WorkerProcess.starting.unlock() }
        var toChild: [Int32] = [0, 0]
        var fromChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else {
            throw CommandError("cannot start a worker (\(String(cString: strerror(errno))))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], STDOUT_FILENO)
        for fd in toChild + fromChild { posix_spawn_file_actions_addclose(&actions, fd) }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { for p in argv + envp { free(p) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, nil, argv, envp)
        close(toChild[0])
        close(fromChild[1])
        guard status == 0 else {
            close(toChild[1])
            close(fromChild[0])
            throw CommandError("cannot start a worker: \(executable) (\(String(cString: strerror(status))))")
        }
        // The parent's ends must not leak into workers spawned later: a worker holding another
        // worker's stdin open would keep it from ever seeing EOF.
        _ = fcntl(toChild[1], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fromChild[0], F_SETFD, FD_CLOEXEC)
        pid = child
        input = toChild[1]
        reader = LineReader(fd: fromChild[0])
    }

    private static let starting = NSLock()

    /// Whether it was sent the batch's folders (its first line, see WorkerMessages).
    private(set) var knowsFolders = false

    /// Sends jobs, in one write, after `preamble` (the folders line, the first time); false
    /// when the worker is gone (its pipe is closed).
    func send(_ requests: [JobRequest], after preamble: [UInt8]? = nil) -> Bool {
        var lines = preamble ?? []
        lines.reserveCapacity(lines.count + 96 * requests.count)
        for request in requests { WorkerMessages.append(request, to: &lines) }
        guard (try? writeAll(input, lines)) != nil else { return false }
        if preamble != nil { knowsFolders = true }
        jobs.append(contentsOf: requests.map(\.id))
        return true
    }

    /// Ends it at once (a stopped process too): the watchdog's and an interrupted batch's way.
    func kill() {
        _ = Foundation.kill(pid, SIGKILL)
    }

    /// Its wait status once reaped.
    private var status: Int32?

    /// The signal that ended it, once reaped; nil when it exited.
    var endingSignal: Int32? {
        guard let status, status & 0x7f != 0 else { return nil }
        return status & 0x7f
    }

    /// Waits for it to end (after `kill`, at once): then nothing more can reach its pipe.
    func reap() {
        guard status == nil else { return }
        var value: Int32 = 0
        while waitpid(pid, &value, 0) < 0 && errno == EINTR {}
        status = value
    }

    /// Closes its stdin (it exits when its queue is empty) and reaps it. Returns how it ended,
    /// as text when it did not exit with status 0 ("killed by signal 6 (SIGABRT)").
    @discardableResult
    func finish() -> String? {
        close(input)
        close(reader.fd)
        reap()
        return WorkerProcess.describe(status: status ?? 0)
    }

    /// A wait status as text; nil for a clean exit.
    static func describe(status: Int32) -> String? {
        let signal = status & 0x7f
        if signal == 0 {
            let code = (status >> 8) & 0xff
            return code == 0 ? nil : "exited with status \(code)"
        }
        let name = signalName(signal).map { " (\($0))" } ?? ""
        return "killed by signal \(signal)\(name)"
    }

    /// A switch, not a dictionary: every batch describes its workers' ends (killed by SIGKILL
    /// when it is done), and the dictionary's first use cost 340K instructions (the runtime
    /// looking up its key type's conformances) in the last moment of every batch.
    static func signalName(_ signal: Int32) -> String? {
        switch signal {
        case SIGABRT: "SIGABRT"
        case SIGSEGV: "SIGSEGV"
        case SIGBUS: "SIGBUS"
        case SIGILL: "SIGILL"
        case SIGFPE: "SIGFPE"
        case SIGKILL: "SIGKILL"
        case SIGTERM: "SIGTERM"
        case SIGINT: "SIGINT"
        case SIGTRAP: "SIGTRAP"
        default: nil
        }
    }

    /// This program's own executable, to start workers from; argv[0] on a platform that cannot
    /// tell (it names the program when it was started by a path).
    static var executablePath: String {
        ProcessExecutable.path ?? CommandLine.arguments[0]
    }
}
