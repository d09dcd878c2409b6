import Foundation
import InbetweenLua

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
    /// extension.
    static func expand(_ arguments: [String], format: String) throws -> [BatchJob] {
        var jobs: [BatchJob] = []
        for argument in arguments {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) else {
                throw JobListError("cannot open \(argument) (No such file or directory)")
            }
            let scripts: [String]
            if isFolder.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []
                scripts = names.filter { $0.hasSuffix(".lua") }.sorted()
                    .map { (argument as NSString).appendingPathComponent($0) }
            } else {
                scripts = [argument]
            }
            for script in scripts {
                jobs.append(BatchJob(script: script, parameters: nil,
                                     output: defaultOutputName(script, format: format), origin: script))
            }
        }
        return jobs
    }

    /// `path/to/wave.lua` -> `wave.csv`.
    static func defaultOutputName(_ script: String, format: String) -> String {
        let base = (script as NSString).lastPathComponent
        let stem = base.hasSuffix(".lua") ? String(base.dropLast(4)) : base
        return stem + "." + format
    }

    /// Two jobs writing one file would race, and one result would be lost: an error.
    static func checkUniqueOutputs(_ jobs: [BatchJob]) throws {
        var seen: [String: String] = [:]
        for job in jobs {
            if let first = seen[job.output] {
                throw JobListError("\(job.origin): output '\(job.output)' is also written by \(first); give one of them another name")
            }
            seen[job.output] = job.origin
        }
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

    /// Parses `K/N` with 1 <= K <= N.
    init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, k >= 1, k <= n else {
            throw UsageError("option --shard needs K/N with 1 <= K <= N (e.g. 2/8), got '\(text)'")
        }
        self.init(index: k, count: n)
    }

    func select<T>(_ items: [T]) -> [T] {
        items.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }
}
