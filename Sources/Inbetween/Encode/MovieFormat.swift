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

/// A GIF stores each frame's delay in whole hundredths of a second, and players do not play a
/// delay under 2 cs as written: ffmpeg's GIF demuxer reads it as 10 cs (its `min_delay` option,
/// 2 by default, and `default_delay`, 10), as browsers do (Firefox's image/FrameTimeout.h
/// plays a timeout of 10 ms or less as 100 ms, and Blink's image decoders follow it). So a GIF
/// plays at most
/// 50 frames a second, and the frames of a faster run are chosen to fit:
///
/// - Up to 50 fps every frame is kept. Frame i starts at round(100 i / fps) cs, rounded as
///   ffmpeg's muxer rounds a time (av_rescale_q, halves away from zero), each delay being the
///   difference of two rounded starts: no drift, every frame within half a centisecond of its
///   time. A frame lasts 100 / fps >= 2 cs, so each delay is at least 2 (rounding is monotone).
/// - Above 50 fps the frames lie on a grid of 2 cs: slot k, at 2k cs (k / 50 s), shows the
///   frame nearest its time, round(k · fps / 50), which is a different frame for each slot
///   since fps / 50 > 1; the frames between are dropped. Each delay is 2 cs.
///
/// Either way the loop lasts R = round(100 N / fps) cs for N frames, within 5 ms of the run's
/// N / fps: the slots that start at least 2 cs before R are kept (above 50 fps, floor(R / 2)
/// of them), and the last holds what is left, 2 or 3 cs. A run of one frame shorter than 2 cs
/// lasts 2 cs. At 60 fps, 61 frames: 51 slots of 2 cs, 102 cs in all.
package enum GIFTiming {
    /// The shortest delay players show as written, in centiseconds.
    package static let shortestDelay = 2
    /// The highest frame rate a GIF plays: one frame per `shortestDelay`.
    package static let highestRate = 100 / Double(shortestDelay)

    /// The loop's length in centiseconds for `count` frames at `fps`: round(100 N / fps).
    package static func length(count: Int, fps: Double) -> Int {
        start(Double(count) * 100 / fps)
    }

    /// The slot frame `index` fills, nil when the frame is dropped (above 50 fps, a frame no
    /// slot's time is nearest to). The last slot of a run may still be dropped: see `slots`.
    package static func slot(ofFrame index: Int, fps: Double) -> Int? {
        guard fps > highestRate else { return index }
        let k = start(Double(index) * highestRate / fps)
        return frame(ofSlot: k, fps: fps) == index ? k : nil
    }

    /// The frame slot `k` shows.
    package static func frame(ofSlot k: Int, fps: Double) -> Int {
        fps > highestRate ? start(Double(k) * fps / highestRate) : k
    }

    /// How many slots a GIF of `count` frames at `fps` keeps: those that start at least
    /// `shortestDelay` before the loop's end, and at least one.
    package static func slots(count: Int, fps: Double) -> Int {
        guard count > 0 else { return 0 }
        guard fps > highestRate else { return count }
        return max(1, length(count: count, fps: fps) / shortestDelay)
    }

    /// Slot k's start in centiseconds, as the file holds it.
    package static func start(ofSlot k: Int, fps: Double) -> Int {
        fps > highestRate ? k * shortestDelay : start(Double(k) * 100 / fps)
    }

    /// The delay after slot `k` of a GIF of `count` frames at `fps`, in centiseconds.
    package static func delay(ofSlot k: Int, count: Int, fps: Double) -> Int {
        let last = slots(count: count, fps: fps) - 1
        let end = k < last ? start(ofSlot: k + 1, fps: fps) : length(count: count, fps: fps)
        return max(shortestDelay, end - start(ofSlot: k, fps: fps))
    }

    /// A time in centiseconds rounded as ffmpeg rounds one, saturated far past any run.
    private static func start(_ centiseconds: Double) -> Int {
        let r = centiseconds.rounded(.toNearestOrAwayFromZero)
        return r.isNaN ? 0 : Int(min(max(r, -1e15), 1e15))
    }
}
