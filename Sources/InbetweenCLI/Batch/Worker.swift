import Foundation
import Inbetween

/// `inbetween __worker --format F [--bake] [--fps N] [--precision P] [--report-plugins]
/// RUNTIME OPTIONS`: a batch worker (hidden; see WorkerMessages.swift for the protocol). One host
/// for the worker's whole life, so the plugins load once; each job runs in a fresh environment
/// with the scene reset (`CommandHost.runJob`).
enum Worker {
    /// Test hook: a worker given a job whose script has this base name aborts, as a VM crash
    /// would (tests of crash recovery need a crash that does not depend on Lua's bugs).
    static let crashVariable = "INBETWEEN_TEST_CRASH_ON"

    static func run(_ args: inout Arguments, _ session: CommandSession) throws -> Int32 {
        let format = try args.batchFormat()
        var request = SamplingRequest()
        request.fps = try args.frameRate()
        let reportPlugins = args.flag("--report-plugins")
        let options = try RuntimeOptions(&args)
        try args.finish()

        // Ctrl-C reaches the whole process group; the batch (the parent) decides what stops,
        // and kills its workers itself. A worker that took it would fail its job as
        // "interrupted" and go on to the next.
        signal(SIGINT, SIG_IGN)
        // The protocol owns the real stdout; anything a script writes there (io.write with
        // --trusted) goes to stderr instead of corrupting it.
        let replies = dup(STDOUT_FILENO)
        dup2(STDERR_FILENO, STDOUT_FILENO)

        var host = try jobHost(options, session, reportFailures: reportPlugins)
        // Plugins loaded: from here on the parent's watchdog times jobs, not the start-up.
        // A reply that cannot be written (EPIPE: the batch is gone) ends the worker quietly:
        // nobody is left to read it, and writeAll's "cannot write a temporary file (Broken
        // pipe)" on the shared stderr named neither the worker nor anything the user wrote.
        guard (try? writeAll(replies, WorkerMessages.ready)) != nil else { return 1 }
        let times: TimeTexts?
        if case .frames(let frames) = format {
            times = TimeTexts(numbers: frames.numbers)
        } else {
            times = nil
        }
        // getenv, not ProcessInfo's dictionary of the whole environment (400K instructions).
        let crashOn = getenv(crashVariable).map { String(cString: $0) }
        var reader = LineReader(fd: STDIN_FILENO)
        var folders: OpenJobFolders?
        while let lines = reader.readLines() {
            for line in lines {
                guard let folders else {
                    guard let named = WorkerMessages.decode(JobFolders.self, line) else {
                        Diagnostics.report(message: "worker: a job line came before the batch's folders")
                        return 1
                    }
                    folders = OpenJobFolders(named)
                    continue
                }
                guard let job = WorkerMessages.decode(JobRequest.self, line) else {
                    Diagnostics.report(message: "worker: unreadable job line")
                    return 1
                }
                if let crashOn, (job.script as NSString).lastPathComponent == crashOn { abort() }
                let work = Work(host: host, request: request, format: format, times: times, folders: folders)
                guard let result = run(job, work),
                    (try? writeAll(replies, WorkerMessages.encode(result))) != nil
                else { return 1 }
                // Nothing a job made outlives it (CommandHost.endRun); when memory stays held
                // all the same, the next job gets a fresh host.
                host.endRun()
                if host.needsRecycling && !options.trusted {
                    host = try jobHost(options, session, reportFailures: false)
                }
            }
        }
        return 0
    }

    /// A host for jobs: the limits apply per job, not to the worker's whole life, and nothing
    /// of a job is kept once the next starts (the frame stream is perform's own).
    private static func jobHost(_ options: RuntimeOptions, _ session: CommandSession, reportFailures: Bool)
        throws
        -> CommandHost
    {
        var host = try options.makeHost(in: session, reportFailures: reportFailures)
        host.endBudget()
        host.reusesEnvironments = true
        return host
    }

    /// What every job of the worker is run with.
    private struct Work {
        var host: CommandHost
        var request: SamplingRequest
        var format: BatchFormat
        var times: TimeTexts?
        var folders: OpenJobFolders
    }

    /// Runs `job` within its budget: its answer, or nil when the batch is gone.
    private static func run(_ job: JobRequest, _ work: Work) -> JobResult? {
        var result = JobResult(id: job.id, ok: true)
        do {
            try work.host.beginBudget()
            defer { work.host.endBudget() }
            result.bytes = try perform(
                job, host: work.host, request: work.request, format: work.format, times: work.times,
                folders: work.folders)
        } catch is BatchGone {
            return nil
        } catch {
            result.ok = false
            result.error = Diagnostics.text(of: error)
        }
        return result
    }

    /// Runs one job, writes its frames into its staging file (and a CSS's page into its own)
    /// and moves them into place; returns the bytes written. A worker killed between the move
    /// and its answer leaves the output whole and in place while the parent reports the job
    /// failed (its worker died under it): the rename is the one step that makes the output
    /// appear, so it cannot come after the answer without an answered job whose output never
    /// appears.
    static func perform(
        _ job: JobRequest, host: CommandHost, request: SamplingRequest, format batchFormat: BatchFormat,
        times: TimeTexts? = nil, folders: OpenJobFolders
    ) throws -> Int {
        // Many jobs share the batch's stderr: a script's print names its job's output.
        host.printPrefix = job.output + ": "
        try host.runJob(file: job.script, parameters: job.params)
        let format: OutputFormat
        switch batchFormat {
        case .frames(let frames): format = frames
        case .picture(_, let kind):
            return try draw(job, as: kind, host: host, request: request, folders: folders)
        }
        let sink = try folders.createStaged(job.id, output: job.output)
        // The page `run -o x.css` writes beside it, staged and moved the same way.
        let pageName = format.pagePath(beside: job.output)
        let page = pageName.map { _ in
            CSSPage(
                open: { try folders.createStaged(job.id, page: true, output: pageName) },
                stylesheet: OutputFormat.stylesheetName(job.output))
        }
        try host.write(request, as: format, source: job.script, to: sink, page: page, times: times)
        try sink.commit()
        let inputs = host.filesLoaded
        for name in [pageName, job.output].compactMap({ $0 }) {
            try folders.refuseInputs(job.id, as: name, inputs: inputs)
        }
        if let pageName { try folders.moveIntoPlace(job.id, page: true, as: pageName) }
        try folders.moveIntoPlace(job.id, as: job.output)
        return sink.bytesWritten
    }

    /// A picture job: the run drawn by a Renderer (the default options: white, scale 1, the
    /// scene's size or the drawn box) and written by RenderFile into the job's staging file,
    /// then moved into place as the frame formats' outputs are. A failure removes it.
    static func draw(
        _ job: JobRequest, as kind: RenderFileKind, host: CommandHost, request: SamplingRequest,
        folders: OpenJobFolders
    ) throws -> Int {
        let staging = folders.stagingPath(job.id)
        do {
            let renderer = try host.renderer(request, options: RenderOptions())
            try RenderFile.write(renderer, as: kind, to: staging)
        } catch {
            folders.discard(job.id)
            throw RenderCommand.describe(error, output: job.output)
        }
        var info = stat()
        let bytes = stat(staging, &info) == 0 ? Int(info.st_size) : 0
        try folders.moveIntoPlace(job.id, as: job.output)
        return bytes
    }
}
