import Foundation
import Inbetween
import XCTest

/// The movies MovieEncoder writes, read back by ffprobe and ffmpeg: frame counts, rates and
/// durations exact, pixels within 40 dB PSNR of what was given, WebM's alpha kept, GIF delays
/// that add up to the run. The frames are made here (a disc crossing a gradient), so nothing
/// depends on how the Renderer draws.
final class MovieEncoderTests: XCTestCase {
    static let width = 320, height = 240, count = 61, fps = 60.0

    /// Frame i: a vertical blue-to-white gradient (or nothing, transparent) with a red disc of
    /// radius 30 moving 4 px a frame, its edge anti-aliased over one pixel.
    static func frame(_ i: Int, width: Int = width, height: Int = height, transparent: Bool = false)
        -> [UInt8]
    {
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        let cx = 40.0 + 4 * Double(i)
        let cy = 120.0 + 60 * sin(Double(i) / 10)
        for y in 0..<height {
            for x in 0..<width {
                let d =
                    ((Double(x) + 0.5 - cx) * (Double(x) + 0.5 - cx) + (Double(y) + 0.5 - cy)
                        * (Double(y) + 0.5 - cy))
                    .squareRoot()
                let a = max(0, min(1, 30.5 - d))
                let g = Double(y) / Double(height - 1)
                let o = (y * width + x) * 4
                if transparent {
                    rgba[o] = 228
                    rgba[o + 1] = 87
                    rgba[o + 2] = 46
                    rgba[o + 3] = UInt8((255 * a).rounded())
                } else {
                    let background = (40 + 215 * g, 90 + 165 * g, 200 + 55 * g)
                    rgba[o] = UInt8((background.0 * (1 - a) + 228 * a).rounded())
                    rgba[o + 1] = UInt8((background.1 * (1 - a) + 87 * a).rounded())
                    rgba[o + 2] = UInt8((background.2 * (1 - a) + 46 * a).rounded())
                    rgba[o + 3] = 255
                }
            }
        }
        return rgba
    }

    var folder: URL!

