import Foundation

/// CATransform3D: a 4x4 matrix in Core Animation's row-vector convention, p' = p · M, so the
/// translation sits in the fourth row (m41, m42, m43) and `a.concatenating(b)` applies `a`
/// first, then `b` (CATransform3DConcat(a, b) = a · b).
public struct Transform3D: Hashable, Sendable {
    public var m: [Double]  // 16 entries, row-major m11 m12 ... m44
    public init(m: [Double]) { self.m = m }
    public static let identity = Transform3D(m: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

    /// Entry at 1-based row and column, like the `m23` field names.
    public subscript(row: Int, column: Int) -> Double {
        get { m[(row - 1) * 4 + column - 1] }
        set { m[(row - 1) * 4 + column - 1] = newValue }
    }

    /// CATransform3DMakeTranslation.
    public static func translation(x: Double, y: Double, z: Double = 0) -> Transform3D {
        var t = identity
        t[4, 1] = x
        t[4, 2] = y
        t[4, 3] = z
        return t
    }

    /// CATransform3DMakeScale.
    public static func scale(x: Double, y: Double, z: Double = 1) -> Transform3D {
        var t = identity
        t[1, 1] = x
        t[2, 2] = y
        t[3, 3] = z
        return t
    }

    /// CATransform3DMakeRotation: `angle` radians about the axis (x, y, z), counter-clockwise
    /// when looking down the axis toward the origin in a y-up space. A zero axis gives the
    /// identity (there is no rotation to make). The entries are Rodrigues' formula written for
    /// row vectors (the transpose of the column-vector form).
    public static func rotation(angle: Double, x: Double = 0, y: Double = 0, z: Double = 1)
        -> Transform3D
    {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0 else { return identity }
        let (ux, uy, uz) = (x / length, y / length, z / length)
        let c = cos(angle)
        let s = sin(angle)
        let k = 1 - c
        return Transform3D(m: [
            ux * ux * k + c, ux * uy * k + uz * s, ux * uz * k - uy * s, 0,
            ux * uy * k - uz * s, uy * uy * k + c, uy * uz * k + ux * s, 0,
            ux * uz * k + uy * s, uy * uz * k - ux * s, uz * uz * k + c, 0,
            0, 0, 0, 1,
        ])
    }

    /// self · other: `self` is applied first.
    public func concatenating(_ other: Transform3D) -> Transform3D {
        var out = [Double](repeating: 0, count: 16)
        for r in 0..<4 {
            for c in 0..<4 {
                var sum = 0.0
                for k in 0..<4 { sum += m[r * 4 + k] * other.m[k * 4 + c] }
                out[r * 4 + c] = sum
            }
        }
        return Transform3D(m: out)
    }

    /// CATransform3DTranslate(t, x, y, z): the translation happens before `self`.
    public func translatedBy(x: Double, y: Double, z: Double = 0) -> Transform3D {
        Transform3D.translation(x: x, y: y, z: z).concatenating(self)
    }

    /// CATransform3DScale(t, x, y, z): the scale happens before `self`.
    public func scaledBy(x: Double, y: Double, z: Double = 1) -> Transform3D {
        Transform3D.scale(x: x, y: y, z: z).concatenating(self)
    }

    /// CATransform3DRotate(t, angle, x, y, z): the rotation happens before `self`.
    public func rotatedBy(angle: Double, x: Double = 0, y: Double = 0, z: Double = 1)
        -> Transform3D
    {
        Transform3D.rotation(angle: angle, x: x, y: y, z: z).concatenating(self)
    }

    /// CATransform3DInvert, by Gauss–Jordan elimination with partial pivoting. Core Animation
    /// returns the matrix unchanged when it has no inverse; we throw, because a silently wrong
    /// `byValue` or cumulative step is worse than an error naming the cause.
    public func inverted() throws -> Transform3D {
        var a = m
        var inv = Transform3D.identity.m
        let singularPivot = 1e-12
        for col in 0..<4 {
            var pivot = col
            for r in col..<4 where abs(a[r * 4 + col]) > abs(a[pivot * 4 + col]) { pivot = r }
            guard abs(a[pivot * 4 + col]) > singularPivot else {
                throw EngineError(
                    parameter: "transform", value: "\(m)",
                    rule: "must be invertible to subtract it from another transform")
            }
            if pivot != col {
                for k in 0..<4 {
                    a.swapAt(col * 4 + k, pivot * 4 + k)
                    inv.swapAt(col * 4 + k, pivot * 4 + k)
                }
            }
            let p = a[col * 4 + col]
            for k in 0..<4 {
                a[col * 4 + k] /= p
                inv[col * 4 + k] /= p
            }
            for r in 0..<4 where r != col {
                let f = a[r * 4 + col]
                if f == 0 { continue }
                for k in 0..<4 {
                    a[r * 4 + k] -= f * a[col * 4 + k]
                    inv[r * 4 + k] -= f * inv[col * 4 + k]
                }
            }
        }
        return Transform3D(m: inv)
    }

    /// The image of a point in the z = 0 plane (perspective divide included).
    public func apply(to p: Point) -> Point {
        let x = p.x * m[0] + p.y * m[4] + m[12]
        let y = p.x * m[1] + p.y * m[5] + m[13]
        let w = p.x * m[3] + p.y * m[7] + m[15]
        return w == 0 || w == 1 ? Point(x: x, y: y) : Point(x: x / w, y: y / w)
    }
}
