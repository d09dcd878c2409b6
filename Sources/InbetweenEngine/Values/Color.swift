/// RGBA, each channel nominally in [0, 1] (not clamped while interpolating). Channels are
/// straight (not premultiplied) and interpolated in the color's own sRGB numbers, as Core
/// Animation does for `CGColor` values in the same color space.
public struct Color: Hashable, Sendable {
    public var red: Double, green: Double, blue: Double, alpha: Double
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// `#rgb`, `#rrggbb`, `#rrggbbaa`, UIKit's named colors (`red`, `blue`, `clear`...) and
    /// CSS's (`teal`, `rebeccapurple`...), UIKit's winning where both have a name (`named`).
    /// Names are matched without regard to case, and UIKit's `redColor` spelling is accepted.
    public static func parse(_ text: String) throws -> Color {
        let trimmed = text.trimmingSpaces
        if trimmed.hasPrefix("#") {
            if let color = parseHex(trimmed.dropFirst()) { return color }
            throw EngineError(
                parameter: "color", value: text,
                rule: "a hex color is #rgb, #rrggbb or #rrggbbaa with hexadecimal digits")
        }
        if let color = Color.named(trimmed) { return color }
        throw EngineError(
            parameter: "color", value: text,
            rule:
                "expected #rgb, #rrggbb, #rrggbbaa or a color name (UIKit's, such as red or darkGray, "
                + "or CSS's, such as teal; docs/colors.md lists them)")
    }

    /// Each hex digit of `#rgb` stands for itself repeated (`#f80` = `#ff8800`), as in CSS.
    private static func parseHex(_ digits: Substring) -> Color? {
        var nibbles: [Int] = []
        for ch in digits {
            guard let v = ch.hexDigitValue else { return nil }
            nibbles.append(v)
        }
        let byteMax = 255.0
        switch nibbles.count {
        case 3:
            return Color(
                red: Double(nibbles[0] * 17) / byteMax,
                green: Double(nibbles[1] * 17) / byteMax,
                blue: Double(nibbles[2] * 17) / byteMax)
        case 6, 8:
            var bytes: [Double] = []
            for i in stride(from: 0, to: nibbles.count, by: 2) {
                bytes.append(Double(nibbles[i] * 16 + nibbles[i + 1]) / byteMax)
            }
            return Color(
                red: bytes[0], green: bytes[1], blue: bytes[2],
                alpha: bytes.count == 4 ? bytes[3] : 1)
        default:
            return nil
        }
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}
