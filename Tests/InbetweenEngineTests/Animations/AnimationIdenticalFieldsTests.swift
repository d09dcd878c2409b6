import XCTest

@testable import InbetweenEngine

/// `isIdentical` (Animation+Identical.swift) decides when layers share an animation's storage
/// and a track's plan, so a stored field it does not compare would let one layer play another's
/// animation. These lists are the stored fields each comparison was written against (read by
/// reflection): a field added to one of the types fails here until `isIdentical` compares it
/// (or it is shown not to change any value) and the list is updated.
final class AnimationIdenticalFieldsTests: XCTestCase {
    private func fields(_ value: Any) -> [String] {
        Mirror(reflecting: value).children.compactMap(\.label).sorted()
    }

    private func check(_ value: Any, _ compared: [String], file: StaticString = #filePath, line: UInt = #line)
    {
        XCTAssertEqual(
            fields(value), compared.sorted(),
            "\(type(of: value)) has stored fields isIdentical does not know: compare them in Animation+Identical.swift",
            file: file, line: line)
    }

    func testEveryStoredFieldIsCompared() throws {
        // `accessor` is made from `keyPath`, which is compared.
        let common = [
            "keyPath", "accessor", "fromValue", "toValue", "byValue", "timing", "additive", "cumulative",
        ]
        check(
            try BasicAnimation(keyPath: "opacity", fromValue: .scalar(0), toValue: .scalar(1)),
            common + ["timingFunction", "removedOnCompletion"])
        check(
            try SpringAnimation(
                keyPath: "opacity", fromValue: .scalar(0), toValue: .scalar(1), spring: SpringParameters()),
            common + ["spring", "removedOnCompletion"])
        check(
            try SpringParameters(), ["mass", "stiffness", "damping", "initialVelocity", "allowsOverdamping"])
        check(
            try KeyframeAnimation(keyPath: "opacity", values: [.scalar(0), .scalar(1)]),
            [
                "keyPath", "accessor", "values", "path", "keyTimes", "timingFunctions", "calculationMode",
                "rotationMode", "tensionValues", "continuityValues", "biasValues", "timing", "timingFunction",
                "additive", "cumulative", "removedOnCompletion", "frames", "frameTimes", "measure", "spline",
            ])
        check(
            MediaTiming(),
            [
                "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration",
                "autoreverses", "fillMode",
            ])
        check(
            try CubicBezier(0.42, 0, 0.58, 1),
            [
                "x1", "y1", "x2", "y2", "ax", "bx", "cx", "ay", "by", "cy", "startGradient", "endGradient",
                "isIdentity", "guess",
            ])
    }
}
