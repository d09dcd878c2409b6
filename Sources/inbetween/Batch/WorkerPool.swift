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
    private var workers: [WorkerProcess] = []
    private var started = 0

    init(workerArguments: [String], outputFolder: String) throws {
        executable = WorkerProcess.executablePath
        self.workerArguments = workerArguments
        self.outputFolder = outputFolder
        staging = (outputFolder as NSString).appendingPathComponent(".inbetween-batch-\(getpid())")
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

    /// Runs `jobs` on up to `count` workers; `onResult` sees each job's outcome as it arrives.
    func run(_ jobs: [BatchJob], workers count: Int, onResult: (Int, JobOutcome) -> Void) throws {
        signal(SIGPIPE, SIG_IGN)  // a dead worker's stdin must fail a write, not kill us
        var next = 0
        var running = 0
        var idleDeaths = 0
        func dispatch(_ worker: WorkerProcess) {
            while next < jobs.count {
                let id = next
                next += 1
                let request = JobRequest(id: id, script: jobs[id].script, output: stagingPath(id),
                                         params: jobs[id].parameters)
                if worker.send(request) { running += 1; return }
                // Its pipe is closed: it died idle. The poll loop reaps it; retry elsewhere.
                next -= 1
                worker.job = nil
                return
            }
        }
        for _ in 0..<max(1, min(count, jobs.count)) {
            let worker = try spawn()
            workers.append(worker)
            dispatch(worker)
        }
        while running > 0 || (next < jobs.count && !workers.isEmpty) {
            var fds = workers.map { pollfd(fd: $0.reader.fd, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&fds, nfds_t(fds.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                throw CommandError("batch: poll failed (\(String(cString: strerror(errno))))")
            }
            for (i, fd) in fds.enumerated().reversed() where fd.revents != 0 {
                let worker = workers[i]
                guard let lines = worker.reader.readLines() else {
                    // EOF: the worker died. Fail its job, reap it, start a new one.
                    let how = worker.finish() ?? "exited"
                    workers.remove(at: i)
                    if worker.job == nil {
                        // Died idle (at start-up, say): give up once that keeps happening.
                        idleDeaths += 1
                        guard idleDeaths <= 2 * count + 2 else {
                            throw CommandError("batch: workers keep stopping before taking a job (last one \(how))")
                        }
                    }
                    if let id = worker.job {
                        running -= 1
                        discard(id)
                        onResult(id, .failed("worker \(how) while running this script"))
                    }
                    if next < jobs.count {
                        let replacement = try spawn()
                        workers.append(replacement)
                        dispatch(replacement)
                    }
                    continue
                }
                for line in lines {
                    guard let result = WorkerMessages.decode(JobResult.self, line), result.id == worker.job else { continue }
                    worker.job = nil
                    running -= 1
                    onResult(result.id, settle(result, jobs[result.id]))
                }
                if worker.job == nil { dispatch(worker) }
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
        (staging as NSString).appendingPathComponent("\(id)")
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
        let target = (outputFolder as NSString).appendingPathComponent(job.output)
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
