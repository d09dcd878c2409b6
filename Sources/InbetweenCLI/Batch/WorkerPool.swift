import Foundation
import Inbetween

/// Runs a batch on N worker processes: hands each idle worker the next job, collects results as
/// they come (poll over the workers' pipes), and replaces a worker that dies, failing only the
/// job it held. Outputs are staged in the batch's own folder inside the output folder
/// (StagingFolder) and renamed into place on success by the worker that wrote them
/// (JobFolders), so an output file appears whole or not at all.
///
/// Two things besides the workers wake the loop:
/// - a signal (BatchSignals): no job is sent after it; the workers are killed (the jobs they
///   ran are lost, and rerunning with --skip-existing does them), answers already in their
///   pipes still count, the staging folder is removed, and `run` returns the signal;
/// - the watchdog: a worker that has not answered within the job's time limit plus a grace
///   period (stopped with SIGSTOP, or stuck where its own limits cannot reach) is killed and
///   replaced, its job reported as failed, and the jobs queued behind it sent elsewhere.
final class WorkerPool {
    let executable: String
    let workerArguments: [String]
    let outputFolder: String
    let staging: StagingFolder
    /// A job's wall-clock limit (`--timeout`, 0 = none: then no watchdog).
    let jobSeconds: Double
    /// How long past `jobSeconds` a silent worker is given. Longer than the worker's own hard
    /// exit (CLI.hardExitGrace), so a worker that can still end itself does, with its message.
    static let watchdogGrace = CLI.hardExitGrace + 2
    private let signals: Int32
    private var workers: [WorkerProcess] = []
    private var started = 0
    /// Stale staging folders of dead batches removed before this one began.
    private(set) var removedStale = 0

    /// Workers started before the pool (WorkerLaunch), used before any new one is started.
    private var waiting: [WorkerProcess]
    /// The batch's folders as its workers open them: the parent removes from the staging
    /// folder what a dead worker or a failed job left there.
    private let folders: OpenJobFolders
    /// A worker's first line: the folders it writes into and moves outputs between.
    private let foldersLine: [UInt8]

    init(workerArguments: [String], outputFolder: String, jobSeconds: Double, started: [WorkerProcess] = [])
        throws
    {
        waiting = started
        self.started = started.count
        executable = WorkerProcess.executablePath
        self.workerArguments = workerArguments
        self.outputFolder = outputFolder
        self.jobSeconds = jobSeconds
        // Before the staging folder exists, so that a signal cannot leave it behind.
        signals = try BatchSignals.install()
        removedStale = StagingFolder.removeStale(in: outputFolder)
        staging = try StagingFolder(in: outputFolder)
        folders = OpenJobFolders(JobFolders(staging: staging.path, output: outputFolder, batch: getpid()))
        foldersLine = WorkerMessages.encode(folders.folders)
    }

    deinit {
        // All killed before any is reaped: the kernel takes down each worker's memory before
        // its wait returns (about a millisecond), and the workers' ends so overlap instead of
        // queueing, one after the other, at the end of every batch.
        let all = workers + waiting
        for worker in all { worker.kill() }
        for worker in all { worker.finish() }
        staging.remove()
    }

    /// Jobs in flight per worker: the one it runs and at least one waiting in its pipe. A
    /// worker that finishes a job reads the next at once instead of waiting for the parent to
    /// wake, read the result and answer — on a machine with as many workers as cores that
    /// round trip left a core idle each job (the batch ran 1.25x faster on two workers than on
    /// one). Short jobs get more (see `depth`).
    static let minimumDepth = 2
    static let maximumDepth = 16
    /// About how much work a worker is given at once when its jobs are short: the parent then
    /// wakes once for several answers instead of once per job (`rest`).
    static let queuedSeconds = 0.004
    /// The time a job takes, as a moving average of the answers so far (nil before the first:
    /// jobs go two at a time until then).
    private var averageJobSeconds: Double?

