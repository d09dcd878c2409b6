import Inbetween

/// One command-line option as the option table declares it: the parser accepts exactly these,
/// and the help, the man page and the shell completions are written from the same values, so
/// they cannot disagree with what a command accepts.
struct OptionSpec: Sendable {
    /// What follows the option, and what a shell may complete there.
    enum Value: Sendable, Equatable {
        /// A flag: `--trusted`. Giving it a value (`--trusted=1`) is a usage error.
        case none
        /// `--fps N`: a number.
        case number(String)
        /// `--title TEXT`: any text.
        case text(String)
        /// `-o FILE`, `--manifest FILE`: a path (completed as a file name).
        case file(String)
        /// `--plugins DIR`: a folder (completed as a folder name).
        case folder(String)
        /// `--format F`: one of these words; anything else is a usage error.
        case choice(String, [String])
    }

    /// How a second occurrence is treated.
    enum Repetition: Sendable, Equatable {
        /// Given twice is a usage error ("option --fps given twice").
        case once
        /// Every occurrence is kept, in order (`--plugins A --plugins B` loads both).
        case accumulate
    }

    /// The spelling the parser and the help use: `--fps`, `-o`.
    var name: String
    /// Other spellings of the same option: `-h` for `--help`.
    var aliases: [String] = []
    var value: Value = .none
    /// One line (the help wraps nothing: keep it short).
    var help: String
    var repetition: Repetition = .once

    var spellings: [String] { [name] + aliases }

    var takesValue: Bool { value != .none }

    /// `N`, `FILE`, `json|csv|css|swift` (a choice shows its words); nil for a flag.
    var metavar: String? {
        switch value {
        case .none: return nil
        case .number(let m), .text(let m), .file(let m), .folder(let m): return m
        case .choice(_, let words): return words.joined(separator: "|")
        }
    }

    var choices: [String]? {
        if case .choice(_, let list) = value { return list }
        return nil
    }
}

/// A titled group of options in a command's help ("plugin options", "limits").
struct OptionSection: Sendable {
    var title: String
    /// A remark the help puts after the title: `limits (0 turns one off):`.
    var note = ""
    var options: [OptionSpec]

    /// `limits (0 turns one off)`.
    var heading: String { note.isEmpty ? title : "\(title) (\(note))" }
}

/// A command as the option table declares it.
struct CommandSpec: Sendable {
    /// What completes an operand: a script or any file, or an easing name / script.
    enum Operand: Sendable, Equatable {
        case none, file, easing, command
        case words([String])
    }

    var name: String
    /// Usage lines after `inbetween NAME ` (`SCRIPT.lua [options]`).
    var synopsis: [String]
    /// One line for the top-level help and the completions' descriptions.
    var summary: String
    /// Paragraphs shown by `inbetween help NAME` and in the man page (already wrapped).
    var about: String = ""
    var sections: [OptionSection]
    var operand: Operand = .file
    /// Internal (`__worker`): parsed like the others but never listed.
    var hidden = false
    /// Runs the command with its parsed arguments; returns the exit status.
    var runCommand: @Sendable (inout Arguments, CommandSession) throws -> Int32

    var options: [OptionSpec] { sections.flatMap(\.options) }

    /// The option with this spelling (`-h` finds `--help`).
    func option(_ spelling: String) -> OptionSpec? {
        options.first { $0.spellings.contains(spelling) }
    }
}
