import InbetweenEngine

/// A layer's matrix seen from the screen: CATransform3D acts on points of the layer's plane
/// (z = 0), and the screen keeps x and y after dividing by w, so only rows 1, 2, 4 and
/// columns 1, 2, 4 of the 4×4 matter. What is left is a 3×3 projective map of the plane
/// (row vectors: (x, y, 1) · H = (X, Y, W), the point (X/W, Y/W)); it is affine when its
/// third column is (0, 0, 1), which every transform without perspective (`m34`) gives.
struct Projection: Hashable {
    /// Row-major: h[0...2] the first row (m11 m12 m14), h[3...5] (m21 m22 m24), h[6...8]
    /// (m41 m42 m44); the last lanes unused. A vector of fixed size, not an array: thousands
    /// of layers a frame each make several, and an array is a heap allocation.
    var h: SIMD16<Double>

    init(_ m: Transform3D) {
        self.init(h: [m[1, 1], m[1, 2], m[1, 4], m[2, 1], m[2, 2], m[2, 4], m[4, 1], m[4, 2], m[4, 4]])
    }

    init(h e: [Double]) {
        h = SIMD16()
        for i in 0..<9 { h[i] = e[i] }
    }

    init(
        _ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double, _ g: Double,
        _ i: Double, _ j: Double
    ) {
        h = SIMD16(a, b, c, d, e, f, g, i, j, 0, 0, 0, 0, 0, 0, 0)
    }

    var isAffine: Bool { h[2] == 0 && h[5] == 0 && h[8] == 1 }

    /// The point `p` lands on, nil when it is at or behind the viewer (w ≤ 0: Core Animation
    /// does not draw what lies there).
    func apply(_ p: Point) -> Point? {
        let w = p.x * h[2] + p.y * h[5] + h[8]
        guard w > 0 else { return nil }
        return Point((p.x * h[0] + p.y * h[3] + h[6]) / w, (p.x * h[1] + p.y * h[4] + h[7]) / w)
    }

    /// First `self`, then `other`.
    func then(_ other: Projection) -> Projection {
        let a = h
        let b = other.h
        var out = [Double](repeating: 0, count: 9)
        for r in 0..<3 {
            for c in 0..<3 {
                out[r * 3 + c] = a[r * 3] * b[c] + a[r * 3 + 1] * b[3 + c] + a[r * 3 + 2] * b[6 + c]
            }
        }
        return Projection(h: out)
    }

    static func scale(_ s: Double) -> Projection { Projection(s, 0, 0, 0, s, 0, 0, 0, 1) }
    static func translation(_ x: Double, _ y: Double) -> Projection { Projection(1, 0, 0, 0, 1, 0, x, y, 1) }

    var determinant: Double {
        h[0] * (h[4] * h[8] - h[5] * h[7]) - h[1] * (h[3] * h[8] - h[5] * h[6]) + h[2]
            * (h[3] * h[7] - h[4] * h[6])
    }

    /// The inverse map, nil when the plane is seen edge on (a singular matrix).
    var inverse: Projection? {
        let d = determinant
        guard d != 0 && d.isFinite else { return nil }
        return Projection(
            (h[4] * h[8] - h[5] * h[7]) / d, (h[2] * h[7] - h[1] * h[8]) / d, (h[1] * h[5] - h[2] * h[4]) / d,
            (h[5] * h[6] - h[3] * h[8]) / d, (h[0] * h[8] - h[2] * h[6]) / d, (h[2] * h[3] - h[0] * h[5]) / d,
            (h[3] * h[7] - h[4] * h[6]) / d, (h[1] * h[6] - h[0] * h[7]) / d, (h[0] * h[4] - h[1] * h[3]) / d)
    }
}
