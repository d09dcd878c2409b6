import Foundation
import XCTest

/// Every code block of README.md and docs/*.md is run, or accounted for. Each page runs in a
/// folder of its own holding a copy of examples/, in the order the page reads:
/// - a ```lua block whose first line names a file (`-- snap.lua`, `-- myplugins/studio.lua`) is
///   written there, for the commands after it;
/// - any other ```lua block runs as a scene (`inbetween run -`), after a prelude that makes the
///   layers and animations the fragments name; a `print(...)  -- WORDS` line must print WORDS;
/// - a ```sh block runs in bash, stopping at the first failure, with `scripts/run` and
///   `inbetween` both the built binary (a documented `--watch` runs once); each command's first
///   word must be one the test runs or one of `notRun`, with the test that covers it instead;
/// - the README's Package.swift and Sources/App/main.swift are built and run by
///   ConsumerPackageTests; ```json, ```css and `// --format swift` blocks are excerpts of
///   output, and untagged and ```text blocks are synopses and listings.
/// A control page with a broken command and a failing scene shows the check can fail.
final class DocumentedCommandsTests: XCTestCase {
    struct Block {
        var page: String
        var line: Int
        var language: String
        var text: String
    }

    /// First words of shell commands the test does not run, and what runs them instead.
    static let notRun: [String: String] = [
        "scripts/test": "the whole suite: the CI runs exactly it (ScriptsFolderTests checks its commands)",
        "scripts/install": "installs into ~/.local: InstallTests installs into a temporary prefix",
        "rm": "the uninstall line, which removes from ~/.local (InstallTests checks what install prints)",
        "sbatch": "Slurm is not on the test machine (BatchCommandTests reads its array variables)",
    ]
    /// First words the test runs.
    static let run: Set<String> = ["scripts/run", "inbetween", "mkdir", "cp", "printf"]

    /// What the fragments in the pages use without making it.
    static let prelude = """
        card, badge, shadow = layer{name = "doc-card"}, layer{name = "doc-badge"}, layer{name = "doc-shadow"}
        dots = {layer{name = "doc-dot1"}, layer{name = "doc-dot2"}, layer{name = "doc-dot3"}}
        slide = animation.basic{keyPath = "position.x", fromValue = 0, toValue = 100}
        pop = animation.basic{keyPath = "transform.scale", fromValue = 0.5, toValue = 1}
        grow = animation.basic{keyPath = "shadowRadius", fromValue = 0, toValue = 8}
        blink = animation.basic{keyPath = "opacity", fromValue = 1, toValue = 0}

        """

    /// README.md and every page in docs/.
    static func pages() throws -> [(name: String, text: String)] {
        let docs = CLIProcess.root.appendingPathComponent("docs")
        let names =
            ["README.md"]
            + (try FileManager.default.contentsOfDirectory(atPath: docs.path)).filter { $0.hasSuffix(".md") }
            .sorted().map { "docs/" + $0 }
        return try names.map {
            ($0, try String(contentsOf: CLIProcess.root.appendingPathComponent($0), encoding: .utf8))
        }
    }

