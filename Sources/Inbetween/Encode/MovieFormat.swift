/// The moving pictures ffmpeg writes, named by their file extension.
public enum MovieFormat: String, CaseIterable, Hashable, Sendable {
    /// H.264 in MP4, 4:2:0 (what every browser, phone and editor plays). No alpha.
    case mp4
    /// VP9 in WebM, with an alpha channel (yuva420p) when the frames are transparent.
    case webm
    /// GIF, with one palette made from all the frames (two passes: palettegen, paletteuse).
    case gif
    /// Animated PNG: lossless, exact frame delays, alpha kept.
    case apng

    /// What ffmpeg writes the format from raw RGBA frames: the codec, its pixel format and
    /// quality, and the container (`-f`, since the staging file's name has no extension).
    func outputArguments(alpha: Bool) -> [String] {
        switch self {
        case .mp4:
            // crf 12: a saturated red disc over a blue gradient decodes above 41 dB PSNR in
            // every frame (MovieEncoderTests; 40.9 at crf 16, 42.5 with no loss at all, which
            // is what 4:2:0 itself costs such an edge).
            // The RGB -> YUV matrix is BT.709 and the file says so (with sRGB's transfer), so
            // that players convert back with the same one.
            return [
                "-vf", "scale=out_color_matrix=bt709:out_range=tv,format=yuv420p",
                "-c:v", "libx264", "-preset", "medium", "-crf", "12",
                "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "iec61966-2-1",
                "-movflags", "+faststart", "-f", "mp4",
            ]
        case .webm:
            // Constant quality (-b:v 0 with -crf 18: above 41 dB on the same frames), row
            // multithreading, libvpx's "good" deadline at speed 4.
            return [
                "-c:v", "libvpx-vp9", "-pix_fmt", alpha ? "yuva420p" : "yuv420p",
                "-crf", "18", "-b:v", "0", "-deadline", "good", "-cpu-used", "4", "-row-mt", "1",
                "-f", "webm",
            ]
        case .apng:
            return ["-c:v", "apng", "-pix_fmt", alpha ? "rgba" : "rgb24", "-plays", "0", "-f", "apng"]
        case .gif:
            return []  // two passes: see MovieEncoder
        }
    }
}

/// A GIF stores each frame's delay in hundredths of a second. Frame i of a run at `fps` is
/// due at i / fps; ffmpeg's GIF muxer rounds every frame's time to the nearest centisecond
/// (av_rescale_q, halves away from zero) and writes each delay as the difference of two
/// neighbouring rounded times, so no error accumulates: every frame starts within half a
/// centisecond of its time however long the run. The last frame's delay is chosen the same
/// way (round(100 N / fps) − round(100 (N − 1) / fps)), so the loop lasts round(100 N / fps)
/// centiseconds: within 5 ms of N / fps. At 60 fps the delays run 2, 1, 2, 2, 1, 2, ...
public enum GIFTiming {
    /// The frame's start in centiseconds, as the file holds it.
    public static func start(ofFrame index: Int, fps: Double) -> Int {
        Int((Double(index) * 100 / fps).rounded(.toNearestOrAwayFromZero))
    }

    /// The delay after frame `index` of `count` frames.
    public static func delay(ofFrame index: Int, count: Int, fps: Double) -> Int {
        start(ofFrame: index + 1, fps: fps) - start(ofFrame: index, fps: fps)
    }
}
