import Foundation
import XCTest

/// `inbetween render` end to end: what each output decodes back to (ffprobe and ffmpeg as the
/// readers), and every refusal with its exact message and nothing written.
final class RenderCommandTests: XCTestCase, FolderTest {
    var folder: URL!

    override func setUpWithError() throws {
        folder = try temporaryFolder("ib-render")
    }

    static var ball: String { CLIProcess.root.appendingPathComponent("examples/05-bouncing-ball.lua").path }

    /// The files in the test's folder, but for those the test made itself.
    func written(besides kept: Set<String> = []) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !kept.contains($0) }
            .sorted()
    }

    func render(_ arguments: [String], environment: [String: String] = [:]) throws -> CLIResult {
        try CLIProcess.run(["render"] + arguments, environment: environment)
    }

    /// Every refusal: its exit status and exact message, and not a file left behind (no
    /// output, no staging file, no staging folder).
    func testRefusalsSayWhyAndWriteNothing() throws {
        let out = path("out")
        let usage = "\nTry 'inbetween help render' for usage.\n"
        // A folder on PATH with no ffmpeg, and one whose ffmpeg dies after 100 kB of frames.
        let noFFmpeg = path("bin-empty")
        let dying = path("bin-dying")
        for folder in [noFFmpeg, dying] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try "#!/bin/sh\nhead -c 100000 > /dev/null\necho 'fake ffmpeg: disk on fire' >&2\nexit 3\n".write(
            toFile: dying + "/ffmpeg", atomically: true, encoding: .utf8)
        chmod(dying + "/ffmpeg", 0o755)
        try FileManager.default.createDirectory(atPath: path("full"), withIntermediateDirectories: true)
        try "x".write(toFile: path("full/old.png"), atomically: true, encoding: .utf8)
        let kept: Set<String> = ["bin-empty", "bin-dying", "full"]

        let cases: [(arguments: [String], path: String?, status: Int32, message: String)] = [
            (
                [Self.ball, "-o", out + ".avi"], nil, 2,
                "inbetween: cannot tell what to write from the name '\(out).avi': end it in .mp4, .webm, .gif, .apng or .png, or in / for a folder of PNG frames"
                    + usage
            ),
            (
                [Self.ball, "-o", out + ".png", "--scale", "0"], nil, 2,
                "inbetween: option --scale needs a number of pixels per point greater than 0, got '0'" + usage
            ),
            (
                [Self.ball, "-o", out + ".png", "--size", "20000x100"], nil, 2,
                "inbetween: frames of 20000x100 pixels are too large: each side must be at most 16384 pixels (--size times --scale)"
                    + usage
            ),
            (
                [Self.ball, "-o", out + ".png", "--size", "9000x10", "--scale", "2"], nil, 2,
                "inbetween: frames of 18000x20 pixels are too large: each side must be at most 16384 pixels (--size times --scale)"
                    + usage
            ),
            (
                [Self.ball, "-o", out + ".png", "--size", "300"], nil, 2,
                "inbetween: option --size needs WIDTHxHEIGHT in points, both greater than 0 (e.g. 640x360), got '300'"
                    + usage
            ),
            (
                [Self.ball, "-o", out + ".mp4", "--background", "transparent"], nil, 2,
                "inbetween: .mp4 has no alpha channel: give an opaque --background colour, or write .webm, .gif, .apng or .png for a transparent background"
                    + usage
            ),
            (
                [Self.ball, "-o", out + ".mp4", "--background", "#ffffff80"], nil, 2,
                "inbetween: .mp4 has no alpha channel: give an opaque --background colour, or write .webm, .gif, .apng or .png for a transparent background"
                    + usage
            ),
            (
                [Self.ball, "-o", out + ".mp4", "--at", "0.5"], nil, 2,
                "inbetween: option --at makes one picture: give -o a .png name" + usage
            ),
            (
                [Self.ball, "-o", out + ".gif", "--sheet", "0x3"], nil, 2,
                "inbetween: option --sheet needs COLUMNSxROWS, whole numbers from 1 to 100 (e.g. 4x3), got '0x3'"
                    + usage
            ),
            (
                [Self.ball, "-o", out + ".mp4"], noFFmpeg, 1,
                "inbetween: writing .mp4 needs ffmpeg, which is not on PATH (install it: apt-get install ffmpeg); .png and DIR/ need no ffmpeg\n"
            ),
            (
                [Self.ball, "-o", out + ".webm"], dying, 1,
                "inbetween: ffmpeg failed writing \(out).webm (exit status 3: fake ffmpeg: disk on fire); nothing was written\n"
            ),
            (
                [Self.ball, "-o", path("full") + "/"], nil, 1,
                "inbetween: cannot write frames into \(path("full"))/: it is not empty (remove it or name a new folder)\n"
            ),
            (
                [Self.ball, "-o", path("missing/out.png")], nil, 1,
                "inbetween: cannot write \(path("missing/out.png")) (No such file or directory)\n"
            ),
        ]
        for c in cases {
            let r = try render(
                c.arguments,
                environment: c.path.map {
                    ["PATH": $0 + (c.status == 1 && $0 == dying ? ":/usr/bin:/bin" : "")]
                } ?? [:])
            XCTAssertEqual(r.status, c.status, c.arguments.joined(separator: " "))
            XCTAssertEqual(r.stderr, c.message, c.arguments.joined(separator: " "))
            XCTAssertEqual(try written(besides: kept), [], c.arguments.joined(separator: " "))
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("full")), ["old.png"])
        // Without ffmpeg, PNG pictures and frame folders are still made.
        let png = try render([Self.ball, "-o", out + ".png"], environment: ["PATH": noFFmpeg])
        XCTAssertEqual(png.status, 0, png.stderr)
        let frames = try render(
            [Self.ball, "-o", out + "/", "--to", "0.05"], environment: ["PATH": noFFmpeg])
        XCTAssertEqual(frames.status, 0, frames.stderr)
        XCTAssertEqual(try written(besides: kept), ["out", "out.png"])
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: out).sorted(),
            ["00000.png", "00001.png", "00002.png", "00003.png"])
    }

    /// A folder its user may not write (run as `nobody` when the tests run as root, who may
    /// write anywhere): the staging file cannot be made, and the message says why.
    func testReadOnlyFolderIsAnErrorAndNothingIsWritten() throws {
        let locked = path("locked")
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: true)
        chmod(locked, 0o555)
        chmod(folder.path, 0o755)
        let script = try write("ball.lua", try String(contentsOfFile: Self.ball, encoding: .utf8))
        chmod(script, 0o644)
        for output in [locked + "/ball.mp4", locked + "/ball.png", locked + "/frames/"] {
            // --no-user-plugins: nobody may not read root's plugin folder, if another test made one.
            var arguments = [
                CLIProcess.binary.path, "render", script, "-o", output, "--to", "0.1", "--no-user-plugins",
            ]
            if geteuid() == 0 {
                arguments =
                    ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + arguments
            }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: arguments[0])
            process.arguments = Array(arguments.dropFirst())
            let err = Pipe()
            process.standardError = err
            try process.run()
            let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 1, output)
            XCTAssertEqual(message, "inbetween: cannot write \(output) (Permission denied)\n")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: locked), [], output)
        }
        chmod(locked, 0o755)
    }

    /// An odd side in MP4 is padded (4:2:0 needs even sides), and the command says so.
    func testOddMP4SizeIsPaddedAndSaid() throws {
        let out = path("ball.mp4")
        let r = try render([Self.ball, "-o", out, "--size", "301x201", "--to", "0.1"])
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(
            r.stderr,
            "inbetween: note: \(out): 301x201 padded to 302x202 (H.264 in 4:2:0 needs even sides; the last column or row is repeated)\n"
        )
        let p = try FFmpegTools.probe(out, "stream=width,height,nb_frames")
        XCTAssertEqual(p["width"], "302")
        XCTAssertEqual(p["height"], "202")
        XCTAssertEqual(p["nb_frames"], "7")
    }

    /// A GIF plays at its run's speed in a real player: ffprobe's GIF demuxer, which plays a
    /// delay under 2 cs as 10 cs, as browsers do. Example 18 runs 181 frames at 60 fps (0 to
    /// 3 s), 181/60 = 3.0167 s, so the GIF lasts round(301.67) = 302 cs: 151 frames of 2 cs
    /// (floor(302 / 2) slots of `GIFTiming`), and the note says what was dropped. (Every 60 fps
    /// GIF played 2.8 times too slowly before: a third of its delays were 1 cs, played as 10,
    /// 8.42 s for this one.) At 25 fps every frame is kept, each 4 cs.
    func testGIFsPlayAtTheRunsSpeedInFFprobe() throws {
        let spinner = CLIProcess.root.appendingPathComponent("examples/18-replicator-spinner.lua").path
        for (fps, frames, duration) in [(60, 151, 3.02), (25, 76, 3.04)] {
            let gif = path("spinner-\(fps).gif")
            let r = try render([spinner, "-o", gif, "--fps", String(fps)])
            XCTAssertEqual(r.status, 0, r.stderr)
            let format = try FFmpegTools.run(
                "ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", gif])
            let seconds = Double(
                String(decoding: format, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
            // ffprobe prints the duration to the microsecond: the sum of whole centiseconds.
            XCTAssertEqual(seconds ?? 0, duration, accuracy: 1e-6, "fps \(fps)")
            let packets = String(
                decoding: try FFmpegTools.run(
                    "ffprobe",
                    ["-v", "error", "-show_entries", "packet=duration_time", "-of", "csv=p=0", gif]),
                as: UTF8.self
            ).split(separator: "\n").compactMap { Double($0) }
            XCTAssertEqual(packets.count, frames, "fps \(fps)")
            for (i, d) in packets.enumerated() {
                XCTAssertEqual(d, fps == 60 ? 0.02 : 0.04, accuracy: 1e-6, "fps \(fps) frame \(i)")
            }
            if fps == 60 {
                XCTAssertTrue(r.stderr.contains("note: \(gif): kept 151 of 181 frames"), r.stderr)
            } else {
                XCTAssertFalse(r.stderr.contains("kept"), r.stderr)
            }
        }
    }

    /// The bouncing ball (61 frames at 60 fps, 0 to 1 s) as PNG frames and as each movie:
    /// every movie has the 61 frames at 60/1, and each decoded frame is within 40 dB PSNR of
    /// the PNG frame of the same index (the same time), APNG identical; the GIF keeps 51 frames
    /// of 2 cs (`GIFTiming`: floor(102 / 2) slots), adding up to round(6100 / 60) = 102 cs,
    /// within 10 ms of 61/60 s. A still at --at 0.3 is the
    /// folder's frame 18 (0.3 × 60), byte for byte.
    func testMoviesDecodeToThePNGFrames() throws {
        let frames = path("frames") + "/"
        XCTAssertEqual(try render([Self.ball, "-o", frames]).status, 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: frames).sorted()
        XCTAssertEqual(names.count, 61)
        XCTAssertEqual(names.first, "00000.png")
        XCTAssertEqual(names.last, "00060.png")
        let pngs = ["-framerate", "60", "-i", frames + "%05d.png"]
        for format in ["mp4", "webm", "apng"] {
            let out = path("ball.\(format)")
            let r = try render([Self.ball, "-o", out])
            XCTAssertEqual(r.status, 0, r.stderr)
            // avg_frame_rate: frames over duration. (ffprobe's r_frame_rate of an APNG is in its
            // demuxer's 1/100000 s time base, 100000/1667; its fcTL delays are exactly 1/60,
            // which MovieEncoderTests reads.)
            let p = try FFmpegTools.probe(out, "stream=avg_frame_rate,nb_read_frames", countFrames: true)
            XCTAssertEqual(p["nb_read_frames"], "61", format)
            XCTAssertEqual(p["avg_frame_rate"], "60/1", format)
            let psnr = try FFmpegTools.psnr(["-i", out], pngs, folder: folder)
            XCTAssertEqual(psnr.count, 61, format)
            let worst = psnr.min() ?? 0
            XCTAssertGreaterThanOrEqual(
                worst, format == "apng" ? .infinity : 40, "\(format): worst frame \(worst) dB")
        }
        let gif = path("ball.gif")
        XCTAssertEqual(try render([Self.ball, "-o", gif]).status, 0)
        let delays = FFmpegTools.gifDelays([UInt8](try Data(contentsOf: URL(fileURLWithPath: gif))))
        XCTAssertEqual(delays, Array(repeating: 2, count: 51))
        let still = path("still.png")
        XCTAssertEqual(try render([Self.ball, "-o", still, "--at", "0.3"]).status, 0)
        XCTAssertEqual(
            try Data(contentsOf: URL(fileURLWithPath: still)),
            try Data(contentsOf: URL(fileURLWithPath: frames + "00018.png")))
    }

    /// A transparent background in WebM: yuva420p, and libvpx decodes the alpha back (0 far
    /// from the ball, 255 at its centre: (150, 32) at t = 0, the scene's own coordinates as
    /// pixels at scale 1; within 2 for VP9's lossy alpha plane).
    func testTransparentWebMKeepsAlpha() throws {
        let out = path("ball.webm")
        let r = try render([Self.ball, "-o", out, "--background", "transparent", "--to", "0.1"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let p = try FFmpegTools.probe(out, "stream=width,height:stream_tags=alpha_mode")
        XCTAssertEqual(p["TAG:alpha_mode"], "1")
        let width = try XCTUnwrap(Int(p["width"] ?? ""))
        let pixels = [UInt8](try FFmpegTools.decode(out, pixelFormat: "rgba", decoder: "libvpx-vp9"))
        XCTAssertLessThanOrEqual(Int(pixels[(5 * width + 5) * 4 + 3]), 2)
        XCTAssertGreaterThanOrEqual(Int(pixels[(32 * width + 150) * 4 + 3]), 253)
    }

    /// `batch --format png|apng|...` writes what `render -o NAME.png|.apng` writes, byte for
    /// byte (the same Renderer with the same default options, the same encoders), a file per
    /// script named after it; the frame formats' options are refused for pictures.
    func testBatchWritesWhatRenderWrites() throws {
        let scripts = ["05-bouncing-ball", "12-photo-throw"].map {
            CLIProcess.root.appendingPathComponent("examples/\($0).lua").path
        }
        for format in ["png", "apng"] {
            let out = path("batch-\(format)")
            let r = try CLIProcess.run(["batch"] + scripts + ["-o", out, "--format", format, "--jobs", "2"])
            XCTAssertEqual(r.status, 0, r.stderr)
            for script in scripts {
                let name =
                    URL(fileURLWithPath: script).deletingPathExtension().lastPathComponent + "." + format
                let single = path(name)
                XCTAssertEqual(try render([script, "-o", single]).status, 0)
                XCTAssertEqual(
                    try Data(contentsOf: URL(fileURLWithPath: out + "/" + name)),
                    try Data(contentsOf: URL(fileURLWithPath: single)), name)
            }
        }
        let r = try CLIProcess.run(["batch", scripts[0], "-o", path("x"), "--format", "mp4", "--bake"])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(
            r.stderr,
            "inbetween: option --bake is for the frame formats (json, jsonl, csv, css, swift, lottie, preview), not mp4\nTry 'inbetween help batch' for usage.\n"
        )
    }

    /// A render stopped by SIGINT (to its process group, as a terminal's Ctrl-C; exit 130,
    /// "interrupted") or SIGTERM (to it alone; it dies by the signal) while ffmpeg is writing:
    /// no output, no staging file, no GIF palette or spool is left, and ffmpeg is gone.
    func testSignalsMidRenderLeaveNothing() throws {
        let script = try write(
            "long.lua",
            """
            scene{fps = 30, size = size(320, 180)}
            local l = layer{name = "box", position = point(20, 90), bounds = rect(0, 0, 40, 40), backgroundColor = "#e4572e"}
            l:add(animation.basic{keyPath = "position", fromValue = point(20, 90), toValue = point(300, 90), duration = 600})
            """)
        for (signal, group, format) in [
            (SIGINT, true, "gif"), (SIGTERM, false, "gif"), (SIGINT, true, "mp4"),
        ] {
            let out = path("long.\(format)")
            let live = try LiveProcess(["render", script, "-o", out])
            // Under way: the staging file (and a GIF's spool) exists.
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline, (try written(besides: ["long.lua"])).count < (format == "gif" ? 2 : 1) {
                Thread.sleep(forTimeInterval: 0.05)
            }
            XCTAssertGreaterThan(try written(besides: ["long.lua"]).count, 0, "never started")
            if group { live.signalGroup(signal) } else { live.signal(signal) }
            XCTAssertTrue(live.waitForExit(timeout: 20))
            if signal == SIGINT {
                XCTAssertEqual(live.status, 130, live.stderr)
                XCTAssertTrue(live.stderr.hasSuffix("inbetween: interrupted\n"), live.stderr)
            }
            // ffmpeg sees its input end and exits by itself; give it a moment.
            Thread.sleep(forTimeInterval: 0.5)
            XCTAssertEqual(try written(besides: ["long.lua"]), [], "\(signal) \(format)")
        }
    }

    /// `render -o DIR/` ended while it writes frames: by Ctrl-C (to its group), SIGTERM or
    /// SIGHUP (to it alone), or by its own time limit: the staging folder and its frames are
    /// gone, and DIR was never made.
    func testEveryEndDuringAFrameFolderLeavesNothing() throws {
        let script = try write(
            "long.lua",
            """
            scene{fps = 30, size = size(320, 180)}
            local l = layer{name = "box", position = point(20, 90), bounds = rect(0, 0, 40, 40), backgroundColor = "#e4572e"}
            l:add(animation.basic{keyPath = "position", fromValue = point(20, 90), toValue = point(300, 90), duration = 600})
            """)
        let cases: [(name: String, signal: Int32?, options: [String])] = [
            ("SIGINT", SIGINT, []), ("SIGTERM", SIGTERM, []), ("SIGHUP", SIGHUP, []),
            ("--timeout", nil, ["--timeout", "1"]),
        ]
        for c in cases {
            let live = try LiveProcess(["render"] + c.options + [script, "-o", path("frames") + "/"])
            // Under way: the staging folder holds a few frames (bounded: 20 s).
            let deadline = Date().addingTimeInterval(20)
            var staged: [String] = []
            while Date() < deadline {
                staged = try written(besides: ["long.lua"])
                let frames = staged.first.map {
                    (try? FileManager.default.contentsOfDirectory(atPath: path($0)))?.count ?? 0
                }
                if let frames, frames >= 3 { break }
                Thread.sleep(forTimeInterval: 0.02)
            }
            XCTAssertEqual(staged.count, 1, "\(c.name): never started: \(staged)")
            if let signal = c.signal {
                if signal == SIGINT { live.signalGroup(signal) } else { live.signal(signal) }
            }
            XCTAssertTrue(live.waitForExit(timeout: 30), c.name)
            XCTAssertNotEqual(live.status, 0, c.name)
            if c.signal == nil {
                // The time ran out in the renderer's own work, not in the script.
                XCTAssertEqual(
                    live.stderr, "inbetween: time limit (1 s) exceeded while writing PNG frames\n", c.name)
            }
            XCTAssertEqual(try written(besides: ["long.lua"]), [], "\(c.name): \(live.stderr)")
        }
    }

    /// An ffmpeg that exits 0 without writing the movie asked for is a failure, with nothing
    /// left: one that writes text in place of each format, and one (the real ffmpeg behind a
    /// filter) that keeps 3 of the MP4's frames. The error says what is wrong with the file.
    func testFFmpegThatWritesNoMovieFails() throws {
        let garbage = path("bin-garbage")
        let dropping = path("bin-dropping")
        for folder in [garbage, dropping] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        // Reads every frame, then writes text to its last argument (the output) and says nothing.
        try "#!/bin/sh\ncat > /dev/null\nfor last; do :; done\necho 'not a movie' > \"$last\"\nexit 0\n"
            .write(
                toFile: garbage + "/ffmpeg", atomically: true, encoding: .utf8)
        let real = try XCTUnwrap(
            ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        try "#!/bin/bash\nexec \(real) \"${@:1:$#-1}\" -vf \"select=lt(n\\,3)\" \"${@: -1}\"\n".write(
            toFile: dropping + "/ffmpeg", atomically: true, encoding: .utf8)
        chmod(garbage + "/ffmpeg", 0o755)
        chmod(dropping + "/ffmpeg", 0o755)
        let kept: Set<String> = ["bin-garbage", "bin-dropping"]
        let cases: [(folder: String, format: String, problem: String)] = [
            (garbage, "mp4", "the file is not an MP4: it does not start with an 'ftyp' box"),
            (garbage, "webm", "the file is not a WEBM: it does not start with an EBML header"),
            (garbage, "gif", "the file is not a GIF: it does not start with 'GIF89a'"),
            (garbage, "apng", "the file is not an APNG: it does not start with PNG's signature"),
            (dropping, "mp4", "the MP4 holds 3 frames of the"),
        ]
        for c in cases {
            let out = path("out.\(c.format)")
            let r = try render(
                [Self.ball, "-o", out, "--to", "0.5"], environment: ["PATH": c.folder + ":/usr/bin:/bin"])
            XCTAssertEqual(r.status, 1, "\(c.format): \(r.stderr)")
            XCTAssertTrue(
                r.stderr.hasPrefix(
                    "inbetween: ffmpeg failed writing \(out) (it exited with status 0, but \(c.problem)"),
                "\(c.format): \(r.stderr)")
            XCTAssertEqual(try written(besides: kept), [], c.format)
        }
    }

    /// A time limit that runs out while ffmpeg finishes the movie (here one that takes 8 s
    /// after its input ends) names ffmpeg, not the script, and leaves nothing.
    func testTimeLimitInFFmpegNamesIt() throws {
        let slow = path("bin-slow")
        try FileManager.default.createDirectory(atPath: slow, withIntermediateDirectories: true)
        try "#!/bin/sh\ncat > /dev/null\nsleep 8\n".write(
            toFile: slow + "/ffmpeg", atomically: true, encoding: .utf8)
        chmod(slow + "/ffmpeg", 0o755)
        let r = try render(
            ["--timeout", "1", "--to", "0.3", Self.ball, "-o", path("s.mp4")],
            environment: ["PATH": slow + ":/usr/bin:/bin"])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(
            r.stderr,
            "inbetween: time limit (1 s) exceeded; still waiting for ffmpeg to finish the movie 2 s later, "
                + "outside the script (the limits stop only Lua code), exiting\n")
        XCTAssertEqual(try written(besides: ["bin-slow"]), [])
    }
}
