import Foundation

/// The parts Core Animation's `transform.*` key paths name.
///
/// Decomposition used (stated because Apple does not publish CA's): the upper 3x3 block is
/// taken as S · Rx(a) · Ry(b) · Rz(c) in the row-vector convention, i.e. scale first, then
/// rotation about x, then y, then z, then the translation in the fourth row. So
/// - translation = (m41, m42, m43), exactly;
/// - scale i = length of row i (x negated when the determinant is negative, a mirror);
/// - with rows normalised to R: b = asin(-R13), a = atan2(R23, R33), c = atan2(R12, R11)
///   (from multiplying out Rx·Ry·Rz), or the other angles of the same rotation,
///   (a + pi, pi - b, c + pi), when they are nearer no rotation; when cos b = 0 (gimbal lock)
///   c is taken as 0.
/// For a 2D transform (rotation about z only) this reduces to rotation.z = atan2(m12, m11),
/// which is what `transform.rotation` reads. Shear cannot be expressed and is dropped when a
/// scale or rotation component is written back; the perspective column (m14, m24, m34, m44)
/// is kept as it is.
public struct TransformComponents: Hashable, Sendable {
    public var translation: [Double] = [0, 0, 0]
    public var scale: [Double] = [1, 1, 1]
    /// Euler angles in radians about x, y, z, applied in that order.
    public var rotation: [Double] = [0, 0, 0]
    /// m14, m24, m34, m44, carried through unchanged.
    public var perspective: [Double] = [0, 0, 0, 1]
    public init() {}
}

extension Transform3D {
    /// Below this a row is treated as collapsed (a zero scale); its direction is rebuilt from
    /// the other rows so rotation survives `transform.scale.x = 0`.
    private static let collapsedRow = 1e-12

    /// `decomposed.scale`, without the rest of the decomposition and its arrays: the same
    /// row lengths and the same mirror test, so the same numbers (`transform.scale` reads it
    /// on every frame).
    var decomposedScale: (x: Double, y: Double, z: Double) {
        let r0 = (m[0], m[1], m[2])
        let r1 = (m[4], m[5], m[6])
        let r2 = (m[8], m[9], m[10])
        var x = (r0.0 * r0.0 + r0.1 * r0.1 + r0.2 * r0.2).squareRoot()
        let y = (r1.0 * r1.0 + r1.1 * r1.1 + r1.2 * r1.2).squareRoot()
        let z = (r2.0 * r2.0 + r2.1 * r2.1 + r2.2 * r2.2).squareRoot()
        let cross = (r0.1 * r1.2 - r0.2 * r1.1, r0.2 * r1.0 - r0.0 * r1.2, r0.0 * r1.1 - r0.1 * r1.0)
        if cross.0 * r2.0 + cross.1 * r2.1 + cross.2 * r2.2 < 0 { x = -x }
        return (x, y, z)
    }

    /// `Transform3D(components:)` of `decomposed` with some scales replaced (nil keeps one),
    /// computed directly when the upper 3x3 is diagonal with positive entries of moderate size
    /// (a layer scaled, translated or given perspective, never rotated or skewed: every
    /// `transform.scale` animation of an unrotated layer, on every frame). Nil otherwise.
    ///
    /// Bit for bit what the general route gives (`TransformKeyPathTests` compares them, zeros'
    /// signs included): such a matrix decomposes into its diagonal as the scales (the square
    /// root of a square is exact, in binary floating point, when the square neither overflows
    /// nor underflows; hence the range), rotations of +0 or -0, which compose to the identity
    /// with +0 off the diagonal, and the translation and perspective entries unchanged; the
    /// rebuilt diagonal is `0 + scale` (a sum started at +0) and the rest of the 3x3 is +0.
    func rescaledDiagonal(_ x: Double?, _ y: Double?, _ z: Double?) -> Transform3D? {
        let moderate = 0x1p-500...0x1p500
        guard m[1] == 0, m[2] == 0, m[4] == 0, m[6] == 0, m[8] == 0, m[9] == 0,
            moderate.contains(m[0]), moderate.contains(m[5]), moderate.contains(m[10]),
            x?.isFinite ?? true, y?.isFinite ?? true, z?.isFinite ?? true
        else { return nil }
        var out = self
        out.m[0] = 0.0 + (x ?? m[0])
        out.m[5] = 0.0 + (y ?? m[5])
        out.m[10] = 0.0 + (z ?? m[10])
        out.m[1] = 0
        out.m[2] = 0
        out.m[4] = 0
        out.m[6] = 0
        out.m[8] = 0
        out.m[9] = 0
        return out
    }

