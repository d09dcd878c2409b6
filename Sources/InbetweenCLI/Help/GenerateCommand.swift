import Inbetween

/// `inbetween __generate man|bash|zsh|fish` (hidden): the man page or a shell's completion
/// script, written from the option table; scripts/install runs it.
enum GenerateCommand {
    static func run(_ args: inout Arguments) throws -> Int32 {
        guard let what = args.next() else { throw UsageError("__generate needs man, bash, zsh or fish") }
        try args.finish()
        switch what {
        case "man": print(ManPage.render(), terminator: "")
        case "bash": print(Completions.bash(), terminator: "")
        case "zsh": print(Completions.zsh(), terminator: "")
        case "fish": print(Completions.fish(), terminator: "")
        default: throw UsageError("__generate needs man, bash, zsh or fish, got '\(what)'")
        }
        return 0
    }
}
