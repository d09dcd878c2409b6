/// CAAnimation and its subclasses. Every animation answers "what does it contribute at time t";
/// it never owns a clock.
public indirect enum Animation: Sendable {
    case basic(BasicAnimation)
    case keyframe(KeyframeAnimation)
    case spring(SpringAnimation)
    case group(AnimationGroup)

    /// Its CAMediaTiming (beginTime, duration, speed, repeats, fillMode...).
    public var timing: MediaTiming {
        get {
            switch self {
            case .basic(let a): return a.timing
            case .keyframe(let a): return a.timing
            case .spring(let a): return a.timing
            case .group(let a): return a.timing
            }
        }
        set {
            switch self {
            case .basic(var a):
                a.timing = newValue
                self = .basic(a)
            case .keyframe(var a):
                a.timing = newValue
                self = .keyframe(a)
            case .spring(var a):
                a.timing = newValue
                self = .spring(a)
            case .group(var a):
                a.timing = newValue
                self = .group(a)
            }
        }
    }

    /// CAAnimation.removedOnCompletion (default true).
    public var removedOnCompletion: Bool {
        get {
            switch self {
            case .basic(let a): return a.removedOnCompletion
            case .keyframe(let a): return a.removedOnCompletion
            case .spring(let a): return a.removedOnCompletion
            case .group(let a): return a.removedOnCompletion
            }
        }
        set {
            switch self {
            case .basic(var a):
                a.removedOnCompletion = newValue
                self = .basic(a)
            case .keyframe(var a):
                a.removedOnCompletion = newValue
                self = .keyframe(a)
            case .spring(var a):
                a.removedOnCompletion = newValue
                self = .spring(a)
            case .group(var a):
                a.removedOnCompletion = newValue
                self = .group(a)
            }
        }
    }

    /// The key paths it animates (a group: all of its children's, first appearance first).
    /// A keyframe animation along a path with a rotation mode also writes
    /// `transform.rotation.z`.
    public var keyPaths: [String] {
        switch self {
        case .basic(let a): return [a.keyPath]
        case .spring(let a): return [a.keyPath]
        case .keyframe(let a):
            return a.rotationMode == nil || a.path == nil
                ? [a.keyPath] : [a.keyPath, KeyframeAnimation.rotationKeyPath]
        case .group(let g):
            var seen: [String] = []
            for k in g.animations.flatMap(\.keyPaths) where !seen.contains(k) { seen.append(k) }
            return seen
        }
    }

    /// Applies the animation's effect at parent time `t` (the time of whatever it was added
    /// to, already shifted so that 0 is when it was added) on top of `values`, which hold the
    /// model values plus the effects of animations added before it. No effect when the timing
    /// says it is not in effect at `t`.
    package func apply<Store: PropertyStore>(to values: inout Store, atParentTime t: Double) throws {
        switch self {
        case .basic(let a): try a.apply(to: &values, atParentTime: t)
        case .keyframe(let a): try a.apply(to: &values, atParentTime: t)
        case .spring(let a): try a.apply(to: &values, atParentTime: t)
        case .group(let a): try a.apply(to: &values, atParentTime: t)
        }
    }
}
