import Foundation
import InbetweenLua
import XCTest

/// Every script in Tests/hostile/ through the CLI, with small limits. Each file starts with
/// `-- expect: LINE` (the exact first line of stderr, or a Lua pattern when it starts with
/// '^'), optionally followed by `-- also: TEXT` (must appear in stderr), `-- args: OPTIONS`
/// (replacing the default limits below) and `-- within: SECONDS`. Each must exit 1 (not die
/// by a signal), and the working directory, a fresh temporary folder holding only the script,
/// must hold nothing else afterwards: not the `-o` target of a failed run, not a temporary
/// file, not anything a script managed to write.
final class HostileScriptTests: XCTestCase {
    static let defaultLimits = ["--max-instructions": "1e7", "--max-memory": "64M", "--timeout": "5"]

    struct Case {
        var name: String
        var expect = ""
        var also: [String] = []
        var limits = HostileScriptTests.defaultLimits
        var extra: [String] = []
        var within: Double?

        init(name: String, text: String) {
            self.name = name
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(5) {
                let l = String(line)
                if l.hasPrefix("-- expect: ") { expect = String(l.dropFirst(11)) }
                if l.hasPrefix("-- also: ") { also.append(String(l.dropFirst(9))) }
                if l.hasPrefix("-- within: ") { within = Double(l.dropFirst(11)) }
                if l.hasPrefix("-- args: ") {
                    var words = l.dropFirst(9).split(separator: " ").map(String.init)[...]
                    while let w = words.popFirst() {
                        if limits[w] != nil, let v = words.popFirst() {
                            limits[w] = v
                        } else {
                            extra.append(w)
                        }
                    }
                }
            }
        }

        var arguments: [String] {
            ["run", "--no-user-plugins"] + limits.sorted { $0.key < $1.key }.flatMap { [$0.key, $0.value] }
                + extra + [name, "-o", "out.json"]
        }
    }

    static var folder: URL { CLIProcess.root.appendingPathComponent("Tests/hostile") }

    /// Lua's own pattern matching, so the expectations read like Lua.
    private func matches(_ text: String, _ pattern: String) throws -> Bool {
        let host = try LuaHost()
        try host.load(string: "local s, p = ...; return string.find(s, p) ~= nil", chunkName: "=match")
        host.stack.push(text)
        host.stack.push(pattern)
        try host.call(arguments: 2, results: 1)
        return host.stack.boolean(at: -1)
    }

    func testEveryHostileScriptEndsWithItsExpectedError() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasSuffix(".lua") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 40)
        for name in names {
            let source = Self.folder.appendingPathComponent(name)
            let text = String(decoding: try Data(contentsOf: source), as: UTF8.self)
            let c = Case(name: name, text: text)
            XCTAssertFalse(c.expect.isEmpty, "\(name) has no '-- expect:' line")

            let work = FileManager.default.temporaryDirectory.appendingPathComponent(
                "ib-hostile-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: work) }
            try FileManager.default.copyItem(at: source, to: work.appendingPathComponent(name))

            let r = try CLIProcess.run(
                c.arguments, environment: ["INBETWEEN_PLUGIN_PATH": ""], directory: work)
            XCTAssertFalse(r.signaled, "\(name) crashed: \(r.stderr)")
            XCTAssertEqual(r.status, 1, "\(name): \(r.stderr)")
            let first =
                r.stderr.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            if c.expect.hasPrefix("^") {
                XCTAssertTrue(
                    try matches(first, c.expect), "\(name): '\(first.prefix(300))' does not match \(c.expect)"
                )
            } else {
                XCTAssertEqual(first, c.expect, name)
            }
            for text in c.also {
                XCTAssertTrue(r.stderr.contains(text), "\(name): no '\(text)' in \(r.stderr)")
            }
            let left = try FileManager.default.contentsOfDirectory(atPath: work.path)
            XCTAssertEqual(left, [name], "\(name) left files behind")
            // Each limit fires within its budget: the timeout (plus the CLI's grace period for
            // a hard exit) bounds every script; some state a tighter bound.
            let bound = c.within ?? (Double(c.limits["--timeout"]!)! + 3)
            XCTAssertLessThan(r.seconds, bound, "\(name) took \(r.seconds) s")
        }
    }
}
