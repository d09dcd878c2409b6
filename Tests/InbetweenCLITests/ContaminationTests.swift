import Foundation
import XCTest

/// Batch jobs cannot touch each other (issue 13): each poison script in Tests/contamination runs
/// on one worker (`--jobs 1`) right before a copy of the victim, whose output must be byte for
/// byte the output of the victim run alone. A control shows that every poison that acts at all
/// changes the victim's output when both share one job, so the suite can fail.
final class ContaminationTests: XCTestCase {
    static let fixtures = CLIProcess.root.appendingPathComponent("Tests/contamination")

    /// Poisons that only try to reach something protected (a metatable, a __gc, a collector
    /// mode): within their own job they change nothing either.
    static let inert: Set<String> = [
        "string-metatable", "layer-metatable", "gc-on-timing-metatable", "gc-through-setmetatable",
        "value-methods", "collectgarbage-modes",
    ]

    private var folder: URL!

    override func setUpWithError() throws {
        folder = try temporaryFolder("ib-poison")
    }

    /// 256M: the victim needs 40 MiB of it, which a poison's 230 MiB hoard would leave it
    /// without.
    static let options = [
        "--format", "csv", "--no-user-plugins", "--max-memory", "256M",
        "--max-instructions", "1e8", "--timeout", "20",
    ]

    private func poisons() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path)
            .filter { $0.hasPrefix("poison-") && $0.hasSuffix(".lua") }
            .map { String($0.dropFirst("poison-".count).dropLast(".lua".count)) }
            .sorted()
    }

    private func copy(_ fixture: String, to name: String, prefix: String = "") throws -> String {
        let text = try String(contentsOf: Self.fixtures.appendingPathComponent(fixture), encoding: .utf8)
        let url = folder.appendingPathComponent(name)
        try (prefix + text).write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    private func output(_ out: String, _ name: String) -> Data? {
        FileManager.default.contents(
            atPath: folder.appendingPathComponent(out).appendingPathComponent(name).path)
    }

    func testPoisonThenVictimOnOneWorker() throws {
        let names = try poisons()
        XCTAssertGreaterThanOrEqual(names.count, 20)
        let alone = try copy("victim.lua", to: "victim.lua")
        let reference = try CLIProcess.run(
            [
                "batch", alone, "-o", folder.appendingPathComponent("ref").path,
                "--jobs", "1",
            ] + Self.options)
        XCTAssertEqual(reference.status, 0, reference.stderr)
        let expected = try XCTUnwrap(output("ref", "victim.csv"))
        XCTAssertGreaterThan(expected.count, 1000)

        // poison, victim, poison, victim, ... in list order on one worker.
        var scripts: [String] = []
        for name in names {
            scripts.append(try copy("poison-\(name).lua", to: "p-\(name).lua"))
            scripts.append(try copy("victim.lua", to: "v-\(name).lua"))
        }
        let r = try CLIProcess.run(
            ["batch"] + scripts + [
                "-o", folder.appendingPathComponent("out").path,
                "--jobs", "1",
            ] + Self.options)
        XCTAssertFalse(r.signaled, r.stderr)
        for name in names {
            let got = output("out", "v-\(name).csv")
            XCTAssertNotNil(got, "the victim after \(name) failed: \(r.stderr)")
            XCTAssertTrue(got == expected, "the victim after \(name) wrote different frames")
        }
    }

    /// The control: poison and victim in one job. Every poison that is not inert must change
    /// the victim's frames (or make it fail) there.
    func testEveryPoisonActsWithinItsOwnJob() throws {
        let names = try poisons()
        let alone = try copy("victim.lua", to: "victim.lua")
        let reference = try CLIProcess.run(
            ["batch", alone, "-o", folder.appendingPathComponent("ref").path]
                + Self.options)
        XCTAssertEqual(reference.status, 0, reference.stderr)
        let expected = try XCTUnwrap(output("ref", "victim.csv"))
        var scripts: [String] = []
        for name in names {
            let poison = try String(
                contentsOf: Self.fixtures.appendingPathComponent("poison-\(name).lua"),
                encoding: .utf8)
            // `do ... end`: the poison's locals stay its own, its effects do not.
            scripts.append(
                try copy("victim.lua", to: "both-\(name).lua", prefix: "do\n" + poison + "\nend\n"))
        }
        let r = try CLIProcess.run(
            ["batch"] + scripts + [
                "-o", folder.appendingPathComponent("out").path,
                "--jobs", "2",
            ] + Self.options)
        XCTAssertFalse(r.signaled, r.stderr)
        for name in names {
            let got = output("out", "both-\(name).csv")
            if Self.inert.contains(name) {
                XCTAssertTrue(got == expected, "\(name) was meant to change nothing: \(r.stderr)")
            } else {
                XCTAssertFalse(got == expected, "\(name) changes nothing even within its own job")
            }
        }
    }
}