    /// How many jobs a worker holds: two, or as many as take about `queuedSeconds` when jobs are
    /// short. Long jobs stay two deep, so that few wait behind a slow one (an idle worker does
    /// not take a job queued at another).
    private var depth: Int {
        guard let average = averageJobSeconds else { return WorkerPool.minimumDepth }
        let fitting = Int(WorkerPool.queuedSeconds / max(average, 1e-6))
        return min(WorkerPool.maximumDepth, max(WorkerPool.minimumDepth, fitting))
    }

    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }

    /// The batch being run: its jobs, which to send next, and how many are out with workers.
    private struct Queue {
        var jobs: [BatchJob] = []
        /// How many workers the batch asked for.
        var workerCount = 0
        var next = 0
        /// Jobs that were waiting in a dead worker's pipe: sent again before new ones.
        var retry: [Int] = []
        var running = 0
        /// Workers that died before taking a job (at start-up, say).
        var idleDeaths = 0
        var stoppedBy: Int32?
        var hasWork: Bool { stoppedBy == nil && (!retry.isEmpty || next < jobs.count) }

        /// The next job to send: one to send again first, else a new one.
        mutating func take() -> Int {
            if retry.isEmpty {
                next += 1
                return next - 1
            }
            return retry.removeFirst()
        }
    }
    private var queue = Queue()
    /// The batch's callback while `run` runs: each job's outcome as it arrives.
    private typealias Report = (Int, JobOutcome) -> Void

    /// Runs `jobs` on up to `count` workers; `onResult` sees each job's outcome as it arrives.
    /// Returns the signal that stopped the batch, or nil when every job ran.
    func run(_ jobs: [BatchJob], workers count: Int, onResult: (Int, JobOutcome) -> Void) throws -> Int32? {
        signal(SIGPIPE, SIG_IGN)  // a dead worker's stdin must fail a write, not kill us
        queue = Queue(jobs: jobs, workerCount: count)
        try startWorkers(max(1, min(count, jobs.count)))
        var fds: [pollfd] = []
        while queue.stoppedBy == nil && (queue.running > 0 || (queue.hasWork && !workers.isEmpty)) {
            try wake(&fds, onResult)
        }
        if let signal = queue.stoppedBy {
            stop(jobs, onResult: onResult)
            return signal
        }
        return nil
    }

    /// The first `needed` workers, those started before the pool first, each given its jobs;
    /// waiting workers beyond them are ended.
    private func startWorkers(_ needed: Int) throws {
        for worker in waiting.dropFirst(needed) {
            worker.kill()
            worker.finish()
        }
        waiting = Array(waiting.prefix(needed))
        for _ in 0..<needed {
            let worker = waiting.isEmpty ? try spawn() : waiting.removeFirst()
            workers.append(worker)
            dispatch(worker)
        }
    }

    /// One turn of the loop: waits for a worker's answer, a signal or the watchdog, and
    /// handles what came.
    private func wake(_ fds: inout [pollfd], _ onResult: Report) throws {
        fds.removeAll(keepingCapacity: true)
        fds.append(pollfd(fd: signals, events: Int16(POLLIN), revents: 0))
        for worker in workers {
            fds.append(pollfd(fd: worker.reader.fd, events: Int16(POLLIN), revents: 0))
        }
        let ready = poll(&fds, nfds_t(fds.count), watchdogTimeout())
        if ready < 0 {
            if errno == EINTR { return }
            throw CommandError("batch: poll failed (\(String(cString: strerror(errno))))")
        }
        // A signal first: a worker killed by the same signal (sent to the process group)
        // is part of the stop, not a failure of its job. (The pipe is read only when poll
        // says it holds something: a read that finds nothing cost a system call per wake.)
        if fds[0].revents != 0, let signal = BatchSignals.take() {
            queue.stoppedBy = signal
            return
        }
        for i in fds.indices.dropFirst().reversed() where fds[i].revents != 0 {
            try collect(i - 1, onResult)
            if queue.stoppedBy != nil { return }
        }
        try watch(onResult)
        rest()
    }

    /// Reads what the worker at `index` wrote: its ready line and answers, or its end.
    private func collect(_ index: Int, _ onResult: Report) throws {
        let worker = workers[index]
        guard let lines = worker.reader.readLines() else {
            // EOF: the worker died.
            if let signal = BatchSignals.take() ?? groupSignal(killing: worker) {
                queue.stoppedBy = signal
                return
            }
            try replace(index, failing: worker.ready ? deathMessage(worker) : nil, onResult)
            return
        }
        for line in lines {
            if !worker.ready && WorkerMessages.isReady(line) {
                worker.ready = true
                worker.busySince = WorkerPool.now()
                continue
            }
            guard let result = WorkerMessages.decode(JobResult.self, line),
                result.id == worker.jobs.first
            else { continue }
            answered(worker)
            // Refill first when its queue runs low: the worker should never wait for our
            // bookkeeping. Otherwise once for all the answers of this wake: one write where
            // there was one per answer (strace, 1,000 jobs of 600 frames on two workers: 515
            // writes to the workers before, 212 after).
            if worker.jobs.count < WorkerPool.minimumDepth { dispatch(worker) }
            onResult(result.id, settle(result))
        }
        dispatch(worker)
    }

    /// Books the answer to `worker`'s first job: the job's time into the average.
    private func answered(_ worker: WorkerProcess) {
        worker.jobs.removeFirst()
        let now = WorkerPool.now()
        // Answers read together share the wait (the first takes it all): over a few wakes the
        // average is still the job's.
        let took = now - worker.busySince
        averageJobSeconds = averageJobSeconds.map { $0 + 0.2 * (took - $0) } ?? took
        worker.busySince = now
        queue.running -= 1
    }

    /// Sends `worker` jobs up to its depth.
    private func dispatch(_ worker: WorkerProcess) {
        var requests: [JobRequest] = []
        // No more than a fair share of what is left: near the end of a batch a deep queue
        // would keep one worker busy while the others have nothing (an idle worker does not
        // take a job queued at another).
        let left = queue.jobs.count - queue.next + queue.retry.count + queue.running
        let share = (left + workers.count - 1) / max(1, workers.count)
        let depth = min(self.depth, max(WorkerPool.minimumDepth, share))
        while worker.jobs.count + requests.count < depth && queue.hasWork {
            let id = queue.take()
            let job = queue.jobs[id]
            requests.append(
                JobRequest(id: id, script: job.script, output: job.output, params: job.parameters))
        }
        guard !requests.isEmpty else { return }
        let idle = worker.jobs.isEmpty
        // In one write: a refill after a wake that collected several answers is one system
        // call, not one per job.
        guard worker.send(requests, after: worker.knowsFolders ? nil : foldersLine) else {
            // Its pipe is closed: it died. The poll loop reaps it; retry elsewhere.
            queue.retry.insert(contentsOf: requests.map(\.id), at: 0)
            return
        }
        if idle { worker.busySince = WorkerPool.now() }
        queue.running += requests.count
    }

    /// Takes the worker at `index` out of the pool after it died or was killed: `message`
    /// fails the job it was running (nil: the worker never got to it — it died or hung while
    /// starting), the other jobs it held go to others, and a new worker starts.
    private func replace(_ index: Int, failing message: ((String) -> String)?, _ onResult: Report) throws {
        let worker = workers.remove(at: index)
        let how = worker.finish() ?? "exited"
        queue.running -= worker.jobs.count
        if let message, let id = worker.jobs.first {
            queue.retry.insert(contentsOf: worker.jobs.dropFirst(), at: 0)
            folders.discard(id)
            onResult(id, .failed(message(how)))
        } else {
            queue.retry.insert(contentsOf: worker.jobs, at: 0)
            // Died before taking a job (at start-up, say): give up once that keeps happening.
            queue.idleDeaths += 1
            guard queue.idleDeaths <= 2 * queue.workerCount + 2 else {
                throw CommandError("batch: workers keep stopping before taking a job (last one \(how))")
            }
        }
        if queue.hasWork {
            let replacement = try spawn()
            workers.append(replacement)
            dispatch(replacement)
        }
    }

    /// Waits while every worker has jobs queued behind the one it runs, so that the next wake
    /// collects several answers: with jobs of a few hundred microseconds, waking once per
    /// answer took a tenth of the batch's CPU time on two cores, and each wake took a core
    /// from a worker. Rests for the time all but one of the fewest
    /// queued jobs take, at most `queuedSeconds`; not at all for long jobs (two deep).
    private func rest() {
        // A closure, not the key path \.jobs.count: through swift_getAtKeyPath that cost about
        // 2,000 instructions a wake (callgrind).
        guard let average = averageJobSeconds, let fewest = workers.lazy.map({ $0.jobs.count }).min(),
            fewest > WorkerPool.minimumDepth
        else { return }
        let seconds = min(WorkerPool.queuedSeconds, Double(fewest - WorkerPool.minimumDepth) * average)
        // A signal ends the sleep early (EINTR: handlers are not restarted there).
        var timeout = timespec(tv_sec: 0, tv_nsec: Int(seconds * 1e9))
        _ = nanosleep(&timeout, nil)
    }

    /// The batch's own signal, when `worker` died of one the batch handles: sent to the whole
    /// process group, it can end the worker (and the parent see its pipe close) before the
    /// parent's handler has run, and the job is not to blame. Waits up to 0.2 s for it; nil
    /// when the worker died otherwise or the signal was its alone.
    private func groupSignal(killing worker: WorkerProcess) -> Int32? {
        worker.reap()
        guard let signal = worker.endingSignal, BatchSignals.handled.contains(signal) else { return nil }
        var pipe = pollfd(fd: signals, events: Int16(POLLIN), revents: 0)
        _ = poll(&pipe, 1, 200)
        return BatchSignals.take()
    }

    /// When `worker` has been silent too long: its start-up (loading plugins, under the same
    /// time limit as a job) or the job it runs. Nil when it owes no answer.
    private func deadline(_ worker: WorkerProcess) -> Double? {
        guard jobSeconds > 0 else { return nil }
        if !worker.ready { return worker.startedAt + jobSeconds + WorkerPool.watchdogGrace }
        return worker.jobs.isEmpty ? nil : worker.busySince + jobSeconds + WorkerPool.watchdogGrace
    }

    /// Why a worker's job failed when the worker died under it. One that died after the job's
    /// time limit ended itself because the job did not stop at the limit: the limits act
    /// between Lua instructions, so a C function (a backtracking `string.find` pattern), a
    /// finalizer (hooks are off in `__gc`) or the host's own work (ffmpeg finishing a movie, a
    /// writer) runs on past them; the worker's hard exit names which on the shared stderr.
    private func deathMessage(_ worker: WorkerProcess) -> (String) -> String {
        let ran = WorkerPool.now() - worker.busySince
        guard jobSeconds > 0, ran >= jobSeconds else {
            return { how in "worker \(how) while running this script" }
        }
        let limit = WorkerPool.seconds(jobSeconds)
        return { how in
            "worker \(how) after the time limit (\(limit) s, --timeout): the job did not stop at the limit "
                + "(a C function such as a string.find pattern or a __gc metamethod in the script, or the "
                + "renderer, ffmpeg or a writer, cannot be interrupted; the worker's own message says which)"
        }
    }

    /// Milliseconds until the earliest watchdog deadline (-1: none).
    private func watchdogTimeout() -> Int32 {
        guard let first = workers.compactMap(deadline).min() else { return -1 }
        // In Double up to poll's Int32: a --timeout of 1e18 s is past Int's end in milliseconds.
        let milliseconds = ((first - WorkerPool.now()) * 1000).rounded(.up) + 1
        return milliseconds >= Double(Int32.max) ? Int32.max : Int32(max(0, milliseconds))
    }

    /// Kills and replaces the workers past their deadline.
    private func watch(_ onResult: Report) throws {
        let now = WorkerPool.now()
        for i in workers.indices.reversed() {
            let worker = workers[i]
            guard let deadline = deadline(worker), now >= deadline else { continue }
            worker.kill()
            let limit = WorkerPool.seconds(jobSeconds)
            let grace = WorkerPool.seconds(WorkerPool.watchdogGrace)
            // Silent while starting (loading plugins): no job is to blame; they go elsewhere.
            try replace(
                i,
                failing: worker.ready
                    ? { _ in
                        "no answer within the time limit (\(limit) s, --timeout) plus \(grace) s: the worker was stopped "
                            + "(SIGSTOP?) or stuck where its limits cannot reach it, and was killed"
                    } : nil, onResult)
        }
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// After a signal: kill every worker, count the jobs that finished (their answers may still
    /// be in the pipes), and report nothing for the others — they did not fail, they did not
    /// run to the end.
    private func stop(_ jobs: [BatchJob], onResult: (Int, JobOutcome) -> Void) {
        for worker in workers { worker.kill() }
        for worker in workers {
            // Reaped first, then read without blocking: a grandchild holding the pipe open
            // (os.execute under --trusted) cannot keep the batch from ending.
            worker.reap()
            _ = fcntl(worker.reader.fd, F_SETFL, O_NONBLOCK)
            while let lines = worker.reader.readLines() {
                for line in lines {
                    // Workers ignore SIGINT, so a failure here is the job's own, from before.
                    guard let result = WorkerMessages.decode(JobResult.self, line),
                        result.id == worker.jobs.first
                    else { continue }
                    worker.jobs.removeFirst()
                    onResult(result.id, settle(result))
                }
            }
            worker.finish()
        }
        workers.removeAll()
    }

    private func spawn() throws -> WorkerProcess {
        started += 1
        return try WorkerPool.spawn(
            executable: executable, workerArguments: workerArguments, first: started == 1)
    }

    static func spawn(executable: String, workerArguments: [String], first: Bool) throws -> WorkerProcess {
        // Plugin warnings are the same in every worker: only the first one reports them.
        let arguments = ["__worker"] + workerArguments + (first ? ["--report-plugins"] : [])
        return try WorkerProcess(
            executable: executable, arguments: arguments, environment: WorkerPool.environment)
    }

    /// Ours, with the Swift runtime's crash report turned off unless asked for: a worker that
    /// crashes is reported in the summary, and its backtrace would bury the progress output.
    /// Read from `environ` as it is: ProcessInfo's dictionary of it cost the parent 800K
    /// instructions (0.3 ms) before its first worker could start.
    static let environment: [String] = {
        var env: [String] = []
        var backtrace = false
        var entry = environ
        while let text = entry.pointee {
            let line = String(cString: text)
            if line.hasPrefix("SWIFT_BACKTRACE=") { backtrace = true }
            env.append(line)
            entry += 1
        }
        if !backtrace { env.append("SWIFT_BACKTRACE=enable=no") }
        return env
    }()

    /// A worker's answer. On success the worker has already moved the output into place; a
    /// failed job's staging file is removed by its worker too, and again here, in case the
    /// failure was in the removal.
    private func settle(_ result: JobResult) -> JobOutcome {
        guard result.ok else {
            folders.discard(result.id)
            return .failed(result.error ?? "unknown error")
        }
        return .succeeded(bytes: result.bytes ?? 0)
    }
}

enum JobOutcome: Hashable, Sendable {
    case succeeded(bytes: Int)
    case failed(String)
}
