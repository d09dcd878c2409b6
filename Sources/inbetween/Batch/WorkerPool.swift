import Foundation

/// Runs a batch on N worker processes: hands each idle worker the next job, collects results as
/// they come (poll over the workers' pipes), and replaces a worker that dies, failing only the
/// job it held. Outputs are staged in a hidden folder inside the output folder and renamed
/// into place on success, so an output file appears whole or not at all.
final class WorkerPool {
    let executable: String
    let workerArguments: [String]
    let outputFolder: String
    let staging: String
    private let outputPrefix: String
    private var workers: [WorkerProcess] = []
    private var started = 0

    init(workerArguments: [String], outputFolder: String) throws {
        executable = WorkerProcess.executablePath
        self.workerArguments = workerArguments
        self.outputFolder = outputFolder
        staging = (outputFolder as NSString).appendingPathComponent(".inbetween-batch-\(getpid())")
        // Joined by hand per job: NSString's path methods cost the parent more than the rename.
        outputPrefix = outputFolder.isEmpty || outputFolder.hasSuffix("/") ? outputFolder : outputFolder + "/"
        do {
            try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        } catch {
            throw CommandError("cannot write into \(outputFolder) (\(error.localizedDescription))")
        }
    }

    deinit {
        for worker in workers { worker.finish() }
        try? FileManager.default.removeItem(atPath: staging)
    }

    /// Jobs in flight per worker: the one it runs and one waiting in its pipe. A worker that
    /// finishes a job reads the next at once instead of waiting for the parent to wake, read
    /// the result and answer — on a machine with as many workers as cores that round trip
    /// left a core idle each job (the batch ran 1.25x faster on two workers than on one).
    static let depth = 2

    /// Runs `jobs` on up to `count` workers; `onResult` sees each job's outcome as it arrives.
    func run(_ jobs: [BatchJob], workers count: Int, onResult: (Int, JobOutcome) -> Void) throws {
        signal(SIGPIPE, SIG_IGN)  // a dead worker's stdin must fail a write, not kill us
        var next = 0
        // Jobs that were waiting in a dead worker's pipe: sent again before new ones.
        var retry: [Int] = []
        var running = 0
        var idleDeaths = 0
        var hasWork: Bool { !retry.isEmpty || next < jobs.count }
        func dispatch(_ worker: WorkerProcess) {
            while worker.jobs.count < WorkerPool.depth && hasWork {
                let id: Int
                if retry.isEmpty {
                    id = next
                    next += 1
                } else {
                    id = retry.removeFirst()
                }
                let request = JobRequest(id: id, script: jobs[id].script, output: stagingPath(id),
                                         params: jobs[id].parameters)
                guard worker.send(request) else {
                    // Its pipe is closed: it died. The poll loop reaps it; retry elsewhere.
                    retry.insert(id, at: 0)
                    return
                }
                running += 1
            }
        }
        for _ in 0..<max(1, min(count, jobs.count)) {
            let worker = try spawn()
            workers.append(worker)
            dispatch(worker)
        }
        var fds: [pollfd] = []
        while running > 0 || (hasWork && !workers.isEmpty) {
            fds.removeAll(keepingCapacity: true)
            for worker in workers { fds.append(pollfd(fd: worker.reader.fd, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&fds, nfds_t(fds.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                throw CommandError("batch: poll failed (\(String(cString: strerror(errno))))")
            }
            for i in fds.indices.reversed() where fds[i].revents != 0 {
                let worker = workers[i]
                guard let lines = worker.reader.readLines() else {
                    // EOF: the worker died. Fail the job it was running, send the ones waiting
                    // behind it elsewhere, reap it, start a new one.
                    let how = worker.finish() ?? "exited"
                    workers.remove(at: i)
                    running -= worker.jobs.count
                    if let id = worker.jobs.first {
                        retry.insert(contentsOf: worker.jobs.dropFirst(), at: 0)
                        discard(id)
                        onResult(id, .failed("worker \(how) while running this script"))
                    } else {
                        // Died idle (at start-up, say): give up once that keeps happening.
                        idleDeaths += 1
                        guard idleDeaths <= 2 * count + 2 else {
                            throw CommandError("batch: workers keep stopping before taking a job (last one \(how))")
                        }
                    }
                    if hasWork {
                        let replacement = try spawn()
                        workers.append(replacement)
                        dispatch(replacement)
                    }
                    continue
                }
                for line in lines {
                    guard let result = WorkerMessages.decode(JobResult.self, line), result.id == worker.jobs.first
                    else { continue }
                    worker.jobs.removeFirst()
                    running -= 1
                    // Refill first: the worker should never wait for our bookkeeping.
                    dispatch(worker)
                    onResult(result.id, settle(result, jobs[result.id]))
                }
                dispatch(worker)
            }
        }
    }

    private func spawn() throws -> WorkerProcess {
        started += 1
        // Plugin warnings are the same in every worker: only the first one reports them.
        let arguments = ["__worker"] + workerArguments + (started == 1 ? ["--report-plugins"] : [])
        return try WorkerProcess(executable: executable, arguments: arguments, environment: WorkerPool.environment)
    }

    /// Ours, with the Swift runtime's crash report turned off unless asked for: a worker that
    /// crashes is reported in the summary, and its backtrace would bury the progress output.
    static let environment: [String] = {
        var env = ProcessInfo.processInfo.environment
        if env["SWIFT_BACKTRACE"] == nil { env["SWIFT_BACKTRACE"] = "enable=no" }
        return env.map { "\($0.key)=\($0.value)" }
    }()

    private func stagingPath(_ id: Int) -> String {
        staging + "/\(id)"
    }

    private func discard(_ id: Int) {
        unlink(stagingPath(id))
    }

    /// A worker's answer: on success the staged file is renamed into place.
    private func settle(_ result: JobResult, _ job: BatchJob) -> JobOutcome {
        guard result.ok else {
            discard(result.id)
            return .failed(result.error ?? "unknown error")
        }
        let target = outputPrefix + job.output
        if rename(stagingPath(result.id), target) != 0 {
            let reason = String(cString: strerror(errno))
            discard(result.id)
            return .failed("cannot write \(target) (\(reason))")
        }
        return .succeeded(bytes: result.bytes ?? 0)
    }
}

enum JobOutcome: Hashable, Sendable {
    case succeeded(bytes: Int)
    case failed(String)
}
