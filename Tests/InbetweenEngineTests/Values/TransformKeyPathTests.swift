import XCTest

@testable import InbetweenEngine

final class TransformKeyPathTests: XCTestCase {
    /// Reading a part of a known matrix.
    func testReadingDecomposesTheMatrix() {
        let composite = Transform3D.scale(x: 2, y: 3)
            .concatenating(.rotation(angle: 0.5))
            .concatenating(.translation(x: 7, y: 8, z: 9))
        let cases: [(Transform3D, String, Value)] = [
            (.rotation(angle: 0.7), "transform.rotation", .scalar(0.7)),  // rotation = z
            (.rotation(angle: -2.5), "transform.rotation.z", .scalar(-2.5)),
            (.rotation(angle: 0.3, x: 1, y: 0, z: 0), "transform.rotation.x", .scalar(0.3)),
            (.rotation(angle: 0.4, x: 0, y: 1, z: 0), "transform.rotation.y", .scalar(0.4)),
            (.scale(x: 2, y: 3, z: 4), "transform.scale", .scalar(3)),  // (2+3+4)/3
            (.scale(x: 2, y: 3, z: 4), "transform.scale.y", .scalar(3)),
            (.scale(x: -2, y: 3), "transform.scale.x", .scalar(-2)),  // a mirror
            (.translation(x: 5, y: 6, z: 7), "transform.translation", .size(Size(width: 5, height: 6))),
            (.translation(x: 5, y: 6, z: 7), "transform.translation.z", .scalar(7)),
            // S · R · T in that order decomposes back into its three factors.
            (composite, "transform.scale.x", .scalar(2)),
            (composite, "transform.scale.y", .scalar(3)),
            (composite, "transform.rotation.z", .scalar(0.5)),
            (composite, "transform.translation.x", .scalar(7)),
        ]
        for (t, keyPath, expected) in cases {
            let values = PropertyValues(["transform": .transform(t)])
            // 1e-12: a few roundings through atan2/asin and square roots of O(1) numbers.
            assertValue(values[keyPath], expected, tolerance: 1e-12, keyPath)
        }
    }

    /// Writing parts recomposes S · Rx·Ry·Rz · T, and reading gives back what was written.
    func testWritingRecomposesAndRoundTrips() throws {
        var values = PropertyValues()
        try values.set(.scalar(2), forKeyPath: "transform.scale.x")
        try values.set(.scalar(Double.pi / 6), forKeyPath: "transform.rotation.z")
        try values.set(.point(Point(10, 20)), forKeyPath: "transform.translation")  // point accepted
        try values.set(.scalar(-3), forKeyPath: "transform.translation.z")
        let expected = Transform3D.scale(x: 2, y: 1)
            .concatenating(.rotation(angle: .pi / 6))
            .concatenating(.translation(x: 10, y: 20, z: -3))
        assertValue(values["transform"], .transform(expected), tolerance: 1e-12)
        let readBack: [(String, Value)] = [
            ("transform.scale.x", .scalar(2)), ("transform.scale.y", .scalar(1)),
            ("transform.rotation", .scalar(.pi / 6)),
            ("transform.translation", .size(Size(width: 10, height: 20))),
            ("transform.translation.z", .scalar(-3)),
        ]
        for (keyPath, v) in readBack { assertValue(values[keyPath], v, tolerance: 1e-12, keyPath) }
        // Uniform scale writes all three axes.
        try values.set(.scalar(0.5), forKeyPath: "transform.scale")
        for axis in ["x", "y", "z"] {
            assertValue(values["transform.scale.\(axis)"], .scalar(0.5), tolerance: 1e-12, axis)
        }
        assertValue(values["transform.rotation.z"], .scalar(.pi / 6), tolerance: 1e-12)
    }

    /// Scaling an axis to 0 (a common "shrink away") must not forget the rotation.
    func testZeroScaleKeepsRotation() throws {
        var values = PropertyValues(["transform": .transform(.rotation(angle: 1.0))])
        try values.set(.scalar(0), forKeyPath: "transform.scale.x")
        assertValue(values["transform.rotation.z"], .scalar(1.0), tolerance: 1e-12)
        try values.set(.scalar(1), forKeyPath: "transform.scale.x")
        assertValue(values["transform"], .transform(.rotation(angle: 1.0)), tolerance: 1e-12)
    }

    func testRotationXYZRoundTrip() throws {
        // Each Euler angle written, then all read back (away from gimbal lock |y| = π/2).
        var values = PropertyValues()
        let angles = [("x", 0.3), ("y", -0.6), ("z", 1.2)]
        for (axis, a) in angles { try values.set(.scalar(a), forKeyPath: "transform.rotation.\(axis)") }
        for (axis, a) in angles {
            assertValue(values["transform.rotation.\(axis)"], .scalar(a), tolerance: 1e-12, axis)
        }
    }

