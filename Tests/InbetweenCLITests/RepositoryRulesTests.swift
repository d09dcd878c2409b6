import Foundation
import XCTest

/// Rules about the repository's own files (issue 29): no two paths that one case-insensitive file
/// system (macOS's default) would take for one, and a command line that reaches the host only
/// through the library.
final class RepositoryRulesTests: XCTestCase {
    // MARK: Paths that differ only in case

    /// Groups of paths, each a file or a folder on the way to one, spelt differently but equal
    /// when case is ignored (`Sources/Inbetween` and `Sources/inbetween` are one folder there).
    static func caseClashes(_ paths: [String]) -> [[String]] {
        var spellings: [String: Set<String>] = [:]
        for path in paths {
            var prefix = ""
            for part in path.split(separator: "/") {
                prefix += (prefix.isEmpty ? "" : "/") + part
                spellings[prefix.lowercased(), default: []].insert(prefix)
            }
        }
        return spellings.values.filter { $0.count > 1 }.map { $0.sorted() }.sorted { $0[0] < $1[0] }
    }

    func testCaseClashesAreFound() {
        let rows: [(paths: [String], clashes: [[String]])] = [
            // The layout before issue 29: two source folders that differ in case only.
            (
                ["Sources/Inbetween/Frame.swift", "Sources/inbetween/main.swift"],
                [["Sources/Inbetween", "Sources/inbetween"]]
            ),
            (["README.md", "readme.md"], [["README.md", "readme.md"]]),
            (["x/Y/z", "x/y/z"], [["x/Y", "x/y"], ["x/Y/z", "x/y/z"]]),
            (["Sources/Inbetween/A.swift", "Sources/InbetweenCLI/A.swift", "a/b", "a/c"], []),
        ]
        for row in rows {
            XCTAssertEqual(Self.caseClashes(row.paths), row.clashes, "\(row.paths)")
        }
    }

    func testNoTwoRepositoryPathsDifferOnlyInCase() throws {
        let paths = try gitFiles()
        XCTAssertGreaterThan(paths.count, 100, "git ls-files listed the repository")
        XCTAssertEqual(Self.caseClashes(paths), [])
    }

