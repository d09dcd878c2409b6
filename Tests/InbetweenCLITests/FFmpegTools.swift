import Foundation
import XCTest

/// ffprobe and ffmpeg as the independent readers of what the encoders write (Debian's
/// `ffmpeg` package, which scripts/test installs).
enum FFmpegTools {
    /// Runs `tool arguments...` and returns its standard output; fails the test on a non-zero
    /// status, with its standard error.
    static func run(_ tool: String, _ arguments: [String], file: StaticString = #filePath, line: UInt = #line)
        throws -> Data
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + tool)
        process.arguments = arguments
        let out = Pipe()
        let errURL = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ib-ffmpeg-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errURL) }
        process.standardOutput = out
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            let err = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
            XCTFail("\(tool) \(arguments.joined(separator: " ")) failed: \(err)", file: file, line: line)
        }
        return data
    }

    /// `key=value` lines of `ffprobe -show_entries ENTRIES` for the first video stream.
    static func probe(_ path: String, _ entries: String, countFrames: Bool = false) throws -> [String: String]
    {
        var arguments = [
            "-v", "error", "-select_streams", "v:0", "-show_entries", entries, "-of", "default=nw=1",
        ]
        if countFrames { arguments.insert("-count_frames", at: 0) }
        let text = String(decoding: try run("ffprobe", arguments + [path]), as: UTF8.self)
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let eq = line.firstIndex(of: "=") else { continue }
            values[String(line[..<eq])] = String(line[line.index(after: eq)...])
        }
        return values
    }

    /// Every frame of `path` decoded to `pixelFormat` (rgba, rgb24) as raw bytes, one frame
    /// per decoded frame (`-fps_mode passthrough`: none dropped or repeated). `decoder`: a
    /// decoder to force (libvpx-vp9 reads WebM's alpha; ffmpeg's own vp9 decoder drops it).
    static func decode(_ path: String, pixelFormat: String, decoder: String? = nil) throws -> Data {
        var arguments = ["-v", "error"]
        if let decoder { arguments += ["-c:v", decoder] }
        arguments += ["-i", path, "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", pixelFormat, "-"]
        return try run("ffmpeg", arguments)
    }

    /// ffmpeg's psnr filter between the frames of `a` and `b` (any two inputs ffmpeg reads,
    /// given as its input arguments), paired by index: each frame's `psnr_avg` (the mean over
    /// R, G and B, in dB; "inf" for identical frames reads as infinity).
    static func psnr(_ a: [String], _ b: [String], folder: URL) throws -> [Double] {
        let stats = folder.appendingPathComponent("psnr.txt").path
        // Both streams renumbered 0, 1, 2... in one time base, so the filter pairs frame i
        // with frame i whatever the containers' own clocks (WebM's are in milliseconds). 4:2:0
        // is turned back into RGB with its chroma interpolated (full_chroma_int, exact
        // rounding), as players do: swscale's default repeats each chroma sample over its 2×2
        // block, which alone costs about 4 dB at a saturated edge.
        let toRGB = "scale=flags=bicubic+accurate_rnd+full_chroma_int,format=rgb24,settb=1/1000,setpts=N"
        let graph = "[0:v]\(toRGB)[a];[1:v]\(toRGB)[b];[a][b]psnr=stats_file=\(stats)"
        _ = try run("ffmpeg", ["-v", "error"] + a + b + ["-lavfi", graph, "-f", "null", "-"])
        let text = try String(contentsOfFile: stats, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            line.split(separator: " ").first { $0.hasPrefix("psnr_avg:") }.map {
                let value = $0.dropFirst("psnr_avg:".count)
                return value == "inf" ? .infinity : Double(value) ?? .nan
            }
        }
    }

    /// The delays (centiseconds) of a GIF's frames, read from its Graphic Control Extensions
    /// (GIF89a, section 23) while walking its blocks.
    static func gifDelays(_ bytes: [UInt8]) -> [Int] {
        var delays: [Int] = []
        // Header (6) and logical screen descriptor (7), then the global colour table.
        var p = 13
        if bytes[10] & 0x80 != 0 { p += 3 << (Int(bytes[10] & 7) + 1) }
        func skipSubBlocks() {
            while p < bytes.count, bytes[p] != 0 { p += Int(bytes[p]) + 1 }
            p += 1
        }
        while p < bytes.count {
            switch bytes[p] {
            case 0x21:  // extension
                if bytes[p + 1] == 0xF9 { delays.append(Int(bytes[p + 4]) | Int(bytes[p + 5]) << 8) }
                p += 2
                skipSubBlocks()
            case 0x2C:  // image descriptor, local colour table, LZW minimum code size, data
                let packed = bytes[p + 9]
                p += 10
                if packed & 0x80 != 0 { p += 3 << (Int(packed & 7) + 1) }
                p += 1
                skipSubBlocks()
            default:  // 0x3B: the trailer
                return delays
            }
        }
        return delays
    }
}