    /// A half turn about y, `transform.rotation(pi, 0, 1, 0)` (example 19's card), is the same
    /// rotation as Euler angles (pi, 0, pi) and (0, pi, 0): Rx(pi)·Rz(pi) = Ry(pi). The engine
    /// reads the set nearer no rotation, so `transform.rotation.y` reads pi and an animation of
    /// it from 0 over that model starts unturned (with (pi, 0, pi) it started mirrored and ended
    /// unturned: the card flipped backwards, and the two-sided card showed its back first).
    /// Either set rebuilds the same matrix, to rounding.
    func testAHalfTurnAboutYReadsAsRotationY() throws {
        let halfTurn = Transform3D.rotation(angle: .pi, x: 0, y: 1, z: 0)
        let c = halfTurn.decomposed
        XCTAssertEqual(c.rotation[0], 0, accuracy: 1e-12)
        XCTAssertEqual(c.rotation[1], .pi, accuracy: 1e-12)
        XCTAssertEqual(c.rotation[2], 0, accuracy: 1e-12)
        assertValue(.transform(Transform3D(components: c)), .transform(halfTurn), tolerance: 1e-12)
        // Setting rotation.y to 0 over the half turn gives back no rotation.
        var values = PropertyValues(["transform": .transform(halfTurn)])
        try values.set(.scalar(0), forKeyPath: "transform.rotation.y")
        assertValue(values["transform"], .transform(.identity), tolerance: 1e-12)
        // Near the other branch both sets still rebuild the matrix: angles (0.3, 2.5, -0.4)
        // read as (0.3 - pi, pi - 2.5, pi - 0.4)... whichever is nearer, the matrix is kept.
        let turned = Transform3D(
            components: {
                var t = TransformComponents()
                t.rotation = [0.3, 2.5, -0.4]
                return t
            }())
        assertValue(
            .transform(Transform3D(components: turned.decomposed)), .transform(turned), tolerance: 1e-12)
        // A rotation about z alone keeps reading as rotation.z, up to a half turn.
        for angle in [0.5, 3.0, .pi, -3.0] {
            let z = Transform3D.rotation(angle: angle).decomposed.rotation
            XCTAssertEqual(z[0], 0, accuracy: 1e-12, "\(angle)")
            XCTAssertEqual(z[1], 0, accuracy: 1e-12, "\(angle)")
            XCTAssertEqual(abs(z[2]), abs(angle), accuracy: 1e-12, "\(angle)")
        }
    }

    func testInverseAndConcatenation() throws {
        let t = Transform3D.scale(x: 2, y: 4).concatenating(.rotation(angle: 0.3, x: 1, y: 1, z: 0))
            .concatenating(.translation(x: 1, y: 2, z: 3))
        assertValue(.transform(try t.inverted().concatenating(t)), .transform(.identity), tolerance: 1e-12)
        // The point (1, 0) scaled by 2, turned a quarter turn: (0, 2), then moved by (5, 0).
        let p = Transform3D.scale(x: 2, y: 2).concatenating(.rotation(angle: .pi / 2))
            .concatenating(.translation(x: 5, y: 0)).apply(to: Point(1, 0))
        XCTAssertEqual(p.x, 5, accuracy: 1e-12)
        XCTAssertEqual(p.y, 2, accuracy: 1e-12)
    }

    /// `rescaledDiagonal`, the shortcut every `transform.scale` write of an unrotated layer takes,
    /// gives the general route's matrix bit for bit (signs of zeros included): decompose, replace
    /// the scales, recompose. Seeded random matrices of the shape it accepts: positive diagonal
    /// entries across the accepted range, +0 or -0 off the diagonal, any translation and
    /// perspective; new scales positive, negative, zero, tiny and huge.
    func testDiagonalRescaleEqualsDecomposeAndRecompose() throws {
        var generator = SplitMix64(seed: 0x5CA1E)
        func positive() -> Double {
            [1, 0.5, 2, 1e-150, 1e150, 0x1p-500, 0x1p500, 0.1 + generator.unit() * 10][generator.below(8)]
        }
        func zero() -> Double { generator.below(2) == 0 ? 0.0 : -0.0 }
        func anything() -> Double {
            [0.0, -0.0, 1, -1, 1e-300, -3e200, generator.unit() * 200 - 100][generator.below(7)]
        }
        for _ in 0..<20_000 {
            var m = [Double](repeating: 0, count: 16)
            for i in [1, 2, 4, 6, 8, 9] { m[i] = zero() }
            for i in [0, 5, 10] { m[i] = positive() }
            for i in [3, 7, 11, 12, 13, 14, 15] { m[i] = anything() }
            let t = Transform3D(m: m)
            let axis = generator.below(4)  // 3: all three (transform.scale)
            let s = anything()
            let replaced: [Double?] = (0..<3).map { axis == 3 || axis == $0 ? s : nil }
            let fast = try XCTUnwrap(t.rescaledDiagonal(replaced[0], replaced[1], replaced[2]))
            var c = t.decomposed
            for k in 0..<3 { if let r = replaced[k] { c.scale[k] = r } }
            let general = Transform3D(components: c)
            XCTAssertEqual(fast.m.map(\.bitPattern), general.m.map(\.bitPattern), "\(m) axis \(axis) s \(s)")
        }
        // Anything rotated, skewed, mirrored or out of range takes the general route.
        XCTAssertNil(Transform3D.rotation(angle: 0.1).rescaledDiagonal(2, 2, 2))
        XCTAssertNil(Transform3D.scale(x: -1, y: 1).rescaledDiagonal(2, nil, nil))
        XCTAssertNil(Transform3D.scale(x: 1e-200, y: 1).rescaledDiagonal(2, nil, nil))
        XCTAssertNil(Transform3D.identity.rescaledDiagonal(.infinity, nil, nil))
    }
}
