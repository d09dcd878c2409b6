import Foundation
import XCTest

/// What a test needs from the machine that the package cannot build: a tool (Chromium, rlottie,
/// rsvg-convert, util-linux's programs) or a privilege (root for mknod, mounts, namespaces and
/// cgroups). The only place a test may skip (RepositoryRulesTests checks that no XCTSkip stands
/// elsewhere).
///
/// - A missing tool skips on a developer's machine, naming the Debian package to install. Under
///   `CI=true` it FAILS instead: scripts/test installs every such package (ensure_packages), so
///   a missing one in CI is a broken machine, and a skip there would pass a test never run.
/// - A missing privilege skips everywhere, with the reason: no package gives root, and the test
///   command cannot grant it (scripts/test runs as whoever runs it).
/// - Anything else (a parser that no longer reads its input, a harness that no longer compiles
///   while its library is there) is a regression, which fails; it never comes here.
enum MachineRequirement {
    /// Whether the tests run in continuous integration (`CI=true`, as GitHub Actions and most CI
    /// services set it).
    static var inCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// The failure thrown under `CI=true`; XCTest records it as the test's failure.
    struct MissingTool: Error, CustomStringConvertible {
        var description: String
    }

    /// Goes on when `present`; else skips, or under CI=true fails, naming `tool` and the Debian
    /// `package` that provides it.
    static func tool(_ present: Bool, _ tool: String, package: String, inCI: Bool = inCI) throws {
        guard !present else { return }
        let message =
            "\(tool) is not installed (Debian: apt-get install -y \(package); scripts/test installs it)"
        if inCI { throw MissingTool(description: "CI=true: " + message) }
        throw XCTSkip(message)
    }

    /// Goes on when `granted`; else skips with `reason` (what the test needs and why).
    static func privilege(_ granted: Bool, _ reason: String) throws {
        guard !granted else { return }
        throw XCTSkip(reason)
    }

    /// Headless Chromium, the browser the CSS and HTML outputs are checked in.
    static func chromium() throws {
        try tool(ChromiumSession.isAvailable, "chromium", package: "chromium")
    }

    /// The rlottie harness (Tests/rlottie/render.c), built once. Missing rlottie (pkg-config
    /// does not know it) is a missing tool; a harness that does not build while rlottie is
    /// there is a failure.
    static func rlottieHarness() throws -> String {
        try tool(pkgConfigKnows("rlottie"), "rlottie", package: "librlottie-dev pkg-config")
        return try LottieExportTests.builtRenderer()
    }

    /// An executable file at `path`, from `package`.
    static func executable(_ path: String, package: String) throws {
        try tool(FileManager.default.isExecutableFile(atPath: path), path, package: package)
    }

    private static func pkgConfigKnows(_ library: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pkg-config", "--exists", library]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}

final class MachineRequirementTests: XCTestCase {
    /// A missing tool skips outside CI and fails in it, naming the package either way.
    func testAMissingToolFailsOnlyInCI() {
        XCTAssertNoThrow(try MachineRequirement.tool(true, "chromium", package: "chromium", inCI: true))
        XCTAssertThrowsError(try MachineRequirement.tool(false, "chromium", package: "chromium", inCI: false))
        {
            XCTAssertTrue($0 is XCTSkip, "\($0)")
        }
        XCTAssertThrowsError(
            try MachineRequirement.tool(false, "rsvg-convert", package: "librsvg2-bin", inCI: true)
        ) {
            XCTAssertFalse($0 is XCTSkip, "\($0)")
            XCTAssertEqual(
                "\($0)",
                "CI=true: rsvg-convert is not installed (Debian: apt-get install -y librsvg2-bin; scripts/test installs it)"
            )
        }
    }
}
