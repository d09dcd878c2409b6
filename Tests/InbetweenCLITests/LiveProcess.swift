import Foundation
import XCTest

/// The built `inbetween` (or another program) running while a test watches its stderr and
/// sends it signals. Foundation starts it in a process group of its own (its PID is the group's
/// id), so `signalGroup` reaches its workers too, as a terminal's Ctrl-C or Slurm's cancel does.
final class LiveProcess: @unchecked Sendable {
    let process = Process()
    private let lock = NSLock()
    private var collected = Data()
    private let drained = DispatchSemaphore(value: 0)

    init(
        _ arguments: [String], executable: URL = CLIProcess.binary, directory: URL? = nil,
        environment: [String: String] = [:]
    ) throws {
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.currentDirectoryURL = directory ?? CLIProcess.root
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let fd = pipe.fileHandleForReading.fileDescriptor
        // One blocking reader until EOF (the program and its workers closed stderr).
        Thread.detachNewThread { [self] in
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                lock.withLock { collected.append(contentsOf: chunk[0..<n]) }
            }
            drained.signal()
        }
        _ = pipe
    }

    var pid: pid_t { process.processIdentifier }

    var stderr: String { lock.withLock { String(decoding: collected, as: UTF8.self) } }

    /// Waits (polling every 10 ms) until `condition` holds for stderr; false on time-out.
    func waitForStderr(timeout: Double, _ condition: (String) -> Bool) -> Bool {
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            if condition(stderr) { return true }
            usleep(10_000)
        }
        return condition(stderr)
    }

    /// Waits for the exit and for stderr's end; false on time-out (the process is then killed).
    func waitForExit(timeout: Double) -> Bool {
        let end = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < end { usleep(5_000) }
        if process.isRunning {
            kill(-pid, SIGKILL)
            process.waitUntilExit()
            return false
        }
        return drained.wait(timeout: .now() + max(1, end.timeIntervalSinceNow)) == .success
    }

    var status: Int32 { process.terminationStatus }

    func signal(_ number: Int32) { kill(pid, number) }
    func signalGroup(_ number: Int32) { kill(-pid, number) }

    /// The PIDs of its children (a batch's workers), from /proc.
    var children: [pid_t] { LiveProcess.children(of: pid) }

    static func children(of pid: pid_t) -> [pid_t] {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { pid_t($0) }
    }

    /// Whether `pid` is a process that runs (not gone, not a zombie waiting to be reaped).
    static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        // The state is the first field after the command's closing parenthesis.
        return !stat[close...].dropFirst(2).hasPrefix("Z")
    }
}
