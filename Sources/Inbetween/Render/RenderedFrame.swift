/// One rendered frame: straight (not premultiplied) 8-bit RGBA in sRGB, rows top to bottom,
/// `width * 4` bytes a row with no padding.
public struct RenderedFrame: Hashable, Sendable {
    /// 0-based frame number in the run.
    public var index: Int
    /// Scene time in seconds.
    public var time: Double
    /// In pixels.
    public var width: Int
    public var height: Int
    /// `width * height * 4` bytes: red, green, blue, alpha for each pixel.
    public var rgba: [UInt8]

    public init(index: Int, time: Double, width: Int, height: Int, rgba: [UInt8]) {
        self.index = index
        self.time = time
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// The pixel at column `x`, row `y` (from the top left) as (red, green, blue, alpha).
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let k = (y * width + x) * 4
        return (rgba[k], rgba[k + 1], rgba[k + 2], rgba[k + 3])
    }
}
