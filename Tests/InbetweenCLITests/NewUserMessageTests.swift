import Foundation
import XCTest

/// The messages a new user met (issue 31), as exact strings: each names the script's line, the
/// parameter, or the option to change, and says what went wrong in words. Every expected text
/// below replaces one seen before the fix (quoted in each row's comment).
final class NewUserMessageTests: XCTestCase, FolderTest {
    var folder: URL!

    override func setUpWithError() throws {
        folder = try temporaryFolder("ib-messages")
    }

    /// One command in the test's folder (scripts are named relative to it, as a user types them).
    private struct Case {
        var arguments: [String]
        var status: Int32
        var stderr: String
        var line: UInt = #line
    }

    private func check(_ cases: [Case], environment: [String: String] = [:]) throws {
        for c in cases {
            let r = try CLIProcess.run(c.arguments, environment: environment, directory: folder)
            XCTAssertEqual(r.status, c.status, "\(c.arguments): \(r.stderr)", line: c.line)
            XCTAssertEqual(r.stderr, c.stderr, "\(c.arguments)", line: c.line)
        }
    }

    private static let fade = """
        local a = layer{name = "a"}
        a:add(animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, duration = 1})
        """

    func testScriptErrorsNameTheScriptsLineAndWhatToDo() throws {
        try write(
            "generate.lua",
            "local b = layer{name = \"b\"}\nlocal k = keyframes.generate{from = 0, to = 1, fn = \"bounceEaseOutt\"}\n"
        )
        try write("cubic.lua", "local t = timing.cubic(1, 2)\n")
        try write("io.lua", "local f = io.open(\"x\")\n")
        try write("preset.lua", "local a = animation.preset(\"fadeInn\")\n")
        try check([
            // was "[inbetween easings]:116: bad argument #1 to 'timingGet' (...)"
            Case(
                arguments: ["run", "generate.lua"], status: 1,
                stderr:
                    "inbetween: generate.lua:2: bad argument #1 to 'generate' (field 'fn': unknown timing function 'bounceEaseOutt'; did you mean 'bounceEaseOut'?)\n"
            ),
            // was "(number expected, got number)": the trampoline looked at a value it pushed
            Case(
                arguments: ["run", "cubic.lua"], status: 1,
                stderr: "inbetween: cubic.lua:1: bad argument #3 to 'cubic' (number expected, got no value)\n"
            ),
            // was Lua's bare "attempt to index a nil value (global 'io')"
            Case(
                arguments: ["run", "io.lua"], status: 1,
                stderr:
                    "inbetween: io.lua:1: attempt to index a nil value (global 'io'); io is not available in the sandbox (--trusted gives scripts Lua's full standard library)\n"
            ),
            // was "unknown animation preset 'fadeInn'" with no suggestion
            Case(
                arguments: ["run", "preset.lua"], status: 1,
                stderr:
                    "inbetween: preset.lua:1: bad argument #1 to 'preset' (unknown animation preset 'fadeInn'; did you mean 'fadeIn'?)\n"
            ),
        ])
    }

    func testUsageMistakesSuggestAndRefuse() throws {
        try write("fade.lua", Self.fade)
        try check([
            // was "unknown command 'runn'"
            Case(
                arguments: ["runn", "fade.lua"], status: 2,
                stderr:
                    "inbetween: unknown command 'runn'; did you mean 'run'?\nTry 'inbetween --help' for usage.\n"
            ),
            // was "unknown option '--fsp' for run" (only shared prefixes were suggested)
            Case(
                arguments: ["run", "--fsp", "3", "fade.lua"], status: 2,
                stderr:
                    "inbetween: unknown option '--fsp' for run; did you mean --fps?\nTry 'inbetween help run' for usage.\n"
            ),
            // was accepted, and the structure-keeping JSON written as if --bake meant nothing
            Case(
                arguments: ["run", "fade.lua", "--bake"], status: 2,
                stderr:
                    "inbetween: option --bake applies to --format css or swift, not json\nTry 'inbetween help run' for usage.\n"
            ),
            Case(
                arguments: ["run", "fade.lua", "--bake", "--format", "lottie"], status: 2,
                stderr:
                    "inbetween: option --bake applies to --format css or swift, not lottie\nTry 'inbetween help run' for usage.\n"
            ),
            // was "inbetween 0.1.0", the extra word ignored
            Case(
                arguments: ["--version", "extra"], status: 2,
                stderr:
                    "inbetween: option --version takes no arguments, got 'extra'\nTry 'inbetween --help' for usage.\n"
            ),
        ])
    }

