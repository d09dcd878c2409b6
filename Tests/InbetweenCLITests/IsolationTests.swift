import Foundation
import XCTest

/// The Lua side of issue 13 and the value part of issue 11, through the built CLI: plugins
/// that loop, allocate or fail while loading under the limits; files that are not scripts
/// (/dev/zero, too large) as script, module and plugin; `require` through a symbolic link;
/// BOM and `#!`; deep manifest params; time spent inside a C function; values handed back to
/// a script that replaced the constructors.
final class IsolationTests: XCTestCase, FolderTest {
    var folder: URL!

    override func setUpWithError() throws {
        folder = try temporaryFolder("ib-iso")
    }

    private func link(_ name: String, to target: String) throws {
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(name).deletingLastPathComponent(),
            withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: path(name), withDestinationPath: target)
    }

    static let ramp = """
        local l = layer{name = "a", opacity = 0}
        l:add(animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, duration = 0.1})
        """

    func testPluginsThatLoopAllocateOrFailAreReportedAndSkipped() throws {
        try write("p/loop.lua", "while true do end\n")
        try write("p/alloc.lua", "local t = {}\nfor i = 1, 1e9 do t[i] = {i} end\n")
        try write("p/boom.lua", "local x = 1\nerror('boom')\n")
        try write("p/number.lua", "return 42\n")
        try write("p/good.lua", "return {easings = {goodIn = function(t) return t end}}\n")
        let script = try write("s.lua", Self.ramp)
        let limits = [
            "--plugins", path("p"), "--no-user-plugins", "--max-instructions", "1e7", "--max-memory", "64M",
        ]
        let expected = [
            "inbetween: warning: plugin failed: \(path("p/loop.lua")):1: instruction limit (10000000) exceeded",
            "inbetween: warning: plugin failed: \(path("p/alloc.lua")):2: memory limit (67108864 bytes) exceeded",
            "inbetween: warning: plugin failed: \(path("p/boom.lua")):2: boom",
            "inbetween: warning: plugin failed: \(path("p/number.lua")): plugin must return a table, got number",
        ]
        for command in [
            ["list"], ["run", script, "--format", "csv"], ["curve", "goodOut", "--samples", "2"],
        ] {
            let r = try CLIProcess.run(command + limits)
            XCTAssertFalse(r.signaled, "\(command): \(r.stderr)")
            XCTAssertEqual(r.status, 0, "\(command): \(r.stderr)")
            for line in expected {
                XCTAssertTrue(r.stderr.contains(line), "\(command) lacks \(line): \(r.stderr)")
            }
        }
        let other = try write("t.lua", Self.ramp)
        let r = try CLIProcess.run(["batch", script, other, "-o", path("out")] + limits)
        XCTAssertEqual(r.status, 0, r.stderr)
    }

    func testFilesThatAreNotScriptsAreRefused() throws {
        try write("m/main.lua", "require('zero')\n")
        try link("m/zero.lua", to: "/dev/zero")
        // A module that is a FIFO inside the folder: opening it must not wait for a writer.
        try write("f/main.lua", "require('fifo')\n")
        XCTAssertEqual(mkfifo(path("f/fifo.lua"), 0o600), 0)
        try link("p/zero.lua", to: "/dev/zero")
        try link("zero.lua", to: "/dev/zero")
        try write("big.lua", "-- " + String(repeating: "x", count: 4096) + "\n")
        let plugins = ["--no-user-plugins", "--max-memory", "64M"]
        let cases: [([String], String)] = [
            (["run", "/dev/zero"], "inbetween: cannot read /dev/zero (not a regular file)"),
            (["run", path("zero.lua")], "inbetween: cannot read \(path("zero.lua")) (not a regular file)"),
            (["run", path("m/main.lua")], "module 'zero' (\(path("m/zero.lua"))) leads outside its folder"),
            (
                ["run", path("f/main.lua")],
                "\(path("f/main.lua")):1: cannot read \(path("f/fifo.lua")) (not a regular file)"
            ),
            (["run", path("m")], "inbetween: cannot read \(path("m")) (it is a folder)"),
            (
                ["run", path("big.lua"), "--max-script-size", "1K"],
                "inbetween: cannot read \(path("big.lua")) (4100 bytes, more than the limit of 1024; see --max-script-size)"
            ),
        ]
        for (command, expected) in cases {
            let r = try CLIProcess.run(command + plugins)
            XCTAssertFalse(r.signaled, "\(command): \(r.stderr)")
            XCTAssertEqual(r.status, 1, "\(command): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(expected), "\(command): \(r.stderr)")
        }
        let r = try CLIProcess.run(["list", "--plugins", path("p")] + plugins)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(
            r.stderr.contains("plugin failed: cannot read \(path("p/zero.lua")) (not a regular file)"),
            r.stderr)
        let batch = try CLIProcess.run(["batch", path("zero.lua"), "-o", path("out")] + plugins)
        XCTAssertEqual(batch.status, 1, batch.stderr)
        XCTAssertTrue(batch.stderr.contains("(not a regular file)"), batch.stderr)
    }

    func testRequireStaysInsideItsFolder() throws {
        try write("outside/secret.lua", "return {value = 42}\n")
        try link("s/secret.lua", to: path("outside/secret.lua"))
        try write("s/inside.lua", "return {value = 1}\n")
        try link("s/alias.lua", to: "inside.lua")  // a link that stays inside is fine
        let ok = try write("s/ok.lua", "assert(require('alias').value == 1)\n" + Self.ramp)
        let r = try CLIProcess.run(["run", ok, "--no-user-plugins"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let escape = try write("s/escape.lua", "local m = require('secret')\n")
        let e = try CLIProcess.run(["run", escape, "--no-user-plugins"])
        XCTAssertEqual(e.status, 1, e.stderr)
        XCTAssertTrue(
            e.stderr.contains(
                "\(escape):1: module 'secret' (\(path("s/secret.lua"))) leads outside its folder"),
            e.stderr)
    }

    /// lua5.4 skips a UTF-8 byte order mark and a first line starting with '#'
    /// (luaL_loadfilex's skipcomment); line numbers stay those of the file.
    func testByteOrderMarkAndShebangAreAccepted() throws {
        let cases = ["\u{FEFF}", "#!/usr/bin/env lua5.4\n", "\u{FEFF}#!/usr/bin/env inbetween run\n"]
        for (i, prefix) in cases.enumerated() {
            let script = try write("s\(i).lua", prefix + Self.ramp + "\nerror('line')\n")
            let r = try CLIProcess.run(["run", script, "--no-user-plugins"])
            XCTAssertEqual(r.status, 1, r.stderr)
            let line = Self.ramp.split(separator: "\n").count + (prefix.hasSuffix("\n") ? 2 : 1)
            XCTAssertEqual(r.stderr, "inbetween: \(script):\(line): line\n", "case \(i)")
        }
        try write("m/mod.lua", "\u{FEFF}#!lua\nreturn 7\n")
        let main = try write("m/main.lua", "\u{FEFF}assert(require('mod') == 7)\n" + Self.ramp)
        let r = try CLIProcess.run(["run", main, "--no-user-plugins"])
        XCTAssertEqual(r.status, 0, r.stderr)
    }

    func testDeepParamsAreRefusedNotACrash() throws {
        _ = try write(
            "m/s.lua",
            "local d = 0\nlocal p = params.p\nwhile type(p) == 'table' do d = d + 1; p = p[1] end\n"
                + "local l = layer{name = 'depth' .. d, opacity = 0}\n"
                + "l:add(animation.basic{keyPath = 'opacity', fromValue = 0, toValue = 1, duration = 0.1})\n")
        func nested(_ depth: Int) -> String {
            String(repeating: "[", count: depth) + "0" + String(repeating: "]", count: depth)
        }
        // 90 levels (of the 100 allowed, ScriptParameter.maxDepth) are passed on whole; 10,000
        // are refused with the line named.
        try write(
            "m/jobs.jsonl",
            #"{"script": "s.lua", "output": "ok.csv", "params": {"p": \#(nested(90))}}"# + "\n")
        let ok = try CLIProcess.run([
            "batch", "--manifest", path("m/jobs.jsonl"), "-o", path("out"), "--format", "csv",
            "--no-user-plugins",
        ])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        let csv = try String(contentsOfFile: path("out/ok.csv"), encoding: .utf8)
        XCTAssertTrue(csv.contains(",depth90,"), csv)
        try write("m/deep.jsonl", #"{"script": "s.lua", "params": {"p": \#(nested(10_000))}}"# + "\n")
        let deep = try CLIProcess.run([
            "batch", "--manifest", path("m/deep.jsonl"), "-o", path("out2"),
            "--no-user-plugins",
        ])
        XCTAssertFalse(deep.signaled, deep.stderr)
        XCTAssertEqual(deep.status, 1, deep.stderr)
        XCTAssertTrue(deep.stderr.hasPrefix("inbetween: \(path("m/deep.jsonl")):1: "), deep.stderr)
    }

    /// A pattern that backtracks for minutes runs inside one C function (lstrlib's match), out
    /// of the hook's reach: the run ends at the time limit plus the 2 s grace, saying so.
    func testTimeInsideACFunctionCountsAgainstTheWallLimit() throws {
        let script = try write(
            "slow.lua",
            """
            local s = string.rep("a", 40) .. "b"
            return string.find(s, string.rep("a*", 30) .. "c")
            """)
        let r = try CLIProcess.run(["run", script, "--timeout", "1", "--no-user-plugins"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(
            r.stderr,
            "inbetween: \(script):2: time limit (1 s) exceeded; still running 2 s later inside the C function 'find', which the limits cannot interrupt (a string pattern that backtracks?), exiting\n"
        )
    }

    /// Values the host hands to a script are built from the registry's metatables, never
    /// from the script's globals (issue 11).
    func testValuesComeBackWhateverTheScriptDidToTheConstructors() throws {
        let script = try write(
            "v.lua",
            """
            local keep = {point = point, transform = transform, path = path}
            point, transform, path = nil, 42, print
            local l = layer{name = "v", position = keep.point(1, 2), transform = keep.transform.scale(2),
              opacity = 0}
            local p, t = l.position, l.transform
            assert(tostring(p) == "point(1, 2)", tostring(p))
            assert(p.x == 1 and p.y == 2 and p + p == keep.point(2, 4))
            assert(t == keep.transform.scale(2), tostring(t))
            assert(tostring(timing.cubic(0.1, 0.2, 0.3, 0.4):controlPoint(1)) == "point(0.1, 0.2)")
            l:add(animation.keyframe{keyPath = "position", path = keep.path():move(0, 0):line(10, 0), duration = 1})
            assert(tostring(l:presentation("position")) == "point(0, 0)", tostring(l:presentation("position")))
            """ + "\n" + Self.ramp)
        let r = try CLIProcess.run(["run", script, "--no-user-plugins", "--format", "csv"])
        XCTAssertEqual(r.status, 0, r.stderr)
    }

    /// A mistake the script makes is reported at the script's line, not inside the host's Lua.
    func testErrorsInTheHostsLuaNameTheScriptsLine() throws {
        let cases: [(String, String)] = [
            ("local v = keyframes.generate{from = 'nocolour', to = 'red'}", "bad argument #1 to 'color'"),
            (
                "local v = keyframes.generate{from = 1, to = point(1, 1), fps = 2}",
                "must be of one kind, got number and point"
            ),
            ("local v = keyframes.generate{from = true, to = true}", "cannot interpolate a boolean"),
            ("easing.register('x y', function(t) return t end)", "bad argument #1 to 'register'"),
            ("local p = point(1, 'a')", "bad argument #2 to 'point' (y: number expected, got string)"),
        ]
        for (line, expected) in cases {
            let script = try write("e.lua", "local a = 1\n" + line + "\n")
            let r = try CLIProcess.run(["run", script, "--no-user-plugins"])
            XCTAssertEqual(r.status, 1, line)
            XCTAssertTrue(r.stderr.hasPrefix("inbetween: \(script):2: "), "\(line): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(expected), "\(line): \(r.stderr)")
        }
        // A colour string is a colour here as everywhere else.
        let ok = try write(
            "ok.lua",
            "local v = keyframes.generate{from = 'red', to = '#0000ff', fps = 2}\n"
                + "assert(v[2] == color(0.5, 0, 0.5))\n" + Self.ramp)
        let r = try CLIProcess.run(["run", ok, "--no-user-plugins"])
        XCTAssertEqual(r.status, 0, r.stderr)
    }
}
