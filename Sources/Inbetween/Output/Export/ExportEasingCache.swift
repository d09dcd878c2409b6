import InbetweenEngine

/// The easings of one export, worked out once per script easing and tolerance: a registered
/// easing (a Lua function) is sampled at `ExportEasing.sampleCount` inputs, each a call into
/// Lua, and one easing given to thousands of layers (a stagger) was sampled again for each,
/// by the scene's builder and again by the Swift writer: most of the export's time.
///
/// Only timing functions with an identity are kept (`CustomTiming.identity`: the same object
/// and name compute the same values); the others are cheap to say, or are unknown functions.
package final class ExportEasingCache {
    private struct Key: Hashable {
        var identity: ObjectIdentifier
        var name: String
        var tolerance: UInt64
    }
    private var known: [Key: ExportEasing] = [:]

    package init() {}

    /// `ExportEasing(f, tolerance: tolerance)`.
    package func easing(_ f: TimingFunction?, tolerance: Double) -> ExportEasing {
        guard case .custom(let custom)? = f, let identity = custom.identity else {
            return ExportEasing(f, tolerance: tolerance)
        }
        let key = Key(
            identity: ObjectIdentifier(identity), name: custom.name, tolerance: tolerance.bitPattern)
        if let easing = known[key] { return easing }
        let easing = ExportEasing(f, tolerance: tolerance)
        known[key] = easing
        return easing
    }
}
