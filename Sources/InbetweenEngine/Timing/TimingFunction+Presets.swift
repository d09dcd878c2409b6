/// The named timing functions: Core Animation's presets at Apple's documented control points
/// (CAMediaTimingFunctionName: linear, easeIn, easeOut, easeInEaseOut, default) and the CSS
/// keywords of CSS Easing Level 2 (https://www.w3.org/TR/css-easing-2/).
extension TimingFunction {
    public static let linear = TimingFunction.cubic(CubicBezier.unchecked(0, 0, 1, 1))
    public static let easeIn = TimingFunction.cubic(CubicBezier.unchecked(0.42, 0, 1, 1))
    public static let easeOut = TimingFunction.cubic(CubicBezier.unchecked(0, 0, 0.58, 1))
    public static let easeInEaseOut = TimingFunction.cubic(CubicBezier.unchecked(0.42, 0, 0.58, 1))
    public static let `default` = TimingFunction.cubic(CubicBezier.unchecked(0.25, 0.1, 0.25, 1))

    /// The canonical Core Animation names, in Apple's order, for listings.
    public static var presetNames: [String] { ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"] }

    /// The other names of each preset that `named` accepts, canonical name first (for
    /// listings); `step-start` and `step-end` are CSS's own, with no Core Animation name.
    public static var presetAliases: [(name: String, aliases: [String])] {
        [
            ("linear", ["kCAMediaTimingFunctionLinear", "UIViewAnimationOptionCurveLinear", "curveLinear"]),
            (
                "easeIn",
                [
                    "kCAMediaTimingFunctionEaseIn", "ease-in", "UIViewAnimationOptionCurveEaseIn",
                    "curveEaseIn",
                ]
            ),
            (
                "easeOut",
                [
                    "kCAMediaTimingFunctionEaseOut", "ease-out", "UIViewAnimationOptionCurveEaseOut",
                    "curveEaseOut",
                ]
            ),
            (
                "easeInEaseOut",
                [
                    "kCAMediaTimingFunctionEaseInEaseOut", "ease-in-out",
                    "UIViewAnimationOptionCurveEaseInOut",
                    "curveEaseInOut",
                ]
            ),
            ("default", ["kCAMediaTimingFunctionDefault", "ease"]),
        ]
    }

    /// Core Animation names (`easeIn`, `kCAMediaTimingFunctionEaseIn`) and CSS keywords
    /// (`ease-in`, `ease`, `linear`, `step-start`, `step-end`). Names are exact (CSS keywords
    /// in lower case; `parse(css:)` accepts them in any case, as CSS does).
    public static func named(_ name: String) -> TimingFunction? {
        switch name {
        // UIView's animation curve options name the same presets (UIKit has no counterpart of
        // kCAMediaTimingFunctionDefault).
        case "linear", "kCAMediaTimingFunctionLinear", "UIViewAnimationOptionCurveLinear", "curveLinear":
            return .linear
        case "easeIn", "kCAMediaTimingFunctionEaseIn", "ease-in", "UIViewAnimationOptionCurveEaseIn",
            "curveEaseIn":
            return .easeIn
        case "easeOut", "kCAMediaTimingFunctionEaseOut", "ease-out", "UIViewAnimationOptionCurveEaseOut",
            "curveEaseOut":
            return .easeOut
        case "easeInEaseOut", "kCAMediaTimingFunctionEaseInEaseOut", "ease-in-out",
            "UIViewAnimationOptionCurveEaseInOut", "curveEaseInOut":
            return .easeInEaseOut
        // CSS `ease` is (0.25, 0.1, 0.25, 1), the same curve as Core Animation's default.
        case "default", "kCAMediaTimingFunctionDefault", "ease": return .default
        // CSS: step-start is steps(1, jump-start), step-end is steps(1, jump-end).
        case "step-start": return .steps(try! Steps(1, .jumpStart))
        case "step-end": return .steps(try! Steps(1, .jumpEnd))
        default: return nil
        }
    }
}
