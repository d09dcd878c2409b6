import Foundation
import InbetweenLua

/// `inbetween batch SCRIPT_OR_DIR... -o OUTDIR [--jobs N] [--format json|csv] [--fps N]
/// [--precision P] [--skip-existing] [--shard K/N] [--manifest jobs.jsonl]`: runs many
/// scripts on worker processes (see WorkerPool) and writes one output file per script.
/// Exit status 1 when any job failed.
enum BatchCommand {
    static let help = """
        usage: inbetween batch SCRIPT_OR_DIR... -o OUTDIR [options]
               inbetween batch --manifest jobs.jsonl -o OUTDIR [options]

        Runs each script (a folder means its *.lua files) and writes its frames to OUTDIR,
        named after the script (wave.lua -> wave.json). Jobs run on worker processes, one Lua
        state each, reused between jobs with a fresh environment; a script that crashes its
        worker fails alone.

          -o OUTDIR            output folder (created when missing)
          --jobs N             worker processes (default: the number of cores)
          --format F           json, csv, css or swift (default json)
          --fps N              frames per second (default: the script's, else 60)
          --precision P        P decimals instead of the shortest round-trip numbers
          --skip-existing      skip jobs whose output file exists (resume a batch)
          --shard K/N          run only the K-th of N slices (job i goes to slice i mod N + 1)
          --manifest FILE      jobs from FILE, one JSON object per line:
                               {"script": "a.lua", "params": {"n": 3}, "output": "a-3.csv"}
                               params is the script's global table `params`

        On a Slurm array:
          inbetween batch jobs/ -o out --shard $((SLURM_ARRAY_TASK_ID+1))/$SLURM_ARRAY_TASK_COUNT
        """

    static func run(_ args: inout Arguments) throws -> Int32 {
        if args.flag("-h") || args.flag("--help") {
            print(help)
            return 0
        }
        let options = try RuntimeOptions(&args)
        let format = try args.option("--format") ?? "json"
        guard RunCommand.formats.contains(format) else {
            throw UsageError("unknown format '\(format)' for batch (\(RunCommand.formats.joined(separator: ", ")))")
        }
        let fps = try args.number("--fps", rule: { $0 > 0 && $0 <= 100_000 }, ruleText: "a frame rate in (0, 100000]")
        let precision = try args.number("--precision", rule: { $0 >= 0 && $0 <= 17 && $0 == $0.rounded() },
                                        ruleText: "a whole number of decimals from 0 to 17").map(Int.init)
        let jobCount = try args.number("--jobs", rule: { $0 >= 1 && $0 <= 1024 && $0 == $0.rounded() },
                                       ruleText: "a whole number of workers from 1 to 1024").map(Int.init)
            ?? ProcessInfo.processInfo.activeProcessorCount
        let skipExisting = args.flag("--skip-existing")
        let shard = try args.option("--shard").map(Shard.init(parsing:)) ?? .all
        let manifest = try args.option("--manifest")
        guard let outputFolder = try args.option("-o") else { throw UsageError("batch needs -o OUTDIR") }
        var inputs: [String] = []
        while let next = args.next() {
            if next.hasPrefix("-") && next != "-" { throw UsageError("unknown option '\(next)'") }
            inputs.append(next)
        }
        guard manifest != nil || !inputs.isEmpty else { throw UsageError("batch needs scripts, folders or --manifest FILE") }

        var jobs: [BatchJob]
        do {
            jobs = try JobList.expand(inputs, format: format)
            if let manifest { jobs += try Manifest.read(manifest, format: format) }
            try JobList.checkUniqueOutputs(jobs)
        } catch let error as JobListError {
            throw CommandError(error.description)
        }
        jobs = shard.select(jobs)
        do {
            try FileManager.default.createDirectory(atPath: outputFolder, withIntermediateDirectories: true)
        } catch {
            throw CommandError("cannot create \(outputFolder) (\(error.localizedDescription))")
        }
        let total = jobs.count
        if skipExisting {
            jobs = jobs.filter {
                !FileManager.default.fileExists(atPath: (outputFolder as NSString).appendingPathComponent($0.output))
            }
        }

        var workerArguments = ["--format", format] + options.arguments
        if let fps { workerArguments += ["--fps", "\(fps)"] }
        if let precision { workerArguments += ["--precision", "\(precision)"] }
        let report = BatchReport(total: jobs.count, skipped: total - jobs.count)
        if !jobs.isEmpty {
            let pool = try WorkerPool(workerArguments: workerArguments, outputFolder: outputFolder)
            try pool.run(jobs, workers: jobCount) { id, outcome in report.record(id, jobs[id], outcome) }
        }
        Diagnostics.write(report.summary())
        return report.failed > 0 ? 1 : 0
    }
}
