import Foundation
import XCTest

/// How the CLI takes scripts: `-` reads standard input (chunk name `stdin`), a path of any
/// length works (issue 12: one-character paths trapped in NSString on Linux), a returned value
/// the host cannot use is an error with a hint, unused work gets a warning with its line, and
/// automatic layer names never collide with given ones.
final class ScriptInputTests: XCTestCase {
    private var folder: URL!
    private let example = "examples/07-opacity-fade.lua"

    override func setUpWithError() throws {
        folder = try temporaryFolder("ib-input")
    }

    private func write(_ name: String, _ text: String) throws {
        try text.write(to: folder.appendingPathComponent(name), atomically: false, encoding: .utf8)
    }

    private func run(_ args: [String], stdin: String? = nil) throws -> CLIResult {
        try CLIProcess.run(args, stdin: stdin.map { Data($0.utf8) }, directory: folder)
    }

    func testStandardInputIsTheScriptForRunCurvePlotAndPreview() throws {
        let source = try String(contentsOf: CLIProcess.root.appendingPathComponent(example), encoding: .utf8)
        let fromFile = try CLIProcess.run(["run", example, "--format", "csv"])
        let fromStdin = try run(["run", "-", "--format", "csv"], stdin: source)
        XCTAssertEqual(fromStdin.status, 0, fromStdin.stderr)
        XCTAssertEqual(fromStdin.stdout, fromFile.stdout)

        let easing = "return function(t) return t * t end\n"
        let curve = try run(["curve", "-", "--samples", "3"], stdin: easing)
        XCTAssertEqual(curve.stdout, "x,y\n0,0\n0.5,0.25\n1,1\n", "t^2 at 0, 0.5, 1")
        let plot = try run(["plot", "-"], stdin: easing)
        XCTAssertEqual(plot.status, 0, plot.stderr)
        XCTAssertTrue(plot.stdout.hasPrefix("<?xml"))
        let scenePlot = try run(["plot", "-"], stdin: source)
        XCTAssertEqual(scenePlot.status, 0, scenePlot.stderr)
        XCTAssertTrue(scenePlot.stdout.contains("opacity"))
        let preview = try run(["preview", "-"], stdin: source)
        XCTAssertEqual(preview.status, 0, preview.stderr)
        XCTAssertTrue(preview.stdout.hasPrefix("<!DOCTYPE html>"), "the page on stdout")
        XCTAssertEqual(
            try run(["run", "-", "--watch", "-o", "x.json"], stdin: source).stderr,
            "inbetween: --watch needs a script file (standard input cannot be read again)\nTry 'inbetween help run' for usage.\n"
        )

        // Lua's own name for it, as lua.c: `stdin:LINE:`.
        let error = try run(["run", "-"], stdin: "local l = layer{}\nerror('boom')\n")
        XCTAssertEqual(error.status, 1)
        XCTAssertEqual(error.stderr, "inbetween: stdin:2: boom\n")
        let curveError = try run(["curve", "-"], stdin: "return 42\n")
        XCTAssertEqual(
            curveError.stderr, "inbetween: stdin: must return an easing (a function of t), got number\n")
    }

