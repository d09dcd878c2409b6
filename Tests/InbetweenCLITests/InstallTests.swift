import Foundation
import XCTest

@testable import Inbetween
@testable import InbetweenCLI

/// `scripts/install PREFIX` (issue 11): the binary, the shipped plugins found relative to the
/// executable, the man page and the completions generated from the option table.
///
/// The test installs the debug binary the tests already built (`--binary`): the release build
/// takes minutes and is the same code; scripts/install without `--binary` builds it with the
/// flags of scripts/run.
final class InstallTests: XCTestCase {
    private var prefix: URL!

    override func setUpWithError() throws {
        prefix = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ib-install-\(UUID().uuidString)")
        let r = try shell(["scripts/install", "--binary", CLIProcess.binary.path, prefix.path])
        XCTAssertEqual(r.status, 0, r.stderr)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: prefix)
    }

    private func shell(_ arguments: [String], environment: [String: String] = [:]) throws -> CLIResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = CLIProcess.root
        var env = ProcessInfo.processInfo.environment
        env["INBETWEEN_HOME"] = nil
        for (k, v) in environment { env[k] = v }
        process.environment = env
        // stderr into a file, so that only one pipe needs draining (as CLIProcess).
        let errURL = prefix.deletingLastPathComponent().appendingPathComponent(
            "ib-install-err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errURL) }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errData = (try? Data(contentsOf: errURL)) ?? Data()
        return CLIResult(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self),
            signaled: process.terminationReason == .uncaughtSignal)
    }

    private var installed: String { prefix.appendingPathComponent("bin/inbetween").path }
    private var shippedNames: [String] {
        (try? FileManager.default.contentsOfDirectory(
            atPath: CLIProcess.root.appendingPathComponent("plugins").path))?
            .filter { $0.hasSuffix(".lua") }.sorted() ?? []
    }

    /// The plugin files `list` names.
    private func listedFiles(_ output: String) -> Set<String> {
        Set(
            output.split(separator: "\n").compactMap { line in
                line.split(separator: " ").last.map(String.init).flatMap { $0.hasSuffix(".lua") ? $0 : nil }
            })
    }

    /// With the checkout out of reach, the installed binary lists the shipped plugins from
    /// PREFIX/share/inbetween/plugins. "Out of reach" for real: a private mount namespace
    /// (unshare, root) lays an empty tmpfs over the checkout, so no path compiled into the
    /// binary (#filePath) can reach a plugin there. And, without the namespace, once the
    /// installed plugins are removed the binary lists the copies built into it: it never falls
    /// back to the checkout.
    /// The installed executable is stripped (issue 31: 81 MB of symbols and debug information
    /// went into PREFIX/bin): smaller than the one built, and it still runs.
    func testTheInstalledBinaryIsStrippedAndRuns() throws {
        func size(_ path: String) throws -> Int {
            try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        }
        XCTAssertLessThan(try size(installed), try size(CLIProcess.binary.path))
        let r = try shell([installed, "curve", "ease", "--at", "0.5"])
        XCTAssertEqual(r.status, 0, r.stderr)
        // CSS ease = cubic-bezier(0.25, 0.1, 0.25, 1); y(0.5) = 0.802403387584857 (the
        // engine's own value for x = 0.5, as `inbetween curve ease` prints it in the checkout).
        XCTAssertTrue(r.stdout.hasPrefix("x,y\n0.5,0.80240338"), r.stdout)
    }

    func testInstalledBinaryFindsItsPluginsRelativeToItself() throws {
        let share = prefix.appendingPathComponent("share/inbetween/plugins").path
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: share).sorted(), shippedNames)
        XCTAssertFalse(shippedNames.isEmpty)
        let expected = Set(shippedNames.map { share + "/" + $0 })

        try MachineRequirement.privilege(geteuid() == 0, "hiding the checkout needs a mount namespace (root)")
        let root = CLIProcess.root.path
        let hidden = try shell([
            "unshare", "--mount", "sh", "-c",
            "mount -t tmpfs none \"$0\" && test ! -e \"$0/plugins\" && \"$1\" list --no-user-plugins",
            root, installed,
        ])
        XCTAssertEqual(hidden.status, 0, hidden.stderr)
        XCTAssertEqual(listedFiles(hidden.stdout), expected)
        XCTAssertTrue(hidden.stdout.contains("bounceOut"), "penner.lua's easings are listed")

        // With no plugins folder beside it (a copied binary), the copies built into the binary
        // load, named plugins/NAME.lua: the presets are always there, and nothing comes from
        // the checkout.
        try FileManager.default.removeItem(atPath: share)
        let builtIn = try shell([installed, "list", "--no-user-plugins"])
        XCTAssertEqual(builtIn.status, 0, builtIn.stderr)
        XCTAssertEqual(
            listedFiles(builtIn.stdout), Set(shippedNames.map { "plugins/" + $0 }),
            "nothing from \(root)/plugins")
        XCTAssertTrue(builtIn.stdout.contains("bounceOut"), builtIn.stdout)
    }

    func testManPageRendersEveryCommand() throws {
        let page = prefix.appendingPathComponent("share/man/man1/inbetween.1").path
        let r = try shell(
            ["man", "-P", "cat", "-l", page], environment: ["MANWIDTH": "100", "LC_ALL": "C.UTF-8"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("INBETWEEN(1)"))
        for spec in CommandTable.visibleCommands {
            XCTAssertTrue(r.stdout.contains("inbetween \(spec.name) "), spec.name)
            for option in spec.options {
                XCTAssertTrue(r.stdout.contains(option.name), "\(spec.name) \(option.name)")
            }
        }
        XCTAssertFalse(r.stderr.contains("warning"), r.stderr)
    }

    /// bash's completion function driven as bash drives it: COMP_WORDS and COMP_CWORD set,
    /// the function called, COMPREPLY printed.
    private func complete(_ words: [String]) throws -> [String] {
        let file = prefix.appendingPathComponent("share/bash-completion/completions/inbetween").path
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let script = """
            source "$0"
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
            _inbetween
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let r = try shell(["bash", "-c", script, file])
        XCTAssertEqual(r.status, 0, r.stderr)
        return r.stdout.split(separator: "\n").map(String.init)
    }

    func testBashCompletesCommandsOptionsAndFormats() throws {
        XCTAssertEqual(try complete(["inbetween", "ru"]), ["run"])
        XCTAssertEqual(try complete(["inbetween", "run", "x.lua", "--fo"]), ["--format"])
        XCTAssertEqual(try complete(["inbetween", "curve", "--fo"]), ["--format"])
        XCTAssertEqual(
            try complete(["inbetween", "run", "--format", ""]), OutputFormat.names, "the table's words")
        XCTAssertEqual(try complete(["inbetween", "curve", "--format", "s"]), ["svg"])
        XCTAssertEqual(try complete(["inbetween", "--verbose", "li"]), ["list"])
        XCTAssertEqual(try complete(["inbetween", "help", "ba"]), ["batch"])
        XCTAssertEqual(try complete(["inbetween", "list", "--no-"]), ["--no-user-plugins"])
        XCTAssertEqual(try complete(["inbetween", "run", "--fps", ""]), [], "a number: nothing to offer")
    }

    /// zsh and fish are not installed for the tests; their scripts are checked for what they
    /// must hold (every command and option, from the same table) and by the shells' own
    /// syntax check when a shell is there.
    func testZshAndFishCompletionsHoldEveryOption() throws {
        let zsh = try String(
            contentsOf: prefix.appendingPathComponent("share/zsh/site-functions/_inbetween"), encoding: .utf8)
        let fish = try String(
            contentsOf: prefix.appendingPathComponent("share/fish/vendor_completions.d/inbetween.fish"),
            encoding: .utf8)
        XCTAssertTrue(zsh.hasPrefix("#compdef inbetween\n"))
        for spec in CommandTable.visibleCommands {
            XCTAssertTrue(zsh.contains("'\(spec.name):"), spec.name)
            XCTAssertTrue(fish.contains("-a \(spec.name) -d"), spec.name)
            for option in spec.options {
                XCTAssertTrue(
                    zsh.contains("'\(option.name)[") || zsh.contains("'*\(option.name)["), option.name)
                let fishName =
                    option.name.hasPrefix("--")
                    ? "-l \(option.name.dropFirst(2))" : "-s \(option.name.dropFirst())"
                XCTAssertTrue(
                    fish.contains("__fish_seen_subcommand_from \(spec.name)' \(fishName)"),
                    "\(spec.name) \(option.name)")
            }
        }
        for (shell, file) in [
            ("zsh", "share/zsh/site-functions/_inbetween"),
            ("fish", "share/fish/vendor_completions.d/inbetween.fish"),
        ] {
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/\(shell)") else { continue }
            let r = try self.shell([shell, "-n", prefix.appendingPathComponent(file).path])
            XCTAssertEqual(r.status, 0, "\(shell): \(r.stderr)")
        }
    }
}
