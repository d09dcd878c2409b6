import XCTest

@testable import InbetweenEngine

final class PathMeasureTests: XCTestCase {
    func testLengthsOfKnownShapes() throws {
        let r = 100.0
        let quarter = try pathOf {
            try $0.addArc(center: .zero, radius: r, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        }
        let circle = try pathOf {
            try $0.addArc(center: Point(5, 5), radius: r, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        }
        let cases: [(String, Path, Double, Double)] = [
            // A 3-4-5 triangle's hypotenuse.
            (
                "line",
                pathOf {
                    $0.move(to: Point(1, 1))
                    $0.line(to: Point(4, 5))
                }, 5, 1e-12
            ),
            // Square of side 2 closed back to the start: perimeter 8 (the close is a segment).
            (
                "closed square",
                pathOf {
                    $0.move(to: .zero)
                    $0.line(to: Point(2, 0))
                    $0.line(to: Point(2, 2))
                    $0.line(to: Point(0, 2))
                    $0.close()
                }, 8, 1e-12
            ),
            // A quadratic whose control point sits on its chord is the straight line (0,0)→(10,0).
            (
                "flat quad",
                pathOf {
                    $0.move(to: .zero)
                    $0.quad(control: Point(5, 0), to: Point(10, 0))
                }, 10, 1e-12
            ),
            // The 90° cubic (k = 4/3·tan(π/8)·r) is 1.4029e-4 longer than πr/2: midpoint rule
            // with 200,000 panels on |B'(t)| (python, float64) gives 1.5710166980725564·r.
            ("quarter arc vs its cubic", quarter, 1.5710166980725564 * r, 1e-9 * r),
            // ... and within the stated arc error of the true circle: |L − πr/2| ≤ 1.5e-4·πr/2.
            ("quarter arc vs circle", quarter, Double.pi / 2 * r, 1.5e-4 * Double.pi / 2 * r),
            ("full circle", circle, 2 * Double.pi * r, 1.5e-4 * 2 * Double.pi * r),
        ]
        for (name, path, expected, tolerance) in cases {
            XCTAssertEqual(path.length, expected, accuracy: tolerance, name)
        }
        XCTAssertEqual(circle.segmentCount, 4, "2π in pieces of at most 90°")
        XCTAssertEqual(quarter.segmentCount, 1)
    }

    func testArcEndsOnTheCircleBothWays() throws {
        // Counter-clockwise 0 → π/2 ends at (0, r); clockwise 0 → π/2 goes the long way
        // (−3π/2), three 90° pieces, and ends at the same point.
        for (clockwise, pieces) in [(false, 1), (true, 3)] {
            let p = try pathOf {
                $0.move(to: Point(-50, 0))
                try $0.addArc(
                    center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: clockwise)
            }
            XCTAssertEqual(p.segmentCount, 1 + pieces, "line to the arc start, then the pieces")
            let end = try XCTUnwrap(p.currentPoint)
            XCTAssertEqual(end.x, 0, accuracy: 1e-12)
            XCTAssertEqual(end.y, 10, accuracy: 1e-12)
        }
        assertEngineError("radius") {
            var p = Path()
            try p.addArc(center: .zero, radius: -1, startAngle: 0, endAngle: 1, clockwise: false)
        }
    }

    func testPointsAndTangents() {
        // An L: (0,0) → (10,0) → (10,10). Length 20.
        let l = pathOf {
            $0.move(to: .zero)
            $0.line(to: Point(10, 0))
            $0.line(to: Point(10, 10))
        }
        let m = l.measure()
        let cases: [(Double, Point, Double)] = [
            (0, Point(0, 0), 0), (5, Point(5, 0), 0), (15, Point(10, 5), .pi / 2),
            (20, Point(10, 10), .pi / 2),
            (25, Point(10, 15), .pi / 2),  // beyond the end: continues along the last tangent
            (-2, Point(-2, 0), 0),  // before the start: backwards along the first
        ]
        for (s, p, angle) in cases {
            let q = m.point(atLength: s)
            XCTAssertEqual(q.x, p.x, accuracy: 1e-9, "x at \(s)")
            XCTAssertEqual(q.y, p.y, accuracy: 1e-9, "y at \(s)")
            XCTAssertEqual(m.tangentAngle(atLength: s), angle, accuracy: 1e-12, "angle at \(s)")
        }
        // Per-segment evaluation: the quad (0,0) c(10,10) (20,0) at t = 0.5 is
        // (0 + 2·10 + 20)/4, (0 + 2·10 + 0)/4 = (10, 5).
        let quad = pathOf {
            $0.move(to: .zero)
            $0.quad(control: Point(10, 10), to: Point(20, 0))
        }
        let mid = quad.point(segment: 0, t: 0.5)
        XCTAssertEqual(mid.x, 10, accuracy: 1e-12)
        XCTAssertEqual(mid.y, 5, accuracy: 1e-12)
        // A curve whose first control point sits on its start: the direction there is toward
        // the second control point, (0,0)→(10,10), 45°.
        let cusp = pathOf {
            $0.move(to: .zero)
            $0.curve(control1: .zero, control2: Point(10, 10), to: Point(20, 0))
        }
        XCTAssertEqual(cusp.tangentAngle(atLength: 0), .pi / 4, accuracy: 1e-5)
    }

    func testBoundingBox() throws {
        // The quad above peaks at y = 5 (t = 0.5), not at its control point's 10.
        let quad = pathOf {
            $0.move(to: .zero)
            $0.quad(control: Point(10, 10), to: Point(20, 0))
        }
        let box = try XCTUnwrap(quad.boundingBox)
        assertValue(.rect(box), .rect(Rect(x: 0, y: 0, width: 20, height: 5)), tolerance: 1e-12)
        // A full circle of radius 10 at (5, 5): [−5, 15]² up to the arc error 2.7e-4·r.
        let circle = try pathOf {
            try $0.addArc(center: Point(5, 5), radius: 10, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        }
        assertValue(
            .rect(try XCTUnwrap(circle.boundingBox)),
            .rect(Rect(x: -5, y: -5, width: 20, height: 20)), tolerance: 2.7e-4 * 10)
        XCTAssertNil(Path().boundingBox)
    }
}
