import Foundation
import XCTest

/// `-o PATH` through the CLI, by what PATH is: a device, a FIFO and /dev/stdout are written in
/// place (never renamed over), a symlink is written through, a regular file is replaced
/// atomically with its mode kept, an input of the run (script, module, plugin) is refused, a
/// folder is an error, and a signal leaves nothing behind.
final class OutputTargetTests: XCTestCase {
    private var folder: URL!
    private let example = "examples/07-opacity-fade.lua"

    override func setUpWithError() throws {
        folder = try temporaryFolder("ib-outputs")
    }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    private func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    private func status(_ path: String) -> stat {
        var info = stat()
        XCTAssertEqual(lstat(path, &info), 0, path)
        return info
    }

    /// The frames of the example on stdout: what every target below must receive.
    private func expected() throws -> String {
        let r = try CLIProcess.run(["run", example])
        XCTAssertEqual(r.status, 0, r.stderr)
        return r.stdout
    }

    /// makedev(1, 3): glibc's encoding of a device number (bits/sysmacros.h,
    /// __SYSMACROS_DEFINE_MAKEDEV): minor bits 0-7, major bits 8-19, the minor's upper bits
    /// from 20; for major 1, minor 3 that is (1 << 8) | 3. (The macro is not visible to Swift.)
    static let nullDevice = dev_t((1 << 8) | 3)

    /// Issue 12: writing `-o` onto /dev/null as root replaced the device node with a regular file. A
    /// character device made with mknod (1, 3 is Linux's null device, Documentation/admin-
    /// guide/devices.txt) must still be that device afterwards, for every command and format the
    /// tests send to `-o /dev/null` (ExtremeNumberTests, LimitOptionTests).
    func testCharacterDeviceStaysADevice() throws {
        try MachineRequirement.privilege(geteuid() == 0, "mknod needs root")
        let device = path("null")
        XCTAssertEqual(mknod(device, S_IFCHR | 0o666, Self.nullDevice), 0, String(cString: strerror(errno)))
        let commands: [[String]] = [
            ["run", example], ["run", example, "--format", "csv"], ["run", example, "--format", "css"],
            ["run", example, "--format", "swift"], ["run", example, "--format", "lottie"],
            ["run", example, "--format", "jsonl"], ["plot", example],
        ]
        for command in commands {
            let r = try CLIProcess.run(command + ["-o", device])
            XCTAssertEqual(r.status, 0, "\(command): \(r.stderr)")
            let after = status(device)
            XCTAssertEqual(after.st_mode & S_IFMT, S_IFCHR, "\(command): still a character device")
            XCTAssertEqual(after.st_rdev, Self.nullDevice, "\(command)")
            XCTAssertEqual(try contents(), ["null"], "\(command): no staging file or page beside it")
        }
    }

    func testFIFOIsWrittenInPlaceToItsReader() throws {
        let fifo = path("pipe")
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        // A reader on the other end: cat copies what comes through into a file.
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        reader.arguments = ["-c", "cat \"$0\" > \"$1\"", fifo, path("received")]
        try reader.run()
        let r = try CLIProcess.run(["run", example, "-o", fifo])
        reader.waitUntilExit()
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(status(fifo).st_mode & S_IFMT, S_IFIFO, "still a FIFO")
        XCTAssertEqual(try String(contentsOfFile: path("received"), encoding: .utf8), try expected())
        XCTAssertEqual(try contents(), ["pipe", "received"])
    }

