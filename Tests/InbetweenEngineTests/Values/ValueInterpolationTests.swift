import XCTest

@testable import InbetweenEngine

final class ValueInterpolationTests: XCTestCase {
    /// a + (b − a)·t for every kind; t = 1.5 and −0.5 check that nothing clamps (overshoot).
    func testEveryKindInterpolatesComponentWise() throws {
        let triangle = pathOf {
            $0.move(to: Point(0, 0))
            $0.line(to: Point(10, 0))
            $0.close()
        }
        let triangle2 = pathOf {
            $0.move(to: Point(2, 4))
            $0.line(to: Point(20, 8))
            $0.close()
        }
        let cases: [(Value, Value, Double, Value)] = [
            (.scalar(1), .scalar(3), 0.25, .scalar(1.5)),  // 1 + 2·0.25
            (.scalar(0), .scalar(10), 1.5, .scalar(15)),  // overshoot
            (.scalar(0), .scalar(10), -0.5, .scalar(-5)),  // undershoot
            (.point(Point(0, 10)), .point(Point(10, 30)), 0.5, .point(Point(5, 20))),
            (
                .size(Size(width: 2, height: 4)), .size(Size(width: 4, height: 0)), 0.75,
                .size(Size(width: 3.5, height: 1))
            ),  // 2+2·.75, 4−4·.75
            (
                .rect(Rect(x: 0, y: 0, width: 10, height: 10)),
                .rect(Rect(x: 10, y: 20, width: 30, height: 50)), 0.5,
                .rect(Rect(x: 5, y: 10, width: 20, height: 30))
            ),
            (
                .color(Color(red: 0, green: 0, blue: 1)), .color(Color(red: 1, green: 0, blue: 0)), 0.5,
                .color(Color(red: 0.5, green: 0, blue: 0.5))
            ),
            (
                .color(Color(red: 0, green: 0, blue: 0, alpha: 0)), .color(Color(red: 1, green: 1, blue: 1)),
                1.2, .color(Color(red: 1.2, green: 1.2, blue: 1.2, alpha: 1.2))
            ),  // not clamped to 1
            (.vector([0, 1, 2]), .vector([10, 11, 12]), 0.1, .vector([1, 2, 3])),
            // Shape morphing: each point moves on its own, (0,0)→(2,4) and (10,0)→(20,8).
            (
                .path(triangle), .path(triangle2), 0.5,
                .path(
                    pathOf {
                        $0.move(to: Point(1, 2))
                        $0.line(to: Point(15, 4))
                        $0.close()
                    })
            ),
            // Translations interpolate as numbers: (0,0,0) → (10,20,−4) at 0.25.
            (
                .transform(.identity), .transform(.translation(x: 10, y: 20, z: -4)), 0.25,
                .transform(.translation(x: 2.5, y: 5, z: -1))
            ),
            // Through the decomposition: halfway from 0 to π/2 about z is a π/4 rotation, not
            // the entry-wise average (which would shrink the layer to cos = 0.5+0.5·0).
            (
                .transform(.identity), .transform(.rotation(angle: .pi / 2)), 0.5,
                .transform(.rotation(angle: .pi / 4))
            ),
            // Scale 1 → 3 halfway is 2.
            (.transform(.identity), .transform(.scale(x: 3, y: 3)), 0.5, .transform(.scale(x: 2, y: 2))),
        ]
        for (a, b, t, expected) in cases {
            // 1e-12: a handful of roundings of numbers below 100.
            assertValue(try Value.interpolate(a, b, t), expected, tolerance: 1e-12, "\(a) → \(b) at \(t)")
        }
    }

    func testShapeMismatchesThrow() {
        let line = pathOf {
            $0.move(to: .zero)
            $0.line(to: Point(1, 1))
        }
        let curve = pathOf {
            $0.move(to: .zero)
            $0.curve(control1: .zero, control2: .zero, to: Point(1, 1))
        }
        let cases: [(Value, Value)] = [
            (.scalar(1), .point(.zero)),
            (.point(.zero), .size(.zero)),
            (.vector([1, 2]), .vector([1, 2, 3])),
            (.path(line), .path(curve)),
        ]
        for (a, b) in cases {
            assertEngineError("value") { _ = try Value.interpolate(a, b, 0.5) }
            assertEngineError("value") { _ = try Value.add(a, b) }
            assertEngineError("value") { _ = try Value.distance(a, b) }
        }
    }

    func testAddSubtractAndDistance() throws {
        // (1,2) + (3,4) = (4,6); (3,4) − (1,2) = (2,2); |(4,6) − (1,2)| = |(3,4)| = 5.
        assertValue(
            try Value.add(.point(Point(1, 2)), .point(Point(3, 4))), .point(Point(4, 6)), tolerance: 0)
        assertValue(
            try Value.subtract(.point(Point(3, 4)), .point(Point(1, 2))), .point(Point(2, 2)), tolerance: 0)
        XCTAssertEqual(try Value.distance(.point(Point(1, 2)), .point(Point(4, 6))), 5, accuracy: 1e-15)
        // Transforms add by concatenation: translate(1,2) then translate(3,4) = translate(4,6);
        // subtract undoes it.
        let a = Value.transform(.translation(x: 1, y: 2))
        let b = Value.transform(.translation(x: 3, y: 4))
        assertValue(try Value.add(a, b), .transform(.translation(x: 4, y: 6)), tolerance: 1e-15)
        assertValue(try Value.subtract(try Value.add(a, b), a), b, tolerance: 1e-12)
        // A zero scale has no inverse, so nothing can be subtracted from it.
        assertEngineError("transform") {
            _ = try Value.subtract(.transform(.identity), .transform(.scale(x: 0, y: 1)))
        }
    }

    func testComponentsRoundTrip() throws {
        let samples: [Value] = [
            .scalar(2), .point(Point(1, 2)), .size(Size(width: 3, height: 4)),
            .rect(Rect(x: 1, y: 2, width: 3, height: 4)),
            .color(Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)),
            .transform(.rotation(angle: 0.3)), .vector([1, 2, 3]),
            .path(
                pathOf {
                    $0.move(to: Point(1, 2))
                    $0.quad(control: Point(3, 4), to: Point(5, 6))
                }),
        ]
        let counts = [1, 2, 2, 4, 4, 16, 3, 6]  // the documented component order sizes
        for (v, n) in zip(samples, counts) {
            XCTAssertEqual(v.components.count, n, v.kindName)
            XCTAssertEqual(try v.withComponents(v.components), v)
        }
    }
}
