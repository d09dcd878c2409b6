import Foundation
import Inbetween

/// `inbetween batch SCRIPT_OR_DIR... -o OUTDIR [--jobs N] [--format FORMAT] [--bake] [--fps N]
/// [--precision P] [--skip-existing] [--shard K/N] [--manifest jobs.jsonl]` (options:
/// CommandTable.batch): runs many
/// scripts on worker processes (see WorkerPool) and writes one output file per script.
/// Exit status 1 when any job failed.
enum BatchCommand {
    /// What the command line asked of a batch.
    struct Request {
        var options: RuntimeOptions
        var format: BatchFormat
        var fps: Double?
        var jobCount: Int
        var skipExisting: Bool
        var shard: Shard
        var manifest: String?
        var manifestLimit: Int
        var outputFolder: String
        var inputs: [String]
    }

    static func run(_ args: inout Arguments) throws -> Int32 {
        let request = try parse(&args)
        let workerArguments = try workerArguments(request)
        // The workers start now and load their plugins while the jobs are listed (both take a
        // few milliseconds, a tenth of a batch of 1,000 small jobs); extras are stopped once
        // the list is known, and all of them if listing fails.
        let listing = ScriptListing(request.inputs)
        let estimate = WorkerLaunch.estimate(
            listing: listing, manifest: request.manifest, shard: request.shard)
        let early = WorkerLaunch(workerArguments: workerArguments, count: min(request.jobCount, estimate))
        let (jobs, total) = try listJobs(request, listing: listing)

        let report = BatchReport(total: jobs.count, skipped: total - jobs.count)
        var stoppedBy: Int32?
        if !jobs.isEmpty {
            let pool = try WorkerPool(
                workerArguments: workerArguments, outputFolder: request.outputFolder,
                jobSeconds: request.options.settings.limits.seconds, started: early.take())
            report.workers = min(request.jobCount, jobs.count)
            stoppedBy = try pool.run(jobs, workers: request.jobCount) { id, outcome in
                report.record(id, jobs[id], outcome)
            }
        }
        Diagnostics.write(report.summary(stoppedBy: stoppedBy))
        // 128 + the signal, as a shell reports a process the signal ended.
        if let stoppedBy { return 128 + stoppedBy }
        return report.failed > 0 ? 1 : 0
    }

    /// The options and inputs, checked.
    static func parse(_ args: inout Arguments) throws -> Request {
        let options = try RuntimeOptions(&args)
        let batchFormat = try args.batchFormat()
        let fps = try args.frameRate()
        let jobCount =
            try args.integer("--jobs", in: 1...1024, of: "workers")
            ?? UsableCPUs.count
        let skipExisting = args.flag("--skip-existing")
        let shard = try args.option("--shard").map { try Shard(parsing: $0) } ?? .all
        let manifest = args.option("--manifest")
        var manifestLimit = Manifest.defaultMaxBytes
        if let text = args.option("--max-manifest-size") {
            guard let bytes = ByteCount.parse(text), bytes > 0 else {
                throw UsageError.badValue(
                    option: "--max-manifest-size", rule: "a size in bytes such as 64M or 1G", value: text)
            }
            manifestLimit = bytes
        }
        guard let outputFolder = args.option("-o") else {
            throw UsageError.missing(command: "batch", what: "-o OUTDIR")
        }
        // '-' means standard output to `run`, and one stream cannot hold a file per script; as a
        // folder name it made a folder called '-'. An empty name failed with Foundation's words.
        guard outputFolder != "-" else {
            throw UsageError("batch writes a file per script: -o needs a folder, not '-' (standard output)")
        }
        guard !outputFolder.isEmpty else {
            throw UsageError("batch -o needs a folder name, got an empty one")
        }
        var inputs: [String] = []
        while let next = args.next() { inputs.append(next) }
        try args.finish()
        guard manifest != nil || !inputs.isEmpty else {
            throw UsageError.missing(command: "batch", what: "scripts, folders or --manifest FILE")
        }
        return Request(
            options: options, format: batchFormat, fps: fps, jobCount: jobCount, skipExisting: skipExisting,
            shard: shard, manifest: manifest, manifestLimit: manifestLimit, outputFolder: outputFolder,
            inputs: inputs)
    }

    /// What each worker is started with: the format and the run's options.
    static func workerArguments(_ request: Request) throws -> [String] {
        var arguments = ["--format", request.format.name] + request.options.arguments
        if let fps = request.fps { arguments += ["--fps", "\(fps)"] }
        if case .frames(let outputFormat) = request.format {
            if let precision = outputFormat.precision { arguments += ["--precision", "\(precision)"] }
            if outputFormat.bake { arguments.append("--bake") }
            if outputFormat.world { arguments.append("--world") }
        }
        if case .picture(_, .movie(let movie)) = request.format, MovieEncoder.findFFmpeg() == nil {
            throw CommandError(EncodeError.ffmpegMissing(format: movie).description)
        }
        return arguments
    }

    /// The jobs to run (this shard's, without those already written under --skip-existing),
    /// and how many the shard has; makes the output folder.
    static func listJobs(_ request: Request, listing: ScriptListing) throws -> ([BatchJob], total: Int) {
        let format = request.format.name
        let folder = request.outputFolder
        var jobs: [BatchJob]
        do {
            jobs = try JobList.expand(request.inputs, format: format, listing: listing)
            if let manifest = request.manifest {
                jobs += try Manifest.read(manifest, format: format, maxBytes: request.manifestLimit)
            }
            try JobList.checkUniqueOutputs(jobs + JobList.pages(of: jobs, request.format))
        } catch let error as JobListError {
            throw CommandError(error.description)
        }
        let allJobs = jobs
        jobs = request.shard.select(jobs)
        try BatchCommand.createFolder(folder)
        do {
            try JobList.refuseInputs(
                jobs + JobList.pages(of: jobs, request.format), reading: allJobs, manifest: request.manifest,
                folder: folder)
        } catch let error as JobListError {
            throw CommandError(error.description)
        }
        let total = jobs.count
        if request.skipExisting {
            jobs = jobs.filter {
                !FileManager.default.fileExists(
                    atPath: (folder as NSString).appendingPathComponent($0.output))
            }
        }
        return (jobs, total)
    }
}

extension BatchCommand {
    /// `mkdir -p`, with what went wrong in words: the part of the path that is not a folder,
    /// or the system's reason (FileManager said "NSCocoaErrorDomain error 512").
    static func createFolder(_ path: String) throws {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + part
            if mkdir(prefix, 0o777) == 0 { continue }
            let code = errno
            var info = stat()
            if stat(prefix, &info) == 0 {
                if info.st_mode & S_IFMT == S_IFDIR { continue }
                throw OutputError.cannotCreate(path, reason: "\(prefix) is not a folder")
            }
            throw OutputError.cannotCreate(path, reason: "\(prefix): \(String(cString: strerror(code)))")
        }
    }
}