    func testAFolderAsOutputSuggestsAFileOfTheCommandsFormat() throws {
        try write("fade.lua", Self.fade)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
        // was "e.g. out/out.json" whatever the command and format
        func folderCase(_ arguments: [String], _ example: String, line: UInt = #line) -> Case {
            Case(
                arguments: arguments, status: 1,
                stderr:
                    "inbetween: cannot write out: it is a folder (give a file name, e.g. out/\(example))\n",
                line: line)
        }
        try check([
            folderCase(["run", "fade.lua", "-o", "out"], "out.json"),
            folderCase(["run", "fade.lua", "--format", "csv", "-o", "out"], "out.csv"),
            folderCase(["run", "fade.lua", "--format", "css", "-o", "out"], "out.css"),
            folderCase(["run", "fade.lua", "--format", "swift", "-o", "out"], "out.swift"),
            folderCase(["run", "fade.lua", "--format", "lottie", "-o", "out"], "out.json"),
            folderCase(["curve", "ease", "-o", "out"], "out.csv"),
            folderCase(["curve", "ease", "--format", "svg", "-o", "out"], "out.svg"),
            folderCase(["plot", "ease", "-o", "out"], "out.svg"),
            folderCase(["preview", "fade.lua", "-o", "out"], "out.html"),
        ])
    }

    func testEndsTooFarAwayAndNestedSpeedsBlameWhatSetsThem() throws {
        try write(
            "tiny-speed.lua",
            """
            local a = layer{name = "a"}
            a:add(animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, duration = 1, speed = 1e-300}, "fade")
            """)
        try write(
            "late.lua",
            """
            local a = layer{name = "a"}
            a:add(animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, duration = 1, beginTime = 1e300}, "fade")
            """)
        func nested(_ outer: String, _ inner: String) -> String {
            """
            local a = layer{name = "a"}
            local inner = timeline{speed = \(inner)}
            inner:add(a, animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, duration = 1})
            local outer = timeline{speed = \(outer)}
            outer:add(inner)
            scene{timeline = outer}

            """
        }
        try write("fast.lua", nested("1e200", "1e200"))
        try write("slow.lua", nested("1e-200", "1e-200"))
        // An end at 1 / 1e-300 = 1e300 s (and 1e300 + 1) is 6e301 frames at 60 fps, past the
        // 2^40 = 1099511627776 a run may count (FrameTimes.maximumCount).
        let far =
            "more than 1099511627776 frames away at 60 fps (a huge beginTime, duration or repeatCount, or a tiny speed); set the end with --to T or scene{ to = T }"
        try check([
            // was "bad value for 'fps' (60): gives more than 1099511627776 frames over 1e+300 s"
            Case(
                arguments: ["run", "tiny-speed.lua"], status: 1,
                stderr:
                    "inbetween: tiny-speed.lua: animation 'fade' on layer 'a' ends at t = 1e+300 s, \(far)\n"),
            Case(
                arguments: ["run", "late.lua"], status: 1,
                stderr: "inbetween: late.lua: animation 'fade' on layer 'a' ends at t = 1e+300 s, \(far)\n"),
            // was `inbetween: message("bad value for \'speed\' (inf): must be a finite number")`:
            // 1e200 · 1e200 overflows to infinity
            Case(
                arguments: ["run", "fast.lua"], status: 1,
                stderr:
                    "inbetween: fast.lua:6: bad value for 'speed' (1e+200): the speeds of nested timelines multiply to more than 1e308 (too fast to give any animation time)\n"
            ),
            // was "bad value for 'time' (nan)": 1e-200 · 1e-200 underflows to 0
            Case(
                arguments: ["run", "slow.lua"], status: 1,
                stderr:
                    "inbetween: slow.lua:6: bad value for 'speed' (1e-200): the speeds of nested timelines multiply to less than 1e-308 (too slow for any animation to end)\n"
            ),
        ])
    }

