import Inbetween

/// `inbetween --help`, `inbetween help CMD` and `CMD --help`, written from the option table
/// (CommandTable) so that the help lists exactly what the parser accepts.
enum HelpText {
    /// `  --fps N` / `  -h, --help`: an option as the help's left column shows it.
    static func label(_ option: OptionSpec) -> String {
        let names = (option.aliases + [option.name]).joined(separator: ", ")
        return option.metavar.map { "\(names) \($0)" } ?? names
    }

    /// The help of one command.
    static func command(_ spec: CommandSpec) -> String {
        var lines: [String] = []
        for (i, synopsis) in spec.synopsis.enumerated() {
            lines.append((i == 0 ? "usage: " : "       ") + "inbetween \(spec.name) \(synopsis)")
        }
        lines.append("")
        lines.append(
            spec.about.isEmpty
                ? spec.summary.prefix(1).uppercased() + spec.summary.dropFirst() + "." : spec.about)
        lines += sections(spec.sections)
        return lines.joined(separator: "\n")
    }

    /// The top-level help: the commands, then the options they share (saying which commands
    /// accept each shared group), then the options before a command.
    static func topLevel() -> String {
        var lines = ["usage: inbetween COMMAND [options]", "", "commands:"]
        for spec in CommandTable.visibleCommands {
            let head = "  \(spec.name) \(spec.synopsis[0])"
            if head.count < 28 {
                lines.append(head.padding(toLength: 28, withPad: " ", startingAt: 0) + spec.summary)
            } else {
                lines.append(head)
                lines.append(String(repeating: " ", count: 28) + spec.summary)
            }
        }
        lines.append("")
        lines.append("Each command's own options: inbetween help COMMAND (or inbetween COMMAND --help).")
        for shared in [CommandTable.pluginOptions, CommandTable.limitOptions] {
            let users = CommandTable.visibleCommands.filter { spec in
                spec.sections.contains { $0.title == shared.title }
            }.map(\.name)
            lines.append("")
            lines.append("\(shared.heading), for \(users.joined(separator: ", ")):")
            lines += optionLines(shared.options, width: width(shared.options))
        }
        lines.append("")
        lines.append("options:")
        lines += optionLines(CommandTable.topLevel.options, width: width(CommandTable.topLevel.options))
        lines.append("")
        lines.append("Exit status: 0 success, 1 error, 2 usage mistake, 130 interrupted.")
        return lines.joined(separator: "\n")
    }

    private static func width(_ options: [OptionSpec]) -> Int {
        max(20, (options.map { label($0).count }.max() ?? 0) + 2)
    }

    private static func sections(_ sections: [OptionSection]) -> [String] {
        let all = sections.flatMap(\.options)
        let w = width(all)
        var lines: [String] = []
        for section in sections where !section.options.isEmpty {
            lines.append("")
            lines.append("\(section.heading):")
            lines += optionLines(section.options, width: w)
        }
        return lines
    }

    private static func optionLines(_ options: [OptionSpec], width: Int) -> [String] {
        options.map { option in
            let left = label(option)
            if left.count >= width {
                return "  \(left)\n  " + String(repeating: " ", count: width) + option.help
            }
            return "  " + left.padding(toLength: width, withPad: " ", startingAt: 0) + option.help
        }
    }
}
