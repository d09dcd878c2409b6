import Inbetween

/// The SCRIPT operand of run, plot and preview: a path, or `-` for standard input (read once,
/// before any work; see ScriptSource).
extension ScriptSource {
    static func operand(_ text: String, watched: Bool) throws -> ScriptSource {
        if watched && text == "-" {
            throw UsageError("--watch needs a script file (standard input cannot be read again)")
        }
        return try reading(operand: text)
    }

    /// The files `--watch` looks at: the script's own file, none for standard input.
    var files: [String] {
        if case .file(let path) = self { return [path] }
        return []
    }
}