    /// The fenced blocks of a page, in order.
    static func blocks(_ text: String, page: String) -> [Block] {
        var blocks: [Block] = []
        var open: Block?
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") {
                if let block = open {
                    blocks.append(block)
                    open = nil
                } else {
                    open = Block(page: page, line: i + 1, language: String(line.dropFirst(3)), text: "")
                }
            } else if open != nil {
                open!.text += line + "\n"
            }
        }
        return blocks
    }

    func testEveryDocumentedCommandAndScriptRuns() throws {
        var failures: [String] = []
        for (name, text) in try Self.pages() {
            failures += try check(Self.blocks(text, page: name))
        }
        XCTAssertEqual(failures, [], failures.joined(separator: "\n\n"))
    }

    /// A page with a command that fails, a scene that fails, a print that prints something
    /// else and a command the test does not know: each is reported.
    func testABrokenDocumentedCommandFails() throws {
        let page = """
            ```sh
            scripts/run run examples/05-bouncing-ball.lua --format csv -o ok.csv
            scripts/run run examples/no-such-example.lua
            ```

            ```lua
            local l = layer{name = "x", opacity = "half"}
            ```

            ```lua
            print(1 + 1)   -- 3
            ```

            ```sh
            curl https://example.invalid
            ```
            """
        let failures = try check(Self.blocks(page, page: "control.md"))
        XCTAssertEqual(failures.count, 4, failures.joined(separator: "\n\n"))
        XCTAssertTrue(failures[0].contains("no-such-example.lua"), failures[0])
        XCTAssertTrue(failures[1].hasPrefix("control.md:6:"), failures[1])
        XCTAssertTrue(failures[2].contains("prints"), failures[2])
        XCTAssertTrue(failures[3].contains("curl"), failures[3])
    }

    /// Every link from a page to a file of the repository (`[the layer tree](layer-tree.md)`,
    /// a picture) names a file that is there; a page with a link to a missing one fails.
    func testEveryLinkToARepositoryFileResolves() throws {
        var broken: [String] = []
        for (name, text) in try Self.pages() { broken += Self.brokenLinks(text, page: name) }
        XCTAssertEqual(broken, [])
        XCTAssertEqual(
            Self.brokenLinks("[ok](lua-api.md#gotchas), [gone](no-such-page.md)", page: "docs/control.md"),
            ["docs/control.md: no-such-page.md"])
    }

    /// The relative link targets of a page (web addresses and anchors in the page aside) that
    /// name no file, relative to the page's folder.
    static func brokenLinks(_ text: String, page: String) -> [String] {
        let folder = CLIProcess.root.appendingPathComponent(page).deletingLastPathComponent()
        var broken: [String] = []
        var rest = text[...]
        while let open = rest.range(of: "](") {
            let target = rest[open.upperBound...].prefix { $0 != ")" && $0 != " " }
            rest = rest[open.upperBound...]
            let file = target.prefix { $0 != "#" }
            if file.isEmpty || target.contains("://") { continue }
            if !FileManager.default.fileExists(atPath: folder.appendingPathComponent(String(file)).path) {
                broken.append("\(page): \(target)")
            }
        }
        return broken
    }

    /// Runs one page's blocks in a folder of their own; returns what failed.
    func check(_ blocks: [Block]) throws -> [String] {
        let folder = try workFolder()
        var failures: [String] = []
        for block in blocks {
            let place = "\(block.page):\(block.line)"
            switch block.language {
            case "lua":
                if let failure = try lua(block, in: folder) { failures.append("\(place): \(failure)") }
            case "sh":
                if let failure = try shell(block, in: folder) { failures.append("\(place): \(failure)") }
            case "swift":
                let first = block.text.prefix { $0 != "\n" }
                let known =
                    first.hasPrefix("// swift-tools-version:") || first == "// Sources/App/main.swift"
                    || first.hasPrefix("// --format swift")
                if !known { failures.append("\(place): a Swift block no test builds: \(first)") }
            case "json", "css", "text", "":
                continue
            default:
                failures.append("\(place): a ```\(block.language) block this test does not know")
            }
        }
        return failures
    }

    private func lua(_ block: Block, in folder: URL) throws -> String? {
        let first = block.text.prefix { $0 != "\n" }
        if first.hasPrefix("-- "), first.hasSuffix(".lua"), !first.contains(" examples/"),
            !first.dropFirst(3).contains(" ")
        {
            let file = folder.appendingPathComponent(String(first.dropFirst(3)))
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try block.text.write(to: file, atomically: true, encoding: .utf8)
            return nil
        }
        let r = try CLIProcess.run(
            ["run", "-", "--no-user-plugins"], stdin: Data((Self.prelude + block.text).utf8),
            directory: folder)
        if r.status != 0 { return "the scene fails (exit \(r.status)): \(r.stderr)" }
        let printed = r.stderr.split(separator: "\n").map { $0.split(whereSeparator: \.isWhitespace) }
        for line in block.text.split(separator: "\n") where line.hasPrefix("print(") {
            guard let comment = line.range(of: "-- ") else { continue }
            let words = line[comment.upperBound...].split(whereSeparator: \.isWhitespace)
            if !printed.contains(words) { return "`\(line)` prints \(r.stderr)" }
        }
        return nil
    }

    private func shell(_ block: Block, in folder: URL) throws -> String? {
        var kept: [String] = []
        for line in block.text.replacingOccurrences(of: "\\\n", with: " ").split(separator: "\n") {
            let command = line.trimmingCharacters(in: .whitespaces)
            if command.isEmpty || command.hasPrefix("#") { continue }
            let words = command.components(separatedBy: "&&").map {
                $0.split(separator: " ").first.map(String.init) ?? ""
            }
            if words.contains(where: { Self.notRun[$0] != nil }) { continue }
            if let unknown = words.first(where: { !Self.run.contains($0) }) {
                return "`\(unknown)`: a command this test neither runs nor lists"
            }
            kept.append(command)
        }
        let script = kept.joined(separator: "\n")
        let r = try CLIProcess.run(
            ["-e", "-o", "pipefail", "-c", script],
            environment: [
                "PATH": folder.appendingPathComponent("bin").path + ":"
                    + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
                "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
                "INBETWEEN_PLUGIN_PATH": "",
            ], directory: folder, executable: URL(fileURLWithPath: "/bin/bash"))
        return r.status == 0 ? nil : "exit \(r.status):\n\(script)\n\(r.stderr)"
    }

    /// A folder with a copy of examples/, an empty docs/ and `scripts/run` and `bin/inbetween`
    /// standing for the built binary.
    private func workFolder() throws -> URL {
        let folder = try temporaryFolder("ib-docs")
        try FileManager.default.copyItem(
            at: CLIProcess.root.appendingPathComponent("examples"),
            to: folder.appendingPathComponent("examples"))
        // --watch polls until Ctrl-C: a documented --watch command runs once.
        let wrapper = """
            #!/bin/sh
            for a; do shift; [ "$a" = --watch ] || set -- "$@" "$a"; done
            exec '\(CLIProcess.binary.path)' "$@"

            """
        for path in ["scripts/run", "bin/inbetween", "docs/.keep"] {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            if path.hasSuffix(".keep") { continue }
            try wrapper.write(to: url, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        }
        return folder
    }
}
