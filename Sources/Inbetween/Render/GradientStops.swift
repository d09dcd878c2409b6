import InbetweenEngine

/// A CAGradientLayer's colour line: its `colors` at its `locations`. Apple's CAGradientLayer
/// reference: "By default, the colors are spread uniformly across the layer" (`locations` nil,
/// here an empty array); the header CAGradientLayer.h asks for locations "monotonically
/// increasing" in [0, 1]. Locations of another count than the colours are read as nil (spread
/// evenly), since Apple defines no pairing for them; unsorted locations are sorted (stably,
/// as Cairo orders equal offsets by the order they were added). Locations outside [0, 1] are
/// kept: a shimmer animates them from below 0 to above 1.
struct GradientStops: Equatable {
    var stops: [(offset: Double, color: Color)]

    static func == (a: GradientStops, b: GradientStops) -> Bool {
        a.stops.elementsEqual(b.stops) { $0.offset == $1.offset && $0.color == $1.color }
    }

    init(colors: [Color], locations: [Double]) {
        let n = colors.count
        let offsets =
            locations.count == n ? locations : (0..<n).map { n > 1 ? Double($0) / Double(n - 1) : 0 }
        let pairs = zip(offsets, colors).enumerated().sorted { a, b in
            a.element.0 != b.element.0 ? a.element.0 < b.element.0 : a.offset < b.offset
        }
        stops = pairs.map { (offset: $0.element.0, color: $0.element.1) }
    }

    /// The colour at `t`: the first colour before the first stop, the last after the last (the
    /// layer is filled beyond the ends, as Cairo's EXTEND_PAD), linear in between,
    /// component by component on unpremultiplied values.
    func color(at t: Double) -> Color {
        guard let first = stops.first, let last = stops.last else {
            return Color(red: 0, green: 0, blue: 0, alpha: 0)
        }
        if t <= first.offset { return first.color }
        if t >= last.offset { return last.color }
        var i = 0
        while stops[i + 1].offset < t { i += 1 }
        let (a, b) = (stops[i], stops[i + 1])
        let f = b.offset > a.offset ? (t - a.offset) / (b.offset - a.offset) : 1
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * f }
        return Color(
            red: mix(a.color.red, b.color.red), green: mix(a.color.green, b.color.green),
            blue: mix(a.color.blue, b.color.blue), alpha: mix(a.color.alpha, b.color.alpha))
    }

    /// The range the stops span, widened to hold [0, 1]: Cairo clamps a stop's offset to
    /// [0, 1], so a pattern whose stops reach past them is laid over this span instead.
    var span: (lo: Double, hi: Double) {
        (min(0, stops.first?.offset ?? 0), max(1, stops.last?.offset ?? 1))
    }

    /// The stops from `t` on, with the colour at `t` as the first (a radial gradient has no
    /// circle of negative radius).
    func from(_ t: Double) -> GradientStops {
        guard let first = stops.first, first.offset < t else { return self }
        var copy = self
        copy.stops = [(t, color(at: t))] + stops.filter { $0.offset > t }
        return copy
    }
}
