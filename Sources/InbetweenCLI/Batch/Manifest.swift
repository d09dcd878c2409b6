import Foundation
import Inbetween

/// `--manifest jobs.jsonl`: one job per line, a JSON object
/// `{"script": "path.lua", "params": {...}, "output": "name.csv"}`. `script` is required and,
/// when relative, is taken from the manifest's folder; `params` (any JSON object) becomes the
/// script's global `params`; `output` defaults to the script's base name with the format's
/// extension. Blank lines are skipped. Every line is checked before any job runs, and each
/// problem names its line: `jobs.jsonl:7: unknown key 'scirpt' (did you mean 'script'? valid: output,
/// params, script)`.
///
/// What a manifest may ask for is bounded, because manifests are generated and shared:
/// - the file is read up to `--max-manifest-size` bytes, and must be a regular file (not a
///   folder, a device such as /dev/zero, or a pipe);
/// - the JSON is read strictly (ScriptParameter+JSON): duplicate keys, integers beyond 2^53
///   and nesting deeper than `ScriptParameter.maxDepth` are errors, not silent surprises;
/// - a script must be a regular file inside the manifest's folder once symlinks are resolved
///   (`../../etc/passwd` was run as a job), and an output a plain name (OutputName).
enum Manifest {
    static let keys = ["output", "params", "script"]
    /// 256 MiB: two million typical lines, and still a bound.
    static let defaultMaxBytes = 256 << 20

    static func read(_ path: String, format: String, maxBytes: Int = defaultMaxBytes) throws -> [BatchJob] {
        var data = try BoundedFile.contents(
            path, maxBytes: maxBytes, what: "manifest", flag: "--max-manifest-size")[...]
        // A byte order mark, as Windows tools write one: RFC 8259 §8.1 lets a reader ignore it.
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { data = data.dropFirst(3) }
        // Not NSString.deletingLastPathComponent: Linux Foundation traps on one-character paths.
        var context = Context(folder: OutputTarget.folder(of: path), format: format)
        var jobs: [BatchJob] = []
        for (n, line) in lines(of: data).enumerated() {
            let origin = "\(path):\(n + 1)"
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            do {
                jobs.append(try job(line, context: &context, origin: origin))
            } catch let error as JobListError {
                throw JobListError("\(origin): \(error.description)")
            }
        }
        return jobs
    }

    /// The lines of `data` (as `split(separator: "\n", omittingEmptySubsequences: false)`),
    /// found with memchr: the generic split spent seconds on a manifest line with 40 MB of
    /// params in a debug build.
    private static func lines(of data: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var ranges: [Range<Int>] = []
        data.withUnsafeBytes { raw in
            var start = 0
            while start <= raw.count {
                let hit = start < raw.count ? memchr(raw.baseAddress! + start, 0x0A, raw.count - start) : nil
                let end = hit.map { UnsafeRawPointer($0) - raw.baseAddress! } ?? raw.count
                ranges.append(start..<end)
                start = end + 1
            }
        }
        let base = data.startIndex
        return ranges.map { data[(base + $0.lowerBound)..<(base + $0.upperBound)] }
    }

    /// What every line shares: the folder scripts must stay in, resolved once, and the
    /// scripts already checked.
    struct Context {
        var folder: String
        var format: String
        var realFolder: String?
        var checked: [String: String] = [:]

        init(folder: String, format: String) {
            self.folder = folder
            self.format = format
            realFolder = Manifest.realPath(folder)
        }
    }

