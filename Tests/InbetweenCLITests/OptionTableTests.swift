import Foundation
import XCTest

@testable import Inbetween
@testable import InbetweenCLI

/// The one option table: the help lists exactly what the parser accepts, and the parser's
/// rules hold for every command.
final class OptionTableTests: XCTestCase {
    /// A value each kind of option accepts (so that parsing reaches the next rule).
    private func sampleValue(_ option: OptionSpec) -> [String] {
        switch option.value {
        case .none: return []
        case .choice(_, let words): return [words[0]]
        case .number: return ["1"]
        case .text, .file, .folder: return ["x"]
        }
    }

    /// The spellings a help text lists: its lines that start with an option.
    private func listedSpellings(_ help: String) -> Set<String> {
        var spellings: Set<String> = []
        for line in help.split(separator: "\n") where line.hasPrefix("  -") {
            for word in line.split(separator: " ") {
                let name = word.trimmingCharacters(in: CharacterSet(charactersIn: ","))
                if name.hasPrefix("-") { spellings.insert(name) } else { break }
            }
        }
        return spellings
    }

    func testEveryCommandHelpExitsZeroAndListsWhatTheParserAccepts() throws {
        for spec in CommandTable.visibleCommands {
            let viaFlag = try CLIProcess.run([spec.name, "--help"])
            XCTAssertEqual(viaFlag.status, 0, spec.name)
            XCTAssertEqual(viaFlag.stderr, "", spec.name)
            XCTAssertTrue(viaFlag.stdout.hasPrefix("usage: inbetween \(spec.name) "), spec.name)
            let viaHelp = try CLIProcess.run(["help", spec.name])
            XCTAssertEqual(viaHelp.status, 0, spec.name)
            XCTAssertEqual(viaHelp.stdout, viaFlag.stdout, "help \(spec.name) and \(spec.name) --help")
            let short = try CLIProcess.run([spec.name, "-h"])
            XCTAssertEqual(short.stdout, viaFlag.stdout, "\(spec.name) -h")

            let declared = Set(spec.options.flatMap(\.spellings))
            XCTAssertEqual(listedSpellings(viaFlag.stdout), declared, "\(spec.name): help vs table")
            // Every listed option parses (none is unknown to the parser), with `=` too.
            for option in spec.options {
                XCTAssertNoThrow(
                    try Arguments(parsing: [option.name] + sampleValue(option), for: spec),
                    "\(spec.name) \(option.name)")
                if let value = sampleValue(option).first, option.name.hasPrefix("--") {
                    XCTAssertNoThrow(try Arguments(parsing: ["\(option.name)=\(value)"], for: spec))
                }
            }
        }
    }

    func testTopLevelHelpNamesEveryCommandAndSharedOption() throws {
        let r = try CLIProcess.run(["--help"])
        XCTAssertEqual(r.status, 0)
        for spec in CommandTable.commands {
            XCTAssertEqual(r.stdout.contains("\n  \(spec.name) "), !spec.hidden, spec.name)
        }
        let shared = CommandTable.pluginOptions.options + CommandTable.limitOptions.options
        for option in shared { XCTAssertTrue(r.stdout.contains("  \(HelpText.label(option))"), option.name) }
        XCTAssertEqual(try CLIProcess.run(["help"]).stdout, r.stdout)
    }

    /// Every help topic fits a terminal of 80 columns (`batch`'s option column was once padded
    /// to its longest label, 72 characters, so its lines ran to 170).
    func testEveryHelpLineFitsEightyColumns() throws {
        let topics = [["--help"]] + CommandTable.visibleCommands.map { ["help", $0.name] }
        for topic in topics {
            let r = try CLIProcess.run(topic)
            XCTAssertEqual(r.status, 0, topic.joined(separator: " "))
            for line in r.stdout.split(separator: "\n") where line.count > 80 {
                XCTFail("inbetween \(topic.joined(separator: " ")): \(line.count) columns: \(line)")
            }
        }
    }

    /// Usage mistakes: exit 2, the message names the option (never an engine parameter).
    func testUsageErrorsNameTheOption() throws {
        let script = "examples/07-opacity-fade.lua"
        let cases: [([String], String)] = [
            (["run", script, "--fps", "30", "--fps", "60"], "option --fps given twice"),
            (
                ["run", script, "--from", "0.8", "--to", "0.2"],
                "option --to (0.2) must not be before --from (0.8)"
            ),
            (
                ["run", script, "--format", "xml"],
                "unknown format 'xml' for run (json, jsonl, csv, css, swift, lottie, preview)"
            ),
            (
                ["run", script, "--format=xml"],
                "unknown format 'xml' for run (json, jsonl, csv, css, swift, lottie, preview)"
            ),
            (["run", script, "--fps"], "option --fps needs a value (N)"),
            (["run", script, "--trusted=yes"], "option --trusted takes no value, got '--trusted=yes'"),
            (["run", script, "--bogus"], "unknown option '--bogus' for run"),
            (
                ["run", script, "--form", "1"],
                "unknown option '--form' for run; did you mean --format or --from?"
            ),
            (["run", "-x"], "unknown option '-x' for run"),
            (
                ["run", script, "--precision", "18"],
                "option --precision needs a whole number of decimals from 0 to 17, got '18'"
            ),
            (
                ["curve", "easeIn", "--precision", "18"],
                "option --precision needs a whole number of decimals from 0 to 17, got '18'"
            ),
            (
                ["batch", "a.lua", "-o", "out", "--precision", "18"],
                "option --precision needs a whole number of decimals from 0 to 17, got '18'"
            ),
            (["plot", "bounceOut", "--format", "csv"], "unknown option '--format' for plot"),
            // Found by CLIPropertyTests: a state this small crashed while opening its prelude.
            (
                ["run", script, "--max-memory=17"],
                "option --max-memory needs 0 (no limit) or at least 256K (the Lua state and its prelude need about 130K), got '17'"
            ),
            (["list", "extra"], "unexpected argument 'extra' for list"),
            (["list", "--json", "--json"], "option --json given twice"),
            (
                ["help", "nope"],
                "unknown command 'nope' (commands: run, curve, plot, preview, render, list, batch, help)"
            ),
            (
                ["--bogus"],
                "unknown option '--bogus' (options go after the command: inbetween COMMAND [options])"
            ),
        ]
        for (args, message) in cases {
            let r = try CLIProcess.run(args)
            XCTAssertEqual(r.status, 2, "\(args)")
            XCTAssertEqual(
                r.stderr.split(separator: "\n").first.map(String.init), "inbetween: " + message, "\(args)")
        }
    }

    /// `--plugins` is repeatable (every folder loads, in order); values may look like options.
    func testRepeatableOptionsAndDashValues() throws {
        var args = try Arguments(
            parsing: ["--plugins", "a", "x.lua", "--plugins=b", "--from", "-1", "-o", "-"],
            for: CommandTable.run)
        XCTAssertEqual(args.values("--plugins"), ["a", "b"])
        XCTAssertEqual(args.option("--from"), "-1")
        XCTAssertEqual(args.option("-o"), "-")
        XCTAssertEqual(args.next(), "x.lua")
        XCTAssertNil(args.next())
        var attached = try Arguments(parsing: ["-oout.json", "--", "--script.lua"], for: CommandTable.run)
        XCTAssertEqual(attached.option("-o"), "out.json")
        XCTAssertEqual(attached.next(), "--script.lua", "after --, everything is an operand")
    }
}