    /// Limits too small for the host's own set-up stop the command with the limit's message;
    /// they are no plugin's failure (was: a warning per shipped plugin, then the curve, exit
    /// 0; or "inbetween: value" when the limit fired in the spring registry's lookup). Where a
    /// time limit of 1e-300 s fires depends on the clock (a built-in plugin may load before the
    /// first check), so the place is not compared: one line, the limit and its flag, or no
    /// message at all when no check came before the end.
    func testLimitsTooSmallForTheSetUpStopTheCommand() throws {
        // Whether the limit fires at all depends on the clock too: a preset or a spring runs
        // little Lua after the set-up, and the curve may be written before any check. So
        // each outcome is one of two, and each spec runs a few times.
        for spec in ["ease", "bounceOut", "wobbly"] {
            for _ in 1...3 {
                let r = try CLIProcess.run(
                    ["curve", "--timeout", "1e-300", spec, "--at", "0.5"], directory: folder)
                if r.status == 0 {
                    XCTAssertEqual(r.stderr, "", spec)
                    continue
                }
                XCTAssertEqual(r.status, 1, "\(spec): \(r.stderr)")
                XCTAssertEqual(r.stdout, "", spec)
                // While the plugins load ("... while loading the plugins (at FILE:LINE)") or after.
                XCTAssertTrue(
                    r.stderr.hasPrefix("inbetween: time limit (1e-300 s) exceeded"), "\(spec): \(r.stderr)")
                XCTAssertTrue(r.stderr.hasSuffix("; raise it with --timeout\n"), "\(spec): \(r.stderr)")
                XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, "\(spec): \(r.stderr)")
            }
        }
    }

    func testOutputFolderThatCannotBeMadeSaysWhy() throws {
        try write("fade.lua", Self.fade)
        try write("afile", "")
        try check([
            // was "(The operation could not be completed. (NSCocoaErrorDomain error 512.))"
            Case(
                arguments: ["batch", "fade.lua", "-o", "afile/out"], status: 1,
                stderr: "inbetween: cannot create afile/out (afile is not a folder)\n")
        ])
    }

    func testAPluginFolderThatCannotBeReadIsNamed() throws {
        try write("not-a-folder", "")
        let file = path("not-a-folder")
        // was nothing at all: the folder's plugins were silently missing
        try check(
            [
                Case(
                    arguments: ["curve", "ease", "--samples", "2"], status: 0,
                    stderr:
                        "inbetween: warning: plugin folder \(file) skipped: cannot read it (not a folder)\n")
            ], environment: ["INBETWEEN_PLUGIN_PATH": file])
    }

    /// A FIFO nobody reads: the open waits for a reader, within the limits (was: "time limit
    /// (1 s) exceeded; the script does not stop, exiting", and `--watch` ended with it).
    func testAFIFOWithoutAReaderIsNamedAndWatchGoesOn() throws {
        try write("fade.lua", Self.fade)
        XCTAssertEqual(mkfifo(path("fifo"), 0o600), 0)
        try check([
            Case(
                arguments: ["run", "--timeout", "1", "fade.lua", "-o", "fifo"], status: 1,
                stderr:
                    "inbetween: no process opened the FIFO fifo for reading: time limit (1 s) exceeded; raise it with --timeout\n"
            )
        ])
        let watch = try LiveProcess(
            ["run", "--watch", "--timeout", "1", "fade.lua", "-o", "fifo"], directory: folder)
        defer {
            watch.signal(SIGKILL)
            _ = watch.waitForExit(timeout: 5)
        }
        XCTAssertTrue(
            watch.waitForStderr(timeout: 10) { $0.contains("no process opened the FIFO fifo for reading") },
            watch.stderr)
        // Still watching three seconds on (the hard exit came 2 s after the limit): Ctrl-C
        // then ends the loop itself, with 130.
        usleep(3_000_000)
        watch.signal(SIGINT)
        XCTAssertTrue(watch.waitForExit(timeout: 5))
        XCTAssertEqual(watch.status, 130, watch.stderr)
    }

    /// A job whose write fails names its output, not the staging file it was written to
    /// (was "cannot write small/.inbetween-batch-vm-13033-d6584ec2509f1714/0 (No space left
    /// on device)"). The disk is a 64 KiB tmpfs, so the test needs root.
    func testAFailedBatchWriteNamesTheOutput() throws {
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("small"), withIntermediateDirectories: false)
        func tool(_ arguments: [String]) throws -> Int32 {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            p.arguments = arguments
            p.standardError = FileHandle.nullDevice
            try p.run()
            p.waitUntilExit()
            return p.terminationStatus
        }
        try MachineRequirement.privilege(
            try tool(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", path("small")]) == 0,
            "cannot mount a 64 KiB tmpfs here (needs root)")
        defer { _ = try? tool(["umount", path("small")]) }
        // 50 layers × 121 frames of a point: about 300 KiB of JSON, more than the disk holds.
        try write(
            "big.lua",
            """
            for i = 1, 50 do
              layer{name = "l" .. i}:add(animation.basic{keyPath = "position", fromValue = point(0, 0),
                toValue = point(100, 100), duration = 2})
            end
            """)
        let r = try CLIProcess.run(["batch", "big.lua", "-o", "small"], directory: folder)
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(
            r.stderr.hasSuffix(
                "\n  failed: big.lua: cannot write small/big.json (No space left on device)\n"),
            r.stderr)
    }

    func testBatchPrintsNameTheirJob() throws {
        try write("hello.lua", "print(\"hello\")\n" + Self.fade)
        let r = try CLIProcess.run(["batch", "hello.lua", "-o", "out"], directory: folder)
        XCTAssertEqual(r.status, 0, r.stderr)
        // was "hello" alone, from whichever job
        XCTAssertTrue(r.stderr.hasPrefix("hello.json: hello\n"), r.stderr)
    }

    func testListHasAHeaderAliasesAndParameters() throws {
        let r = try CLIProcess.run(["list", "--no-user-plugins"], directory: folder)
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        XCTAssertEqual(lines.first, ["KIND", "NAME", "PLUGIN", "NOTES", "FILE"])
        XCTAssertTrue(
            lines.contains(["timing", "ease-in", "builtin", "alias", "of", "easeIn", "-"]), r.stdout)
        XCTAssertTrue(
            lines.contains([
                "timing", "kCAMediaTimingFunctionDefault", "builtin", "alias", "of", "default", "-",
            ]))
        // Penner's overshoot, 1.70158 (plugins/penner.lua), and the elastic period 0.3.
        let backOut = lines.first { $0.count > 1 && $0[1] == "backOut" }
        XCTAssertEqual(backOut?[2...5], ["penner", "overshoot", "=", "1.70158"])
        let elasticOut = lines.first { $0.count > 1 && $0[1] == "elasticOut" }
        XCTAssertEqual(elasticOut?[2...8], ["penner", "amplitude", "=", "1,", "period", "=", "0.3"])
    }

    func testHelpAndManPageNameLottie() throws {
        // Words joined by single spaces: the help wraps its lines, the man page joins them.
        func words(_ text: String) -> String {
            text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        }
        let help = try CLIProcess.run(["help", "run"])
        XCTAssertTrue(
            words(help.stdout).contains("or lottie (a Lottie JSON file for rlottie and lottie-web)"),
            help.stdout)
        let man = try CLIProcess.run(["__generate", "man"])
        // roff writes a hyphen as \-.
        XCTAssertTrue(
            words(man.stdout).contains("or lottie (a Lottie JSON file for rlottie and lottie\\-web)"))
    }

    /// A plugin easing's params are its arguments' defaults, for its variants too.
    func testPluginParamsAreDefaults() throws {
        try write(
            "plugins/pow.lua",
            "return {name = 'pow', easings = {powIn = {fn = function(t, p) return t ^ p end, params = {p = 3}}}}\n"
        )
        // 0.5^3 = 0.125; Out: 1 - 0.5^3 = 0.875; powIn(2): 0.5^2 = 0.25.
        for (spec, y) in [("powIn", "0.125"), ("powOut", "0.875"), ("powIn(2)", "0.25")] {
            let r = try CLIProcess.run(
                ["curve", "--no-user-plugins", "--plugins", "plugins", spec, "--at", "0.5"], directory: folder
            )
            XCTAssertEqual(r.status, 0, "\(spec): \(r.stderr)")
            XCTAssertEqual(r.stdout, "x,y\n0.5,\(y)\n", spec)
        }
    }
}
