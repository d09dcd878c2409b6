import Foundation
import XCTest

/// Plugins dropped into a folder after the build: found through --plugins and
/// INBETWEEN_PLUGIN_PATH, usable at once; failures and clashes reported, others still load.
final class PluginTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try temporaryFolder("ib-plugins")
    }

    private func write(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// A script easing `x` with the plugin's `smootherIn` (t^3 (6t^2 - 15t + 10)... the In form
    /// here is t^3, so its Out at 0.5 is 1 - 0.5^3 = 0.875).
    private func scriptUsingPlugin() throws -> String {
        try write(
            "use.lua",
            """
            local l = layer{name = "l"}
            l:add(animation.basic{keyPath = "position.x", fromValue = 0, toValue = 1, duration = 1,
              timingFunction = "smootherOut"})
            """)
    }

    private let plugin = """
        return {name = "mine", version = "0.1", easings = {smootherIn = function(t) return t * t * t end}}
        """

    func testPluginFolderGivenWithFlag() throws {
        let dir = folder.appendingPathComponent("flag").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try plugin.write(toFile: dir + "/mine.lua", atomically: true, encoding: .utf8)
        let script = try scriptUsingPlugin()
        let r = try CLIProcess.run(["run", "--plugins", dir, "--format", "csv", "--fps", "2", script])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("\n0.5,l,position.x,0.875\n"), r.stdout)
        // From the CLI too: smootherOut at 0.5 = 1 - 0.5^3.
        let curve = try CLIProcess.run(["curve", "--plugins", dir, "smootherOut", "--at", "0.5"])
        XCTAssertEqual(curve.status, 0, curve.stderr)
        XCTAssertEqual(curve.stdout, "x,y\n0.5,0.875\n")
        let list = try CLIProcess.run(["list", "--plugins", dir])
        XCTAssertTrue(list.stdout.contains("smootherOutIn"), list.stdout)
        XCTAssertTrue(list.stdout.contains("mine"), list.stdout)
    }

    func testPluginPathFromEnvironmentAndTheFlagThatIgnoresIt() throws {
        let dir = folder.appendingPathComponent("env").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try plugin.write(toFile: dir + "/mine.lua", atomically: true, encoding: .utf8)
        let script = try scriptUsingPlugin()
        let env = ["INBETWEEN_PLUGIN_PATH": dir]
        let r = try CLIProcess.run(["run", "--format", "csv", "--fps", "2", script], environment: env)
        XCTAssertEqual(r.status, 0, r.stderr)
        let reproducible = try CLIProcess.run(["run", "--no-user-plugins", script], environment: env)
        XCTAssertEqual(reproducible.status, 1)
        XCTAssertTrue(
            reproducible.stderr.contains("unknown timing function 'smootherOut'"), reproducible.stderr)
    }

    func testBrokenPluginIsReportedAndOthersStillLoad() throws {
        let dir = folder.appendingPathComponent("mixed").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try "local x = \n return {name = 'broken' +}".write(
            toFile: dir + "/a-broken.lua", atomically: true, encoding: .utf8)
        try "error('plugin refuses')".write(toFile: dir + "/b-raises.lua", atomically: true, encoding: .utf8)
        try plugin.write(toFile: dir + "/c-mine.lua", atomically: true, encoding: .utf8)
        let r = try CLIProcess.run(["list", "--no-user-plugins", "--plugins", dir])
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(
            r.stderr.contains(
                "inbetween: warning: plugin failed: \(dir)/a-broken.lua:2: unexpected symbol near 'return'"),
            r.stderr)
        XCTAssertTrue(
            r.stderr.contains("inbetween: warning: plugin failed: \(dir)/b-raises.lua:1: plugin refuses"),
            r.stderr)
        XCTAssertTrue(r.stdout.contains("smootherIn"), r.stdout)
    }

    func testNameClashNamesTheWinnerAndWhy() throws {
        let dir = folder.appendingPathComponent("clash").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try
            "return {name = 'mybounce', easings = {bounceOut = {fn = function(t) return t end, variants = false}}}"
            .write(toFile: dir + "/mybounce.lua", atomically: true, encoding: .utf8)
        let r = try CLIProcess.run(["list", "--no-user-plugins", "--plugins", dir])
        XCTAssertTrue(
            r.stdout.contains("easing 'bounceOut': mybounce (\(dir)/mybounce.lua) overrides penner ("),
            r.stdout)
        XCTAssertTrue(r.stdout.contains("loaded later"), r.stdout)
    }
}