    private static func job(_ line: ArraySlice<UInt8>, context: inout Context, origin: String) throws
        -> BatchJob
    {
        let value: ScriptParameter
        do {
            value = try ScriptParameter(json: line)
        } catch {
            let problem = error.message
            // Syntax errors read "not valid JSON"; the rules above JSON's own say what they are.
            let isSyntax =
                !(problem.hasPrefix("duplicate key") || problem.hasPrefix("integer")
                || problem.hasPrefix("nested"))
            throw JobListError(
                isSyntax
                    ? "not valid JSON at column \(error.column): \(problem)"
                    : "\(problem) (column \(error.column))")
        }
        guard case .object(let fields) = value else {
            throw JobListError("a job is a JSON object {\"script\": ..., \"params\": {...}, \"output\": ...}")
        }
        if let unknown = fields.keys.sorted().first(where: { !keys.contains($0) }) {
            let hint = Suggestions.closest(to: unknown, in: keys).map { "'\($0)'" }.joined(separator: " or ")
            throw JobListError(
                "unknown key '\(unknown)' (\(hint.isEmpty ? "" : "did you mean \(hint)? ")valid: \(keys.joined(separator: ", ")))"
            )
        }
        guard case .string(let script)? = fields["script"], !script.isEmpty else {
            throw JobListError(
                fields["script"] == nil ? "missing \"script\"" : "\"script\" must be a non-empty string")
        }
        let resolved = try checkScript(script, context: &context)
        var parameters: ScriptParameter?
        switch fields["params"] {
        case nil, .null?: parameters = nil
        case .object?: parameters = fields["params"]
        default: throw JobListError("\"params\" must be a JSON object")
        }
        var output = JobList.defaultOutputName(resolved, format: context.format)
        switch fields["output"] {
        case nil, .null?: break
        case .string(let name)?:
            if let problem = OutputName.problem(name, subject: "\"output\"") { throw JobListError(problem) }
            output = name
        default: throw JobListError("\"output\" must be a string")
        }
        return BatchJob(script: resolved, parameters: parameters, output: output, origin: origin)
    }

    /// The script's path as the worker gets it (relative ones from the manifest's folder),
    /// once it is known to be a regular file inside that folder after resolving symlinks.
    private static func checkScript(_ script: String, context: inout Context) throws -> String {
        if let known = context.checked[script] { return known }
        guard !script.utf8.contains(0) else { throw JobListError("\"script\" contains a NUL character") }
        let resolved =
            script.hasPrefix("/") ? script : (context.folder as NSString).appendingPathComponent(script)
        guard let real = realPath(resolved) else {
            throw JobListError("script '\(resolved)' not found")
        }
        guard let realFolder = context.realFolder,
            real.hasPrefix(realFolder == "/" ? "/" : realFolder + "/")
        else {
            throw JobListError(
                "script '\(script)' is '\(real)' once symlinks are resolved, outside the manifest's folder \(context.realFolder ?? context.folder); a manifest runs only scripts in its folder or below it"
            )
        }
        var info = stat()
        guard stat(real, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw JobListError("script '\(resolved)' is not a regular file")
        }
        context.checked[script] = resolved
        return resolved
    }

    static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}

/// Reading a whole input file with a size limit: only regular files (a folder, /dev/zero or a
/// pipe are refused by what they are, before anything is read), and at most `maxBytes`.
enum BoundedFile {
    static func contents(_ path: String, maxBytes: Int, what: String, flag: String) throws -> [UInt8] {
        // O_NONBLOCK: opening a FIFO must not wait for a writer before it is refused.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            throw JobListError("cannot open \(path) (\(String(cString: strerror(errno))))")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw JobListError("cannot read \(path) (\(String(cString: strerror(errno))))")
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw JobListError("\(path) is a folder, not a \(what) file")
        default:
            throw JobListError(
                "\(path) is not a regular file (a device, pipe or socket); a \(what) must be one")
        }
        let tooBig = JobListError(
            "\(path) is larger than the \(what) size limit (\(maxBytes) bytes); raise it with \(flag)")
        guard Int(info.st_size) <= maxBytes else { throw tooBig }
        // Read to the end, which may differ from st_size for a file being written, but
        // never past the limit.
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard count <= maxBytes else { throw tooBig }
                bytes.append(contentsOf: repeatElement(0, count: min(max(count, 4096), maxBytes + 1 - count)))
            }
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else {
                throw JobListError("cannot read \(path) (\(String(cString: strerror(errno))))")
            }
            if n == 0 { break }
            count += n
        }
        guard count <= maxBytes else { throw tooBig }
        bytes.removeLast(bytes.count - count)
        return bytes
    }
}
