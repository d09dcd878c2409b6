import Foundation
import Inbetween

/// One script to run in a batch: where it is, the parameters it gets as `params`, and the file
/// name its frames are written to inside the output folder.
struct BatchJob: Hashable, Sendable {
    var script: String
    var parameters: ScriptParameter?
    var output: String
    /// Where the job came from, for error messages: the script path or `jobs.jsonl:7`.
    var origin: String
}

/// Problems with the job list, found before any job runs.
struct JobListError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

enum JobList {
    /// Positional arguments: files as they are, folders as their `*.lua` files (sorted by
    /// name, not recursive). Output names are the scripts' base names with the format's
    /// extension. `listing`: the folders as already listed (ScriptListing, made for as many
    /// inputs); a folder it could not open is listed again here.
    static func expand(_ arguments: [String], format: String, listing: ScriptListing? = nil) throws
        -> [BatchJob]
    {
        var jobs: [BatchJob] = []
        let fileExtension = OutputFormat.fileExtension(ofName: format)
        for (index, argument) in arguments.enumerated() {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) else {
                throw JobListError("cannot open \(argument) (No such file or directory)")
            }
            guard isFolder.boolValue else {
                jobs.append(
                    BatchJob(
                        script: argument, parameters: nil,
                        output: outputName(base: (argument as NSString).lastPathComponent, format: format),
                        origin: argument))
                continue
            }
            let names = listing?.names(at: index) ?? ScriptListing.scripts(in: argument) ?? []
            // NSString's path joining once per folder, not per file (it cost the parent
            // more than a small job): the folder as it would write it, then each name.
            let joined = (argument as NSString).appendingPathComponent("x")
            let prefix = String(joined.dropLast())
            jobs.reserveCapacity(jobs.count + names.count)
            for name in sortedNames(names) {
                let script = prefix + name
                jobs.append(
                    BatchJob(
                        script: script, parameters: nil,
                        output: scriptOutputName(name, fileExtension: fileExtension), origin: script))
            }
        }
        return jobs
    }

    /// `names.sorted()`, without the sort where the folder listed them in order or in reverse
    /// order (tmpfs lists the newest first): for 1,000 names the standard library's sort cost
    /// 320K instructions, 225K of them making the type of its list of runs (a conformance looked
    /// up at run time) to find the one run there was (callgrind). Names strictly in order are
    /// their sorted list, strictly in reverse order its reverse; anything else is sorted.
    /// (Indices, not `zip` and `reversed()`: their generic iterators' types were made at run
    /// time, 940K instructions.)
    static func sortedNames(_ names: [String]) -> [String] {
        var ascending = true
        var descending = true
        var i = 1
        while i < names.count && (ascending || descending) {
            if !(names[i - 1] < names[i]) { ascending = false }
            if !(names[i] < names[i - 1]) { descending = false }
            i += 1
        }
        if ascending { return names }
        guard descending else { return names.sorted() }
        var reversed: [String] = []
        reversed.reserveCapacity(names.count)
        var j = names.count
        while j > 0 {
            j -= 1
            reversed.append(names[j])
        }
        return reversed
    }

    /// `outputName(base:format:)` with the format's extension already known. An ASCII name
    /// (almost every one) is cut and joined as bytes: the String operations (`hasSuffix`,
    /// `dropLast`, two appends) were 1,400 instructions a job, a third of listing 1,000 scripts
    /// (callgrind).
    static func scriptOutputName(_ name: String, fileExtension: String) -> String {
        var name = name
        var fileExtension = fileExtension
        let joined: String? = name.withUTF8 { stem in
            fileExtension.withUTF8 { ext in
                // ASCII: the four characters `.lua` are the last four bytes.
                guard stem.count >= 4, !stem.contains(where: { $0 >= 0x80 }),
                    !ext.contains(where: { $0 >= 0x80 }),
                    stem[stem.count - 4] == UInt8(ascii: "."), stem[stem.count - 3] == UInt8(ascii: "l"),
                    stem[stem.count - 2] == UInt8(ascii: "u"), stem[stem.count - 1] == UInt8(ascii: "a")
                else { return nil }
                let kept = stem.count - 4
                return String(unsafeUninitializedCapacity: kept + 1 + ext.count) { out in
                    _ = out.initialize(from: stem[..<kept])
                    out[kept] = UInt8(ascii: ".")
                    _ = UnsafeMutableBufferPointer(rebasing: out[(kept + 1)...]).initialize(from: ext)
                    return kept + 1 + ext.count
                }
            }
        }
        if let joined { return joined }
        let stem = name.hasSuffix(".lua") ? String(name.dropLast(4)) : name
        return stem + "." + fileExtension
    }

    /// `path/to/wave.lua` -> `wave.csv`.
    static func defaultOutputName(_ script: String, format: String) -> String {
        outputName(base: (script as NSString).lastPathComponent, format: format)
    }

    /// `wave.lua` -> `wave.csv`.
    static func outputName(base: String, format: String) -> String {
        let stem = base.hasSuffix(".lua") ? String(base.dropLast(4)) : base
        return stem + "." + OutputFormat.fileExtension(ofName: format)
    }

    /// Every output must be a plain name (OutputName), and no two jobs may write one file:
    /// they would race, and one result would be lost. "One file" includes names that differ
    /// only by letter case or Unicode normalisation (`é` as one code point or two): a
    /// case-insensitive or normalising file system (macOS, a Windows share) stores them as
    /// one. (Swift's String equality is canonical equivalence, so the second comes free.)
    /// The pages css jobs write beside their stylesheets (`x.css` → `x.html`, as `run` does), as
    /// jobs of their own for `checkUniqueOutputs`: no other job may write one of them.
    static func pages(of jobs: [BatchJob], _ format: BatchFormat) -> [BatchJob] {
        guard case .frames(let frames) = format else { return [] }
        return jobs.compactMap { job in
            frames.pagePath(beside: job.output).map {
                BatchJob(
                    script: job.script, parameters: job.parameters, output: $0, origin: "\(job.origin)'s page"
                )
            }
        }
    }

    /// Refuses, before any job runs, an output (or a CSS page) in `folder` that is a file the
    /// batch reads: a job's script (its own or another's) or the manifest, whatever its name
    /// (same device and inode). `-o` the manifest's own folder let `"output": "ok.lua"` replace
    /// the script ok.lua with CSV (issue 31). (What a script loads as it runs, its modules and
    /// plugins, each worker checks before it moves an output into place.)
    static func refuseInputs(
        _ outputs: [BatchJob], reading jobs: [BatchJob], manifest: String?, folder: String
    ) throws {
        var read: [String: String] = [:]  // "dev:ino" -> what it is
        func key(_ path: String) -> String? {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            return "\(info.st_dev):\(info.st_ino)"
        }
        if let manifest, let k = key(manifest) { read[k] = "the manifest \(manifest)" }
        for job in jobs {
            if let k = key(job.script), read[k] == nil { read[k] = "the script of \(job.origin)" }
        }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        for output in outputs {
            guard let k = key(prefix + output.output), let what = read[k] else { continue }
            throw JobListError(
                "\(output.origin): refusing to write \(prefix + output.output): it is a file this batch reads (\(what)); choose another output"
            )
        }
    }

    static func checkUniqueOutputs(_ jobs: [BatchJob]) throws {
        if plainDistinctASCII(jobs.map { $0.output }) { return }
        try checkEachOutput(jobs)
    }

    /// `checkUniqueOutputs` for any names: the first job in order whose name breaks the rule
    /// or is taken by an earlier one is reported.
    static func checkEachOutput(_ jobs: [BatchJob]) throws {
        // Indices, not jobs, and room for all at once: a dictionary of whole jobs, grown as
        // it went, was a third of this check's 2.6M instructions for 1,000 jobs.
        var seen: [String: Int] = [:]
        seen.reserveCapacity(jobs.count)
        for (index, job) in jobs.enumerated() {
            if let problem = OutputName.problem(job.output) {
                throw JobListError("\(job.origin): \(problem)")
            }
            let key = job.output.lowercased()
            if let firstIndex = seen[key] {
                let first = jobs[firstIndex]
                if Array(first.output.utf8) == Array(job.output.utf8) {
                    throw JobListError(
                        "\(job.origin): output '\(job.output)' is also written by \(first.origin); give one of them another name"
                    )
                }
                throw JobListError(
                    "\(job.origin): output '\(job.output)' and '\(first.output)' (\(first.origin)) are one file on a case-insensitive or normalising file system; give one of them another name"
                )
            }
            seen[key] = index
        }
    }
}