    override func setUpWithError() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ib-movie-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        folder = url
    }

    /// Encodes the test frames; also writes them raw (for ffmpeg to compare against).
    @discardableResult
    func encode(
        _ format: MovieFormat, name: String? = nil, width: Int = width, height: Int = height,
        fps: Double = fps, count: Int = count, transparent: Bool = false
    ) throws -> (path: String, raw: String, encoder: MovieEncoder) {
        let path = folder.appendingPathComponent(name ?? "out.\(format.rawValue)").path
        let raw = folder.appendingPathComponent("frames-\(width)x\(height).raw").path
        let movie = try MovieEncoder(
            format: format, path: path, width: width, height: height, fps: fps, alpha: transparent)
        var all = Data()
        for i in 0..<count {
            let rgba = MovieEncoderTests.frame(i, width: width, height: height, transparent: transparent)
            try movie.append(rgba)
            all.append(contentsOf: rgba)
        }
        try movie.finish()
        try all.write(to: URL(fileURLWithPath: raw))
        return (path, raw, movie)
    }

    /// MP4: 61 frames at 60/1, and the stream lasts 61/60 s exactly (duration_ts in its time
    /// base, compared as integers: duration_ts · tb.num · 60 = 61 · tb.den).
    func testMP4FrameCountRateAndDurationAreExact() throws {
        let (path, _, _) = try encode(.mp4)
        let p = try FFmpegTools.probe(
            path,
            "stream=codec_name,pix_fmt,r_frame_rate,avg_frame_rate,nb_frames,nb_read_frames,duration_ts,time_base",
            countFrames: true)
        XCTAssertEqual(p["codec_name"], "h264")
        XCTAssertEqual(p["pix_fmt"], "yuv420p")
        XCTAssertEqual(p["nb_frames"], "61")
        XCTAssertEqual(p["nb_read_frames"], "61")
        XCTAssertEqual(p["r_frame_rate"], "60/1")
        XCTAssertEqual(p["avg_frame_rate"], "60/1")
        let tb = try XCTUnwrap(p["time_base"]).split(separator: "/").compactMap { Int($0) }
        let ticks = try XCTUnwrap(Int(p["duration_ts"] ?? ""))
        XCTAssertEqual(ticks * tb[0] * 60, 61 * tb[1], "duration \(ticks) × \(tb[0])/\(tb[1]) s ≠ 61/60 s")
    }

    /// WebM: 61 frames at 60/1. Matroska keeps times in milliseconds (its default
    /// TimestampScale of 1,000,000 ns), so the duration is 61/60 s to the millisecond: 1.017.
    func testWebMFrameCountRateAndDurationAreExact() throws {
        let (path, _, _) = try encode(.webm)
        let p = try FFmpegTools.probe(
            path, "stream=codec_name,r_frame_rate,nb_read_frames:format=duration", countFrames: true)
        XCTAssertEqual(p["codec_name"], "vp9")
        XCTAssertEqual(p["nb_read_frames"], "61")
        XCTAssertEqual(p["r_frame_rate"], "60/1")
        XCTAssertEqual(p["duration"], "1.017000")
    }

    /// APNG: 61 frames, every fcTL delay exactly 1/60 s (delay_num/delay_den, APNG spec §fcTL),
    /// so the loop lasts 61/60 s; acTL counts 61 frames played forever (num_plays 0).
    func testAPNGFrameCountAndDelaysAreExact() throws {
        let (path, _, _) = try encode(.apng)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var p = 8
        var delays: [[Int]] = []
        var control: [Int] = []
        func u32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        while p + 8 <= bytes.count {
            let length = u32(p)
            let type = String(decoding: bytes[p + 4..<p + 8], as: UTF8.self)
            if type == "acTL" { control = [u32(p + 8), u32(p + 12)] }
            if type == "fcTL" {
                let d = p + 8 + 20
                delays.append([
                    Int(bytes[d]) << 8 | Int(bytes[d + 1]), Int(bytes[d + 2]) << 8 | Int(bytes[d + 3]),
                ])
            }
            p += 12 + length
        }
        XCTAssertEqual(control, [61, 0])
        XCTAssertEqual(delays.count, 61)
        XCTAssertTrue(delays.allSatisfy { $0[0] * 60 == $0[1] }, "\(Set(delays.map { "\($0[0])/\($0[1])" }))")
        let p2 = try FFmpegTools.probe(path, "stream=nb_read_frames", countFrames: true)
        XCTAssertEqual(p2["nb_read_frames"], "61")
    }

    /// Each decoded frame against the frame given at the same index, by ffmpeg's psnr filter:
    /// at least 40 dB for the lossy codecs (the issue's bound), infinite (identical) for APNG.
    func testDecodedFramesAreWithin40dBOfTheFramesGiven() throws {
        for format in [MovieFormat.mp4, .webm, .apng] {
            let (path, raw, _) = try encode(format)
            let source = [
                "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "320x240", "-framerate", "60", "-i", raw,
            ]
            let values = try FFmpegTools.psnr(["-i", path], source, folder: folder)
            XCTAssertEqual(values.count, 61, "\(format)")
            let worst = values.min() ?? 0
            if format == .apng {
                XCTAssertEqual(worst, .infinity, "APNG is lossless")
            } else {
                XCTAssertGreaterThanOrEqual(worst, 40, "\(format): worst frame \(worst) dB")
            }
        }
    }

    /// Transparent frames in WebM: yuva420p with alpha_mode 1, and libvpx decodes the alpha
    /// back: 0 in a corner far from the disc, 255 at the disc's centre (within 2 for VP9's
    /// lossy alpha plane).
    func testWebMKeepsAlpha() throws {
        let (path, _, _) = try encode(.webm, transparent: true)
        let tags = try FFmpegTools.probe(path, "stream_tags=alpha_mode")
        XCTAssertEqual(tags["TAG:alpha_mode"], "1")
        let pixels = [UInt8](try FFmpegTools.decode(path, pixelFormat: "rgba", decoder: "libvpx-vp9"))
        let size = 320 * 240 * 4
        XCTAssertEqual(pixels.count, 61 * size)
        // Frame 0: the disc's centre at (40, 120).
        XCTAssertLessThanOrEqual(Int(pixels[(10 * 320 + 300) * 4 + 3]), 2)
        XCTAssertGreaterThanOrEqual(Int(pixels[(120 * 320 + 40) * 4 + 3]), 253)
    }

    /// GIF delays (1/100 s), as `GIFTiming` derives them. At 24 fps every frame is kept and
    /// starts within half a centisecond of i / fps (4, 4, 5, 4, 4, 4, 5, ... summing to
    /// round(6100 / 24) = 254 cs). At 60 fps, 61 frames last round(6100 / 60) = 102 cs: 51
    /// slots of 2 cs, slot k showing frame round(1.2 k) (0, 1, 2, 4, 5, 6, 7, 8, 10, ...),
    /// read back by decoding the GIF: each decoded frame is closest to the frame of its slot.
    func testGIFDelaysAreAtLeastTwoCentisecondsAndAddUpToTheRun() throws {
        for (fps, count, total, kept) in [(60.0, 61, 102, 51), (24.0, 61, 254, 61)] {
            let (path, raw, movie) = try encode(.gif, name: "out-\(Int(fps)).gif", fps: fps, count: count)
            let delays = FFmpegTools.gifDelays([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
            XCTAssertEqual(delays.count, kept, "fps \(fps)")
            var start = 0
            for (k, delay) in delays.enumerated() {
                let frame = GIFTiming.frame(ofSlot: k, fps: fps)
                XCTAssertLessThanOrEqual(
                    abs(Double(start) - 100 * Double(frame) / fps), fps > 50 ? 100 / fps / 2 + 0.5 : 0.5,
                    "fps \(fps) slot \(k)")
                XCTAssertGreaterThanOrEqual(delay, GIFTiming.shortestDelay)
                XCTAssertEqual(delay, GIFTiming.delay(ofSlot: k, count: count, fps: fps))
                start += delay
            }
            XCTAssertEqual(start, total)
            XCTAssertLessThanOrEqual(abs(Double(start) / 100 - Double(count) / fps), 0.005)
            XCTAssertEqual(movie.notes.isEmpty, kept == count)
            guard fps == 60 else { continue }
            // Each decoded frame is nearest (summed differences) to the frame its slot shows.
            let decoded = [UInt8](try FFmpegTools.decode(path, pixelFormat: "rgba"))
            let size = MovieEncoderTests.width * MovieEncoderTests.height * 4
            XCTAssertEqual(decoded.count, kept * size)
            for k in [3, 7, 50] where decoded.count == kept * size {
                let shown = decoded[k * size..<(k + 1) * size]
                // The candidates: the frames from 3 before the slot's time to 3 after.
                let candidates = max(0, k * 6 / 5 - 3)...min(count - 1, k * 6 / 5 + 3)
                let distances = candidates.map { i in
                    let f = MovieEncoderTests.frame(i)
                    return stride(from: 0, to: size, by: 4).reduce(0) {
                        $0 + abs(Int(shown[shown.startIndex + $1]) - Int(f[$1]))
                    }
                }
                let nearest = candidates.lowerBound + distances.indices.min { distances[$0] < distances[$1] }!
                XCTAssertEqual(nearest, GIFTiming.frame(ofSlot: k, fps: fps), "slot \(k): \(distances)")
            }
        }
        XCTAssertEqual(
            (0..<10).map { GIFTiming.frame(ofSlot: $0, fps: 60) }, [0, 1, 2, 4, 5, 6, 7, 8, 10, 11])
        XCTAssertEqual((0..<6).map { GIFTiming.slot(ofFrame: $0, fps: 60) }, [0, 1, 2, nil, 3, 4])
    }

    /// An odd size in MP4 is padded to even sides, and the encoder says so.
    func testOddMP4SizeIsPaddedAndSaid() throws {
        let (path, _, movie) = try encode(.mp4, width: 321, height: 241, count: 3)
        let p = try FFmpegTools.probe(path, "stream=width,height")
        XCTAssertEqual(p["width"], "322")
        XCTAssertEqual(p["height"], "242")
        XCTAssertEqual(
            movie.notes,
            [
                "321x241 padded to 322x242 (H.264 in 4:2:0 needs even sides; the last column or row is repeated)"
            ])
    }

    func testRefusalsAreErrorsThatSayWhy() throws {
        let path = folder.appendingPathComponent("x.mp4").path
        let cases: [(() throws -> Void, String)] = [
            (
                {
                    _ = try MovieEncoder(
                        format: .mp4, path: path, width: 4, height: 4, fps: 60, ffmpeg: "/nonexistent/ffmpeg")
                },
                "writing .mp4 needs ffmpeg, which is not on PATH (install it: apt-get install ffmpeg); .png and DIR/ need no ffmpeg"
            ),
            (
                { _ = try MovieEncoder(format: .mp4, path: path, width: 4, height: 4, fps: 60, alpha: true) },
                ".mp4 has no alpha channel: give an opaque --background colour, or write .webm, .gif, .apng or .png for a transparent background"
            ),
            (
                { _ = try MovieEncoder(format: .webm, path: path, width: 16385, height: 4, fps: 60) },
                "cannot draw frames of 16385x4 pixels: each side must be 1 to 16384"
            ),
        ]
        for (make, message) in cases {
            XCTAssertThrowsError(try make()) { XCTAssertEqual(String(describing: $0), message) }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    /// An ffmpeg that dies while frames are still coming: the next frame (or the end) fails
    /// with its status and last message, and the output is gone.
    func testFFmpegDyingMidRunRemovesTheOutput() throws {
        let fake = folder.appendingPathComponent("ffmpeg").path
        try "#!/bin/sh\nhead -c 100000 > /dev/null\necho 'fake ffmpeg: disk on fire' >&2\nexit 3\n".write(
            toFile: fake, atomically: true, encoding: .utf8)
        chmod(fake, 0o755)
        let path = folder.appendingPathComponent("x.webm").path
        // What a real ffmpeg has written by then.
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("partial".utf8)))
        let movie = try MovieEncoder(
            format: .webm, path: path, width: 320, height: 240, fps: 60, ffmpeg: fake)
        XCTAssertThrowsError(
            try {
                for i in 0..<30 { try movie.append(MovieEncoderTests.frame(i)) }
                try movie.finish()
            }()
        ) {
            XCTAssertEqual(
                String(describing: $0),
                "ffmpeg failed writing \(path) (exit status 3: fake ffmpeg: disk on fire); nothing was written"
            )
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }
}
