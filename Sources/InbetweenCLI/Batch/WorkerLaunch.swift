import Foundation
import Inbetween

/// Workers started before a batch's jobs are listed: a worker takes a few milliseconds to load
/// its plugins and the parent about as long to list 1,000 scripts, and before, the workers only
/// started once the list was done. The pool takes them (`take`); any it does not take, or all of
/// them when the batch ends before (listing failed), are killed and reaped here, so none
/// outlives the batch.
final class WorkerLaunch {
    /// Each worker's start, on a thread of its own until `take` waits for them.
    private var starts: [Start] = []

    /// One worker's start: posix_spawn blocks its caller until the child has called exec
    /// (glibc's vfork), and the caller, woken on the CPU where the new worker now loads its
    /// plugins, waited there 3-5 ms behind it while the other CPU idled (seen with the
    /// scheduler's trace in 3 batches of 6). On threads of their own (which start workers
    /// one at a time, `WorkerProcess.init`) those waits no longer hold up the parent, which
    /// lists the jobs meanwhile.
    private final class Start: @unchecked Sendable {
        // @unchecked: `worker` is written by the thread before it signals `done`, and read
        // only after `take` waited on `done`.
        var worker: WorkerProcess?
        let done = DispatchSemaphore(value: 0)
    }

    /// Starts `count` workers. One that cannot be started is not an error here: the pool starts
    /// its workers itself when it has too few, and reports that failure.
    init(workerArguments: [String], count: Int) {
        // As WorkerPool.run does before it starts workers: a dead worker's stdin must fail a
        // write, not kill us (and workers inherit the setting, as they did from the pool).
        signal(SIGPIPE, SIG_IGN)
        let executable = WorkerProcess.executablePath
        for i in 0..<max(0, count) {
            let start = Start()
            starts.append(start)
            Thread.detachNewThread {
                start.worker = try? WorkerPool.spawn(
                    executable: executable, workerArguments: workerArguments, first: i == 0)
                start.done.signal()
            }
        }
    }

    deinit {
        let workers = take()
        for worker in workers { worker.kill() }  // all first, as WorkerPool's deinit
        for worker in workers { worker.finish() }
    }

    /// The workers started, in order (waiting for the starts still under way), now the
    /// caller's to use or end.
    func take() -> [WorkerProcess] {
        defer { starts = [] }
        return starts.compactMap { start in
            start.done.wait()
            return start.worker
        }
    }

    /// How many workers the batch can use at most, known before its jobs are listed: one per
    /// script named, or per `.lua` file in a folder named (`listing`, which the job list then
    /// uses too), divided among the shards; unknown (Int.max) with a manifest. It only bounds
    /// how many start early, so that a batch of three scripts on a machine of 64 cores does not
    /// start 64 workers only to stop 61.
    static func estimate(listing: ScriptListing, manifest: String?, shard: Shard) -> Int {
        guard manifest == nil else { return Int.max }
        // Rounded up, as a quotient and a remainder: count + shards - 1 overflows for a
        // shard count near Int.max.
        let (whole, rest) = listing.count.quotientAndRemainder(dividingBy: max(1, shard.count))
        return whole + (rest > 0 ? 1 : 0)
    }
}