extension JobList {
    /// True when every name is ASCII, a plain name by `OutputName.problem`'s rule, and no two
    /// are equal ignoring letter case, that is, when `checkUniqueOutputs` finds nothing: for
    /// ASCII names, `lowercased()` changes only A-Z and String equality is byte equality (a
    /// non-ASCII name may lowercase to ASCII, K (U+212A) to k, so any such name takes the
    /// general check). Checked on the bytes, with a table of indices hashed by FNV-1a: the
    /// general check's Dictionary<String, Int> and per-name Strings were 2M instructions for
    /// 1,000 jobs, a third of it the dictionary's first use (a conformance looked up at run
    /// time), all before the first job could go out (callgrind).
    static func plainDistinctASCII(_ names: [String]) -> Bool {
        var slots = 16
        while slots < 2 * names.count { slots *= 2 }
        var table = [Int](repeating: -1, count: slots)
        let prefix = StagingFolder.prefix.utf8
        for i in names.indices {
            // Native strings (every one here) have their bytes at hand; others take the
            // general check.
            let placed: Bool? = names[i].utf8.withContiguousStorageIfAvailable { name in
                guard !name.isEmpty, name.count <= 255,
                    !(name.count == 1 && name[0] == UInt8(ascii: ".")),
                    !(name.count == 2 && name[0] == UInt8(ascii: ".") && name[1] == UInt8(ascii: ".")),
                    !name.contains(where: { $0 < 0x20 || $0 >= 0x7F || $0 == UInt8(ascii: "/") }),
                    !name.starts(with: prefix)
                else { return false }
                var hash: UInt64 = 0xcbf2_9ce4_8422_2325
                for b in name { hash = (hash ^ UInt64(lowered(b))) &* 0x100_0000_01b3 }
                var slot = Int(truncatingIfNeeded: hash) & (slots - 1)
                while table[slot] >= 0 {
                    let same = names[table[slot]].utf8.withContiguousStorageIfAvailable { other in
                        other.count == name.count
                            && zip(other, name).allSatisfy { lowered($0) == lowered($1) }
                    }
                    if same != false { return false }
                    slot = (slot + 1) & (slots - 1)
                }
                table[slot] = i
                return true
            }
            if placed != true { return false }
        }
        return true
    }

