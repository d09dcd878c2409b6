import XCTest

@testable import InbetweenEngine

/// `AnimationSharing` hands back the last identical animation of a kind (the same storage), and
/// never one that differs in anything, down to the sign of a zero.
final class AnimationSharingTests: XCTestCase {
    /// The bytes of an animation value: an indirect enum holds a reference to its storage, so
    /// equal bytes are one storage.
    private func storage(_ animation: Animation) -> [UInt8] {
        withUnsafeBytes(of: animation) { Array($0) }
    }

    private func spring(from: Double = 0.5, damping: Double = 10) throws -> Animation {
        .spring(
            try SpringAnimation(
                keyPath: "transform.scale", fromValue: .scalar(from), toValue: .scalar(1), damping: damping))
    }

    private func keyframe(_ values: [Double], functions: [TimingFunction]) throws -> Animation {
        .keyframe(
            try KeyframeAnimation(
                keyPath: "opacity", values: values.map(Value.scalar), keyTimes: [0, 0.3, 0.7, 1],
                timingFunctions: functions, timing: MediaTiming(duration: 10)))
    }

    func testIdenticalAnimationsShareOneStorage() throws {
        var sharing = AnimationSharing()
        let first = sharing.shared(try spring())
        let second = sharing.shared(try spring())
        XCTAssertEqual(storage(first), storage(second))
        let fade = [0, 1, 0.5, 1.0]
        let k1 = sharing.shared(try keyframe(fade, functions: [.easeIn, .linear, .easeOut]))
        let k2 = sharing.shared(try keyframe(fade, functions: [.easeIn, .linear, .easeOut]))
        XCTAssertEqual(storage(k1), storage(k2))
        // Another kind in between leaves each kind's last one in place.
        XCTAssertEqual(storage(sharing.shared(try spring())), storage(first))
    }

    func testAnimationsThatDifferAreNotShared() throws {
        var sharing = AnimationSharing()
        let first = sharing.shared(try spring(from: 0))
        XCTAssertNotEqual(storage(sharing.shared(try spring(from: -0.0))), storage(first))
        XCTAssertNotEqual(storage(sharing.shared(try spring(from: -0.0, damping: 12))), storage(first))
        let fade = [0, 1, 0.5, 1.0]
        let k1 = sharing.shared(try keyframe(fade, functions: [.easeIn, .linear, .easeOut]))
        XCTAssertNotEqual(
            storage(sharing.shared(try keyframe(fade, functions: [.easeIn, .easeOut, .easeOut]))), storage(k1)
        )
        // Custom timing functions: the same identity and name, or never.
        final class Identity: Sendable {}
        let identity = Identity()
        let custom = TimingFunction.custom(CustomTiming(name: "half", identity: identity) { _ in 0.5 })
        let c1 = sharing.shared(try keyframe(fade, functions: [custom, custom, custom]))
        let c2 = sharing.shared(try keyframe(fade, functions: [custom, custom, custom]))
        XCTAssertEqual(storage(c1), storage(c2))
        let anonymous = TimingFunction.custom(CustomTiming(name: "half") { _ in 0.5 })
        let a1 = sharing.shared(try keyframe(fade, functions: [anonymous, anonymous, anonymous]))
        let a2 = sharing.shared(try keyframe(fade, functions: [anonymous, anonymous, anonymous]))
        XCTAssertNotEqual(storage(a1), storage(a2))
    }
}
