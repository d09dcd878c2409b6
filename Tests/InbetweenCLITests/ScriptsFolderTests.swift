import Foundation
import XCTest

/// The README's two commands, `scripts/run run …` and `scripts/test`, called from a folder
/// outside the checkout (issue 31): paths and `-o` are the caller's, nothing is written into
/// the checkout or left in the caller's folder, and an up-to-date build prints nothing.
final class ScriptsFolderTests: XCTestCase {
    private func script(_ name: String) -> URL {
        CLIProcess.root.appendingPathComponent("scripts/\(name)")
    }

    private func listing(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    /// A stand-in for `swift` first on PATH: the suite runs inside `swift test`, which holds
    /// the build folder's lock, so a real `swift build` would wait for the suite to end. It
    /// answers `--show-bin-path` with the tests' own build folder and otherwise prints what
    /// SwiftPM prints for an up-to-date build, or for one that compiled (`compiles`).
    private func swiftStandIn(in folder: URL, compiles: Bool) throws -> [String: String] {
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let log =
            compiles
            ? "Building for debugging...\n[1/3] Compiling InbetweenCLI CLI.swift\n[3/3] Linking inbetween\nBuild complete! (1.00s)"
            : "Building for debugging...\n[0/1] Planning build\nBuild complete! (0.10s)"
        let script = """
            #!/bin/sh
            case " $* " in
            *" --show-bin-path "*) echo '\(CLIProcess.binary.deletingLastPathComponent().path)' ;;
            *) printf '%s\\n' '\(log.replacingOccurrences(of: "\n", with: "' '"))' ;;
            esac

            """
        let swift = bin.appendingPathComponent("swift")
        try script.write(to: swift, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: swift.path)
        return ["PATH": bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
    }

    func testScriptsRunReadsAndWritesInTheCallersFolderAndIsQuietWhenBuilt() throws {
        let caller = try temporaryFolder("ib-caller")
        let tools = try temporaryFolder("ib-swift")
        try FileManager.default.copyItem(
            at: CLIProcess.root.appendingPathComponent("examples/05-bouncing-ball.lua"),
            to: caller.appendingPathComponent("myball.lua"))
        let checkoutBefore = try listing(CLIProcess.root)
        let r = try CLIProcess.run(
            ["run", "myball.lua", "--format", "csv", "-o", "here.csv"],
            environment: try swiftStandIn(in: tools, compiles: false), directory: caller,
            executable: script("run"))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "", "an up-to-date build must print nothing")
        XCTAssertEqual(try listing(caller), ["here.csv", "myball.lua"])
        XCTAssertEqual(try listing(CLIProcess.root), checkoutBefore)
        let csv = try String(contentsOf: caller.appendingPathComponent("here.csv"), encoding: .utf8)
        // Example 05's first frame: the ball at (150, 32) (README, "Quickstart").
        XCTAssertTrue(csv.hasPrefix("time,layer,keyPath,v0,v1\n0,ball,position,150,32\n"), csv)
    }

    func testScriptsRunShowsTheLogOfABuildThatDidSomething() throws {
        let caller = try temporaryFolder("ib-caller")
        let tools = try temporaryFolder("ib-swift")
        let r = try CLIProcess.run(
            ["--version"], environment: try swiftStandIn(in: tools, compiles: true), directory: caller,
            executable: script("run"))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(
            r.stderr,
            "Building for debugging...\n[1/3] Compiling InbetweenCLI CLI.swift\n[3/3] Linking inbetween\nBuild complete! (1.00s)\n"
        )
        XCTAssertTrue(r.stdout.hasPrefix("inbetween "), r.stdout)
    }

    /// A checkout moved after a build: SwiftPM fails on the Clang modules compiled in the old
    /// place (the error below is SwiftPM's, copied from a small package built, moved and built
    /// again). scripts/run removes the module cache the error names, says so on stderr and builds
    /// once more; the stand-in fails only its first build, as the real one does.
    func testScriptsRunRebuildsOnceAfterTheCheckoutMoved() throws {
        let caller = try temporaryFolder("ib-caller")
        let tools = try temporaryFolder("ib-swift")
        let cache = tools.appendingPathComponent("new/.build/debug/ModuleCache")
        try FileManager.default.createDirectory(
            at: cache.appendingPathComponent("TXB5W5DC64VB"), withIntermediateDirectories: true)
        let pcm = "SwiftShims-2WTEZSG1WEKQP.pcm"
        let error = """
            <unknown>:0: error: precompiled file '\(cache.path)/TXB5W5DC64VB/\(pcm)' was compiled with \
            module cache path '\(tools.path)/old/.build/debug/ModuleCache/TXB5W5DC64VB', but the path is \
            currently '\(cache.path)/TXB5W5DC64VB'
            """
        let bin = tools.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let failed = tools.appendingPathComponent("failed-once")
        let swift = bin.appendingPathComponent("swift")
        try """
        #!/bin/sh
        case " $* " in
        *" --show-bin-path "*) echo '\(CLIProcess.binary.deletingLastPathComponent().path)'; exit 0 ;;
        esac
        if [ ! -e '\(failed.path)' ]; then
            : > '\(failed.path)'
            printf '%s\\n' 'Building for debugging...' '[4/8] Compiling App main.swift' "\(error)"
            exit 1
        fi
        printf '%s\\n' 'Building for debugging...' '[1/3] Compiling InbetweenCLI CLI.swift' 'Build complete! (1.00s)'

        """.write(to: swift, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: swift.path)
        let r = try CLIProcess.run(
            ["--version"],
            environment: [
                "PATH": bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            ],
            directory: caller, executable: script("run"))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("inbetween "), r.stdout)
        XCTAssertTrue(
            r.stderr.contains(
                "inbetween: the build folder was made where this checkout used to be (it was moved or copied); removing its stale module cache \(cache.path) and building once more\n"
            ), r.stderr)
        XCTAssertTrue(r.stderr.hasSuffix("Build complete! (1.00s)\n"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: cache.path), "the stale cache is still there")
        XCTAssertTrue(FileManager.default.fileExists(atPath: cache.deletingLastPathComponent().path))
        XCTAssertEqual(try listing(caller), [])
    }