    private static func lowered(_ b: UInt8) -> UInt8 {
        b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") ? b + 32 : b
    }
}

/// The rule for an output's name: a plain file name inside the output folder.
enum OutputName {
    /// Why `name` cannot be an output's name, or nil when it can; `subject` starts the text.
    static func problem(_ name: String, subject: String = "output") -> String? {
        let isControl = { (c: Unicode.Scalar) in c.value < 0x20 || c.value == 0x7F }
        // The common case first, without building the name as shown (checked per job).
        if !name.isEmpty, name.utf8.count <= 255, name != ".", name != "..",
            !name.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "/") }),
            !name.hasPrefix(StagingFolder.prefix)
        {
            return nil
        }
        let shown = name.unicodeScalars.map {
            isControl($0) ? String(format: "\\u%04x", $0.value) : String($0)
        }.joined()
        let rule = "an output is a plain file name inside the output folder"
        if name.isEmpty { return "\(subject) is empty; \(rule)" }
        // A NUL ends the name for the file system: "x\u00001" and "x\u00002" were one file.
        if name.unicodeScalars.contains(where: isControl) {
            return "\(subject) '\(shown)' contains a control character (NUL, newline...); \(rule)"
        }
        if name.hasPrefix("/") { return "\(subject) '\(shown)' is an absolute path; \(rule)" }
        if name.contains("/") || name == "." || name == ".." {
            return "\(subject) '\(shown)' is a path ('/', '.' or '..'); \(rule)"
        }
        if name.hasPrefix(StagingFolder.prefix) {
            return
                "\(subject) '\(shown)' starts with '\(StagingFolder.prefix)', the mark of batches' staging folders"
        }
        if name.utf8.count > 255 {
            return "\(subject) is \(name.utf8.count) bytes long; a file name has at most 255"
        }
        return nil
    }
}

/// `--shard K/N`: the K-th (1-based) of N deterministic slices. Job i (0-based, in list order)
/// belongs to slice (i mod N) + 1, so every job is in exactly one slice and the slices stay
/// balanced whatever the list's order; every machine in an array job computes the same list
/// and keeps its own part.
struct Shard: Hashable, Sendable {
    var index: Int
    var count: Int

