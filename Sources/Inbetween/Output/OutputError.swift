/// An output that cannot be written, worded in this one place: the command line prints it as
/// `inbetween: cannot write out.csv (No space left on device)` with exit status 1, and the
/// library's exports carry its text in a `ScriptError`. Each case holds the path the user
/// named (never a staging file's) and the reason, as `strerror` gives it or as a rule.
package enum OutputError: Error, Hashable, CustomStringConvertible {
    /// `cannot write PATH (REASON)`: the system refused (open, write, rename, fsync...).
    case cannotWrite(String, reason: String)
    /// `cannot write PATH: it is a folder (give a file name, e.g. PATH/EXAMPLE)`.
    case isFolder(String, example: String)
    /// `refusing to write PATH: it is a file this run reads (INPUT); choose another output`;
    /// INPUT left out when it is PATH itself.
    case isInput(String, input: String?)
    /// `cannot write frames into PATH: RULE` (a folder of frames that cannot be one).
    case notAFrameFolder(String, rule: String)
    /// `cannot write PATH: RULE` (a kind of file the command cannot write there).
    case unsuitable(String, rule: String)
    /// `cannot write into FOLDER (REASON)`: a batch's output folder.
    case cannotWriteInto(String, reason: String)
    /// `cannot create PATH (REASON)`: a folder on the way to an output.
    case cannotCreate(String, reason: String)
    /// `cannot create a temporary file (REASON)`, and the same for writing and reading one back.
    case temporaryFile(action: String, reason: String?)

    package var description: String {
        switch self {
        case .cannotWrite(let path, let reason): return "cannot write \(path) (\(reason))"
        case .isFolder(let path, let example):
            let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
            return "cannot write \(path): it is a folder (give a file name, e.g. \(folder)/\(example))"
        case .isInput(let path, let input):
            let what = input.map { " (\($0))" } ?? ""
            return "refusing to write \(path): it is a file this run reads\(what); choose another output"
        case .notAFrameFolder(let path, let rule): return "cannot write frames into \(path): \(rule)"
        case .unsuitable(let path, let rule): return "cannot write \(path): \(rule)"
        case .cannotWriteInto(let folder, let reason): return "cannot write into \(folder) (\(reason))"
        case .cannotCreate(let path, let reason): return "cannot create \(path) (\(reason))"
        case .temporaryFile(let action, let reason):
            return "cannot \(action) a temporary file" + (reason.map { " (\($0))" } ?? "")
        }
    }
}
