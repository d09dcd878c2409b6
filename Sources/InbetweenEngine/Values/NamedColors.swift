/// UIKit's class colors (`UIColor.red`, `.darkGray`...) with the component values Apple
/// documents for each: e.g. "orangeColor: RGB values are 1.0, 0.5, and 0.0"; the grays are
/// white levels 1/3 (darkGray), 0.5 (gray) and 2/3 (lightGray).
extension Color {
    static let namedColorTable: [(name: String, color: Color)] = [
        ("black", Color(red: 0, green: 0, blue: 0)),
        ("darkGray", Color(red: 1.0 / 3, green: 1.0 / 3, blue: 1.0 / 3)),
        ("lightGray", Color(red: 2.0 / 3, green: 2.0 / 3, blue: 2.0 / 3)),
        ("white", Color(red: 1, green: 1, blue: 1)),
        ("gray", Color(red: 0.5, green: 0.5, blue: 0.5)),
        ("red", Color(red: 1, green: 0, blue: 0)),
        ("green", Color(red: 0, green: 1, blue: 0)),
        ("blue", Color(red: 0, green: 0, blue: 1)),
        ("cyan", Color(red: 0, green: 1, blue: 1)),
        ("yellow", Color(red: 1, green: 1, blue: 0)),
        ("magenta", Color(red: 1, green: 0, blue: 1)),
        ("orange", Color(red: 1, green: 0.5, blue: 0)),
        ("purple", Color(red: 0.5, green: 0, blue: 0.5)),
        ("brown", Color(red: 0.6, green: 0.4, blue: 0.2)),
        // UIColor.clear is black at zero alpha ("grayscale and alpha values are both 0.0").
        ("clear", Color(red: 0, green: 0, blue: 0, alpha: 0)),
    ]

    /// The names `parse` accepts, in UIKit's documentation order.
    public static var namedColorNames: [String] { namedColorTable.map(\.name) }

    /// A UIKit named color, ignoring case; `redColor` (the Objective-C spelling) also works.
    public static func named(_ name: String) -> Color? {
        var key = name.lowercased()
        if key.hasSuffix("color"), key.count > "color".count { key.removeLast("color".count) }
        return namedColorTable.first { $0.name.lowercased() == key }?.color
    }
}
