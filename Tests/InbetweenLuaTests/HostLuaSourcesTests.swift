import CLuaSupport
import Foundation
import XCTest

/// The host's own Lua (Sources/InbetweenLua/Lua/*.lua, compiled into the binary by
/// CLuaSupport/hostsources.c): every file parses with `luac5.4 -p`, passes luacheck with the
/// folder's .luacheckrc (which lets only kit.lua read globals), and is the text the binary holds.
final class HostLuaSourcesTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/InbetweenLua/Lua")

    static func files() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "lua" }
            .sorted { $0.path < $1.path }
    }

    private func run(_ tool: String, _ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    func testEveryFileIsBuiltIn() throws {
        let files = try Self.files()
        XCTAssertEqual(
            files.map { $0.deletingPathExtension().lastPathComponent },
            ["easings", "environment", "kit", "plugins", "sandbox", "values"])
        for file in files {
            var length = 0
            let name = file.deletingPathExtension().lastPathComponent
            let text = try XCTUnwrap(ib_hostsource(name, &length), name)
            let built = Data(bytes: text, count: length)
            XCTAssertEqual(built, try Data(contentsOf: file), "\(name).lua differs from the text built in")
        }
    }

    func testLuacParsesEveryFile() throws {
        for file in try Self.files() {
            let (status, output) = try run("luac5.4", ["-p", file.path])
            XCTAssertEqual(status, 0, output)
        }
    }

    func testLuacheckIsClean() throws {
        let (status, output) = try run(
            "luacheck",
            [
                "--config", Self.folder.appendingPathComponent(".luacheckrc").path,
                "--formatter", "plain", "--codes", Self.folder.path,
            ])
        XCTAssertEqual(status, 0, output)
    }

    /// The rule .luacheckrc enforces is live: a file that reads a global fails it.
    func testLuacheckRefusesAGlobalRead() throws {
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent(
            "probe-\(UUID().uuidString).lua")
        try "local kit = ...\nreturn kit, pcall\n".write(to: probe, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: probe) }
        let (status, output) = try run(
            "luacheck",
            [
                "--config", Self.folder.appendingPathComponent(".luacheckrc").path,
                "--formatter", "plain", "--codes", probe.path,
            ])
        XCTAssertNotEqual(status, 0, output)
        XCTAssertTrue(output.contains("(W113) accessing undefined variable 'pcall'"), output)
    }
}
