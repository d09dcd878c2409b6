import Foundation

/// What the agreement tests compare between two pictures of one layer drawn by two renderers
/// (issue 30: "each layer's coverage and centroid within 0.5 px, colour inside shapes within
/// 2/255").
struct LayerMeasures {
    /// Σ alpha / 255: the area covered, in pixels.
    var area: Double
    /// The alpha-weighted centre, in pixels from the top left corner.
    var centroid: (x: Double, y: Double)
    /// Σ |∇alpha| / 255 (forward differences): the length of the outline in pixels, whether
    /// the edge is anti-aliased or falls on pixel boundaries.
    var outline: Double

    init(_ image: TestPicture) {
        var area = 0.0
        var sx = 0.0
        var sy = 0.0
        var outline = 0.0
        let w = image.width
        let h = image.height
        func alpha(_ x: Int, _ y: Int) -> Double {
            guard x >= 0, y >= 0, x < w, y < h else { return 0 }
            return Double(image.rgba[(y * w + x) * 4 + 3]) / 255
        }
        for y in 0..<h {
            for x in 0..<w {
                let a = alpha(x, y)
                area += a
                sx += a * (Double(x) + 0.5)
                sy += a * (Double(y) + 0.5)
                let dx = alpha(x + 1, y) - a
                let dy = alpha(x, y + 1) - a
                if dx != 0 || dy != 0 { outline += (dx * dx + dy * dy).squareRoot() }
            }
        }
        // The row and column before the picture's first: an edge on the border counts too.
        for x in 0..<w { outline += alpha(x, 0) }
        for y in 0..<h { outline += alpha(0, y) }
        self.area = area
        centroid = area > 0 ? (sx / area, sy / area) : (0, 0)
        self.outline = outline
    }

    /// How far the outline moved on average: the difference of the areas spread along the
    /// outline (a disc of radius r drawn at r + 0.5 gives 0.5).
    static func coverageShift(_ a: LayerMeasures, _ b: LayerMeasures) -> Double {
        abs(a.area - b.area) / max(max(a.outline, b.outline), 1)
    }

    static func centroidDistance(_ a: LayerMeasures, _ b: LayerMeasures) -> Double {
        let dx = a.centroid.x - b.centroid.x
        let dy = a.centroid.y - b.centroid.y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The largest channel difference (0–255, straight RGBA) between `a` and `b` inside the
    /// shapes: at pixels whose 3×3 neighbourhood in `a` is one colour (away from every edge,
    /// outer or inner) with alpha at least 128 (below that an 8-bit straight colour carries
    /// less than 8 bits: a PNG of premultiplied pixels rounds it by up to 255 / (2α)).
    /// Also the number of such pixels.
    static func interiorColourDifference(_ a: TestPicture, _ b: TestPicture) -> (Int, Int) {
        var worst = 0
        var count = 0
        let w = a.width
        guard a.width == b.width, a.height == b.height, w > 2, a.height > 2 else { return (255, 0) }
        for y in 1..<(a.height - 1) {
            for x in 1..<(w - 1) {
                let k = (y * w + x) * 4
                guard a.rgba[k + 3] >= 128 else { continue }
                var uniform = true
                for dy in -1...1 {
                    for dx in -1...1 where uniform {
                        let j = ((y + dy) * w + x + dx) * 4
                        uniform = a.rgba[j..<(j + 4)].elementsEqual(a.rgba[k..<(k + 4)])
                    }
                }
                guard uniform else { continue }
                count += 1
                for c in 0..<4 { worst = max(worst, abs(Int(a.rgba[k + c]) - Int(b.rgba[k + c]))) }
            }
        }
        return (worst, count)
    }
}
