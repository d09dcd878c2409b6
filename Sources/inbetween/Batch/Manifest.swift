import Foundation
import InbetweenLua

/// `--manifest jobs.jsonl`: one job per line, a JSON object
/// `{"script": "path.lua", "params": {...}, "output": "name.csv"}`. `script` is required and,
/// when relative, is taken from the manifest's folder; `params` (any JSON object) becomes the
/// script's global `params`; `output` defaults to the script's base name with the format's
/// extension. Blank lines are skipped. Every line is checked before any job runs, and each
/// problem names its line: `jobs.jsonl:7: unknown key 'scirpt' (valid: output, params, script)`.
enum Manifest {
    static let keys = ["output", "params", "script"]

    static func read(_ path: String, format: String) throws -> [BatchJob] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw JobListError("cannot open \(path) (No such file or directory)")
        }
        let folder = (path as NSString).deletingLastPathComponent
        var jobs: [BatchJob] = []
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for (n, line) in lines.enumerated() {
            let origin = "\(path):\(n + 1)"
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            do {
                jobs.append(try job(Data(line), folder: folder, format: format, origin: origin))
            } catch let error as JobListError {
                throw JobListError("\(origin): \(error.description)")
            }
        }
        return jobs
    }

    private static func job(_ line: Data, folder: String, format: String, origin: String) throws -> BatchJob {
        let value: ScriptParameter
        do {
            value = try JSONDecoder().decode(ScriptParameter.self, from: line)
        } catch {
            throw JobListError("not valid JSON")
        }
        guard case .object(let fields) = value else {
            throw JobListError("a job is a JSON object {\"script\": ..., \"params\": {...}, \"output\": ...}")
        }
        if let unknown = fields.keys.sorted().first(where: { !keys.contains($0) }) {
            throw JobListError("unknown key '\(unknown)' (valid: \(keys.joined(separator: ", ")))")
        }
        guard case .string(let script)? = fields["script"], !script.isEmpty else {
            throw JobListError(fields["script"] == nil ? "missing \"script\"" : "\"script\" must be a non-empty string")
        }
        let resolved = script.hasPrefix("/") || folder.isEmpty ? script : (folder as NSString).appendingPathComponent(script)
        guard FileManager.default.fileExists(atPath: resolved) else {
            throw JobListError("script '\(resolved)' not found")
        }
        var parameters: ScriptParameter?
        switch fields["params"] {
        case nil, .null?: parameters = nil
        case .object?: parameters = fields["params"]
        default: throw JobListError("\"params\" must be a JSON object")
        }
        var output = JobList.defaultOutputName(resolved, format: format)
        switch fields["output"] {
        case nil, .null?: break
        case .string(let name)?:
            guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else {
                throw JobListError("\"output\" must be a file name inside the output folder, got '\(name)'")
            }
            output = name
        default: throw JobListError("\"output\" must be a string")
        }
        return BatchJob(script: resolved, parameters: parameters, output: output, origin: origin)
    }
}