    public var decomposed: TransformComponents {
        var out = TransformComponents()
        out.translation = [m[12], m[13], m[14]]
        out.perspective = [m[3], m[7], m[11], m[15]]
        var rows: [[Double]] = [[m[0], m[1], m[2]], [m[4], m[5], m[6]], [m[8], m[9], m[10]]]
        var scale: [Double] = rows.map { norm($0) }
        if dot(cross(rows[0], rows[1]), rows[2]) < 0 { scale[0] = -scale[0] }
        for i in 0..<3 where abs(scale[i]) > Self.collapsedRow {
            rows[i] = rows[i].map { $0 / scale[i] }
        }
        // A proper rotation's rows satisfy r0 = r1 × r2, r1 = r2 × r0, r2 = r0 × r1.
        let collapsed = (0..<3).filter { abs(scale[$0]) <= Self.collapsedRow }
        if collapsed.count == 1 {
            let i = collapsed[0]
            rows[i] = cross(rows[(i + 1) % 3], rows[(i + 2) % 3])
        } else if collapsed.count > 1 {
            // Two or three zero scales leave too little to recover a rotation: report none.
            rows = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
        }
        out.scale = scale
        let r13: Double = max(-1, min(1, rows[0][2]))
        let b = asin(-r13)
        if abs(cos(b)) > 1e-12 {
            let first = [atan2(rows[1][2], rows[2][2]), b, atan2(rows[0][1], rows[0][0])]
            // Every rotation (cos b != 0) has a second set of angles, (a + pi, pi - b, c + pi):
            // Rx(pi)·Ry(pi - b)·Rz(pi) = Ry(b). Of the two, the one nearer no rotation (smaller
            // |a| + |b| + |c|, the first on a tie): a half turn about y reads as rotation.y = pi,
            // not as rotation.x = rotation.z = pi, so animating `transform.rotation.y` over a
            // layer turned half a turn about y starts from that turn. A rotation about z alone
            // keeps a = b = 0 (the second set is never smaller for it).
            let second = [wrapped(first[0] + .pi), wrapped(.pi - b), wrapped(first[2] + .pi)]
            let size = { (r: [Double]) in abs(r[0]) + abs(r[1]) + abs(r[2]) }
            out.rotation = size(second) < size(first) - 1e-12 ? second : first
        } else {
            // cos b = 0: row 2 is (sa·sb, ca, 0) with c = 0, so a = atan2(R21·sb, R22).
            out.rotation = [atan2(rows[1][0] * (-r13), rows[1][1]), b, 0]
        }
        return out
    }

    public init(components c: TransformComponents) {
        let r = Transform3D.rotation(angle: c.rotation[0], x: 1, y: 0, z: 0)
            .concatenating(.rotation(angle: c.rotation[1], x: 0, y: 1, z: 0))
            .concatenating(.rotation(angle: c.rotation[2], x: 0, y: 0, z: 1))
        var out = Transform3D.scale(x: c.scale[0], y: c.scale[1], z: c.scale[2]).concatenating(r)
        out.m[12] = c.translation[0]
        out.m[13] = c.translation[1]
        out.m[14] = c.translation[2]
        out.m[3] = c.perspective[0]
        out.m[7] = c.perspective[1]
        out.m[11] = c.perspective[2]
        out.m[15] = c.perspective[3]
        self = out
    }

    /// True when the matrix is exactly what its decomposition rebuilds (no shear), to a
    /// tolerance relative to its largest entry.
    var isDecomposable: Bool {
        let rebuilt = Transform3D(components: decomposed)
        let scale = max(1, m.map(abs).max() ?? 1)
        let decomposableTolerance = 1e-9
        return zip(m, rebuilt.m).allSatisfy { abs($0 - $1) <= decomposableTolerance * scale }
    }

    /// Core Animation-style interpolation: through the components when both ends decompose
    /// exactly, otherwise entry by entry. The ends are returned exactly at t = 0 and 1.
    static func interpolate(_ a: Transform3D, _ b: Transform3D, _ t: Double) -> Transform3D {
        if t == 0 { return a }
        if t == 1 { return b }
        guard a.isDecomposable, b.isDecomposable else {
            return Transform3D(m: zip(a.m, b.m).map { $0 + ($1 - $0) * t })
        }
        let da = a.decomposed
        let db = b.decomposed
        func lerp(_ x: [Double], _ y: [Double]) -> [Double] { zip(x, y).map { $0 + ($1 - $0) * t } }
        var c = TransformComponents()
        c.translation = lerp(da.translation, db.translation)
        c.scale = lerp(da.scale, db.scale)
        c.rotation = lerp(da.rotation, db.rotation)
        c.perspective = lerp(da.perspective, db.perspective)
        return Transform3D(components: c)
    }
}

/// An angle in (-pi, pi].
private func wrapped(_ angle: Double) -> Double {
    angle > .pi ? angle - 2 * .pi : (angle <= -.pi ? angle + 2 * .pi : angle)
}
private func norm(_ v: [Double]) -> Double { (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).squareRoot() }
private func dot(_ a: [Double], _ b: [Double]) -> Double { a[0] * b[0] + a[1] * b[1] + a[2] * b[2] }
private func cross(_ a: [Double], _ b: [Double]) -> [Double] {
    [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
}
