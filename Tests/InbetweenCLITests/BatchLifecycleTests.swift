import Foundation
import XCTest

/// A batch as a scheduler's job lives: stopped by SIGINT or SIGTERM (to it, or to its process
/// group) and resumed with --skip-existing; a stopped worker caught by the watchdog; two array
/// tasks with the same PID sharing one output folder; stale staging folders of dead batches;
/// the default number of workers under an affinity mask (issue 13).
final class BatchLifecycleTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try temporaryFolder("ib-life")
    }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Every entry, hidden ones included (a leftover staging folder would show).
    private func listing(_ name: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path(name))) ?? []).sorted()
    }

    /// A job that says when it starts, works `seconds` of CPU time, then builds a scene whose
    /// frames differ per job (the layer is named after it and `from` depends on `index`).
    private func writeJobs(_ count: Int, folder name: String, seconds: Double) throws -> [String] {
        try FileManager.default.createDirectory(atPath: path(name), withIntermediateDirectories: true)
        var names: [String] = []
        for i in 1...count {
            let job = String(format: "j%02d", i)
            let script = """
                print("start \(job)")
                local t = os.clock() + \(seconds)
                while os.clock() < t do end
                local l = layer{name = "\(job)", opacity = 1}
                l:add(animation.basic{keyPath = "opacity", fromValue = \(Double(i) / 100), toValue = 1, duration = 0.1}, "o")
                """
            try script.write(toFile: path("\(name)/\(job).lua"), atomically: true, encoding: .utf8)
            names.append(job)
        }
        return names
    }

    /// The jobs that said they started: `j01.json: start j01` (a batch's print lines start
    /// with their job's output name).
    private func starts(_ text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            line.range(of: ".json: start ").map { String(line[$0.upperBound...]) }
        }
    }

    private func assertSameFiles(
        _ got: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        XCTAssertEqual(listing(got), listing(expected), file: file, line: line)
        for name in listing(expected) {
            let a = try Data(contentsOf: URL(fileURLWithPath: path("\(got)/\(name)")))
            let b = try Data(contentsOf: URL(fileURLWithPath: path("\(expected)/\(name)")))
            XCTAssertEqual(a, b, "\(got)/\(name) differs from \(expected)/\(name)", file: file, line: line)
        }
    }

    /// SIGINT and SIGTERM, to the batch alone and to its process group (workers included), and
    /// a second signal right after the first: the batch exits 130 / 143 (the first signal's)
    /// within 2 s, starts no job after the signal, keeps the job that finished, leaves no
    /// staging folder, and --skip-existing then completes the rest byte-identical to an
    /// uninterrupted run.
    func testSignalsStopTheBatchAndSkipExistingCompletesIt() throws {
        // 0.3 s of CPU time a job: one worker is certainly inside the second job when the
        // test sees it start and signals (it reads stderr every 10 ms).
        let names = try writeJobs(6, folder: "s", seconds: 0.3)
        let reference = try CLIProcess.run(["batch", path("s"), "-o", path("ref"), "--jobs", "2"])
        XCTAssertEqual(reference.status, 0, reference.stderr)
        XCTAssertEqual(listing("ref"), names.map { $0 + ".json" })

        let cases: [(Int32, Bool, Bool)] = [
            (SIGINT, false, false), (SIGTERM, false, false), (SIGINT, true, false), (SIGTERM, true, false),
            (SIGTERM, true, true),
        ]
        for (signal, toGroup, twice) in cases {
            let what = "signal \(signal)\(toGroup ? " to the group" : "")\(twice ? " twice" : "")"
            let out = "out-\(signal)-\(toGroup)-\(twice)"
            let batch = try LiveProcess(["batch", path("s"), "-o", path(out), "--jobs", "1"])
            XCTAssertTrue(
                batch.waitForStderr(timeout: 60) { self.starts($0).count >= 2 }, "\(what): \(batch.stderr)")
            let seen = starts(batch.stderr)
            let sent = Date()
            if toGroup { batch.signalGroup(signal) } else { batch.signal(signal) }
            if twice {
                // A moment after the first: signals pending together are delivered lowest number
                // first (SIGINT before SIGTERM), so a second sent while the batch was not
                // running yet would arrive first (seen on a loaded machine: exit 130).
                usleep(50_000)
                batch.signalGroup(SIGINT)
            }
            XCTAssertTrue(batch.waitForExit(timeout: 30), what)
            let took = Date().timeIntervalSince(sent)
            XCTAssertLessThan(took, 2.0, "\(what): exit \(took) s after the signal")
            XCTAssertEqual(batch.status, 128 + signal, "\(what): \(batch.stderr)")
            XCTAssertEqual(starts(batch.stderr), seen, "\(what): no job may start after the signal")
            // The jobs seen starting before the last one finished (one worker runs them in
            // turn); the last was interrupted. (Usually two, more when the test was slow.)
            let finished = seen.dropLast().map { $0 + ".json" }
            XCTAssertEqual(listing(out), finished, "\(what): finished outputs stay, nothing else")
            let name = signal == SIGINT ? "SIGINT" : "SIGTERM"
            XCTAssertTrue(
                batch.stderr.contains(
                    "batch: stopped by \(name): \(finished.count) succeeded, 0 failed, \(names.count - finished.count) not run;"
                ),
                "\(what): \(batch.stderr)")

            let resumed = try CLIProcess.run([
                "batch", path("s"), "-o", path(out), "--jobs", "2", "--skip-existing",
            ])
            XCTAssertEqual(resumed.status, 0, resumed.stderr)
            XCTAssertTrue(
                resumed.stderr.contains(
                    "batch: \(names.count - finished.count) succeeded, 0 failed, \(finished.count) skipped (output exists);"
                ),
                resumed.stderr)
            try assertSameFiles(out, "ref")
        }
    }

    /// A batch killed on its own (`kill -9` of its PID, not of its group) leaves its worker
    /// orphaned. The worker moves its outputs into place itself (JobFolders), but only while
    /// the batch that sent the job lives: the job it was running when the batch died is
    /// dropped, staged file included, no job starts after it, and it ends (it holds the
    /// batch's stderr, so `waitForExit` sees it go). Only the jobs finished before stay.
    func testTheWorkerOfAKilledBatchMovesNoMoreOutputs() throws {
        // 0.3 s of CPU time a job, as in the signal test: the worker is certainly inside the
        // second job when the test sees it start; one more job waits in its pipe.
        _ = try writeJobs(6, folder: "s", seconds: 0.3)
        let batch = try LiveProcess(["batch", path("s"), "-o", path("out"), "--jobs", "1"])
        XCTAssertTrue(batch.waitForStderr(timeout: 60) { self.starts($0).count >= 2 }, batch.stderr)
        let seen = starts(batch.stderr)
        batch.signal(SIGKILL)
        XCTAssertTrue(batch.waitForExit(timeout: 30), "the orphaned worker ends: \(batch.stderr)")
        XCTAssertEqual(starts(batch.stderr), seen, "no job starts once the batch is gone")
        let outputs = listing("out").filter { !$0.hasPrefix(".") }
        XCTAssertEqual(outputs, seen.dropLast().map { $0 + ".json" }, "only the jobs finished before stay")
        // The dead batch's staging folder stays for a later batch to remove (removeStale),
        // with nothing staged in it.
        let staging = listing("out").filter { $0.hasPrefix(".inbetween-batch-") }
        XCTAssertEqual(staging.count, 1, "\(listing("out"))")
        for name in staging { XCTAssertEqual(listing("out/\(name)"), ["owner"]) }
    }

    /// A worker stopped with SIGSTOP never answers: after the job's time limit (--timeout 4)
    /// plus the grace of 4 s it is killed and replaced, its job fails with a message that says
    /// so, the job queued behind it runs on the new worker, and every other job succeeds. The
    /// stopped job loops, so the worker is certainly inside it when the test sees it start;
    /// its own limit would end it after 4 s, so the test has that long to send SIGSTOP.
    func testWatchdogReplacesAStoppedWorker() throws {
        let names = try writeJobs(8, folder: "s", seconds: 0)
        try "print('start a-loop')\nwhile true do end\n".write(
            toFile: path("s/a-loop.lua"), atomically: true, encoding: .utf8)
        let batch = try LiveProcess(["batch", path("s"), "-o", path("out"), "--jobs", "1", "--timeout", "4"])
        XCTAssertTrue(batch.waitForStderr(timeout: 60) { self.starts($0).contains("a-loop") }, batch.stderr)
        let workers = batch.children
        XCTAssertEqual(workers.count, 1, "one worker: \(workers)")
        guard let victim = workers.first else { return }
        kill(victim, SIGSTOP)
        XCTAssertTrue(batch.waitForExit(timeout: 120), batch.stderr)
        XCTAssertEqual(batch.status, 1, batch.stderr)
        XCTAssertTrue(batch.stderr.contains("batch: \(names.count) succeeded, 1 failed;"), batch.stderr)
        XCTAssertTrue(
            batch.stderr.contains(
                "a-loop.lua: no answer within the time limit (4 s, --timeout) plus 4 s: the worker was stopped (SIGSTOP?) or stuck where its limits cannot reach it, and was killed"
            ),
            batch.stderr)
        XCTAssertEqual(
            listing("out"), names.map { $0 + ".json" }, "every other job ran, no staging folder left")
        XCTAssertNotEqual(kill(victim, 0), 0, "the stopped worker was killed")
    }

    /// A job stuck inside a C function (a backtracking pattern: four lazy `.-` over 5,000
    /// characters is ~5000^4 / 24 steps) cannot be stopped between instructions; its worker
    /// ends itself 2 s after the limit, and the summary says why instead of blaming a finalizer.
    func testJobStuckInACFunctionIsReportedHonestly() throws {
        _ = try writeJobs(3, folder: "s", seconds: 0)
        try #"local s = string.rep("a", 5000); return s:find(".-.-.-.-b")"#
            .write(toFile: path("s/stuck.lua"), atomically: true, encoding: .utf8)
        let r = try CLIProcess.run(["batch", path("s"), "-o", path("out"), "--jobs", "1", "--timeout", "2"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("batch: 3 succeeded, 1 failed;"), r.stderr)
        // How the worker ends itself (its status) belongs to the limits; the batch's words here.
        XCTAssertTrue(r.stderr.contains("stuck.lua: worker "), r.stderr)
        XCTAssertTrue(
            r.stderr.contains(
                " after the time limit (2 s, --timeout): the job did not stop at the limit (a C function such as a string.find pattern or a __gc metamethod in the script, or the renderer, ffmpeg or a writer, cannot be interrupted; the worker's own message says which)"
            ),
            r.stderr)
        XCTAssertEqual(listing("out"), ["j01.json", "j02.json", "j03.json"])
    }

    /// Two array tasks sharing one output folder, each in a PID namespace of its own, so both
    /// batches are PID 1 (unshare(1): with --fork the command is the namespace's first process).
    /// Their staging folders must not meet: every output byte-identical to a single run's,
    /// none missing, torn or swapped, no staging folder left. Needs root for the namespaces.
    func testBatchesInOtherPIDNamespacesShareAnOutputFolder() throws {
        let unshare = "/usr/bin/unshare"
        try MachineRequirement.privilege(getuid() == 0, "PID namespaces need root")
        try MachineRequirement.executable(unshare, package: "util-linux")
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: unshare)
        probe.arguments = ["--pid", "--fork", "--mount-proc", "/bin/sh", "-c", "test $$ = 1"]
        try probe.run()
        probe.waitUntilExit()
        try MachineRequirement.privilege(
            probe.terminationStatus == 0,
            "unshare --pid --fork --mount-proc does not work here (a container without CAP_SYS_ADMIN?)")
        let names = try writeJobs(40, folder: "s", seconds: 0)
        let single = try CLIProcess.run(["batch", path("s"), "-o", path("ref"), "--jobs", "2"])
        XCTAssertEqual(single.status, 0, single.stderr)
        let tasks = try (1...2).map { k in
            try LiveProcess(
                [
                    "--pid", "--fork", "--mount-proc", CLIProcess.binary.path, "batch", path("s"),
                    "-o", path("shared"), "--shard", "\(k)/2", "--jobs", "2",
                ],
                executable: URL(fileURLWithPath: unshare))
        }
        for task in tasks {
            XCTAssertTrue(task.waitForExit(timeout: 120), task.stderr)
            XCTAssertEqual(task.status, 0, task.stderr)
            XCTAssertTrue(task.stderr.contains("batch: 20 succeeded, 0 failed;"), task.stderr)
        }
        XCTAssertEqual(listing("shared").count, names.count, "\(listing("shared"))")
        try assertSameFiles("shared", "ref")
    }

    /// A later batch removes the staging folders of batches that are provably gone — made in
    /// this boot, with their lock free — and leaves the others: one whose owner still holds its
    /// lock (a live batch), one from another machine (another boot id), one without an owner
    /// file (being made, or from an older version).
    func testStaleStagingFoldersOfDeadBatchesAreRemoved() throws {
        _ = try writeJobs(1, folder: "s", seconds: 0)
        let boot = try String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let pidns = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/ns/pid")
        func stage(_ name: String, boot: String?) throws -> Int32 {
            let dir = path("out/.inbetween-batch-\(name)")
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try "half-written frames".write(toFile: dir + "/3", atomically: false, encoding: .utf8)
            guard let boot else { return -1 }
            let owner = "boot=\(boot)\npidns=\(pidns)\npid=\(getpid())\nhost=test\n"
            try owner.write(toFile: dir + "/owner", atomically: false, encoding: .utf8)
            return open(dir + "/owner", O_RDWR)
        }
        _ = try stage("dead", boot: boot)
        let live = try stage("live", boot: boot)
        XCTAssertEqual(flock(live, LOCK_EX | LOCK_NB), 0)
        defer { close(live) }
        _ = try stage("elsewhere", boot: "00000000-0000-0000-0000-000000000000")
        _ = try stage("unowned", boot: nil)
        let r = try CLIProcess.run(["batch", path("s"), "-o", path("out")])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(
            listing("out"),
            [
                ".inbetween-batch-elsewhere", ".inbetween-batch-live",
                ".inbetween-batch-unowned", "j01.json",
            ])
    }

    /// The default --jobs is the CPUs the process may use: under `taskset -c 0` one worker,
    /// whatever the machine has.
    func testDefaultJobsFollowTheAffinityMask() throws {
        let taskset = "/usr/bin/taskset"
        try MachineRequirement.executable(taskset, package: "util-linux")
        _ = try writeJobs(4, folder: "s", seconds: 0)
        let batch = try LiveProcess(
            ["-c", "0", CLIProcess.binary.path, "batch", path("s"), "-o", path("out")],
            executable: URL(fileURLWithPath: taskset))
        XCTAssertTrue(batch.waitForExit(timeout: 60), batch.stderr)
        XCTAssertEqual(batch.status, 0, batch.stderr)
        XCTAssertTrue(batch.stderr.contains(" by 1 worker\n"), batch.stderr)
    }

    /// A CPU quota lowers it too (how Kubernetes applies a pod's CPU limit): half a CPU
    /// (cfs_quota_us 50000 of cfs_period_us 100000) rounds up to one worker. Needs root and a
    /// writable cgroup v1 `cpu` hierarchy; skipped elsewhere.
    func testDefaultJobsFollowTheCgroupQuota() throws {
        let group = "/sys/fs/cgroup/cpu/inbetween-test-\(getpid())"
        try MachineRequirement.privilege(
            getuid() == 0 && mkdir(group, 0o755) == 0,
            "needs root and a writable cgroup v1 cpu hierarchy (/sys/fs/cgroup/cpu)")
        defer { rmdir(group) }
        try "50000".write(toFile: group + "/cpu.cfs_quota_us", atomically: false, encoding: .utf8)
        _ = try writeJobs(4, folder: "s", seconds: 0)
        let batch = try LiveProcess(
            [
                "-c", "echo $$ > \(group)/cgroup.procs && exec \"$0\" \"$@\"",
                CLIProcess.binary.path, "batch", path("s"), "-o", path("out"),
            ],
            executable: URL(fileURLWithPath: "/bin/sh"))
        XCTAssertTrue(batch.waitForExit(timeout: 60), batch.stderr)
        XCTAssertEqual(batch.status, 0, batch.stderr)
        XCTAssertTrue(batch.stderr.contains(" by 1 worker\n"), batch.stderr)
    }

    /// A worker killed (SIGKILL) while its ffmpeg encodes takes that ffmpeg with it: a stand-in
    /// ffmpeg that would linger 30 s after its input ends is gone within 5 s, and the batch
    /// leaves no staging folder or temporary file in the output folder.
    func testAKilledWorkersFFmpegDiesWithIt() throws {
        try FileManager.default.createDirectory(atPath: path("s"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: path("bin"), withIntermediateDirectories: true)
        try "local l = layer{name = 'a', bounds = rect(0, 0, 10, 10)}\nscene{to = 1}\n".write(
            toFile: path("s/a.lua"), atomically: true, encoding: .utf8)
        // One process (exec), so that the PID seen is the one that must end.
        try """
        #!/bin/sh
        exec python3 -c "import sys, time; sys.stdin.buffer.read(); time.sleep(30)"

        """.write(toFile: path("bin/ffmpeg"), atomically: true, encoding: .utf8)
        chmod(path("bin/ffmpeg"), 0o755)
        let batch = try LiveProcess(
            ["batch", path("s"), "-o", path("out"), "--format", "mp4", "--jobs", "1"],
            environment: ["PATH": path("bin") + ":/usr/bin:/bin"])
        var worker: pid_t = 0
        var encoder: pid_t = 0
        let deadline = Date().addingTimeInterval(30)
        while encoder == 0 && Date() < deadline {
            worker = batch.children.first ?? 0
            encoder = worker > 0 ? LiveProcess.children(of: worker).first ?? 0 : 0
            Thread.sleep(forTimeInterval: 0.02)
        }
        XCTAssertGreaterThan(encoder, 0, "the worker never started ffmpeg: \(batch.stderr)")
        guard encoder > 0 else { return }
        defer { kill(encoder, SIGKILL) }  // the old behaviour's orphan, not to outlive the test
        kill(worker, SIGKILL)
        let gone = Date().addingTimeInterval(5)
        while LiveProcess.isRunning(encoder) && Date() < gone { Thread.sleep(forTimeInterval: 0.02) }
        XCTAssertFalse(LiveProcess.isRunning(encoder), "the killed worker's ffmpeg still runs")
        XCTAssertTrue(batch.waitForExit(timeout: 30), batch.stderr)
        XCTAssertEqual(listing("out").filter { $0.hasPrefix(".") }, [], "left in the output folder")
    }
}
