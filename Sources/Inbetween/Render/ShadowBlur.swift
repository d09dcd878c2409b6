/// The Gaussian blur of a shadow's alpha, as three box blurs in a row each way: the
/// approximation the SVG and CSS Filter Effects specification gives for feGaussianBlur
/// (https://www.w3.org/TR/filter-effects-1/#feGaussianBlurElement): for a standard deviation
/// s, d = floor(s · 3·√(2π)/4 + 0.5); for odd d, three box blurs of size d centred on the
/// pixel; for even d, two of size d (the first centred between the pixel and the one before,
/// the second between the pixel and the one after) and one of size d + 1 centred. Within 3%
/// of the true Gaussian, and what Skia (under Chromium) does for the same blur.
enum ShadowBlur {
    /// The widest blur (standard deviation, in pixels) made at the picture's own resolution.
    /// A wider one is made on a coarser mask, `sigma / finestSigma` pixels to a mask pixel,
    /// so that the mask stays within the picture's size plus about 6 × finestSigma each way
    /// however wide the blur (a `shadowRadius` of 1e9 would need a mask of 3e9 pixels); the
    /// mask is then stretched back bilinearly, which a blur this wide (half the width of a
    /// 1080p picture) shows no trace of.
    static let finestSigma = 256.0

    /// Blurs `alpha` (an A8 image of `width` × `height`, `stride` bytes a row) in place with
    /// standard deviation `sigma` pixels.
    static func blur(
        _ alpha: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double
    ) {
        let d = Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
        guard d > 1, width > 0, height > 0 else { return }
        // Each pass: (window size, how many pixels of the window lie before the pixel).
        let passes: [(Int, Int)] =
            d % 2 == 1 ? [(d, d / 2), (d, d / 2), (d, d / 2)] : [(d, d / 2), (d, d / 2 - 1), (d + 1, d / 2)]
        var line = [UInt32](repeating: 0, count: max(width, height))
        var out = [UInt32](repeating: 0, count: max(width, height))
        // Rows, then columns; values kept ×1 and rounded once per pass.
        for axis in 0..<2 {
            let count = axis == 0 ? width : height
            let lines = axis == 0 ? height : width
            let step = axis == 0 ? 1 : stride
            for l in 0..<lines {
                let base = axis == 0 ? l * stride : l
                for k in 0..<count { line[k] = UInt32(alpha[base + k * step]) }
                for (size, before) in passes {
                    boxPass(&line, &out, count: count, size: size, before: before)
                    swap(&line, &out)
                }
                for k in 0..<count { alpha[base + k * step] = UInt8(truncatingIfNeeded: line[k]) }
            }
        }
    }

    /// out[k] = the mean of input[k − before ... k − before + size − 1], zero outside, rounded.
    private static func boxPass(
        _ input: inout [UInt32], _ output: inout [UInt32], count: Int, size: Int, before: Int
    ) {
        var sum: UInt32 = 0
        // The window for k = 0 covers [−before, size − before − 1].
        for j in 0..<min(size - before, count) { sum += input[j] }
        let half = UInt32(size / 2)
        for k in 0..<count {
            output[k] = (sum + half) / UInt32(size)
            let add = k - before + size
            let drop = k - before
            if add < count { sum += input[add] }
            if drop >= 0 { sum -= input[drop] }
        }
    }
}
