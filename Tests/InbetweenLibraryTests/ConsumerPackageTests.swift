import Foundation
import XCTest

/// An app's view of the package, as the README gives it: a separate package in a temporary
/// folder beside a copy of this checkout named `inbetween` is the README's Package.swift exactly
/// as written (`.package(path: "../inbetween")`), and runs the README's "Use from Swift" code
/// verbatim as its Sources/App/main.swift, from a folder with no `plugins/`
/// or `examples/`. Its CSS and Lottie exports must equal `inbetween run --format css|lottie` of
/// the same script, byte for byte. The versioned form the README gives for a published
/// repository (`.package(url:from:)`) is resolved against the copy as a tagged `file://`
/// repository.
final class ConsumerPackageTests: XCTestCase {
    static let root = InbetweenHostTests.root

    func testReadmeCodeBuildsAndRunsInADependentPackage() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try Self.section(readme)
        // The README's complete Package.swift and the app's file, each named by its first lines.
        let manifest = try XCTUnwrap(
            try Self.swiftBlocks(section).first { $0.hasPrefix("// swift-tools-version:") },
            "no Package.swift")
        let appFile = "// Sources/App/main.swift\n"
        let code = try XCTUnwrap(
            try Self.swiftBlocks(section).first { $0.hasPrefix(appFile) }, "no main.swift")
        let dependency = try XCTUnwrap(
            manifest.split(separator: "\n").first { $0.contains("dependencies: [.package(path:") }.map(
                String.init),
            "no dependency line")
        let path = try XCTUnwrap(Self.quoted(after: ".package(path: ", in: dependency), dependency)
        // The versioned form, in the section's prose.
        let versioned = try XCTUnwrap(
            section.range(of: ".package(url: \"URL\", from: ").map { String(section[$0.lowerBound...]) },
            "no versioned form")
        let version = try XCTUnwrap(Self.quoted(after: "from: ", in: versioned), versioned)
        // The version the README names is the latest release in CHANGELOG.md.
        let changelog = try String(
            contentsOf: Self.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        XCTAssertTrue(
            changelog.contains("\n## [\(version)]"),
            "CHANGELOG.md has no release \(version), which the README names")
        XCTAssertEqual(try shell("'\(Self.cli.path)' --version", in: Self.root), "inbetween \(version)\n")

        let work = FileManager.default.temporaryDirectory
            .appendingPathComponent("inbetween-consumer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        // The README's path, taken from the consumer's folder: the clone beside it.
        let consumer = work.appendingPathComponent("App")
        let dependencyFolder = consumer.appendingPathComponent(path).standardizedFileURL
        let runFolder = work.appendingPathComponent("run")
        try FileManager.default.createDirectory(at: runFolder, withIntermediateDirectories: true)

        // The dependency: this checkout's files as they are now (committed or not), in a
        // repository of their own, tagged with the README's version (for the versioned form).
        // A path can be listed twice (an unmerged file in every stage): copy each once.
        let files = Set(
            try shell("git ls-files -z --cached --others --exclude-standard", in: Self.root)
                .split(separator: "\0").map(String.init)
        ).sorted()
        for file in files {
            let from = Self.root.appendingPathComponent(file)
            let to = dependencyFolder.appendingPathComponent(file)
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
            commit -qm snapshot && git tag '\(version)'
            """, in: dependencyFolder)

        // The consumer: the README's lines as written.
        let sources = consumer.appendingPathComponent("Sources/App")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try manifest.write(
            to: consumer.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        // The README's code verbatim, then what hands its results to this test: the script
        // and the two exports, as files in the folder it runs in.
        try
            (code + """

                try script.write(toFile: "ball.lua", atomically: true, encoding: .utf8)
                try css.write(toFile: "library.css", atomically: true, encoding: .utf8)
                try lottie.write(to: URL(fileURLWithPath: "library.json"))

                """).write(
                to: sources.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)

        // SwiftPM keeps its lock files in the temporary folder: this build's go in the test's
        // own folder, removed with it.
        let temporary = work.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let build = try shell("TMPDIR='\(temporary.path)' swift build 2>&1", in: consumer, allowFailure: true)
        XCTAssertTrue(build.contains("Build complete"), build)

        // The versioned form: the same lines with the README's `.package(url:from:)`, the URL
        // the tagged copy's. SwiftPM resolves it to the tag (and would refuse unsafe flags).
        let byVersion = work.appendingPathComponent("versioned")
        try FileManager.default.createDirectory(
            at: byVersion.appendingPathComponent("Sources/App"), withIntermediateDirectories: true)
        try "".write(
            to: byVersion.appendingPathComponent("Sources/App/main.swift"), atomically: true, encoding: .utf8)
        let byURL = manifest.replacingOccurrences(
            of: ".package(path: \"\(path)\")",
            with: ".package(url: \"\(dependencyFolder.absoluteString)\", from: \"\(version)\")")
        XCTAssertNotEqual(byURL, manifest)
        try byURL.write(
            to: byVersion.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let resolve = try shell(
            "TMPDIR='\(temporary.path)' swift package resolve 2>&1", in: byVersion, allowFailure: true)
        XCTAssertFalse(resolve.contains("unsafe"), resolve)
        let resolved = try String(
            contentsOf: byVersion.appendingPathComponent("Package.resolved"), encoding: .utf8)
        XCTAssertTrue(resolved.contains("\"version\" : \"\(version)\""), resolve + resolved)
        let output = try shell("'\(consumer.path)/.build/debug/App'", in: runFolder)
        let printed = output.split(separator: "\n").map(String.init)

        // Penner's bounceOut (see InbetweenHostTests.testShippedPluginsAreBuiltIn for the
        // derivation): 0, 0.47265625, 0.765625, 0.97265625, 1, printed by Swift's shortest
        // round-trip formatting; the divisions by 2.75 leave the middle values within 1e-12.
        let bounce = try XCTUnwrap(printed.first { $0.hasPrefix("bounceOut:") }, output)
        let ys = bounce.dropFirst("bounceOut: [".count).dropLast().split(separator: ",")
            .compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        XCTAssertEqual(ys.count, 5, bounce)
        for (y, expected) in zip(ys, [0, 0.47265625, 0.765625, 0.97265625, 1]) {
            XCTAssertEqual(y, expected, accuracy: 1e-12, bounce)
        }
        XCTAssertTrue(printed.contains { $0.hasPrefix("bounceOut(0.5) = 0.765625") }, output)
        // react-spring's wobbly: tension 180 (plugins/springs.lua cites it).
        XCTAssertTrue(printed.contains { $0.hasSuffix("wobbly stiffness = 180.0") }, output)
        // Every 15th frame at 60 fps: t = 0, 0.25, 0.5, 0.75, 1. At the key times 0.5 and 0.75
        // the ball is exactly at its key values 268 and 140.
        let positions = printed.filter { $0.hasPrefix("t = ") }
        XCTAssertEqual(positions.count, 5, output)
        XCTAssertTrue(positions.contains("t = 0.5 position = [150.0, 268.0]"), output)
        XCTAssertTrue(positions.contains("t = 0.75 position = [150.0, 140.0]"), output)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: runFolder.path).sorted(),
            ["ball.lua", "library.css", "library.json"],
            "the code wrote nothing else, and found no plugins/ here")

        // The command line, on the same script, in the same folder.
        for (format, file) in [("css", "library.css"), ("lottie", "library.json")] {
            let cli = try shell(
                "env -u INBETWEEN_HOME '\(Self.cli.path)' run ball.lua --format \(format) --no-user-plugins",
                in: runFolder)
            let library = try String(contentsOf: runFolder.appendingPathComponent(file), encoding: .utf8)
            XCTAssertFalse(cli.isEmpty)
            XCTAssertEqual(library, cli, "\(format): the library's export differs from inbetween run's")
        }
    }

    /// The `inbetween` executable the tests built (beside the test bundle).
    static var cli: URL {
        let bundle = Bundle(for: ConsumerPackageTests.self).bundleURL
        let folder = bundle.pathExtension == "xctest" ? bundle.deletingLastPathComponent() : bundle
        return folder.appendingPathComponent("inbetween")
    }

    /// The README's "Use from Swift" section (a part of the quickstart), up to the next section.
    static func section(_ readme: String) throws -> Substring {
        let start = try XCTUnwrap(
            readme.range(of: " Use from Swift\n"), "README has no 'Use from Swift' section")
        let rest = readme[start.upperBound...]
        return rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)]
    }

    /// The ```swift blocks of `text`, in order.
    static func swiftBlocks(_ text: Substring) throws -> [String] {
        var blocks: [String] = []
        var rest = text
        while let open = rest.range(of: "```swift\n") {
            let close = try XCTUnwrap(rest[open.upperBound...].range(of: "```"))
            blocks.append(String(rest[open.upperBound..<close.lowerBound]))
            rest = rest[close.upperBound...]
        }
        return blocks
    }

    /// The string literal right after `prefix` in `line`.
    static func quoted(after prefix: String, in line: String) -> String? {
        guard let start = line.range(of: prefix + "\"") else { return nil }
        let rest = line[start.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
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
