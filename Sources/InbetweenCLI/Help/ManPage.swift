import Inbetween

/// `inbetween.1`, written from the option table (`inbetween __generate man`): every visible
/// command with its options, the shared option groups once, exit status, environment and files.
enum ManPage {
    static func render() -> String {
        var out: [String] = []
        head(&out)
        commands(&out)
        sharedOptions(&out)
        status(&out)
        environment(&out)
        return out.joined(separator: "\n") + "\n"
    }

    /// Title, name, synopsis and description.
    private static func head(_ out: inout [String]) {
        out.append(".TH INBETWEEN 1 \"\" \"inbetween \(CLI.version)\" \"User Commands\"")
        out.append(".SH NAME")
        out.append("inbetween \\- sample Core-Animation-style animations and easings scripted in Lua")
        out.append(".SH SYNOPSIS")
        for spec in CommandTable.visibleCommands {
            for synopsis in spec.synopsis {
                out.append(".B inbetween \(spec.name)")
                out.append(text(synopsis))
                out.append(".br")
            }
        }
        out.append(".B inbetween")
        out.append("\\-\\-help | \\-\\-version")
        out.append(".SH DESCRIPTION")
        out.append(
            text(
                """
                inbetween runs Lua scripts that build layers and animations with Core Animation's \
                vocabulary (timing functions, basic, keyframe, spring and group animations, motion \
                paths) and samples them at any frame rate, writing the frames as JSON, CSV, CSS or \
                Swift; it also samples single easings and draws them as SVG charts. Wherever a \
                script is expected, - reads it from standard input. Without -o, output goes to \
                standard output.
                """))
    }

    /// Each visible command with its own options; the shared groups are named, described once below.
    private static func commands(_ out: inout [String]) {
        out.append(".SH COMMANDS")
        let shared = [CommandTable.pluginOptions.title, CommandTable.limitOptions.title]
        for spec in CommandTable.visibleCommands {
            out.append(".SS \"\(text(spec.name + " " + spec.synopsis[0]))\"")
            out.append(
                text(
                    spec.about.isEmpty
                        ? spec.summary + "."
                        : spec.about.split(separator: "\n").map { line in line.drop(while: { $0 == " " }) }
                            .joined(separator: " ")))
            for section in spec.sections where !shared.contains(section.title) {
                for option in section.options { out += item(option) }
            }
            let groups = spec.sections.filter { shared.contains($0.title) }.map(\.title)
            if !groups.isEmpty {
                out.append(".PP")
                out.append(text("Also the \(groups.joined(separator: " and ")) below."))
            }
        }
    }

    /// The plugin and limit options, once for every command that takes them.
    private static func sharedOptions(_ out: inout [String]) {
        for section in [CommandTable.pluginOptions, CommandTable.limitOptions] {
            out.append(".SH \"\(section.title.uppercased())\"")
            let users = CommandTable.visibleCommands.filter { spec in
                spec.sections.contains { $0.title == section.title }
            }
            let note = section.note.isEmpty ? "" : " (\(section.note))"
            out.append(text("Accepted by \(users.map(\.name).joined(separator: ", "))\(note)."))
            for option in section.options { out += item(option) }
        }
    }

    /// Top-level options and exit status.
    private static func status(_ out: inout [String]) {
        out.append(".SH OPTIONS")
        for option in CommandTable.topLevel.options { out += item(option) }
        out.append(".SH \"EXIT STATUS\"")
        for (code, meaning) in [
            ("0", "success"), ("1", "an error: the message names the script, the line and the parameter"),
            ("2", "a usage mistake: the message names the option"),
            ("130", "interrupted (Ctrl-C); no partial output is left"),
        ] {
            out.append(".TP")
            out.append(".B \(code)")
            out.append(text(meaning))
        }
    }

    /// Environment, files and examples.
    private static func environment(_ out: inout [String]) {
        out.append(".SH ENVIRONMENT")
        for (name, meaning) in [
            (
                "INBETWEEN_PLUGIN_PATH",
                "more plugin folders, separated by colons (ignored with --no-user-plugins)"
            ),
            (
                "XDG_CONFIG_HOME",
                "the user's plugins are in $XDG_CONFIG_HOME/inbetween/plugins (default ~/.config/inbetween/plugins)"
            ),
            ("INBETWEEN_HOME", "a folder whose plugins/ replace the shipped plugins"),
        ] {
            out.append(".TP")
            out.append(".B \(name)")
            out.append(text(meaning))
        }
        out.append(".SH FILES")
        out.append(".TP")
        out.append(".I PREFIX/share/inbetween/plugins")
        out.append(text("the shipped plugins, found relative to the executable (PREFIX/bin/inbetween)"))
        out.append(".SH EXAMPLES")
        for example in [
            "inbetween run ball.lua --fps 60 --format csv -o ball.csv",
            "inbetween run - < ball.lua",
            "inbetween curve bounceOut --format css",
            "inbetween plot easeIn easeOut -o ease.svg",
            "inbetween batch jobs/ -o out --jobs 8",
        ] {
            out.append(".PP")
            out.append(".nf")
            out.append(text(example))
            out.append(".fi")
        }
    }

    /// `.TP` with the option in bold and its value in italics.
    private static func item(_ option: OptionSpec) -> [String] {
        let names = (option.aliases + [option.name]).map { "\\fB\(text($0))\\fR" }.joined(separator: ", ")
        let value = option.metavar.map { " \\fI\(text($0))\\fR" } ?? ""
        var help = option.help
        if option.repetition == .accumulate && !help.contains("repeatable") { help += " (repeatable)" }
        return [".TP", names + value, text(help)]
    }

    /// Text escaped for roff: backslashes, hyphens (so that options copy as ASCII), and a
    /// line that would start with a control character.
    static func text(_ s: String) -> String {
        var out = s.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        out = out.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : String(line)
        }.joined(separator: "\n")
        return out
    }
}
