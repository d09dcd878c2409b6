import Inbetween

/// `inbetween __generate man|bash|zsh|fish` (hidden): the man page or a shell's completion
/// script, written from the option table; scripts/install runs it.
enum GenerateCommand {
    static func run(_ args: inout Arguments) throws -> Int32 {
        guard let what = args.next() else { throw UsageError("__generate needs man, bash, zsh or fish") }
        try args.finish()
        switch what {
        case "man": try StandardOutput.write(ManPage.render())
        case "bash": try StandardOutput.write(Completions.bash())
        case "zsh": try StandardOutput.write(Completions.zsh())
        case "fish": try StandardOutput.write(Completions.fish())
        default: throw UsageError("__generate needs man, bash, zsh or fish, got '\(what)'")
        }
        return 0
    }
}
