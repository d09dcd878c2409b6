/// One storage for animations made one after another that are identical bit for bit
/// (`Animation+Identical.swift`): a script that builds 10,000 layers in a loop makes the same
/// spring or keyframes 10,000 times, and each kept its own struct and arrays (about 1 KB for
/// the keyframes of `scripts/bench`'s scene). `shared(_:)` hands back the last identical
/// animation of the same kind instead, so the copy just made is freed at once and its memory
/// reused (issue 10, goal 7). An animation is a value: sharing its storage changes nothing a
/// caller can see.
package struct AnimationSharing: Sendable {
    private var basic: Animation?
    private var keyframe: Animation?
    private var spring: Animation?

    public init() {}

    /// `animation`, or the last animation given that is identical to it.
    public mutating func shared(_ animation: Animation) -> Animation {
        switch animation {
        case .basic(let a):
            if let last = basic, case .basic(let b) = last, a.isIdentical(to: b) { return last }
            basic = animation
        case .keyframe(let a):
            if let last = keyframe, case .keyframe(let b) = last, a.isIdentical(to: b) { return last }
            keyframe = animation
        case .spring(let a):
            if let last = spring, case .spring(let b) = last, a.isIdentical(to: b) { return last }
            spring = animation
        case .group:
            break
        }
        return animation
    }
}
