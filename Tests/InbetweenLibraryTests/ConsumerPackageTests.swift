import Foundation
import XCTest

/// An app's view of the package: a separate package in a temporary folder depends on this
/// repository by a git tag URL (`file://`), as SwiftPM resolves any versioned dependency (and
/// refuses one with unsafe build flags), builds, and runs the README's "Use from Swift" code
/// verbatim as its main.swift.
final class ConsumerPackageTests: XCTestCase {
    static let root = InbetweenHostTests.root

    func testReadmeCodeBuildsAndRunsInADependentPackage() throws {
        let work = FileManager.default.temporaryDirectory
            .appendingPathComponent("inbetween-consumer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let dependency = work.appendingPathComponent("inbetween")
        let consumer = work.appendingPathComponent("consumer")

        // The dependency: this checkout's files as they are now (committed or not), in a
        // repository of their own with the tag 1.0.0.
        // A path can be listed twice (an unmerged file in every stage): copy each once.
        let files = Set(
            try shell("git ls-files -z --cached --others --exclude-standard", in: Self.root)
                .split(separator: "\0").map(String.init)
        ).sorted()
        for file in files {
            let from = Self.root.appendingPathComponent(file)
            let to = dependency.appendingPathComponent(file)
            // Deleted but unstaged, or written by another test since the listing.
            guard FileManager.default.fileExists(atPath: from.path),
                !FileManager.default.fileExists(atPath: to.path)
            else { continue }
            try FileManager.default.createDirectory(
                at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: from, to: to)
        }
        _ = try shell(
            """
            git init -q && git add -A && git -c user.name=test -c user.email=test@example.invalid \
            commit -qm snapshot && git tag 1.0.0
            """, in: dependency)

        let sources = consumer.appendingPathComponent("Sources/Consumer")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try """
        // swift-tools-version:6.0
        import PackageDescription
        let package = Package(
            name: "Consumer",
            dependencies: [.package(url: "\(dependency.absoluteString)", from: "1.0.0")],
            targets: [.executableTarget(
                name: "Consumer", dependencies: [.product(name: "Inbetween", package: "inbetween")])]
        )
        """.write(to: consumer.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try readmeSwiftCode().write(
            to: sources.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)

        let build = try shell("swift build 2>&1", in: consumer, allowFailure: true)
        XCTAssertFalse(build.contains("unsafe"), build)
        XCTAssertTrue(build.contains("Build complete"), build)
        // Run from the dependency's copy, where the README's relative paths (plugins/,
        // examples/) point.
        let output = try shell("'\(consumer.path)/.build/debug/Consumer'", in: dependency)
        let lines = output.split(separator: "\n").map(String.init)

        // Penner's bounceOut (see InbetweenHostTests.testBounceOutByNameMatchesPenner for the
        // derivation): 0, 0.47265625, 0.765625, 0.97265625, 1, printed by Swift's shortest
        // round-trip formatting; the divisions by 2.75 leave the middle values within 1e-12.
        let bounce = try XCTUnwrap(lines.first { $0.hasPrefix("bounceOut:") })
        let ys = bounce.dropFirst("bounceOut: [".count).dropLast().split(separator: ",")
            .compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        XCTAssertEqual(ys.count, 5, bounce)
        for (y, expected) in zip(ys, [0, 0.47265625, 0.765625, 0.97265625, 1]) {
            XCTAssertEqual(y, expected, accuracy: 1e-12, bounce)
        }
        // easeOut = cubic-bezier(0, 0, 0.58, 1): y(0.5) solved to 1e-9 is 0.6425... (the
        // engine's own tests check it against Chromium's); here only that it printed.
        XCTAssertTrue(lines.contains { $0.hasPrefix("easeOut(0.5) = 0.6") }, output)
        XCTAssertTrue(lines.contains { $0.hasSuffix("wobbly stiffness = 180.0") }, output)
        // Every 6th frame of the ball at 60 fps: t = 0, 0.1, ..., 1.0 (11 lines); at t = 0.3
        // the ball is on the floor (key value 268) and at t = 0.5 at the top of the first
        // bounce (140), exactly: both are key times.
        let positions = lines.filter { $0.hasPrefix("t = ") }
        XCTAssertEqual(positions.count, 11, output)
        XCTAssertTrue(positions.contains("t = 0.3 position = [150.0, 268.0]"), output)
        XCTAssertTrue(positions.contains("t = 0.5 position = [150.0, 140.0]"), output)
    }

    /// The first ```swift block after the "## Use from Swift" heading.
    func readmeSwiftCode() throws -> String {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try XCTUnwrap(
            readme.range(of: "## Use from Swift"), "README has no 'Use from Swift' section")
        let rest = readme[section.upperBound...]
        let open = try XCTUnwrap(rest.range(of: "```swift\n"))
        let close = try XCTUnwrap(rest[open.upperBound...].range(of: "```"))
        return String(rest[open.upperBound..<close.lowerBound])
    }

    @discardableResult
    func shell(_ command: String, in directory: URL, allowFailure: Bool = false) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = directory
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        if !allowFailure && process.terminationStatus != 0 {
            XCTFail("`\(command)` exited \(process.terminationStatus): \(text)")
        }
        return text
    }
}