    static let all = Shard(index: 1, count: 1)

    init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Parses `K/N` with 1 <= K <= N, or `auto` (see `init(environment:)`).
    init(parsing text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        if text == "auto" {
            self = try Shard(environment: environment)
            return
        }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, k >= 1, k <= n else {
            throw UsageError.badValue(option: "--shard", rule: "K/N with 1 <= K <= N (e.g. 2/8)", value: text)
        }
        self.init(index: k, count: n)
    }

    /// `--shard auto`: a Slurm array task's place in its array. Task ids need not start at 0
    /// or 1 (`--array=5-20`) and may step (`--array=0-30:2`), so K is
    /// (SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN) / SLURM_ARRAY_TASK_STEP + 1 and N is
    /// SLURM_ARRAY_TASK_COUNT. An array given as a list (`--array=1,4,9`) has no such formula;
    /// it is recognised by MAX - MIN != (COUNT - 1) * STEP and refused.
    /// (https://slurm.schedmd.com/job_array.html, "Job Array Support": the SLURM_ARRAY_TASK_*
    /// variables.) Kubernetes gives an indexed Job's pods JOB_COMPLETION_INDEX, 0-based
    /// (https://kubernetes.io/docs/tasks/job/indexed-parallel-processing-static), but not the
    /// Job's number of completions, so there K/N is spelled out.
    init(environment env: [String: String]) throws {
        func int(_ name: String) -> Int? {
            env[name].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        }
        if env["SLURM_ARRAY_TASK_ID"] != nil {
            guard let id = int("SLURM_ARRAY_TASK_ID"), let min = int("SLURM_ARRAY_TASK_MIN"),
                let count = int("SLURM_ARRAY_TASK_COUNT"), count >= 1
            else {
                throw UsageError(
                    "--shard auto needs SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_MIN and SLURM_ARRAY_TASK_COUNT as whole numbers"
                )
            }
            for name in ["SLURM_ARRAY_TASK_STEP", "SLURM_ARRAY_TASK_MAX"]
            where env[name] != nil && int(name) == nil {
                throw UsageError("--shard auto needs \(name) as a whole number, got '\(env[name]!)'")
            }
            let step = int("SLURM_ARRAY_TASK_STEP") ?? 1
            // With overflow reported, not trapped: the variables can hold any Int (±2^63), and
            // a difference or product past Int's end cannot describe a real array.
            let offset = id.subtractingReportingOverflow(min)
            let span = int("SLURM_ARRAY_TASK_MAX").map { max -> Bool in
                let width = max.subtractingReportingOverflow(min)
                let stepped = (count - 1).multipliedReportingOverflow(by: step)
                return !width.overflow && !stepped.overflow && width.partialValue == stepped.partialValue
            }
            let regular =
                step >= 1 && !offset.overflow && offset.partialValue % step == 0 && (span ?? true)
            let k = regular ? offset.partialValue / step + 1 : 0
            guard regular, k >= 1, k <= count else {
                throw UsageError(
                    "--shard auto: this Slurm array is not a range MIN-MAX[:STEP] (task \(id) of \(count), min \(min), step \(step)); give --shard K/N"
                )
            }
            self.init(index: k, count: count)
            return
        }
        if let index = env["JOB_COMPLETION_INDEX"] {
            throw UsageError(
                "--shard auto: Kubernetes gives JOB_COMPLETION_INDEX (\(index)) but not the number of completions; give --shard $((JOB_COMPLETION_INDEX+1))/N"
            )
        }
        throw UsageError(
            "--shard auto needs a Slurm array task (SLURM_ARRAY_TASK_ID...); elsewhere give --shard K/N")
    }

    /// Every `count`-th item from the `index`-th: the whole list for one shard. (Filtering
    /// `enumerated()` cost 840K instructions for 1,000 jobs with no shard at all, callgrind.)
    /// (Not `stride`: its next index is computed before the bound is checked, and overflows
    /// for a count near Int.max.)
    func select<T>(_ items: [T]) -> [T] {
        guard count > 1 else { return items }
        var picked: [T] = []
        var i = index - 1
        while i < items.count {
            picked.append(items[i])
            let (next, overflow) = i.addingReportingOverflow(count)
            if overflow { break }
            i = next
        }
        return picked
    }
}
