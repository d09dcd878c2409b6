import Foundation
import XCTest

/// One headless Chromium (Debian's `chromium`, installed by scripts/test) for many pages,
/// driven through Tests/browser/chromium_session.py over the DevTools protocol: one browser
/// start (a few seconds) serves every page a test opens.
final class ChromiumSession {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var pending = Data()

    init(width: Int = 1000, height: Int = 1400) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", CLIProcess.root.appendingPathComponent("Tests/browser/chromium_session.py").path,
        ]
        var env = ProcessInfo.processInfo.environment
        env["WIDTH"] = String(width)
        env["HEIGHT"] = String(height)
        process.environment = env
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    deinit { close() }

    /// Whether a browser can run here at all (the test is skipped, with the reason, if not).
    static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium")
    }

    func open(_ url: URL) throws {
        _ = try send(["op": "open", "url": url.absoluteString])
    }

    /// Evaluates a JavaScript expression in the open page; its value as JSON objects.
    func eval(_ expression: String) throws -> Any? {
        try send(["op": "eval", "expr": expression])
    }

    /// Writes a PNG of the page's area (x, y, width, height) in CSS px, one pixel a px, with
    /// what the page leaves unpainted transparent.
    func screenshot(x: Int, y: Int, width: Int, height: Int, to path: String) throws {
        _ = try send(["op": "shot", "x": x, "y": y, "width": width, "height": height, "path": path])
    }

    func close() {
        guard process.isRunning else { return }
        try? input.fileHandleForWriting.write(contentsOf: Data("{\"op\":\"quit\"}\n".utf8))
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    private func send(_ request: [String: Any]) throws -> Any? {
        var line = try JSONSerialization.data(withJSONObject: request)
        line.append(0x0A)
        try input.fileHandleForWriting.write(contentsOf: line)
        while !pending.contains(0x0A) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw CommandFailure("the browser session ended") }
            pending.append(chunk)
        }
        let end = pending.firstIndex(of: 0x0A)!
        let reply = pending[pending.startIndex..<end]
        pending = Data(pending[(end + 1)...])
        let object =
            try JSONSerialization.jsonObject(with: reply, options: [.fragmentsAllowed]) as? [String: Any]
            ?? [:]
        guard object["ok"] as? Bool == true else {
            throw CommandFailure("browser: \(object["error"] ?? "no reply")")
        }
        return object["value"]
    }

    struct CommandFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
