import Inbetween

/// `inbetween --help`, `inbetween help CMD` and `CMD --help`, written from the option table
/// (CommandTable) so that the help lists exactly what the parser accepts. Every line fits a
/// terminal of 80 columns, the width POSIX's `fmt` and most help texts (`ls --help`) keep to.
enum HelpText {
    /// The widest line the help writes.
    static let lineWidth = 80
    /// The option column's widest: a longer label gets a line of its own, its help below it.
    static let optionColumn = 26
    /// `  --fps N` / `  -h, --help`: an option as the help's left column shows it.
    static func label(_ option: OptionSpec) -> String {
        let names = (option.aliases + [option.name]).joined(separator: ", ")
        return option.metavar.map { "\(names) \($0)" } ?? names
    }

    /// The help of one command.
    static func command(_ spec: CommandSpec) -> String {
        var lines: [String] = []
        for (i, synopsis) in spec.synopsis.enumerated() {
            let head = (i == 0 ? "usage: " : "       ") + "inbetween \(spec.name) "
            lines += wrap(synopsis, first: head, rest: String(repeating: " ", count: head.count))
        }
        lines.append("")
        lines +=
            spec.about.isEmpty
            ? wrap(spec.summary.prefix(1).uppercased() + spec.summary.dropFirst() + ".")
            : paragraphs(spec.about)
        lines += sections(spec.sections)
        return lines.joined(separator: "\n")
    }

    /// The top-level help: the commands, then the options they share (saying which commands
    /// accept each shared group), then the options before a command.
    static func topLevel() -> String {
        var lines = ["usage: inbetween COMMAND [options]", "", "commands:"]
        for spec in CommandTable.visibleCommands {
            lines += column("  \(spec.name) \(spec.synopsis[0])", spec.summary, width: 28)
        }
        lines.append("")
        lines += wrap("Each command's own options: inbetween help COMMAND (or inbetween COMMAND --help).")
        for shared in [CommandTable.pluginOptions, CommandTable.limitOptions] {
            let users = CommandTable.visibleCommands.filter { spec in
                spec.sections.contains { $0.title == shared.title }
            }.map(\.name)
            lines.append("")
            lines += wrap("\(shared.heading), for \(users.joined(separator: ", ")):")
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
        min(optionColumn, max(20, (options.map { label($0).count }.max() ?? 0) + 2))
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
        options.flatMap { column("  " + label($0), $0.help, width: width + 2) }
    }

    /// `left` padded to `width` columns, then `text` wrapped in the column after it; a `left`
    /// too wide for its column stands on a line of its own.
    private static func column(_ left: String, _ text: String, width: Int) -> [String] {
        let indent = String(repeating: " ", count: width)
        if left.count >= width { return [left] + wrap(text, first: indent, rest: indent) }
        return wrap(text, first: left.padding(toLength: width, withPad: " ", startingAt: 0), rest: indent)
    }

    /// A command's `about`: each paragraph of lines joined and wrapped again; a line indented by
    /// two spaces (a command to copy) is kept as it is.
    private static func paragraphs(_ text: String) -> [String] {
        var lines: [String] = []
        var words: [Substring] = []
        func flush() {
            if !words.isEmpty { lines += wrap(words.joined(separator: " ")) }
            words = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  ") {
                flush()
                lines.append(String(line))
            } else {
                words += line.split(separator: " ")
            }
        }
        flush()
        return lines
    }

    /// `text` broken between words into lines of at most `lineWidth` columns, the first after
    /// `first`, the others after `rest`. A word longer than a line is not broken.
    static func wrap(_ text: String, first: String = "", rest: String = "") -> [String] {
        var lines: [String] = []
        var line = first
        var empty = true
        for word in text.split(separator: " ") {
            if !empty && line.count + 1 + word.count > lineWidth {
                lines.append(line)
                line = rest
                empty = true
            }
            line += (empty ? "" : " ") + word
            empty = false
        }
        lines.append(line)
        return lines
    }
}
