import XCTest

@testable import InbetweenEngine

/// Builders for the animations the layer and sampler tests need. They are the only place the
/// tests touch the animation types' initialisers, so a change there is fixed here once.
enum Fixture {
    static func basic(
        _ keyPath: String, from: Value?, to: Value?, duration: Double,
        timing: TimingFunction = .linear, beginTime: Double = 0, repeatCount: Double = 0,
        fillMode: FillMode = .removed, removedOnCompletion: Bool = true
    ) throws -> Animation {
        .basic(
            try BasicAnimation(
                keyPath: keyPath, fromValue: from, toValue: to,
                timing: MediaTiming(
                    beginTime: beginTime, duration: duration,
                    repeatCount: repeatCount, fillMode: fillMode),
                timingFunction: timing, removedOnCompletion: removedOnCompletion))
    }

    static func group(_ children: [Animation], duration: Double) throws -> Animation {
        .group(AnimationGroup(animations: children, timing: MediaTiming(duration: duration)))
    }

    static func alongPath(
        _ keyPath: String, path: Path, duration: Double, timing: TimingFunction,
        fillMode: FillMode, removedOnCompletion: Bool
    ) throws -> Animation {
        .keyframe(
            try KeyframeAnimation(
                keyPath: keyPath, path: path,
                timing: MediaTiming(duration: duration, fillMode: fillMode),
                timingFunction: timing, removedOnCompletion: removedOnCompletion))
    }

    static func point(_ value: Value?, file: StaticString = #filePath, line: UInt = #line)
        -> Point?
    {
        guard case .point(let p)? = value else {
            XCTFail("expected a point, got \(String(describing: value))", file: file, line: line)
            return nil
        }
        return p
    }

    static func scalar(_ value: Value?, file: StaticString = #filePath, line: UInt = #line)
        -> Double?
    {
        guard case .scalar(let s)? = value else {
            XCTFail("expected a number, got \(String(describing: value))", file: file, line: line)
            return nil
        }
        return s
    }
}

extension Scene {
    /// Pops every event up to `time`, as a host with no handlers would.
    mutating func drainEvents(upTo time: Double) -> [AnimationEvent] {
        var events: [AnimationEvent] = []
        while let event = popEvent(upTo: time) { events.append(event) }
        return events
    }
}
