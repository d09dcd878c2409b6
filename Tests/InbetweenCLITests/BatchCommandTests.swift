import Foundation
import XCTest

/// `inbetween batch`: partial failure, a crashing worker, resume with --skip-existing, shard
/// slices, manifests (parameters and line-numbered errors), isolation between jobs, atomic
/// outputs.
final class BatchCommandTests: XCTestCase, FolderTest {
    /// A 0.1 s opacity ramp from `params.from` (default 0) to 1: 7 frames at 60 fps.
    static let good = """
        local p = params or {}
        local l = layer{name = "a", opacity = 1}
        l:add(animation.basic{keyPath = "opacity", fromValue = p.from or 0, toValue = 1, duration = 0.1}, "o")
        """
    static let bad = "error('boom')\n"
    /// Fails at t = 1 s, after 60 frames were written: the output must not appear.
    static let late = """
        local l = layer{name = "a", opacity = 1}
        l:add(animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, duration = 1,
          onStop = function() error("late failure") end}, "o")
        """

    var folder: URL!

    override func setUpWithError() throws {
        folder = try temporaryFolder("ib-batch")
    }

    /// Every entry of a folder, hidden ones included (a leftover staging folder would show).
    private func listing(_ name: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path(name))) ?? []).sorted()
    }

    private func summary(_ r: CLIResult) -> String {
        r.stderr.split(separator: "\n").first { $0.hasPrefix("batch: ") }.map(String.init) ?? r.stderr
    }

    func testPartialFailureCompletesTheOthers() throws {
        for name in ["a", "b", "c"] { try write("s/\(name).lua", Self.good) }
        let bad = try write("s/bad.lua", Self.bad)
        let r = try CLIProcess.run(["batch", path("s"), "-o", path("out"), "--format", "csv", "--jobs", "2"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(listing("out"), ["a.csv", "b.csv", "c.csv"])
        XCTAssertTrue(summary(r).hasPrefix("batch: 3 succeeded, 1 failed;"), r.stderr)
        // Lua shortens long chunk names from the left ("..."), so the position is a suffix.
        XCTAssertTrue(r.stderr.contains("  failed: \(bad): "), r.stderr)
        XCTAssertTrue(r.stderr.contains("s/bad.lua:1: boom\n"), r.stderr)
        let csv = try String(contentsOfFile: path("out/a.csv"), encoding: .utf8)
        XCTAssertEqual(csv.split(separator: "\n").count, 1 + 7)  // header + frames 0...6
    }

    /// Issue 31: large payloads between the batch and its workers. A 16 MB error message and
    /// a manifest line with four 5 MB params strings each pass through a worker within 20 s
    /// (a generous bound: 3-6 s here in a debug build on a loaded machine). Failed before the
    /// fix: the line reader searched a long line from its start on every 64 KiB read, so a
    /// 16 MB message alone took 64 s, past the watchdog of `--timeout 20` (killed as "no
    /// answer").
    func testLargePayloadsPassThroughAWorker() throws {
        let megabytes = 1 << 20
        try write("p/loud.lua", "error(string.rep('x', 16 * \(megabytes)), 0)\n")
        let big = String(repeating: "y", count: 5 * megabytes)
        try write(
            "p/params.lua",
            """
            for _, k in ipairs{"a", "b", "c", "d"} do assert(#params[k] == \(5 * megabytes), k) end
            \(Self.good)
            """)
        try write(
            "p/jobs.jsonl",
            #"{"script": "params.lua", "params": {"a": "\#(big)", "b": "\#(big)", "c": "\#(big)", "d": "\#(big)"}}"#
                + "\n")
        let loud = try CLIProcess.run(["batch", path("p/loud.lua"), "-o", path("out1"), "--timeout", "20"])
        XCTAssertEqual(loud.status, 1)
        XCTAssertLessThan(loud.seconds, 20)
        XCTAssertTrue(loud.stderr.contains(String(repeating: "x", count: 16 * megabytes) + "\n"))
        let params = try CLIProcess.run(
            [
                "batch", "--manifest", path("p/jobs.jsonl"), "-o", path("out2"), "--timeout", "20",
                "--max-memory", "1G",
            ])
        XCTAssertEqual(params.status, 0, String(params.stderr.prefix(500)))
        XCTAssertLessThan(params.seconds, 20)
        XCTAssertEqual(listing("out2"), ["params.json"])
    }

    /// Issue 31: with `-o` the manifest's own folder, an `"output"` that names a file the
    /// batch reads is refused before any job runs (exit 1, naming the line), whatever its
    /// name: the job's own script, another job's script, the manifest itself. A module a
    /// script requires is refused by its worker (the job fails, the module stays). Before,
    /// each was replaced by the output and the batch exited 0.
    func testOutputsNeverReplaceWhatTheBatchReads() throws {
        let helper = "return 0.5\n"
        let manifest = path("m/jobs.jsonl")
        try write("m/helper.lua", helper)
        try write("m/uses.lua", "local half = require('helper')\n" + Self.good)
        let cases: [(jobs: String, message: String?)] = [
            (
                #"{"script": "a.lua", "output": "a.lua"}"#,
                "\(manifest):1: refusing to write \(path("m"))/a.lua: it is a file this batch reads (the script of \(manifest):1); choose another output"
            ),
            (
                #"{"script": "a.lua", "output": "x.csv"}"# + "\n"
                    + #"{"script": "b.lua", "output": "a.lua"}"#,
                "\(manifest):2: refusing to write \(path("m"))/a.lua: it is a file this batch reads (the script of \(manifest):1); choose another output"
            ),
            (
                #"{"script": "a.lua", "output": "jobs.jsonl"}"#,
                "\(manifest):1: refusing to write \(path("m"))/jobs.jsonl: it is a file this batch reads (the manifest \(manifest)); choose another output"
            ),
            (#"{"script": "uses.lua", "output": "helper.lua"}"#, nil),
        ]
        for (jobs, message) in cases {
            try write("m/a.lua", Self.good)
            try write("m/b.lua", Self.good)
            try write("m/jobs.jsonl", jobs + "\n")
            let r = try CLIProcess.run([
                "batch", "--manifest", path("m/jobs.jsonl"), "-o", path("m"), "--format", "csv",
            ])
            XCTAssertEqual(r.status, 1, r.stderr)
            if let message {
                XCTAssertEqual(r.stderr, "inbetween: \(message)\n")
            } else {
                XCTAssertTrue(
                    r.stderr.contains(
                        "refusing to write \(path("m"))/helper.lua: it is a file this run reads ("), r.stderr)
            }
            XCTAssertEqual(try String(contentsOfFile: path("m/a.lua"), encoding: .utf8), Self.good, jobs)
            XCTAssertEqual(try String(contentsOfFile: path("m/b.lua"), encoding: .utf8), Self.good, jobs)
            XCTAssertEqual(try String(contentsOfFile: path("m/jobs.jsonl"), encoding: .utf8), jobs + "\n")
            XCTAssertEqual(try String(contentsOfFile: path("m/helper.lua"), encoding: .utf8), helper)
            XCTAssertEqual(listing("m"), ["a.lua", "b.lua", "helper.lua", "jobs.jsonl", "uses.lua"], jobs)
        }
    }

    func testAllSucceedingExitsZero() throws {
        for name in ["a", "b"] { try write("s/\(name).lua", Self.good) }
        let r = try CLIProcess.run(["batch", path("s/a.lua"), path("s/b.lua"), "-o", path("out")])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(listing("out"), ["a.json", "b.json"])
        XCTAssertTrue(summary(r).hasPrefix("batch: 2 succeeded, 0 failed;"), r.stderr)
    }

    func testCrashingWorkerFailsOnlyItsJob() throws {
        for name in ["a", "b", "c", "d"] { try write("s/\(name).lua", Self.good) }
        let crash = try write("s/crash.lua", Self.good)
        for jobs in ["1", "2"] {
            let out = "out\(jobs)"
            let r = try CLIProcess.run(
                ["batch", path("s"), "-o", path(out), "--jobs", jobs],
                environment: ["INBETWEEN_TEST_CRASH_ON": "crash.lua"])
            XCTAssertEqual(r.status, 1, r.stderr)
            XCTAssertEqual(listing(out), ["a.json", "b.json", "c.json", "d.json"], "--jobs \(jobs)")
            XCTAssertTrue(summary(r).hasPrefix("batch: 4 succeeded, 1 failed;"), r.stderr)
            XCTAssertTrue(
                r.stderr.contains(
                    "  failed: \(crash): worker killed by signal 6 (SIGABRT) while running this script"),
                r.stderr)
        }
    }

    func testSkipExistingResumes() throws {
        for name in ["a", "b", "c"] { try write("s/\(name).lua", Self.good) }
        XCTAssertEqual(try CLIProcess.run(["batch", path("s"), "-o", path("out")]).status, 0)
        // An interrupted batch: b's output is missing, a's is marked so a rewrite would show.
        try FileManager.default.removeItem(atPath: path("out/b.json"))
        try write("out/a.json", "kept")
        let r = try CLIProcess.run(["batch", path("s"), "-o", path("out"), "--skip-existing"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(
            summary(r).hasPrefix("batch: 1 succeeded, 0 failed, 2 skipped (output exists);"), r.stderr)
        XCTAssertEqual(try String(contentsOfFile: path("out/a.json"), encoding: .utf8), "kept")
        XCTAssertEqual(listing("out"), ["a.json", "b.json", "c.json"])
    }

    func testShardsCoverTheListExactlyOnce() throws {
        let names = (0..<7).map { String(format: "j%02d", $0) }  // sorted = list order
        for name in names { try write("s/\(name).lua", Self.good) }
        for n in 1...4 {
            var seen: [String] = []
            for k in 1...n {
                let out = "out-\(k)-of-\(n)"
                let r = try CLIProcess.run([
                    "batch", path("s"), "-o", path(out), "--shard", "\(k)/\(n)", "--jobs", "1",
                ])
                XCTAssertEqual(r.status, 0, r.stderr)
                let got = listing(out).map { String($0.dropLast(5)) }
                // Job i (0-based) belongs to shard i mod N + 1.
                let expected = names.enumerated().filter { $0.offset % n == k - 1 }.map(\.element)
                XCTAssertEqual(got, expected, "shard \(k)/\(n)")
                seen += got
            }
            XCTAssertEqual(seen.sorted(), names, "N = \(n)")
        }
    }

    func testBadShardIsAUsageError() throws {
        try write("s/a.lua", Self.good)
        for shard in ["0/2", "3/2", "1/0", "x", "1/2/3"] {
            let r = try CLIProcess.run(["batch", path("s"), "-o", path("out"), "--shard", shard])
            XCTAssertEqual(r.status, 2, shard)
            XCTAssertTrue(
                r.stderr.hasPrefix("inbetween: option --shard needs K/N with 1 <= K <= N"), r.stderr)
        }
    }

    func testManifestPassesParamsAndNames() throws {
        try write("m/good.lua", Self.good)
        // A byte order mark and CRLF line ends, as a Windows tool writes them.
        let manifest = try write(
            "m/jobs.jsonl",
            "\u{FEFF}" + """
                {"script": "good.lua", "params": {"from": 0.5}, "output": "half.csv"}\r

                {"script": "good.lua", "output": "zero.csv"}
                """)
        let r = try CLIProcess.run(["batch", "--manifest", manifest, "-o", path("out"), "--format", "csv"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(listing("out"), ["half.csv", "zero.csv"])
        let half = try String(contentsOfFile: path("out/half.csv"), encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(half[1], "0,a,opacity,0.5")  // params.from at t = 0
        let zero = try String(contentsOfFile: path("out/zero.csv"), encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(zero[1], "0,a,opacity,0")
    }

    func testManifestErrorsNameTheLine() throws {
        try write("m/good.lua", Self.good)
        try write("outside.lua", Self.good)
        try FileManager.default.createSymbolicLink(
            atPath: path("m/link.lua"), withDestinationPath: "../outside.lua")
        try FileManager.default.createSymbolicLink(
            atPath: path("m/zero.lua"), withDestinationPath: "/dev/zero")
        XCTAssertEqual(mkfifo(path("m/fifo.lua"), 0o600), 0)
        // The temporary folder may itself be reached through a symlink.
        let realFolder = try XCTUnwrap(
            realpath(folder.path, nil).map { p in
                defer { free(p) }
                return String(cString: p)
            })
        let ok = #"{"script": "good.lua"}"#
        let cases: [(String, String)] = [
            ("{\"script\": ", "jobs.jsonl:2: not valid JSON"),
            ("[1, 2]", "jobs.jsonl:2: a job is a JSON object"),
            (
                #"{"scirpt": "good.lua"}"#,
                "jobs.jsonl:2: unknown key 'scirpt' (did you mean 'script'? valid: output, params, script)"
            ),
            (#"{"params": {}}"#, "jobs.jsonl:2: missing \"script\""),
            (#"{"script": 3}"#, "jobs.jsonl:2: \"script\" must be a non-empty string"),
            (#"{"script": "nope.lua"}"#, "jobs.jsonl:2: script '"),
            (#"{"script": "good.lua", "params": [1]}"#, "jobs.jsonl:2: \"params\" must be a JSON object"),
            (
                #"{"script": "good.lua", "output": "../x.csv"}"#,
                "jobs.jsonl:2: \"output\" '../x.csv' is a path ('/', '.' or '..'); an output is a plain file name inside the output folder"
            ),
            (
                #"{"script": "good.lua", "output": "good.json"}"#,
                "jobs.jsonl:2: output 'good.json' is also written by "
            ),
            // Issue 13's cases: what JSONDecoder let through, and names and paths out of bounds.
            (
                #"{"script": "good.lua", "script": "good.lua"}"#,
                #"jobs.jsonl:2: duplicate key "script" (column 24)"#
            ),
            // 2^53 + 1 = 9007199254740993 has no double: JSONDecoder read it as 2^53.
            (
                #"{"script": "good.lua", "params": {"n": 9007199254740993}}"#,
                "jobs.jsonl:2: integer 9007199254740993 is beyond 2^53 (9007199254740992) and would not be exact; write it as a string (column 40)"
            ),
            // 10,000 levels: the first '[' is at column 40 and depth 3, so depth 101 is at 138.
            (
                #"{"script": "good.lua", "params": {"a": "# + String(repeating: "[", count: 10_000)
                    + String(repeating: "]", count: 10_000) + "}}",
                "jobs.jsonl:2: nested deeper than 100 levels (column 138)"
            ),
            (
                #"{"script": "good.lua", "output": "x\u00001"}"#,
                #"jobs.jsonl:2: "output" 'x\u00001' contains a control character (NUL, newline...); an output is a plain file name inside the output folder"#
            ),
            (
                #"{"script": "good.lua", "output": "/tmp/x.csv"}"#,
                #"jobs.jsonl:2: "output" '/tmp/x.csv' is an absolute path"#
            ),
            (
                #"{"script": "good.lua", "output": ".inbetween-batch-1"}"#,
                #"jobs.jsonl:2: "output" '.inbetween-batch-1' starts with '.inbetween-batch-', the mark of batches' staging folders"#
            ),
            (
                #"{"script": "good.lua", "output": "GOOD.json"}"#,
                "jobs.jsonl:2: output 'GOOD.json' and 'good.json' (\(path("m/jobs.jsonl")):1) are one file on a case-insensitive or normalising file system"
            ),
            (
                #"{"script": "../outside.lua"}"#,
                "jobs.jsonl:2: script '../outside.lua' is '\(realFolder)/outside.lua' once symlinks are resolved, outside the manifest's folder \(realFolder)/m; a manifest runs only scripts in its folder or below it"
            ),
            (
                #"{"script": "link.lua"}"#,
                "jobs.jsonl:2: script 'link.lua' is '\(realFolder)/outside.lua' once symlinks are resolved, outside"
            ),
            (
                #"{"script": "zero.lua"}"#,
                "jobs.jsonl:2: script 'zero.lua' is '/dev/zero' once symlinks are resolved, outside"
            ),
            (
                #"{"script": "/etc/passwd"}"#,
                "jobs.jsonl:2: script '/etc/passwd' is '/etc/passwd' once symlinks are resolved, outside"
            ),
            (
                #"{"script": "fifo.lua"}"#,
                "jobs.jsonl:2: script '\(path("m/fifo.lua"))' is not a regular file"
            ),
        ]
        for (line, expected) in cases {
            let manifest = try write("m/jobs.jsonl", ok + "\n" + line + "\n")
            let r = try CLIProcess.run(["batch", "--manifest", manifest, "-o", path("out")])
            XCTAssertEqual(r.status, 1, line)
            XCTAssertTrue(
                r.stderr.hasPrefix("inbetween: \(path("m/jobs.jsonl")):2: "), "\(line): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(expected.dropFirst("jobs.jsonl".count)), "\(line): \(r.stderr)")
            XCTAssertEqual(listing("out"), [], "no job may run before the manifest is checked: \(line)")
        }
    }

    /// Names that differ as strings but not as files: a NUL ends a name for the file system
    /// (issue 13: "x\u00001" and "x\u00002" gave "2 succeeded" and one file), and a
    /// case-insensitive or normalising file system stores `A`/`a` and `é` (U+00E9) / `e` +
    /// U+0301 as one name.
    func testOutputsThatNameOneFileAreRefused() throws {
        try write("m/good.lua", Self.good)
        let pairs: [(String, String, Int, String)] = [
            (#"x\u00001"#, #"x\u00002"#, 1, "contains a control character"),
            ("A.csv", "a.csv", 2, "are one file on a case-insensitive or normalising file system"),
            (
                #"caf\u00e9.csv"#, #"cafe\u0301.csv"#, 2,
                "are one file on a case-insensitive or normalising file system"
            ),
        ]
        for (first, second, line, expected) in pairs {
            let manifest = try write(
                "m/jobs.jsonl",
                """
                {"script": "good.lua", "output": "\(first)"}
                {"script": "good.lua", "output": "\(second)"}
                """)
            let r = try CLIProcess.run(["batch", "--manifest", manifest, "-o", path("out")])
            XCTAssertEqual(r.status, 1, r.stderr)
            XCTAssertTrue(r.stderr.hasPrefix("inbetween: \(manifest):\(line): "), r.stderr)
            XCTAssertTrue(r.stderr.contains(expected), r.stderr)
            XCTAssertEqual(listing("out"), [])
        }
    }

    /// A css job's page (`a.css` → `a.html`, as `run -o a.css` writes it) is an output too: a
    /// job whose own output has that name is refused before any job runs.
    func testAnOutputNamedLikeACSSPageIsRefused() throws {
        try write("m/good.lua", Self.good)
        let manifest = try write(
            "m/jobs.jsonl",
            """
            {"script": "good.lua", "output": "a.css"}
            {"script": "good.lua", "output": "a.html"}
            """)
        let r = try CLIProcess.run(["batch", "--format", "css", "--manifest", manifest, "-o", path("out")])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(
            r.stderr.contains("\(manifest):1's page: output 'a.html' is also written by \(manifest):2"),
            r.stderr)
        XCTAssertEqual(listing("out"), [])
        // Without the clash both are written, and the css job's page beside it.
        try write("m/jobs.jsonl", #"{"script": "good.lua", "output": "a.css"}"# + "\n")
        let ok = try CLIProcess.run(["batch", "--format", "css", "--manifest", manifest, "-o", path("out")])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertEqual(listing("out"), ["a.css", "a.html"])
    }

    /// The processes whose command line holds `marker` (a folder given to --plugins, which the
    /// batch passes on to its workers).
    private func processes(holding marker: String) -> [String] {
        let pids = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).filter {
            Int($0) != nil
        }
        return pids.filter { pid in
            guard let line = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else {
                return false
            }
            return String(decoding: line, as: UTF8.self).contains(marker)
        }
    }

    /// Workers start while the jobs are listed (WorkerLaunch). None outlives the batch: not when
    /// listing fails, not the ones a batch of fewer jobs than --jobs does not need, not when
    /// --skip-existing leaves nothing to do.
    func testWorkersStartedEarlyNeverOutliveTheBatch() throws {
        let marker = path("marker-plugins")
        try FileManager.default.createDirectory(atPath: marker, withIntermediateDirectories: true)
        try write("s1/a.lua", Self.good)
        try write("s2/a.lua", Self.good)
        try write("one/b.lua", Self.good)

        // Two scripts writing a.json: the list is refused after two workers started, which are
        // still loading a slow plugin (about ten seconds) when the batch ends. They inherit its
        // stderr, so the batch's stderr closes only when the last of them is gone: at once when
        // the batch kills them, after the plugin if it left them.
        let slow = path("slow-plugins")
        try write(
            "slow-plugins/slow.lua", "local x = 0\nfor i = 1, 2e9 do x = x + i end\nreturn {name = 'slow'}\n")
        let started = Date()
        let refused = try CLIProcess.run([
            "batch", path("s1"), path("s2"), "-o", path("out"), "--jobs", "2", "--plugins", slow,
            "--max-instructions", "100000000000",
        ])
        let took = Date().timeIntervalSince(started)
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("is also written by"), refused.stderr)
        XCTAssertLessThan(took, 5, "the workers started early outlived the refused batch")
        XCTAssertEqual(processes(holding: slow), [], "workers left after a refused list")

        // One job, --jobs 8: one worker runs it (at most one started: one script named).
        var r = try CLIProcess.run([
            "batch", path("one"), "-o", path("out1"), "--jobs", "8", "--plugins", marker,
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(summary(r).contains("by 1 worker"), r.stderr)
        XCTAssertEqual(listing("out1"), ["b.json"])
        XCTAssertEqual(processes(holding: marker), [], "workers left after the batch")

        // Everything there already: no job, the workers started are stopped.
        r = try CLIProcess.run([
            "batch", path("one"), path("s1"), "-o", path("out1"), "--jobs", "2", "--skip-existing",
            "--plugins",
            marker,
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        try write("out1/a.json", "{}")
        r = try CLIProcess.run([
            "batch", path("one"), path("s1"), "-o", path("out1"), "--jobs", "2", "--skip-existing",
            "--plugins",
            marker,
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(summary(r).hasPrefix("batch: 0 succeeded, 0 failed"), r.stderr)
        XCTAssertEqual(processes(holding: marker), [], "workers left after a batch with nothing to do")
    }

    /// A manifest is read only from a regular file, and only up to --max-manifest-size.
    func testManifestMustBeABoundedRegularFile() throws {
        try write("m/good.lua", Self.good)
        let manifest = try write("m/jobs.jsonl", #"{"script": "good.lua"}"# + "\n")
        XCTAssertEqual(mkfifo(path("m/pipe.jsonl"), 0o600), 0)
        let cases: [([String], String)] = [
            (
                ["--manifest", "/dev/zero"],
                "inbetween: /dev/zero is not a regular file (a device, pipe or socket); a manifest must be one"
            ),
            (
                ["--manifest", path("m/pipe.jsonl")],
                "inbetween: \(path("m/pipe.jsonl")) is not a regular file (a device, pipe or socket); a manifest must be one"
            ),
            (["--manifest", path("m")], "inbetween: \(path("m")) is a folder, not a manifest file"),
            (
                ["--manifest", path("m/none.jsonl")],
                "inbetween: cannot open \(path("m/none.jsonl")) (No such file or directory)"
            ),
            // The file is 23 bytes.
            (
                ["--manifest", manifest, "--max-manifest-size", "22"],
                "inbetween: \(manifest) is larger than the manifest size limit (22 bytes); raise it with --max-manifest-size"
            ),
        ]
        for (args, expected) in cases {
            let r = try CLIProcess.run(["batch"] + args + ["-o", path("out")])
            XCTAssertEqual(r.status, 1, "\(args)")
            XCTAssertEqual(r.stderr.split(separator: "\n").first.map(String.init), expected, "\(args)")
        }
        let fits = try CLIProcess.run([
            "batch", "--manifest", manifest, "--max-manifest-size", "23", "-o", path("out"),
        ])
        XCTAssertEqual(fits.status, 0, fits.stderr)
        XCTAssertEqual(listing("out"), ["good.json"])
    }

    /// `--shard auto` on Slurm arrays of any start and step: the tasks cover the list exactly
    /// once, as K/N with K = (ID - MIN) / STEP + 1 would. Arrays that are lists, and Kubernetes
    /// (which does not say how many completions there are), get a usage error that says what
    /// to give instead.
    func testShardAutoReadsSlurmArrays() throws {
        let names = (0..<7).map { String(format: "j%02d", $0) }
        for name in names { try write("s/\(name).lua", Self.good) }
        let arrays: [(min: Int, step: Int, count: Int)] = [(0, 1, 3), (1, 1, 3), (5, 1, 2), (0, 10, 3)]
        for array in arrays {
            var seen: [String] = []
            for k in 1...array.count {
                let id = array.min + (k - 1) * array.step
                let env = [
                    "SLURM_ARRAY_TASK_ID": "\(id)", "SLURM_ARRAY_TASK_MIN": "\(array.min)",
                    "SLURM_ARRAY_TASK_MAX": "\(array.min + (array.count - 1) * array.step)",
                    "SLURM_ARRAY_TASK_STEP": "\(array.step)", "SLURM_ARRAY_TASK_COUNT": "\(array.count)",
                ]
                let out = "out-\(array.min)-\(array.step)-\(k)"
                let r = try CLIProcess.run(
                    ["batch", path("s"), "-o", path(out), "--shard", "auto"], environment: env)
                XCTAssertEqual(r.status, 0, r.stderr)
                let got = listing(out).map { String($0.dropLast(5)) }
                XCTAssertEqual(
                    got, names.enumerated().filter { $0.offset % array.count == k - 1 }.map(\.element),
                    "\(array) task \(id)")
                seen += got
            }
            XCTAssertEqual(seen.sorted(), names, "\(array)")
        }
        let refused: [([String: String], String)] = [
            // --array=1,4,9: MAX - MIN = 8, but (COUNT - 1) * STEP = 2.
            (
                [
                    "SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "9",
                    "SLURM_ARRAY_TASK_STEP": "1", "SLURM_ARRAY_TASK_COUNT": "3",
                ],
                "inbetween: --shard auto: this Slurm array is not a range MIN-MAX[:STEP] (task 4 of 3, min 1, step 1); give --shard K/N"
            ),
            (
                ["JOB_COMPLETION_INDEX": "2"],
                "inbetween: --shard auto: Kubernetes gives JOB_COMPLETION_INDEX (2) but not the number of completions; give --shard $((JOB_COMPLETION_INDEX+1))/N"
            ),
        ]
        for (env, expected) in refused {
            let r = try CLIProcess.run(
                ["batch", path("s"), "-o", path("out"), "--shard", "auto"], environment: env)
            XCTAssertEqual(r.status, 2, r.stderr)
            XCTAssertEqual(r.stderr.split(separator: "\n").first.map(String.init), expected)
        }
    }

    func testJobsDoNotSeeEachOthersGlobals() throws {
        let leak = """
            assert(leaked == nil, "a global leaked from an earlier job")
            leaked = true
            \(Self.good)
            """
        for name in ["a", "b", "c"] { try write("s/\(name).lua", leak) }
        let r = try CLIProcess.run(["batch", path("s"), "-o", path("out"), "--jobs", "1"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(summary(r).hasPrefix("batch: 3 succeeded, 0 failed;"), r.stderr)
    }

    func testFailedJobLeavesNoPartialOutput() throws {
        let late = try write("s/late.lua", Self.late)
        try write("out/late.json", "the good file from before")
        let r = try CLIProcess.run(["batch", late, "-o", path("out")])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("late.lua:3: late failure"), r.stderr)
        XCTAssertEqual(
            try String(contentsOfFile: path("out/late.json"), encoding: .utf8), "the good file from before")
        XCTAssertEqual(listing("out"), ["late.json"], "no temporary or staging files are left")
    }

    /// The worker moves its output into place itself (JobFolders): when that fails (here a
    /// folder holds the output's name), the job fails with the output's path and the reason,
    /// nothing staged is left, and the other jobs succeed.
    func testAnOutputThatCannotBeMovedIntoPlaceFailsItsJobAlone() throws {
        for name in ["a", "b", "c"] { try write("s/\(name).lua", Self.good) }
        try write("out/b.json/keep", "a folder where b's output would go")
        let r = try CLIProcess.run(["batch", path("s"), "-o", path("out"), "--jobs", "2"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(summary(r).hasPrefix("batch: 2 succeeded, 1 failed;"), r.stderr)
        XCTAssertTrue(
            r.stderr.contains(
                "  failed: \(path("s/b.lua")): cannot write \(path("out"))/b.json (Is a directory)\n"),
            r.stderr)
        XCTAssertEqual(listing("out"), ["a.json", "b.json", "c.json"], "no staging folder is left")
        XCTAssertEqual(listing("out/b.json"), ["keep"])
    }

    func testUsageErrors() throws {
        let cases: [([String], String)] = [
            (["batch", "x.lua"], "inbetween: batch needs -o OUTDIR"),
            (["batch", "-o", "out"], "inbetween: batch needs scripts, folders or --manifest FILE"),
            (
                ["batch", "x.lua", "-o", "-"],
                "inbetween: batch writes a file per script: -o needs a folder, not '-' (standard output)"
            ),
            (["batch", "x.lua", "-o", ""], "inbetween: batch -o needs a folder name, got an empty one"),
            (
                ["batch", "x.lua", "-o", "out", "--jobs", "0"],
                "inbetween: option --jobs needs a whole number of workers from 1 to 1024, got '0'"
            ),
            (
                ["batch", "x.lua", "-o", "out", "--format", "xml"],
                "inbetween: unknown format 'xml' for batch (json, jsonl, csv, css, swift, lottie, preview, mp4, webm, gif, apng, png)"
            ),
        ]
        for (args, first) in cases {
            let r = try CLIProcess.run(args)
            XCTAssertEqual(r.status, 2, "\(args)")
            XCTAssertEqual(r.stderr.split(separator: "\n").first.map(String.init), first, "\(args)")
        }
    }
}