    /// scripts/install's release build: the 19 warnings every static link of Foundation and
    /// glibc prints (issue 31) are summed up in one note; anything else is shown. The expected
    /// lines are copied from a release build's log (ld.gold's wording).
    func testTheExpectedLinkWarningsAreSummedUpAndOthersShown() throws {
        let log = """
            [17/18] Linking inbetween
            /usr/lib/x86_64-linux-gnu/liblua5.4.a(loadlib.o):function lookforfunc: warning: Using 'dlopen' in statically linked applications requires at runtime the shared libraries from the glibc version used for linking
            /opt/swift/usr/lib/swift_static/linux/libCoreFoundation.a(CFPlatform.c.o):CFPlatform.c:function _CFCopyHomeDirURLForUser: warning: Using 'getpwnam' in statically linked applications requires at runtime the shared libraries from the glibc version used for linking
            /opt/swift/usr/lib/swift_static/linux/libFoundationEssentials.a(Data+Writing.swift.o):function createTemporaryFile: warning: the use of `mktemp' is dangerous, better use `mkstemp' or `mkdtemp'
            /work/x.c:3: warning: something new
            Build of product 'inbetween' complete! (43.30s)

            """
        let r = try CLIProcess.run(
            ["-c", "source \(CLIProcess.root.path)/scripts/lib.sh && filter_link_warnings"],
            stdin: Data(log.utf8),
            executable: URL(fileURLWithPath: "/bin/bash"))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(
            r.stdout,
            """
            [17/18] Linking inbetween
            /work/x.c:3: warning: something new
            Build of product 'inbetween' complete! (43.30s)
            note: 3 linker warnings about glibc functions in a static executable (dlopen, NSS lookups, mktemp) are expected: they come from the Swift runtime, Foundation, Lua (loadlib) and glibc, not Inbetween (scripts/lib.sh)

            """)
    }

    func testScriptsTestWorksFromAnotherFolderAndLeavesItAlone() throws {
        let caller = try temporaryFolder("ib-caller")
        try "keep".write(to: caller.appendingPathComponent("mine.txt"), atomically: true, encoding: .utf8)
        let r = try CLIProcess.run(
            ["--dry-run", "--filter", "RunErrorTests"], directory: caller, executable: script("test"))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(
            r.stdout,
            """
            cd \(CLIProcess.root.path)
            scripts/format --check
            swift build --build-tests
            release_build --product inbetween (scripts/lib.sh)
            TMPDIR=(a new empty folder) swift test --skip-build --disable-swift-testing --filter RunErrorTests

            """)
        XCTAssertEqual(try listing(caller), ["mine.txt"])
    }
}
