import XCTest

@testable import InbetweenEngine

/// Array values (CAGradientLayer's `colors` and `locations`): element by element when the
/// counts match, a discrete switch at the midpoint when they do not (Web Animations'
/// "discrete" type; Apple documents no rule for that case).
final class ValueArrayTests: XCTestCase {
    let red = Value.color(Color(red: 1, green: 0, blue: 0))
    let blue = Value.color(Color(red: 0, green: 0, blue: 1))
    let white = Value.color(Color(red: 1, green: 1, blue: 1))

    func testArraysOfTheSameCountInterpolateElementByElement() throws {
        // [red, blue] → [blue, red] at t = 0.25: (0.75, 0, 0.25) then (0.25, 0, 0.75).
        let v = try Value.interpolate(.array([red, blue]), .array([blue, red]), 0.25)
        XCTAssertEqual(
            v,
            .array([
                .color(Color(red: 0.75, green: 0, blue: 0.25)),
                .color(Color(red: 0.25, green: 0, blue: 0.75)),
            ]))
        // Locations 0, 1 → 0.5, 1 at t = 0.5: 0.25, 1.
        XCTAssertEqual(
            try Value.interpolate(
                .array([.scalar(0), .scalar(1)]), .array([.scalar(0.5), .scalar(1)]), 0.5),
            .array([.scalar(0.25), .scalar(1)]))
    }

    func testArraysOfDifferentCountsSwitchAtTheMidpoint() throws {
        let two = Value.array([red, blue])
        let three = Value.array([red, white, blue])
        let cases: [(Value, Value, Double, Value)] = [
            (two, three, 0, two), (two, three, 0.4999, two), (two, three, 0.5, three), (two, three, 1, three),
            (.array([]), two, 0.49, .array([])), (.array([]), two, 0.5, two),  // nil → colours
        ]
        for (a, b, t, expected) in cases {
            XCTAssertEqual(try Value.interpolate(a, b, t), expected, "t = \(t)")
        }
        XCTAssertTrue(two.isAnimatable(to: three))
        XCTAssertFalse(two.hasSameShape(as: three))
        // Colours and numbers never mix.
        XCTAssertFalse(two.isAnimatable(to: .array([.scalar(0), .scalar(1), .scalar(2)])))
        XCTAssertThrowsError(try Value.interpolate(two, .array([.scalar(0)]), 0.5))
    }

    func testComponentsRoundTripAndAreNamedByElement() throws {
        let v = Value.array([red, blue])
        XCTAssertEqual(v.components, [1, 0, 0, 1, 0, 0, 1, 1])
        XCTAssertEqual(v.componentCount, 8)
        XCTAssertEqual(try v.withComponents(v.components), v)
        XCTAssertEqual(v.componentName(5), "[1] (green)")
        XCTAssertEqual(Value.array([.scalar(1), .scalar(.nan)]).firstNonFiniteComponent, 1)
    }

    func testABasicAnimationAcceptsArraysOfDifferentCounts() throws {
        // fromValue 2 colours, toValue 3: allowed (a discrete switch), where two vectors of
        // different lengths are refused.
        XCTAssertNoThrow(
            try BasicAnimation(
                keyPath: "colors", fromValue: .array([red, blue]), toValue: .array([red, white, blue])))
        XCTAssertThrowsError(
            try BasicAnimation(keyPath: "x", fromValue: .vector([1, 2]), toValue: .vector([1])))
    }
}
