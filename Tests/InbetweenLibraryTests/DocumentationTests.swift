import Foundation
import XCTest

/// The library's documentation and its API baseline, built by the scripts the README names:
/// `scripts/docs` (DocC, no warning allowed) and `scripts/api` (swift-api-digester against
/// docs/api/Inbetween.txt). Each is also shown failing: a broken link planted in a copy of the
/// catalog, a changed signature in a copy of the baseline.
final class DocumentationTests: XCTestCase {
    static let root = InbetweenHostTests.root

    func script(_ name: String, environment: [String: String] = [:]) throws -> (status: Int32, output: String)
    {
        let process = Process()
        process.executableURL = Self.root.appendingPathComponent("scripts/\(name)")
        process.currentDirectoryURL = Self.root
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ib-docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    func testTheDocCCatalogBuildsWithoutWarnings() throws {
        let built = try script("docs")
        XCTAssertEqual(built.status, 0, built.output)
        XCTAssertFalse(built.output.contains("warning"), built.output)

        // A link to a symbol that does not exist, in a copy of the catalog: a warning, so a failure.
        let copy = try temporaryFolder().appendingPathComponent("Inbetween.docc")
        try FileManager.default.copyItem(
            at: Self.root.appendingPathComponent("Sources/Inbetween/Inbetween.docc"), to: copy)
        let page = copy.appendingPathComponent("GettingStarted.md")
        try (try String(contentsOf: page, encoding: .utf8) + "\nSee ``InbetweenHost/noSuchMethod()``.\n")
            .write(to: page, atomically: true, encoding: .utf8)
        let broken = try script("docs", environment: ["INBETWEEN_DOCC_CATALOG": copy.path])
        XCTAssertEqual(broken.status, 1, broken.output)
        XCTAssertTrue(broken.output.contains("noSuchMethod"), broken.output)
    }

    func testThePublicAPIMatchesItsBaseline() throws {
        let checked = try script("api")
        XCTAssertEqual(checked.status, 0, checked.output)
        XCTAssertTrue(checked.output.contains("matches"), checked.output)

        // The baseline as it would be had `easing(named:)` been called `timing(named:)`: the
        // check fails and names both declarations.
        let baseline = try String(
            contentsOf: Self.root.appendingPathComponent("docs/api/Inbetween.txt"), encoding: .utf8)
        let original = "Inbetween: Func InbetweenHost.easing(named:)"
        XCTAssertTrue(baseline.contains(original), "the baseline lists easing(named:)")
        let altered = try temporaryFolder().appendingPathComponent("altered.txt")
        try baseline.replacingOccurrences(of: original, with: "Inbetween: Func InbetweenHost.timing(named:)")
            .write(to: altered, atomically: true, encoding: .utf8)
        let changed = try script("api", environment: ["INBETWEEN_API_BASELINE": altered.path])
        XCTAssertEqual(changed.status, 1, changed.output)
        XCTAssertTrue(
            changed.output.contains("-Inbetween: Func InbetweenHost.timing(named:)"), changed.output)
        XCTAssertTrue(
            changed.output.contains("+Inbetween: Func InbetweenHost.easing(named:)"), changed.output)
    }
}
