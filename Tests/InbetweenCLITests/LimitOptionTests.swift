import Foundation
import XCTest

/// The limit options on the command line, and Ctrl-C.
final class LimitOptionTests: XCTestCase {
    private func folder(with script: String, named name: String = "loop.lua") throws -> URL {
        let dir = try temporaryFolder("ib-limits")
        try script.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        return dir
    }

    /// Issue 31: what the host builds for a script counts against `--max-memory`, not only
    /// Lua's heap. A timeline nested in itself by doubling, 40 levels (2^40 copies), reached
    /// 8 GB under `--max-memory 64M`; under `ulimit -v` 2 GB the old binary aborted (SIGABRT)
    /// at 1.9 GB. Now the add that would pass the limit (children at 1 KiB each) is an error
    /// naming it, at the script's line, and the run's peak RSS (GNU time) stays under 64 MiB
    /// plus the process's own 30-40 MB: seen 70 MB.
    func testDoublingTimelinesStopAtTheMemoryLimit() throws {
        let dir = try folder(
            with: """
                local l = layer{name = "l"}
                local t = timeline{}
                t:add(l, animation.basic{keyPath = "opacity", toValue = 0, duration = 0.1})
                for i = 1, 40 do
                  local p = timeline{}
                  p:add(t) p:add(t)
                  t = p
                end
                scene{timeline = t}
                """, named: "double.lua")
        let script = dir.appendingPathComponent("double.lua").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c",
            "ulimit -v 2000000; exec /usr/bin/time -f '%M' \"$0\" run \"$1\" --max-memory 64M -o /dev/null",
            CLIProcess.binary.path, script,
        ]
        let err = Pipe()
        process.standardError = err
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let lines = stderr.split(separator: "\n")
        XCTAssertEqual(process.terminationStatus, 1, stderr)
        XCTAssertEqual(
            lines.first.map(String.init),
            "inbetween: \(script):6: bad argument #1 to 'add' (the timeline would hold 98302 children "
                + "(nested ones counted, about 1024 bytes each), more than the memory limit of 67108864 bytes allows)"
        )
        // 98302 = 3 * 2^15 - 2: the first size past 64 MiB / 1 KiB = 65536 (level 15's second add).
        let peakKB = Double(lines.last ?? "") ?? .infinity
        XCTAssertLessThan(peakKB, 64 * 1024 + 40 * 1024, stderr)
    }

    /// A replicator's copies are made outside Lua's heap, in every frame and export: with
    /// `instanceCount = 1e9` the old binary grew to 4.2 GB (css), 2.2 GB (lottie) and 1.3 GB
    /// (render) under `--max-memory 256M`, and `math.maxinteger` trapped (SIGILL) in the css
    /// and swift writers. Now the count is checked against the limit where it is set (the
    /// copies a replicator draws, at most 100,000, at 8 KiB each: 100,000 x 8,192 bytes is
    /// over 256 MiB), an error naming the script's line and instanceCount, in every format,
    /// set in the constructor or assigned; each run under `ulimit -v` 4 GB and `timeout` 120 s,
    /// its peak RSS (GNU time) under 256 MiB plus the process's own 30-40 MB. Under the
    /// default 1 GiB the same copies fit, and the Swift export says the count drawn.
    func testReplicatedCopiesCountAgainstTheMemoryLimit() throws {
        let dir = try folder(
            with: """
                local r = replicator{name = "r", bounds = rect(0, 0, 120, 120), instanceCount = COUNT}
                local dot = layer{name = "dot", bounds = rect(0, 0, 4, 4), backgroundColor = "#29335c"}
                r:addSublayer(dot)
                dot:add(animation.basic{keyPath = "opacity", fromValue = 1, toValue = 0, duration = 1})
                r.instanceCount = LATER
                """, named: "unused.lua")
        let cases: [(count: String, later: String, line: Int, given: String)] = [
            ("1e9", "3", 1, "1000000000.0"), ("math.maxinteger", "3", 1, "9223372036854775807"),
            ("3", "2^31", 5, "2147483648.0"),
        ]
        let formats = [
            ["run", "--format", "css"], ["run", "--format", "lottie"], ["run", "--format", "swift"],
            ["run", "--world", "--format", "json"], ["render", "--size", "50x50"],
        ]
        for (i, c) in cases.enumerated() {
            let script = dir.appendingPathComponent("copies-\(i).lua").path
            let text = try String(contentsOf: dir.appendingPathComponent("unused.lua"), encoding: .utf8)
            try text.replacingOccurrences(of: "COUNT", with: c.count).replacingOccurrences(
                of: "LATER", with: c.later
            )
            .write(toFile: script, atomically: true, encoding: .utf8)
            for format in formats {
                let out = format[0] == "render" ? dir.appendingPathComponent("r.png").path : "/dev/null"
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/bin/sh")
                process.arguments =
                    [
                        "-c",
                        "out=\"$1\"; shift; ulimit -v 4000000; exec timeout 120 /usr/bin/time -f '%M' \"$0\" \"$@\" --max-memory 256M -o \"$out\"",
                        CLIProcess.binary.path, out, format[0], script,
                    ] + format.dropFirst()
                let err = Pipe()
                process.standardError = err
                try process.run()
                let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                let lines = stderr.split(separator: "\n")
                XCTAssertEqual(process.terminationStatus, 1, "\(format) \(c): \(stderr)")
                XCTAssertTrue(
                    lines.first?.hasPrefix("inbetween: \(script):\(c.line): ") == true
                        && stderr.contains(
                            "instanceCount' asks for \(c.given) copies (100000 drawn: a replicator draws at most 100000), "
                                + "about 8192 bytes each outside Lua, more than the memory limit of 268435456 bytes allows"
                        ),
                    "\(format) \(c): \(stderr)")
                let peakKB = Double(lines.last ?? "") ?? .infinity
                XCTAssertLessThan(peakKB, 256 * 1024 + 40 * 1024, "\(format) \(c): \(stderr)")
            }
        }
        let script = dir.appendingPathComponent("copies-max.lua").path
        try String(contentsOf: dir.appendingPathComponent("unused.lua"), encoding: .utf8)
            .replacingOccurrences(of: "COUNT", with: "math.maxinteger")
            .replacingOccurrences(of: "LATER", with: "math.maxinteger")
            .write(toFile: script, atomically: true, encoding: .utf8)
        let r = try CLIProcess.run(["run", script, "--format", "swift", "--to", "0"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("layer.instanceCount = 100000\n"), r.stdout)
    }

    /// Copies multiply down nested replicators: 1,000 copies of a replicator of 1,000 copies
    /// of a dot draw 1,000 x 1,000 dots and 1,000 inner replicators, 1,001,000 copies
    /// (x 8,192 bytes = 8.2 GB, over 256 MiB) though each count fits alone,
    /// and an animated count draws its largest value. The old binary passed each count and
    /// ran away (css and lottie past `ulimit -v` 4 GB or `timeout`); now the change that
    /// makes the total too large is an error naming the script's line and instanceCount:
    /// the constructor nesting them, the addSublayer after both counts were set, and the
    /// animation up to 1e6. Peak RSS (GNU time) under 256 MiB plus the process's 30-40 MB.
    func testNestedAndAnimatedCopiesCountAgainstTheMemoryLimit() throws {
        let cases: [(name: String, script: String, line: Int, words: String)] = [
            (
                "constructor",
                """
                local dot = layer{name = "dot", bounds = rect(0, 0, 4, 4), backgroundColor = "#29335c"}
                local inner = replicator{name = "inner", instanceCount = 1000, sublayers = {dot}}
                local outer = replicator{name = "outer", instanceCount = 1000, sublayers = {inner}}
                dot:add(animation.basic{keyPath = "opacity", fromValue = 1, toValue = 0, duration = 1})
                """, 3,
                "replicator{...} 'outer': the layer's instanceCount makes the scene draw 1001000 replicated copies"
            ),
            (
                "addSublayer",
                """
                local dot = layer{name = "dot", bounds = rect(0, 0, 4, 4), backgroundColor = "#29335c"}
                local inner = replicator{name = "inner"}
                local outer = replicator{name = "outer"}
                inner.instanceCount = 1000
                outer.instanceCount = 1000
                inner:addSublayer(dot)
                outer:addSublayer(inner)
                dot:add(animation.basic{keyPath = "opacity", fromValue = 1, toValue = 0, duration = 1})
                """, 7,
                "layer 'inner' added to 'outer': the layer's instanceCount makes the scene draw 1001000 replicated copies"
            ),
            (
                "animation",
                """
                local dot = layer{name = "dot", bounds = rect(0, 0, 4, 4), backgroundColor = "#29335c"}
                local inner = replicator{name = "inner", instanceCount = 1000, sublayers = {dot}}
                local outer = replicator{name = "outer", instanceCount = 1, sublayers = {inner}}
                outer:add(animation.basic{keyPath = "instanceCount", fromValue = 1, toValue = 1000, duration = 1})
                """, 4,
                "animation of 'instanceCount' on layer 'outer' makes the scene draw 1001000 replicated copies"
            ),
        ]
        try assertCopiesRefused(cases)
    }

    /// Every path that puts an animation on a layer meets the copies check of `l:add`: a
    /// timeline's add (the animation goes on the layer later, when its cue comes), a
    /// staggered one (the second layer is the one too big), and a retarget (which also
    /// sets the model value: the copy runs from 1 - 1,000 to 0 on top of 1,000, so its
    /// largest value counts as 1,999, and 1,999 x (1 + 1,000) = 2,000,999 copies). The
    /// old binary let all three through: css and render wrote their output (exit 0), lottie
    /// ran past the timeout. Now each is the error `l:add` gives, at the script's line.
    func testEveryWayOfAddingAnAnimationChecksTheCopies() throws {
        let prelude = """
            local dot = layer{name = "dot", bounds = rect(0, 0, 4, 4), backgroundColor = "#29335c"}
            local inner = replicator{name = "inner", instanceCount = 1000, sublayers = {dot}}
            local outer = replicator{name = "outer", instanceCount = 1, sublayers = {inner}}
            local grow = animation.basic{keyPath = "instanceCount", fromValue = 1, toValue = 1000, duration = 1}

            """
        let copies = "animation of 'instanceCount' on layer 'outer' makes the scene draw"
        try assertCopiesRefused([
            (
                "timeline", prelude + "local tl = timeline{}\ntl:add(outer, grow)\nscene{timeline = tl}\n", 6,
                "bad argument #2 to 'add' (\(copies) 1001000 replicated copies"
            ),
            (
                "stagger",
                prelude
                    + "local tl = timeline{}\ntl:add({replicator{}, outer}, grow, 0, {stagger = 0.5})\n"
                    + "scene{timeline = tl}\n", 6,
                "bad argument #2 to 'add' (\(copies) 1001000 replicated copies"
            ),
            (
                "retarget",
                prelude
                    + "outer:retarget('instanceCount', 1000, animation.basic{keyPath = 'instanceCount'})\n",
                5,
                "bad argument #3 to 'retarget' (\(copies) 2000999 replicated copies"
            ),
        ])
    }

    /// Runs each script in css, lottie and render under `--max-memory 256M` (`ulimit -v`
    /// 4 GB, `timeout` 60 s): exit 1, the first line of the error at the script's `line`
    /// holding `words` and the rule, and a peak RSS (GNU time) under 256 MiB plus the
    /// process's own 30-40 MB.
    private func assertCopiesRefused(_ cases: [(name: String, script: String, line: Int, words: String)])
        throws
    {
        let formats = [
            ["run", "--format", "css"], ["run", "--format", "lottie"], ["render", "--size", "50x50"],
        ]
        let dir = try folder(with: "", named: "unused.lua")
        for c in cases {
            let script = dir.appendingPathComponent("\(c.name).lua").path
            try c.script.write(toFile: script, atomically: true, encoding: .utf8)
            for format in formats {
                let out = format[0] == "render" ? dir.appendingPathComponent("r.png").path : "/dev/null"
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/bin/sh")
                process.arguments =
                    [
                        "-c",
                        "out=\"$1\"; shift; ulimit -v 4000000; exec timeout 60 /usr/bin/time -f '%M' \"$0\" \"$@\" --max-memory 256M -o \"$out\"",
                        CLIProcess.binary.path, out, format[0], script,
                    ] + format.dropFirst()
                let err = Pipe()
                process.standardError = err
                try process.run()
                let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                let lines = stderr.split(separator: "\n")
                XCTAssertEqual(process.terminationStatus, 1, "\(format) \(c.name): \(stderr)")
                XCTAssertTrue(
                    lines.first?.hasPrefix("inbetween: \(script):\(c.line): ") == true
                        && stderr.contains(
                            c.words
                                + " (the instanceCount of nested replicators multiply; an animated instanceCount "
                                + "counts its largest value), about 8192 bytes each outside Lua, more than the "
                                + "memory limit of 268435456 bytes allows"),
                    "\(format) \(c.name): \(stderr)")
                let peakKB = Double(lines.last ?? "") ?? .infinity
                XCTAssertLessThan(peakKB, 256 * 1024 + 40 * 1024, "\(format) \(c.name): \(stderr)")
            }
        }
    }

    /// The structural exports (css, swift) keep the scene's history: each event keeps the
    /// layers it changed, with their animations. One layer taking an animation every 0.5 ms
    /// that lasts 0.5 s holds 1,000 at once, so 2,000 adds keep about 3.5 million animations
    /// (peak RSS 528 MB with the release build, under any `--max-memory`: the old binary
    /// wrote the CSS, exit 0). The history now counts against the limit (256 bytes an
    /// animation held): past 64 MiB the export stops with an error naming the limit and how
    /// to raise it, and nothing is written. 100 adds (at most 5,050 animations held, 1.3 MB)
    /// still export under the same limit.
    func testExportHistoryCountsAgainstTheMemoryLimit() throws {
        let dir = try folder(with: "", named: "unused.lua")
        for (adds, fits) in [(2000, false), (100, true)] {
            let script = dir.appendingPathComponent("adds\(adds).lua").path
            try """
            local l = layer{name = "l"}
            local tl = timeline{}
            for i = 1, \(adds) do
              tl:add(l, animation.basic{keyPath = "position.x", fromValue = i, toValue = i + 1, duration = 0.5},
                (i - 1) * 0.0005)
            end
            scene{timeline = tl}
            """.write(toFile: script, atomically: true, encoding: .utf8)
            for format in ["css", "swift"] {
                let out = dir.appendingPathComponent("out.\(format)").path
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/bin/sh")
                process.arguments = [
                    "-c",
                    "exec /usr/bin/time -f '%M' \"$0\" run \"$1\" --format \"$2\" --max-memory 64M -o \"$3\"",
                    CLIProcess.binary.path, script, format, out,
                ]
                let err = Pipe()
                process.standardError = err
                try process.run()
                let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                let lines = stderr.split(separator: "\n")
                XCTAssertEqual(process.terminationStatus, fits ? 0 : 1, "\(format) \(adds): \(stderr)")
                XCTAssertEqual(FileManager.default.fileExists(atPath: out), fits, "\(format) \(adds)")
                try? FileManager.default.removeItem(atPath: out)
                try? FileManager.default.removeItem(atPath: dir.appendingPathComponent("out.html").path)
                let peakKB = Double(lines.last ?? "") ?? .infinity
                XCTAssertLessThan(peakKB, 64 * 1024 + 40 * 1024, "\(format) \(adds): \(stderr)")
                guard !fits else { continue }
                XCTAssertTrue(
                    lines.first?.hasPrefix("inbetween: the \(format) output would hold the scene at each")
                        == true
                        && stderr.contains(
                            "more than the memory limit of 67108864 bytes allows; raise it with --max-memory (0 = no limit), "
                                + "or write a format that does not keep the history (json, csv)"),
                    "\(format) \(adds): \(stderr)")
            }
        }
    }

    /// Issue 31: keyframe values become arrays outside Lua's heap, counted against
    /// `--max-memory` before they are made (96 bytes a value, measured). 200,000 values under
    /// 16 MiB: Lua holds about 3.2 MB of them, the host would add 19.2 MB; the old binary ran
    /// it (exit 0, 47 MB peak). Now an error naming the field, the count and the limit.
    func testKeyframeValuesCountAgainstTheMemoryLimit() throws {
        let dir = try folder(
            with: """
                local v = {}
                for i = 1, 200000 do v[i] = i end
                local l = layer{name = "l"}
                l:add(animation.keyframe{keyPath = "opacity", values = v, duration = 1})
                """, named: "values.lua")
        let script = dir.appendingPathComponent("values.lua").path
        let r = try CLIProcess.run(["run", script, "--max-memory", "16M", "-o", "/dev/null"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(
            r.stderr,
            "inbetween: \(script):4: bad argument #1 to 'keyframe' (field 'values' holds 200000 values, about 96 bytes "
                + "each outside Lua, more than the memory limit of 16777216 bytes allows)\n")
        XCTAssertEqual(
            try CLIProcess.run(["run", script, "--max-memory", "32M", "-o", "/dev/null"]).status, 0)
    }

    func testBadLimitValuesAreUsageErrors() throws {
        let cases: [([String], String)] = [
            (
                ["--max-memory", "lots"],
                "inbetween: option --max-memory needs a size in bytes such as 512M, 1G or 64K (0 = no limit), got 'lots'"
            ),
            (
                ["--max-instructions", "1.5"],
                "inbetween: option --max-instructions needs a whole number of instructions (0 = no limit), got '1.5'"
            ),
            (
                ["--timeout", "-1"],
                "inbetween: option --timeout needs a number of seconds (0 = no limit), got '-1'"
            ),
            (
                ["--max-frames", "nan"],
                "inbetween: option --max-frames needs a whole number of frames (0 = no limit), got 'nan'"
            ),
        ]
        for (options, first) in cases {
            let r = try CLIProcess.run(["run"] + options + ["examples/01-ease-out-move.lua"])
            XCTAssertEqual(r.status, 2, "\(options)")
            XCTAssertEqual(r.stderr.split(separator: "\n").first.map(String.init), first)
        }
    }

    /// Suffixes are binary multiples: 1K = 1024 bytes, as the message shows.
    func testMemorySizeSuffixes() throws {
        let dir = try folder(with: "local s = string.rep('x', 1 << 24)")
        defer { try? FileManager.default.removeItem(at: dir) }
        for (size, bytes) in [("8M", 8 << 20), ("8192K", 8 << 20), ("0.5MiB", 1 << 19)] {
            let r = try CLIProcess.run(["run", "--max-memory", size, "loop.lua"], directory: dir)
            XCTAssertEqual(r.status, 1)
            XCTAssertEqual(
                r.stderr,
                "inbetween: loop.lua:1: memory limit (\(bytes) bytes) exceeded; raise it with --max-memory\n")
        }
    }

    func testDefaultLimitsDoNotBiteTheExamples() throws {
        let examples = try FileManager.default.contentsOfDirectory(
            atPath: CLIProcess.root.appendingPathComponent("examples").path
        )
        .filter { $0.hasSuffix(".lua") }
        XCTAssertFalse(examples.isEmpty)
        for name in examples {
            let r = try CLIProcess.run(["run", "--no-user-plugins", "examples/" + name])
            XCTAssertEqual(r.status, 0, "\(name): \(r.stderr)")
        }
    }

    /// Ctrl-C: the hook turns SIGINT into an "interrupted" error, exit status 130, and the
    /// output file is neither created nor left half-written.
    func testInterruptStopsCleanly() throws {
        let dir = try folder(with: "local n = 0\nwhile true do\n  n = n + 1\nend\n")
        defer { try? FileManager.default.removeItem(at: dir) }
        let process = Process()
        process.executableURL = CLIProcess.binary
        process.arguments = [
            "run", "--max-instructions", "0", "--timeout", "0", "loop.lua", "-o", "out.json",
        ]
        process.currentDirectoryURL = dir
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 0.5)
        process.interrupt()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 130)
        XCTAssertTrue(stderr.hasPrefix("inbetween: loop.lua:") && stderr.hasSuffix(": interrupted\n"), stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["loop.lua"])
    }

    func testHelpListsTheLimits() throws {
        let r = try CLIProcess.run(["--help"])
        for flag in ["--max-instructions N", "--max-memory BYTES", "--timeout SECONDS", "--max-frames N"] {
            XCTAssertTrue(r.stdout.contains(flag), flag)
        }
    }
}
