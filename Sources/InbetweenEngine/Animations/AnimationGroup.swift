/// CAAnimationGroup: children run in the group's local time. Each child is applied at the
/// group's iteration time (after the group's beginTime, speed, repeats, autoreverse and
/// timingFunction), which never exceeds the group's duration, so children that would run
/// longer are cut off there, and nothing of them shows while the group itself has no effect.
/// Like Core Animation, the group's duration is not derived from its children (unset means
/// the CAMediaTiming default of 0.25 s), and children are not scaled to it. A child whose
/// duration is unset (0) runs for the group's whole duration: Apple's own group example
/// (Core Animation Programming Guide, Listing 3-4: two paced keyframe animations without
/// durations in a 5 s group) relies on that.
public struct AnimationGroup: Sendable {
    public var animations: [Animation]
    public var timing: MediaTiming
    /// Warps the group's iteration time before the children see it (nil: linear).
    public var timingFunction: TimingFunction?
    public var removedOnCompletion: Bool
    /// 1 for a group of plain animations, one more than its deepest child group otherwise.
    public private(set) var depth: Int

    /// The deepest nesting a script may build: sampling and every writer walk a group
    /// recursively, and about 5,500 levels overflowed the main thread's 8 MiB stack (SIGSEGV).
    /// 100 is the bound of nested manifest params (ScriptParameter.maxDepth), far beyond
    /// any group written by hand.
    public static let maximumDepth = 100

    public init(
        animations: [Animation], timing: MediaTiming = MediaTiming(),
        timingFunction: TimingFunction? = nil, removedOnCompletion: Bool = true
    ) {
        self.animations = animations.map { child in
            guard child.timing.duration == 0 else { return child }
            var inherited = child
            inherited.timing.duration = timing.effectiveDuration
            return inherited
        }
        self.timing = timing
        self.timingFunction = timingFunction
        self.removedOnCompletion = removedOnCompletion
        depth =
            1
            + animations.reduce(0) { deepest, child in
                if case .group(let g) = child { return max(deepest, g.depth) }
                return deepest
            }
    }

    /// The time the children see at the group's parent time t; nil when the group has no
    /// effect then.
    public func childTime(atParentTime t: Double) -> Double? {
        guard let local = timing.iterationTime(atParentTime: t) else { return nil }
        guard let f = timingFunction else { return local }
        let d = timing.effectiveDuration
        return d > 0 ? f(local / d) * d : local
    }

    /// Children in order, each on top of the values left by the ones before it.
    package func apply<Store: PropertyStore>(to values: inout Store, atParentTime t: Double) throws {
        guard let local = childTime(atParentTime: t) else { return }
        for child in animations { try child.apply(to: &values, atParentTime: local) }
    }
}
