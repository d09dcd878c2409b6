import Foundation
import XCTest

/// Runs the built `inbetween` binary (it sits beside the test bundle) and captures its output.
struct CLIResult {
    var status: Int32
    var stdout: String
    var stderr: String
    /// Ended by a signal (a crash) rather than by exit().
    var signaled = false
    var seconds = 0.0
}

enum CLIProcess {
    static var binary: URL {
        // On Linux the bundle URL is the build folder itself; elsewhere it is the .xctest bundle.
        let bundle = Bundle(for: Marker.self).bundleURL
        let folder = bundle.pathExtension == "xctest" ? bundle.deletingLastPathComponent() : bundle
        return folder.appendingPathComponent("inbetween")
    }

    /// The repository root (for examples/ and plugins/), found from this source file's path.
    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// - Parameters:
    ///   - stdin: bytes for standard input (closed after them), or
    ///   - stdinFile: a file standing as standard input.
    ///   - executable: another program than the built binary (one of the checkout's scripts).
    static func run(
        _ arguments: [String], stdin: Data? = nil, stdinFile: FileHandle? = nil,
        environment: [String: String] = [:], directory: URL? = nil, executable: URL? = nil
    ) throws -> CLIResult {
        let process = Process()
        process.executableURL = executable ?? binary
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? root
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        // stderr goes to a file so that only one pipe needs draining while the child runs.
        let errURL = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ib-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errURL) }
        let out = Pipe()
        let input = Pipe()
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdinFile ?? input
        let started = Date()
        try process.run()
        // A child that exits before reading all of its input (a usage error in the property
        // test) closes the pipe: the write must fail quietly, not raise SIGPIPE and take the
        // whole test process down (seen once: 'signal 13' in CLIPropertyTests).
        _ = ignoreBrokenPipes
        if let stdin { try? input.fileHandleForWriting.write(contentsOf: stdin) }
        try input.fileHandleForWriting.close()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try err.close()
        let errData = (try? Data(contentsOf: errURL)) ?? Data()
        return CLIResult(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self),
            signaled: process.terminationReason == .uncaughtSignal,
            seconds: Date().timeIntervalSince(started))
    }

    /// SIGPIPE ignored in the test process, once: a write to a closed pipe then fails with
    /// EPIPE instead of ending the process.
    static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    final class Marker {}
}
