import Foundation
import XCTest

/// `batch --jobs` defaults to the CPUs the process may use (`UsableCPUs`): under `taskset -c 0`
/// one worker, in the debug binary the tests built and in the static release executable that
/// `scripts/install` builds and installs (issue 31: there, sched_getaffinity looked up with
/// dlsym was never found, and two workers ran on the one CPU).
final class AffinityTests: XCTestCase, FolderTest {
    var folder: URL!

    override func setUpWithError() throws {
        folder = try temporaryFolder("ib-affinity")
        for i in 1...4 {
            try write(
                "s/s\(i).lua", "layer{name = 'l'}:add(animation.basic{keyPath = 'opacity', toValue = 0})\n")
        }
    }

    /// The batch's summary line ("... by N worker(s)") of `binary` run on CPU 0 alone.
    private func summaryOnOneCPU(_ binary: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/taskset")
        process.arguments = ["-c", "0", binary, "batch", path("s"), "-o", path("out-\(UUID().uuidString)")]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, text)
        return text.split(separator: "\n").last.map(String.init) ?? text
    }

    func testDebugBinaryRunsOneWorkerOnOneCPU() throws {
        XCTAssertTrue(try summaryOnOneCPU(CLIProcess.binary.path).hasSuffix(" by 1 worker"))
    }

    /// The release executable as `scripts/install` installs it. `scripts/test` builds it before
    /// the tests (with `release_build`, as scripts/install does); run alone, without that build,
    /// the test fails saying so rather than passing unseen.
    func testInstalledReleaseBinaryRunsOneWorkerOnOneCPU() throws {
        let release = CLIProcess.root.appendingPathComponent(".build/release/inbetween").path
        guard FileManager.default.isExecutableFile(atPath: release) else {
            XCTFail("no release build in .build/release: run scripts/test (or scripts/install) first")
            return
        }
        let prefix = folder.appendingPathComponent("prefix").path
        let install = Process()
        install.executableURL = CLIProcess.root.appendingPathComponent("scripts/install")
        install.arguments = ["--binary", release, prefix]
        install.standardOutput = FileHandle.nullDevice
        install.standardError = FileHandle.nullDevice
        try install.run()
        install.waitUntilExit()
        XCTAssertEqual(install.terminationStatus, 0)
        XCTAssertTrue(try summaryOnOneCPU(prefix + "/bin/inbetween").hasSuffix(" by 1 worker"))
    }
}