    func testSymlinkIsWrittenThroughAndRegularFileKeepsItsMode() throws {
        let target = path("frames.json")
        try "old\n".write(toFile: target, atomically: false, encoding: .utf8)
        XCTAssertEqual(chmod(target, 0o640), 0)
        XCTAssertEqual(symlink("frames.json", path("link.json")), 0)
        let r = try CLIProcess.run(["run", example, "-o", path("link.json")])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(status(path("link.json")).st_mode & S_IFMT, S_IFLNK, "the link stays a link")
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), try expected())
        XCTAssertEqual(status(target).st_mode & 0o7777, 0o640, "the replaced file keeps its mode")
        XCTAssertEqual(try contents(), ["frames.json", "link.json"])
        // A dangling link: the file it names is created, the link kept.
        XCTAssertEqual(symlink("new.json", path("dangling.json")), 0)
        XCTAssertEqual(try CLIProcess.run(["run", example, "-o", path("dangling.json")]).status, 0)
        XCTAssertEqual(try String(contentsOfFile: path("new.json"), encoding: .utf8), try expected())
        XCTAssertEqual(status(path("dangling.json")).st_mode & S_IFMT, S_IFLNK)
    }

    func testStandardOutputTargets() throws {
        let frames = try expected()
        XCTAssertEqual(try CLIProcess.run(["run", example, "-o", "-"]).stdout, frames)
        XCTAssertEqual(try CLIProcess.run(["run", example, "-o", "/dev/stdout"]).stdout, frames)
        XCTAssertEqual(try CLIProcess.run(["run", example, "-o=/dev/stdout"]).stdout, frames)
    }

    /// The script itself, a module it requires and a plugin (the same file under another
    /// name, through a link, counts: device and inode are compared) are refused, untouched.
    /// Issue 31: the page `run -o x.css` writes beside it (x.html) is checked against the
    /// run's inputs as the output is. `run page.html --format css -o page.css` replaced the
    /// script page.html with the page (exit 0); now exit 1, the script whole, nothing written.
    func testThePageBesideTheCSSIsNotAnInput() throws {
        let source = "layer{name = 'l'}:add(animation.basic{keyPath = 'opacity', toValue = 0})\n"
        let script = path("page.html")
        try source.write(toFile: script, atomically: false, encoding: .utf8)
        let r = try CLIProcess.run(["run", script, "--format", "css", "-o", path("page.css")])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(
            r.stderr,
            "inbetween: refusing to write \(script): it is a file this run reads; choose another output\n")
        XCTAssertEqual(try String(contentsOfFile: script, encoding: .utf8), source)
        XCTAssertEqual(try contents(), ["page.html"])
    }

    func testInputsOfTheRunAreRefused() throws {
        let script = path("scene.lua")
        let module = path("helper.lua")
        let plugins = path("plugins")
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        let plugin = plugins + "/mine.lua"
        try "return {name = \"mine\", version = \"1\"}\n".write(
            toFile: plugin, atomically: false, encoding: .utf8)
        try "return 0.5\n".write(toFile: module, atomically: false, encoding: .utf8)
        let source = """
            local half = require("helper")
            local l = layer{name = "l"}
            l:add(animation.basic{keyPath = "opacity", fromValue = 0, toValue = half, duration = 0.1})

            """
        try source.write(toFile: script, atomically: false, encoding: .utf8)
        XCTAssertEqual(link(script, path("hard.lua")), 0)
        XCTAssertEqual(symlink("scene.lua", path("soft.lua")), 0)
        let cases: [(String, String)] = [
            (script, "refusing to write \(script): it is a file this run reads; choose another output"),
            (
                path("hard.lua"),
                "refusing to write \(path("hard.lua")): it is a file this run reads (\(script)); choose another output"
            ),
            (
                path("soft.lua"),
                "refusing to write \(path("soft.lua")): it is a file this run reads (\(script)); choose another output"
            ),
            (module, "refusing to write \(module): it is a file this run reads; choose another output"),
            (plugin, "refusing to write \(plugin): it is a file this run reads; choose another output"),
        ]
        for (output, message) in cases {
            let r = try CLIProcess.run(["run", script, "--plugins", plugins, "-o", output])
            XCTAssertEqual(r.status, 1, output)
            XCTAssertEqual(r.stderr, "inbetween: \(message)\n", output)
        }
        XCTAssertEqual(try String(contentsOfFile: script, encoding: .utf8), source)
        XCTAssertEqual(try String(contentsOfFile: module, encoding: .utf8), "return 0.5\n")
        XCTAssertEqual(try contents(), ["hard.lua", "helper.lua", "plugins", "scene.lua", "soft.lua"])
        // curve and plot refuse the same way.
        try "return function(t) return t * t end\n".write(
            toFile: path("ease.lua"), atomically: false, encoding: .utf8)
        for command in ["curve", "plot"] {
            let r = try CLIProcess.run([command, path("ease.lua"), "-o", path("ease.lua")])
            XCTAssertEqual(r.status, 1, command)
            XCTAssertTrue(r.stderr.hasPrefix("inbetween: refusing to write"), r.stderr)
        }
        XCTAssertEqual(
            try String(contentsOfFile: path("ease.lua"), encoding: .utf8),
            "return function(t) return t * t end\n")
        // A script read from standard input, redirected from the file the output names.
        let stdinFile = try FileHandle(forReadingFrom: URL(fileURLWithPath: script))
        let r = try CLIProcess.run(["run", "-", "-o", script], stdinFile: stdinFile, directory: folder)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(
            r.stderr.hasPrefix("inbetween: refusing to write \(script): it is a file this run reads"),
            r.stderr)
        XCTAssertEqual(try String(contentsOfFile: script, encoding: .utf8), source)
    }

    func testFolderAndMissingFolderAreClearErrors() throws {
        // A folder: the suggested file has the command's format (run: json, curve: csv,
        // plot: svg; issue 31, it was out.json for all three). EXAMPLE stands for it.
        let cases: [([String], Int32, String)] = [
            (
                ["-o", folder.path], 1,
                "cannot write \(folder.path): it is a folder (give a file name, e.g. \(folder.path)/EXAMPLE)"
            ),
            (
                ["-o", path("missing/out.json")], 1,
                "cannot write \(path("missing/out.json")) (No such file or directory)"
            ),
            (["-o", ""], 2, "option -o needs a file name, got ''"),
        ]
        for (options, code, message) in cases {
            for (command, example) in [
                (["run", example], "out.json"), (["curve", "easeIn"], "out.csv"),
                (["plot", "easeIn"], "out.svg"),
            ] {
                let r = try CLIProcess.run(command + options)
                XCTAssertEqual(r.status, code, "\(command) \(options)")
                XCTAssertEqual(
                    r.stderr.split(separator: "\n").first.map(String.init),
                    "inbetween: " + message.replacingOccurrences(of: "EXAMPLE", with: example))
            }
        }
        XCTAssertEqual(try contents(), [])
    }

    /// SIGTERM (and SIGHUP) while the frames are being written: the process ends by the
    /// signal, as a shell expects, and the staging file is gone; the old output is untouched.
    func testSignalsLeaveNothingBehind() throws {
        let target = path("long.csv")
        try "old\n".write(toFile: target, atomically: false, encoding: .utf8)
        for sig in [SIGTERM, SIGHUP, SIGINT] {
            let process = Process()
            process.executableURL = CLIProcess.binary
            // 10^8 frames: minutes of writing, far more than the signal needs to arrive.
            process.arguments = [
                "run", example, "--to", "100000", "--fps", "1000", "--max-frames", "0",
                "--format", "csv", "-o", target,
            ]
            process.currentDirectoryURL = CLIProcess.root
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Wait until the staging file exists (the run is writing), then signal.
            let deadline = Date().addingTimeInterval(20)
            while try contents().count < 2 && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            XCTAssertEqual(try contents().count, 2, "a staging file while writing")
            kill(process.processIdentifier, sig)
            process.waitUntilExit()
            if sig == SIGINT {
                // Ctrl-C stops the run at its next frame: an error exit, 128 + SIGINT.
                XCTAssertEqual(process.terminationReason, .exit)
                XCTAssertEqual(process.terminationStatus, 130)
            } else {
                XCTAssertEqual(process.terminationReason, .uncaughtSignal, "signal \(sig)")
                XCTAssertEqual(process.terminationStatus, sig)
            }
            XCTAssertEqual(try contents(), ["long.csv"], "signal \(sig)")
            XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "old\n")
        }
    }
}
