import Foundation
import XCTest

/// `--watch`: the outputs are written again when the script, a module it requires or a plugin
/// changes; a broken script is reported with its file and line and the last good output
/// stays; an open preview page picks up the new frames by itself, from a file:// URL.
final class WatchTests: XCTestCase {
    /// The bound for seeing a change, in the file and in an open page. The loop polls
    /// every 0.2 s and the page every 0.4 s, so a change normally shows within about 0.7 s.
    static let deadline = 2.0

    func testPreviewPageFollowsTheScriptAndKeepsItsPlayhead() throws {
        try MachineRequirement.chromium()
        let folder = try temporaryFolder("ib-watch")
        let script = folder.appendingPathComponent("ball.lua")
        let page = folder.appendingPathComponent("ball.html")
        let data = folder.appendingPathComponent("ball.data.js")
        try Self.ball(top: 32).write(to: script, atomically: false, encoding: .utf8)
        let watcher = try Watcher(["preview", "--no-user-plugins", "--watch", script.path])
        defer { watcher.stop() }
        XCTAssertTrue(
            Self.waitUntil(10) { FileManager.default.fileExists(atPath: data.path) }, watcher.stderr)

        let browser = try ChromiumSession()
        defer { browser.close() }
        try browser.open(page)
        // The ball is a 0 x 0 layer: its box is the point `position`.
        let probe =
            "(function () { inbetween.seek(0); var r = document.querySelector('[data-layer=\"ball\"]').getBoundingClientRect(); inbetween.seek(0.5); return [r.top, inbetween.version]; })()"
        let first = try browser.eval(probe) as? [Any] ?? []
        XCTAssertEqual(first.first as? Double, 32)
        let version = first.last as? String
        _ = try browser.eval("inbetween.seek(0.25); inbetween.pause(); 0")
        let pageBefore = try Data(contentsOf: page)

        // A new start point: the file and the open page change within the deadline.
        let changed = Date()
        try Self.ball(top: 80).write(to: script, atomically: false, encoding: .utf8)
        XCTAssertTrue(
            Self.waitUntil(Self.deadline) { (try? Data(contentsOf: page)) != pageBefore },
            "the page file was not rewritten: \(watcher.stderr)")
        var state: [Any] = []
        let seen = Self.waitUntil(Self.deadline - Date().timeIntervalSince(changed)) {
            state =
                (try? browser.eval("[inbetween.version, inbetween.time, inbetween.playing]") as? [Any]) ?? []
            return state.first as? String != version
        }
        XCTAssertTrue(seen, "the open page did not pick up the new frames within \(Self.deadline) s")
        print("preview --watch: the open page showed the change after \(Date().timeIntervalSince(changed)) s")
        // Its playhead and play state are kept.
        XCTAssertEqual(state.dropFirst().first as? Double, 0.25)
        XCTAssertEqual(state.last as? Bool, false)
        let second = try browser.eval(probe) as? [Any] ?? []
        XCTAssertEqual(second.first as? Double, 80, "the new start point")

        // A syntax error: reported as file:line, the last good page and data stay as they were.
        let good = try Data(contentsOf: page)
        let goodData = try Data(contentsOf: data)
        // The ball's four lines, then `local = 1` on line 5: Lua's parser wants a name before the '='.
        try (Self.ball(top: 120) + "\nlocal = 1\n").write(to: script, atomically: false, encoding: .utf8)
        XCTAssertTrue(
            Self.waitUntil(Self.deadline) { watcher.stderr.contains("ball.lua:5: <name> expected near '='") },
            "no file:line error: \(watcher.stderr)")
        XCTAssertEqual(try Data(contentsOf: page), good)
        XCTAssertEqual(try Data(contentsOf: data), goodData)
        XCTAssertEqual(watcher.stop(), 130, "Ctrl-C ends the watch with 128 + SIGINT")
    }

    /// `run --watch`: a change to a required module, or to a plugin, runs the script again.
    func testRunFollowsRequiredModulesAndPlugins() throws {
        let folder = try temporaryFolder("ib-watch")
        let plugins = folder.appendingPathComponent("plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        let plugin = plugins.appendingPathComponent("mine.lua")
        let module = folder.appendingPathComponent("target.lua")
        let script = folder.appendingPathComponent("move.lua")
        let output = folder.appendingPathComponent("move.json")
        func pluginText(_ y: Double) -> String {
            "return {name = 'mine', easings = {halfway = function(t) return \(y) end}}\n"
        }
        try pluginText(0.5).write(to: plugin, atomically: false, encoding: .utf8)
        try "return 100\n".write(to: module, atomically: false, encoding: .utf8)
        try """
        local x = require("target")
        local l = layer{name = "l"}
        l:add(animation.basic{keyPath = "position.x", fromValue = 0, toValue = x, duration = 1,
          timingFunction = "halfway"})
        scene{fps = 2}
        """.write(to: script, atomically: false, encoding: .utf8)
        let watcher = try Watcher([
            "run", "--no-user-plugins", "--plugins", plugins.path, "--watch", script.path,
            "-o", output.path,
        ])
        defer { watcher.stop() }
        // The easing is constant, so every frame but the last (the animation has ended and the
        // model value 0 shows) sits at halfway × target.
        func firstValue() -> Double? {
            guard let data = try? Data(contentsOf: output),
                let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let track = (json["tracks"] as? [[String: Any]])?.first
            else { return nil }
            return (track["values"] as? [Double])?.first
        }
        XCTAssertTrue(Self.waitUntil(10) { firstValue() == 50 }, watcher.stderr)
        try "return 300\n".write(to: module, atomically: false, encoding: .utf8)
        XCTAssertTrue(
            Self.waitUntil(Self.deadline) { firstValue() == 150 }, "module change: \(watcher.stderr)")
        try pluginText(0.25).write(to: plugin, atomically: false, encoding: .utf8)
        XCTAssertTrue(
            Self.waitUntil(Self.deadline) { firstValue() == 75 }, "plugin change: \(watcher.stderr)")
    }

    func testWatchNeedsAFileToRewrite() throws {
        let r = try CLIProcess.run(["run", "--watch", "examples/05-bouncing-ball.lua"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("--watch needs -o FILE"), r.stderr)
    }

    // MARK: helpers

    static func ball(top: Int) -> String {
        """
        local ball = layer{name = "ball", position = point(150, \(top))}
        ball:add(animation.basic{keyPath = "position", fromValue = point(150, \(top)),
          toValue = point(150, 268), duration = 1, timingFunction = "easeIn"})
        ball.position = point(150, 268)
        """
    }

    static func waitUntil(_ seconds: Double, _ condition: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        repeat {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        } while Date() < end
        return condition()
    }

    /// The CLI running in the background, its stderr collected in a file.
    final class Watcher {
        let process = Process()
        let errorFile: URL

        init(_ arguments: [String]) throws {
            errorFile = FileManager.default.temporaryDirectory.appendingPathComponent(
                "ib-watch-\(UUID().uuidString)")
            _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
            process.executableURL = CLIProcess.binary
            process.arguments = arguments
            process.currentDirectoryURL = CLIProcess.root
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try FileHandle(forWritingTo: errorFile)
            try process.run()
        }

        var stderr: String { (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "" }

        /// Ctrl-C, as a person ends a watch; returns the exit status.
        @discardableResult
        func stop() -> Int32 {
            if process.isRunning {
                process.interrupt()
                process.waitUntilExit()
                try? FileManager.default.removeItem(at: errorFile)
            }
            return process.terminationStatus
        }
    }

}
