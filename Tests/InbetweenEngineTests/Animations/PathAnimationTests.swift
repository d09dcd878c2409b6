import XCTest

@testable import InbetweenEngine

final class PathAnimationTests: XCTestCase {
    /// The classic two-arc path: (74,74) → c(74,500),(320,500) → (320,74) →
    /// c(320,500),(566,500) → (566,74), over 5 s.
    let arcs = Path([
        .move(Point(74, 74)),
        .curve(control1: Point(74, 500), control2: Point(320, 500), to: Point(320, 74)),
        .curve(control1: Point(320, 500), control2: Point(566, 500), to: Point(566, 74)),
    ])
    let fiveSeconds = MediaTiming(duration: 5, fillMode: .both)

    func position(_ a: KeyframeAnimation, at t: Double) throws -> PropertyValues {
        var layer = PropertyValues()
        try a.apply(to: &layer, atParentTime: t)
        return layer
    }

    /// Linear mode: each of the two segments takes half the time and is followed by its
    /// Bézier parameter.
    func testTwoArcsPerSegment() throws {
        let a = try KeyframeAnimation(
            keyPath: "position", path: arcs, rotationMode: .auto, timing: fiveSeconds)
        let cases: [(Double, Point, Double)] = [
            (0, Point(74, 74), .pi / 2),  // B'(0) = 3(p1 − p0) = (0, 1278): straight "up" (+y)
            // t = 1.25 s is s = ½ of arc 1: B(½) = (p0 + 3p1 + 3p2 + p3)/8 = (197, 393.5),
            // B'(½) = 3·(¼(0,426) + ½(246,0) + ¼(0,−426)) = (369, 0): heading along +x.
            (1.25, Point(197, 393.5), 0),
            (2.5, Point(320, 74), .pi / 2),  // start of arc 2, heading +y again
            // Arc 2 is arc 1 moved by 246 in x.
            (3.75, Point(443, 393.5), 0),
            (5, Point(566, 74), -.pi / 2),  // B'(1) = 3(p3 − p2) = (0, −1278)
        ]
        for (t, p, angle) in cases {
            let layer = try position(a, at: t)
            assertValue(layer["position"], .point(p), tolerance: 1e-9, "t = \(t)")
            assertValue(layer["transform.rotation.z"], .scalar(angle), tolerance: 1e-9, "angle at \(t)")
        }
        let reverse = try KeyframeAnimation(
            keyPath: "position", path: arcs, rotationMode: .autoReverse,
            timing: fiveSeconds)
        assertValue(try position(reverse, at: 1.25)["transform.rotation.z"], .scalar(.pi), tolerance: 1e-9)
        XCTAssertEqual(Animation.keyframe(a).keyPaths, ["position", "transform.rotation.z"])
    }

    /// Paced motion: equal times cover equal arc lengths. Sampled every 1/16000 of the run,
    /// the chord speed equals length / duration within 1e-6 (relative). A chord of an arc of
    /// length Δs with curvature κ is shorter by the factor (κΔs)²/24; the tightest point is
    /// B'(½) = (369, 0), B''(½) = (0, −2556), κ = 2556/369² = 0.01877, and Δs = 1468.08/16000
    /// = 0.0918 (total length by the midpoint rule, python), so chords lose at most 1.2e-7.
    /// (With 4000 samples the measured worst deviation, 1.98e-6, is exactly that chord
    /// deficit, (0.01877·0.367)²/24: the motion itself is uniform far below it.) The samples
    /// include t = 2.5 s, where the path reverses, so no chord straddles the cusp.
    func testPacedMotionHasConstantSpeed() throws {
        let a = try KeyframeAnimation(
            keyPath: "position", path: arcs, calculationMode: .paced, timing: fiveSeconds)
        let length = arcs.length
        let expectedSpeed = length / 5
        let samples = 16000
        var previous = Point(74, 74)
        var worst = 0.0
        for i in 1...samples {
            let t = 5 * Double(i) / Double(samples)
            guard case .point(let p) = try position(a, at: t)["position"] else { return XCTFail() }
            let chord = ((p.x - previous.x) * (p.x - previous.x) + (p.y - previous.y) * (p.y - previous.y))
                .squareRoot()
            worst = max(worst, abs(chord / (5 / Double(samples)) / expectedSpeed - 1))
            previous = p
        }
        XCTAssertLessThan(worst, 1e-6, "relative deviation of the chord speed")
        // An independent check of the length: a 200,000-chord polyline is shorter than the
        // curve by O(1/N²) (about 1e-7 here), never longer.
        let m = arcs.measure()
        var polyline = 0.0
        let n = 100_000
        for s in 0..<2 {
            var q = m.point(segment: s, t: 0)
            for k in 1...n {
                let r = m.point(segment: s, t: Double(k) / Double(n))
                polyline += ((r.x - q.x) * (r.x - q.x) + (r.y - q.y) * (r.y - q.y)).squareRoot()
                q = r
            }
        }
        XCTAssertEqual(length, polyline, accuracy: 1e-5)
        XCTAssertGreaterThanOrEqual(length, polyline)
    }

    /// Paced motion along values (not a path): constant speed between the values.
    func testPacedValuesHaveConstantSpeed() throws {
        // (0,0) → (30,40) → (30,0): lengths 50 and 40, total 90, over 3 s: 30 units/s.
        let a = try KeyframeAnimation(
            keyPath: "position", values: [.point(.zero), .point(Point(30, 40)), .point(Point(30, 0))],
            calculationMode: .paced, timing: MediaTiming(duration: 3, fillMode: .both))
        var previous = Point.zero
        for i in 1...300 {
            let t = 3 * Double(i) / 300
            guard case .point(let p) = try position(a, at: t)["position"] else { return XCTFail() }
            let step = ((p.x - previous.x) * (p.x - previous.x) + (p.y - previous.y) * (p.y - previous.y))
                .squareRoot()
            // Samples at multiples of 0.01 s include the corner (t = 50/30 s is not one, so a
            // chord cuts the corner there; skip that one sample).
            if abs(t - 5.0 / 3) > 0.01 { XCTAssertEqual(step / 0.01, 30, accuracy: 30 * 1e-9, "t = \(t)") }
            previous = p
        }
    }
}