    /// The repository's files as git lists them (skipped outside a git checkout).
    private func gitFiles() throws -> [String] {
        // A test run outside a git checkout (a source tarball) cannot see the repository's
        // files; CI always runs in one.
        try MachineRequirement.tool(
            FileManager.default.fileExists(atPath: CLIProcess.root.appendingPathComponent(".git").path),
            "a git checkout", package: "git (and a clone, not a tarball)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", CLIProcess.root.path, "ls-files", "-z"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    // MARK: Tests skip only for what the machine lacks

    /// Lines that skip a test (XCTest's skip error or its two checks), comments left out. The
    /// name is put together here so that this file does not match itself.
    static func skipLines(_ source: String) -> [String] {
        let skip = "XCT" + "Skip"
        let calls = [skip + "(", skip + "If(", skip + "Unless("]
        return source.split(separator: "\n").map(String.init).filter { raw in
            let code = raw.components(separatedBy: "//")[0]
            return calls.contains { code.contains($0) }
        }
    }

    func testSkipsAreFound() {
        let skip = "XCT" + "Skip"
        let rows: [(source: String, found: Int)] = [
            ("throw \(skip)(\"no tool\")\n", 1),
            ("try \(skip)Unless(ok, \"why\")\ntry \(skip)If(bad)\n", 2),
            ("// throw \(skip)(\"old\")\nlet e = error is \(skip)\n", 0),
        ]
        for row in rows {
            XCTAssertEqual(Self.skipLines(row.source).count, row.found, row.source)
        }
    }

    /// A test skips only through MachineRequirement (a missing tool or privilege, which fails
    /// under CI=true for a tool): a skip anywhere else could hide a regression.
    func testNoTestSkipsOutsideMachineRequirement() throws {
        let folder = CLIProcess.root.appendingPathComponent("Tests")
        let files =
            FileManager.default.enumerator(atPath: folder.path)?
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        XCTAssertGreaterThan(files.count, 100)
        for file in files.sorted() where file != "InbetweenCLITests/MachineRequirement.swift" {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in Self.skipLines(text) {
                XCTFail("Tests/\(file) skips outside MachineRequirement: \(line)")
            }
        }
    }

    // MARK: What the command line imports

    /// The modules a Swift source imports: `import X`, `@testable import X`, `package import X`,
    /// `import struct X.Y` (the module is X).
    static func importedModules(_ source: String) -> [String] {
        var modules: [String] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: true) {
            var words = line.split(separator: " ").map(String.init)
            while let first = words.first,
                first.hasPrefix("@")
                    || ["public", "package", "internal", "fileprivate", "private"].contains(first)
            {
                words.removeFirst()
            }
            guard words.first == "import", words.count >= 2 else { continue }
            var name = words[1]
            if ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"].contains(name),
                words.count >= 3
            {
                name = words[2]
            }
            modules.append(String(name.prefix { $0 != "." }))
        }
        return modules
    }

    /// What a file of Sources/InbetweenCLI may import: the library, Foundation and the C library.
    static let allowedInCLI: Set<String> = ["Inbetween", "Foundation", "Glibc", "Darwin"]

    func testImportsAreFound() {
        let rows: [(source: String, modules: [String])] = [
            ("import Foundation\nimport Inbetween\n", ["Foundation", "Inbetween"]),
            ("import Glibc\n@testable import InbetweenCLI\n", ["Glibc", "InbetweenCLI"]),
            ("package import InbetweenLua\n", ["InbetweenLua"]),
            ("import struct InbetweenEngine.Track\n", ["InbetweenEngine"]),
            ("@_exported import InbetweenEngine\n", ["InbetweenEngine"]),
            ("// import InbetweenLua\nlet imports = 1\n", []),
        ]
        for row in rows {
            XCTAssertEqual(Self.importedModules(row.source), row.modules, row.source)
        }
        // A planted file with a lower module breaks the rule; the CLI's own kind does not.
        let planted = "import Foundation\nimport InbetweenEngine\nimport CLua\n"
        XCTAssertEqual(
            Self.importedModules(planted).filter { !Self.allowedInCLI.contains($0) },
            ["InbetweenEngine", "CLua"])
    }

    func testTheCommandLineImportsOnlyTheLibraryFoundationAndC() throws {
        let folder = CLIProcess.root.appendingPathComponent("Sources/InbetweenCLI")
        let files =
            FileManager.default.enumerator(atPath: folder.path)?
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        XCTAssertGreaterThan(files.count, 40)
        for file in files.sorted() {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for module in Self.importedModules(text) where !Self.allowedInCLI.contains(module) {
                XCTFail("Sources/InbetweenCLI/\(file) imports \(module)")
            }
        }
    }

    // MARK: The Lua layer is internal to the package

    /// Lines of Swift source that declare something `public` or `open` (comments and string
    /// literals on their own line left out): the Lua layer is no product, so what other modules
    /// of the package use has `package` access, and nothing is public.
    static let openable: Set<Substring> = ["class", "func", "var", "subscript", "override", "static"]

    static func publicDeclarations(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).compactMap { raw in
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.hasPrefix("//"), !line.hasPrefix("\""), !line.hasPrefix("*") else { return nil }
            let code = line.components(separatedBy: "//")[0]
            let words = code.split(whereSeparator: { " ()".contains($0) })
            // `open` is a modifier only before what it opens (`let open = at` is a name).
            let opened = zip(words, words.dropFirst()).contains { $0 == "open" && Self.openable.contains($1) }
            return words.contains("public") || opened ? line : nil
        }
    }

    func testPublicDeclarationsAreFound() {
        let rows: [(source: String, found: Int)] = [
            ("public struct A {}\n", 1),
            ("    @discardableResult public func f() {}\n", 1),
            ("@exclusivity(unchecked) public internal(set) var L: Int\n", 1),
            ("open class B {}\n", 1),
            ("package struct C {}\n/// the public API\n// public var x\n", 0),
            ("let text = \"public\" + other\n", 0),
            ("let open = at\nthrow fail(\"x\", at: open)\n", 0),
        ]
        for row in rows {
            XCTAssertEqual(Self.publicDeclarations(row.source).count, row.found, row.source)
        }
    }

    func testTheLuaLayerDeclaresNothingPublic() throws {
        let folder = CLIProcess.root.appendingPathComponent("Sources/InbetweenLua")
        let files =
            FileManager.default.enumerator(atPath: folder.path)?
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        XCTAssertGreaterThan(files.count, 30)
        for file in files.sorted() {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in Self.publicDeclarations(text) {
                XCTFail("Sources/InbetweenLua/\(file) declares: \(line)")
            }
        }
    }
}
