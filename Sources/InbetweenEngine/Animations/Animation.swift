// CONTRACT STUB — the animations helper fills in the bodies and the concrete animation types
// (BasicAnimation.swift, KeyframeAnimation.swift, SpringAnimation.swift, AnimationGroup.swift);
// the public signatures below are the contract the layers/sampling code and Lua layer use.

/// CAAnimation and its subclasses. Every animation answers "what does it contribute at time t";
/// it never owns a clock.
public enum Animation: Sendable {
    case basic(BasicAnimation)
    case keyframe(KeyframeAnimation)
    case spring(SpringAnimation)
    case group(AnimationGroup)

    /// Its CAMediaTiming (beginTime, duration, speed, repeats, fillMode...).
    public var timing: MediaTiming { get { MediaTiming() } set {} }

    /// CAAnimation.removedOnCompletion (default true).
    public var removedOnCompletion: Bool { get { true } set {} }

    /// The key paths it animates (a group: all of its children's).
    public var keyPaths: [String] { [] }

    /// Applies the animation's effect at parent time `t` (the time of whatever it was added
    /// to, already shifted so that 0 is when it was added) on top of `values`, which hold the
    /// model values plus the effects of animations added before it. No effect when the timing
    /// says it is not in effect at `t`.
    public func apply(to values: inout PropertyValues, atParentTime t: Double) throws {}
}

public struct BasicAnimation: Sendable {}
public struct KeyframeAnimation: Sendable {}
public struct SpringAnimation: Sendable {}
public struct AnimationGroup: Sendable {}
