/// A timeline compiled into what the scene already knows: adds of ordinary Core Animation
/// animations to layers at scene times, and callbacks at scene times.
///
/// Why compile instead of sampling the timeline as a new kind of animation: every output,
/// `plot`, `batch` and preview then see plain layer animations with Core Animation's media
/// timing, fill modes and events, and nothing downstream has to learn about timelines.
///
/// How. Each iteration of each (nested) timeline maps its own time τ to scene time by an
/// affine function scene(τ) = a + b·τ: b = 1 / (product of the speeds), negated in
/// iterations that play backwards (autoreverses, odd iterations; an iteration nested in a
/// backwards one runs backwards too). An animation placed at τ = s in such an iteration:
/// - forwards (b > 0): is added at scene(s) with its beginTime scaled by b and its speed
///   divided by b (its local time is then exactly what it would be in the timeline);
/// - backwards (b < 0): is added when the backwards playhead reaches its end, with speed
///   -speed / |b| and timeOffset moved to its end, so it plays from its end to its start; its
///   fill modes swap (what held after its end now holds before it in scene time).
/// An animation is added when its slot begins, not when the timeline starts, so that a later
/// child is added later and drawn on top (GSAP renders children in start order), and a track
/// appears in the output from the frame its animation is added (as with an add made by an
/// `onStop` callback). One that fills backwards is added at the start of its iteration
/// instead, with the delay moved into its beginTime, so that its fill shows before it starts.
/// Each iteration adds its own copy of the animation: its events, removal and fills are
/// those of a Core Animation animation, per iteration.
package struct TimelineAction: Sendable {
    public enum Kind: Sendable {
        case add(layer: String, animation: Animation, key: String?, tag: Int)
        case call(tag: Int)
    }

    /// Scene time.
    public var time: Double
    public var kind: Kind
}

extension Timeline {
    /// Repeats multiply the adds of nested timelines; a schedule longer than this is refused.
    public static let maximumScheduledActions = 1_000_000

    /// The actions of this timeline when it starts at scene time `start`, in time order (ties
    /// in the order the children were added).
    package func schedule(startingAt start: Double) throws -> [TimelineAction] {
        try EngineError.requireFinite(start, "start")
        let count = actionCount
        guard count <= Double(Timeline.maximumScheduledActions) else {
            throw EngineError(
                parameter: "repeatCount", value: count,
                rule:
                    "the timeline's repeats make more than \(Timeline.maximumScheduledActions) adds and calls"
            )
        }
        var actions: [TimelineAction] = []
        actions.reserveCapacity(Int(count))
        try Timeline.collect(self, at: 0, in: Affine(a: start, b: 1), into: &actions)
        return actions.enumerated()
            .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)
    }

    /// How many adds and calls `schedule` makes: each iteration repeats every child's
    /// (counted in Double: nested repeats multiply).
    var actionCount: Double {
        let perIteration = children.reduce(0.0) { sum, child in
            if case .timeline(let nested) = child.content { return sum + nested.actionCount }
            return sum + 1
        }
        return perIteration * Double(clock.repeatCount + 1)
    }

    /// scene = a + b · x
    struct Affine {
        var a: Double
        var b: Double
        func callAsFunction(_ x: Double) -> Double { a + b * x }
    }

    /// Adds the actions of `timeline` placed at `start` in a parent whose time maps to the
    /// scene by `parent`.
    static func collect(
        _ timeline: Timeline, at start: Double, in parent: Affine,
        into actions: inout [TimelineAction]
    ) throws {
        let d = timeline.duration
        let v = timeline.clock.speed
        // Nested speeds multiply: each is fine alone (> 0, finite), but their product can
        // overflow to infinity or underflow to 0, and then no time maps to the scene.
        let rate = parent.b / v
        guard rate.isNormal else {
            // rate is 1 / (the product): 0 or subnormal when it is past ~1e308, infinite
            // when it is below ~1e-308 (Double's normal range).
            throw EngineError(
                parameter: "speed", value: v,
                rule: rate.isFinite
                    ? "the speeds of nested timelines multiply to more than 1e308 (too fast to give any animation time)"
                    : "the speeds of nested timelines multiply to less than 1e-308 (too slow for any animation to end)"
            )
        }
        for iteration in timeline.clock.iterations(of: d) {
            // Total time u = (x - start) · v, so x = start + u / v; u = offset + τ forwards,
            // offset + (d - τ) backwards.
            let map =
                iteration.reversed
                ? Affine(a: parent(start + (iteration.totalTimeOffset + d) / v), b: -parent.b / v)
                : Affine(a: parent(start + iteration.totalTimeOffset / v), b: parent.b / v)
            let windowStart = min(map(0), map(d))
            for child in timeline.children {
                switch child.content {
                case .call(let tag):
                    actions.append(TimelineAction(time: map(child.start), kind: .call(tag: tag)))
                case .timeline(let nested):
                    try collect(nested, at: child.start, in: map, into: &actions)
                case .animation(let layer, let animation, let key, let tag):
                    let (time, placed) = place(animation, at: child.start, in: map, windowStart: windowStart)
                    actions.append(
                        TimelineAction(
                            time: time,
                            kind: .add(
                                layer: layer, animation: placed,
                                key: key, tag: tag)))
                }
            }
        }
    }

    /// The add time and the animation to add for an animation at τ = `slot` (see the type's
    /// comment for the two directions).
    static func place(_ animation: Animation, at slot: Double, in map: Affine, windowStart: Double)
        -> (Double, Animation)
    {
        var placed = animation
        var timing = animation.timing
        var time: Double
        if map.b > 0 {
            time = map(slot)
            timing.beginTime = timing.beginTime * map.b
            timing.speed = timing.speed / map.b
        } else {
            let scale = -map.b
            let activeEnd = slot + timing.beginTime + timing.activeDuration / abs(timing.speed)
            time = map(activeEnd)
            timing.timeOffset += timing.speed < 0 ? -timing.activeDuration : timing.activeDuration
            timing.speed = -timing.speed / scale
            timing.beginTime = 0
            timing.fillMode = timing.fillMode.swappingDirections
        }
        if timing.fillMode.fillsBackwards, windowStart < time {
            timing.beginTime += time - windowStart
            time = windowStart
        }
        placed.timing = timing
        return (time, placed)
    }
}

extension FillMode {
    /// The same fill seen with time running the other way.
    var swappingDirections: FillMode {
        switch self {
        case .forwards: return .backwards
        case .backwards: return .forwards
        case .both, .removed: return self
        }
    }
}