    /// Paths of one character (ASCII and not), and long ones, work. (curve and plot take a
    /// script by its `.lua` name or `-`; other operands are easing names there.)
    func testPathsOfAnyLength() throws {
        let source = try String(contentsOf: CLIProcess.root.appendingPathComponent(example), encoding: .utf8)
        let long = String(repeating: "n", count: 200)
        for name in ["a", "é", "-x", long] {
            let file = name == "-x" ? "./-x" : name
            try write(name, source)
            let r = try run(["run", file, "--format", "csv", "-o", "out.csv"])
            XCTAssertEqual(r.status, 0, "\(name): \(r.stderr)")
            XCTAssertEqual(
                try String(contentsOf: folder.appendingPathComponent("out.csv"), encoding: .utf8),
                try CLIProcess.run(["run", example, "--format", "csv"]).stdout)
            try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
        // A batch script and a manifest of one character (the manifest's folder trapped too).
        try write("a", source)
        try write("m", "{\"script\": \"a\"}\n")
        let batch = try run(["batch", "a", "--manifest", "m", "-o", "outs", "--jobs", "1"])
        XCTAssertEqual(batch.status, 1, "two jobs with the same output a.json: \(batch.stderr)")
        XCTAssertFalse(batch.signaled)
        let manifest = try run(["batch", "--manifest", "m", "-o", "outs", "--jobs", "1"])
        XCTAssertEqual(manifest.status, 0, manifest.stderr)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("outs/a.json").path))
        // A missing one-character script is an ordinary error, not a crash.
        let missing = try run(["run", "b"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertFalse(missing.signaled)
        XCTAssertEqual(missing.stderr, "inbetween: cannot open b (No such file or directory)\n")
        XCTAssertEqual(try run(["run", "-"]).status, 0, "an empty script from stdin")
    }

    /// Issue 12: these returned values gave exit 0 and an empty output.
    func testReturnedValuesTheHostCannotUseAreErrors() throws {
        let cases: [(String, String)] = [
            (
                "return animation.basic{keyPath = 'opacity', toValue = 0}",
                "stdin: the script returned an animation, but only animations added to a layer run; add it instead: local l = layer{name = \"box\"}; l:add(animation.basic{...})"
            ),
            (
                "return function() end",
                "stdin: the script returned a function, which the host cannot use here: a scene script builds layers and animations and returns nothing (to sample an easing, use inbetween curve - or inbetween plot -)"
            ),
            (
                "return 42",
                "stdin: the script returned a number (42), which the host cannot use; a scene script builds layers and animations and returns nothing"
            ),
            (
                "return {}",
                "stdin: the script returned a table, which the host cannot use; a scene script builds layers and animations and returns nothing"
            ),
        ]
        for (script, message) in cases {
            let r = try run(["run", "-"], stdin: script)
            XCTAssertEqual(r.status, 1, script)
            XCTAssertEqual(r.stderr, "inbetween: \(message)\n", script)
            XCTAssertEqual(r.stdout, "", "no output at all")
        }
        // A layer (or nothing) is fine.
        XCTAssertEqual(try run(["run", "-"], stdin: "local l = layer{}\nreturn l\n").status, 0)
        XCTAssertEqual(try run(["run", "-"], stdin: "return nil\n").status, 0)
    }

    func testUnusedAnimationsAndAnEmptySceneWarnWithTheirLines() throws {
        try write(
            "x.lua",
            """
            local l = layer{name = "l"}
            l:add(animation.basic{keyPath = "opacity", toValue = 0})
            local unused = animation.basic{keyPath = "opacity", toValue = 1}
            local child = animation.basic{keyPath = "opacity", toValue = 1}
            l:add(animation.group{animations = {child}}, "g")
            local alsoUnused = animation.spring{keyPath = "position.x", toValue = 1}

            """)
        let r = try run(["run", "x.lua", "-o", "out.json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(
            r.stderr,
            """
            inbetween: warning: x.lua:3: animation created but never added to a layer
            inbetween: warning: x.lua:6: animation created but never added to a layer

            """)
        try write("empty.lua", "local l = layer{name = 'l'}\nl.opacity = 0.5\n")
        let empty = try run(["run", "empty.lua"])
        XCTAssertEqual(empty.status, 0)
        XCTAssertEqual(
            empty.stderr,
            """
            inbetween: warning: empty.lua: the scene animates nothing (no layer has an animation; add one with l:add(animation.basic{...}), or change a property inside transaction{...})

            """)
        // An animation a callback adds later is not "never added".
        try write(
            "later.lua",
            """
            local l = layer{name = "l"}
            local second = animation.basic{keyPath = "opacity", toValue = 1, duration = 0.1}
            l:add(animation.basic{keyPath = "opacity", toValue = 0, duration = 0.1,
              onStop = function() l:add(second) end})

            """)
        XCTAssertEqual(try run(["run", "later.lua"]).stderr, "")
    }

    /// Issue 12: `layer{}` was `layer1`, and a later `name = "layer1"` then failed.
    func testAutomaticLayerNamesNeverCollide() throws {
        let script = """
            local a = layer{}
            local b = layer{name = "layer1"}
            local c = layer{}
            for _, l in ipairs{a, b, c} do
              l:add(animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, duration = 0.1})
            end

            """
        let r = try run(["run", "-", "--format", "csv", "--to", "0"], stdin: script)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(
            r.stdout, "time,layer,keyPath,v0\n0,layer#1,opacity,0\n0,layer1,opacity,0\n0,layer#2,opacity,0\n")
        let reserved = try run(["run", "-"], stdin: "layer{name = 'layer#7'}")
        XCTAssertEqual(reserved.status, 1)
        XCTAssertEqual(
            reserved.stderr,
            "inbetween: stdin:1: bad argument #1 to 'layer' (field 'name' 'layer#7' has the form of an unnamed layer's name (layer#N); choose another)\n"
        )
    }

    func testMissingPluginFolderIsAnError() throws {
        for command in [["run", example], ["list"], ["curve", "easeIn"], ["plot", "easeIn"]] {
            let r = try CLIProcess.run(command + ["--plugins", "/nonexistent-ib"])
            XCTAssertEqual(r.status, 1, "\(command)")
            XCTAssertEqual(
                r.stderr,
                "inbetween: --plugins /nonexistent-ib: cannot open the folder (No such file or directory)\n")
        }
        let file = try CLIProcess.run([
            "list", "--plugins", CLIProcess.root.appendingPathComponent(example).path,
        ])
        XCTAssertEqual(file.status, 1)
        XCTAssertTrue(file.stderr.hasSuffix(": not a folder (give a folder of .lua plugins)\n"), file.stderr)
    }
}
