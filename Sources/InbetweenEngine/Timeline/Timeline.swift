/// A sequence written as positions instead of beginTime arithmetic: animations on layers,
/// nested timelines and callbacks, each placed with a `TimelinePosition` (GSAP 3's timeline
/// model; see `TimelinePosition` and `TimelineClock` for the rules and their source).
///
/// A value: building it computes every child's start at once, so `children` and `labels`
/// can be read back before anything plays. It enters a scene through `schedule(startingAt:)`,
/// which compiles it into ordinary Core Animation adds (see `TimelineSchedule`).
public struct Timeline: Sendable {
    public enum Content: Sendable {
        /// `layer:add(animation, key)` on the named layer; `tag` lets the host find the
        /// animation's callbacks again.
        case animation(layer: String, animation: Animation, key: String?, tag: Int)
        case timeline(Timeline)
        /// A callback at a time; `tag` names it to the host.
        case call(tag: Int)
    }

    public struct Child: Sendable {
        public var content: Content
        /// In this timeline's time.
        public var start: Double
        /// In the child's own time: an animation's end time (beginTime plus its active
        /// duration over |speed|, repeats included), a timeline's total duration, 0 for a call.
        public var totalDuration: Double
        /// A nested timeline's speed; 1 otherwise (an animation's speed is in its duration).
        public var timeScale: Double

        /// Where it ends in this timeline's time (GSAP's `_end`).
        public var end: Double { start + totalDuration / timeScale }
    }

    /// Values for the animations added to this timeline that leave them unset (GSAP's
    /// `defaults`): a duration for basic and keyframe animations whose duration is 0 (unset),
    /// a timing function for those without one. Groups and springs keep their own.
    public struct Defaults: Sendable {
        public var duration: Double?
        public var timingFunction: TimingFunction?
        public init(duration: Double? = nil, timingFunction: TimingFunction? = nil) {
            self.duration = duration
            self.timingFunction = timingFunction
        }
    }

    public var clock: TimelineClock
    public var defaults: Defaults
    public private(set) var children: [Child] = []
    /// 1 without nested timelines, one more than the deepest nested one otherwise.
    public private(set) var depth = 1

    /// The children, nested timelines' counted through (a nested timeline is one child plus
    /// its own): what the timeline holds in memory, since a nested timeline is a copy.
    public private(set) var size = 0
    /// The most children a timeline may hold, nested ones counted: the most a schedule takes
    /// (`Timeline.maximumScheduledActions`, each child at least one action). A timeline
    /// nested in itself by doubling (`p:add(t) p:add(t)`, 40 levels) grew to 2^40 copies and
    /// 8 GB before anything was scheduled (issue 31).
    public static let maximumSize = maximumScheduledActions

    /// The deepest nesting of timelines: scheduling and sampling walk them recursively, and
    /// 5,000 levels overflowed the stack (SIGSEGV); the bound of AnimationGroup.maximumDepth.
    public static let maximumDepth = AnimationGroup.maximumDepth
    public private(set) var labels: [String: Double] = [:]
    /// The most recently added child, or stagger group, that `"<"` and `">"` refer to (GSAP's
    /// `_recent`); a zero span at 0 before the first add (`_zeroPosition`).
    var recent = Span(start: 0, totalDuration: 0, timeScale: 1)

    struct Span: Sendable {
        var start: Double
        var totalDuration: Double
        var timeScale: Double
        var end: Double { start + totalDuration / timeScale }
    }

    public init(clock: TimelineClock = try! TimelineClock(), defaults: Defaults = Defaults()) {
        self.clock = clock
        self.defaults = defaults
    }

    /// One iteration's length: the latest end of any child, 0 when empty (GSAP's `duration()`).
    public var duration: Double { children.reduce(0) { max($0, $1.end) } }

    /// All iterations with the delays between them (GSAP's `totalDuration()`).
    public var totalDuration: Double { clock.totalDuration(of: duration) }

    // MARK: Adding

    /// Adds an animation on one layer at `position`; returns the child's start.
    @discardableResult
    public mutating func add(
        _ animation: Animation, toLayer layer: String, key: String? = nil, tag: Int,
        at position: TimelinePosition
    ) throws -> Double {
        try add(animation, toLayers: [layer], key: key, tags: [tag], at: position, stagger: nil)[0]
    }

    /// Adds the same animation on each layer, each as its own child in layer order, their
    /// starts spread by `stagger` (all at `position` without one). `position` places the
    /// group as a whole, which is also what `"<"` and `">"` then refer to (GSAP makes one
    /// tween of a staggered call). Returns the starts.
    @discardableResult
    public mutating func add(
        _ animation: Animation, toLayers layers: [String], key: String? = nil, tags: [Int],
        at position: TimelinePosition, stagger: Stagger?
    ) throws -> [Double] {
        precondition(layers.count == tags.count, "one tag per layer")
        guard !layers.isEmpty else {
            throw EngineError(parameter: "layers", value: "{}", rule: "must hold at least one layer")
        }
        try Timeline.checkSize(size + layers.count)
        let filled = defaults.applied(to: animation)
        let length = try Timeline.span(of: filled)
        let offsets = stagger?.offsets(count: layers.count) ?? Array(repeating: 0, count: layers.count)
        let groupLength = zip(offsets, repeatElement(length, count: offsets.count)).reduce(0) {
            max($0, $1.0 + $1.1)
        }
        let start = try resolve(position, inserting: groupLength)
        var starts: [Double] = []
        for (i, layer) in layers.enumerated() {
            starts.append(start + offsets[i])
            children.append(
                Child(
                    content: .animation(layer: layer, animation: filled, key: key, tag: tags[i]),
                    start: start + offsets[i], totalDuration: length, timeScale: 1))
        }
        recent = Span(start: start, totalDuration: groupLength, timeScale: 1)
        size += layers.count
        return starts
    }

    /// Nests `timeline` at `position`: it plays in this one's time at its own speed, with its
    /// own repeats. Returns its start.
    @discardableResult
    public mutating func add(_ timeline: Timeline, at position: TimelinePosition) throws -> Double {
        guard timeline.depth < Timeline.maximumDepth else {
            throw EngineError(
                parameter: "timeline", value: "a timeline nested \(timeline.depth) deep",
                rule: "timelines nest at most \(Timeline.maximumDepth) deep")
        }
        try Timeline.checkSize(size + 1 + timeline.size)
        let start = try resolve(position, inserting: timeline.totalDuration)
        let child = Child(
            content: .timeline(timeline), start: start, totalDuration: timeline.totalDuration,
            timeScale: timeline.clock.speed)
        children.append(child)
        size += 1 + timeline.size
        depth = max(depth, timeline.depth + 1)
        recent = Span(start: start, totalDuration: child.totalDuration, timeScale: child.timeScale)
        return start
    }

    private static func checkSize(_ size: Int) throws {
        guard size > maximumSize else { return }
        throw EngineError(
            parameter: "timeline", value: "a timeline of \(size) children",
            rule: "a timeline holds at most \(maximumSize) children, nested timelines' counted")
    }

    /// A callback at `position` (a child of zero duration, as GSAP's `call`). Returns its time.
    @discardableResult
    public mutating func call(tag: Int, at position: TimelinePosition) throws -> Double {
        try Timeline.checkSize(size + 1)
        let start = try resolve(position, inserting: 0)
        children.append(Child(content: .call(tag: tag), start: start, totalDuration: 0, timeScale: 1))
        size += 1
        recent = Span(start: start, totalDuration: 0, timeScale: 1)
        return start
    }

    /// Sets (or moves) a label; `.end` puts it at the end so far. Returns its time.
    @discardableResult
    public mutating func label(_ name: String, at position: TimelinePosition = .end) throws -> Double {
        try Timeline.validateLabel(name)
        // GSAP's addLabel parses without a child, so "+=50%" has nothing to measure.
        let time = try resolve(position, inserting: nil)
        labels[name] = time
        return time
    }

    /// Label names must be reachable from a position string: not empty, no '=', not starting
    /// with '<' or '>', and not a number.
    static func validateLabel(_ name: String) throws {
        let rule: String?
        if name.isEmpty {
            rule = "must not be empty"
        } else if name.contains("=") {
            rule = "must not contain '=' (it would read as \"label+=x\")"
        } else if name.hasPrefix("<") || name.hasPrefix(">") {
            rule = "must not start with '<' or '>' (they refer to the recent child)"
        } else if ParsedPosition.plainNumber(name) != nil {
            rule = "must not be a number (it would read as a time)"
        } else {
            rule = nil
        }
        if let rule { throw EngineError(parameter: "label", value: "\"\(name)\"", rule: rule) }
    }

    /// The start time `position` stands for, creating a label it names when unknown.
    /// `inserting` is the total duration of what is being inserted (nil for labels), the base
    /// of `"+=50%"` and `"<+=50%"`.
    mutating func resolve(_ position: TimelinePosition, inserting: Double?) throws -> Double {
        let end = duration
        let time: Double
        switch position {
        case .end:
            time = end
        case .time(let t):
            try EngineError.requireFinite(t, "position")
            time = t
        case .text(let text):
            let parsed = try ParsedPosition.parse(text, labels: Set(labels.keys))
            let base: Double
            switch parsed.anchor {
            case .end: base = end
            case .time(let t): base = t
            case .recentStart: base = recent.start
            case .recentEnd: base = recent.end
            case .label(let name):
                try Timeline.validateLabel(name)
                if labels[name] == nil { labels[name] = end }
                base = labels[name]!
            }
            let unit: Double
            switch parsed.scale {
            case .seconds: unit = 1
            case .percentOfRecent: unit = recent.totalDuration / 100
            case .percentOfInserted:
                guard let inserting else {
                    throw ParsedPosition.malformed(
                        text, "a percentage after '=' is of the child being inserted, and a label has none")
                }
                unit = inserting / 100
            }
            time = base + parsed.offset * unit
        }
        guard time >= 0 else {
            throw EngineError(
                parameter: "position", value: Timeline.describe(position),
                rule: "gives \(EngineError.format(time)) s, before the timeline's start")
        }
        return time
    }

    static func describe(_ position: TimelinePosition) -> String {
        switch position {
        case .end: return "nil"
        case .time(let t): return EngineError.format(t)
        case .text(let s): return "\"\(s)\""
        }
    }

    /// An animation's length in its parent's time: beginTime + active duration / |speed|.
    static func span(of animation: Animation) throws -> Double {
        let timing = animation.timing
        try timing.validate()
        let end = timing.endTime
        guard end.isFinite else {
            throw EngineError(
                parameter: "repeatCount", value: end,
                rule: "an animation that never ends (infinite repeats or speed 0) cannot go in a timeline")
        }
        return max(0, end)
    }
}

extension Timeline.Defaults {
    func applied(to animation: Animation) -> Animation {
        switch animation {
        case .basic(var a):
            if a.timing.duration == 0, let duration { a.timing.duration = duration }
            if a.timingFunction == nil { a.timingFunction = timingFunction }
            return .basic(a)
        case .keyframe(var a):
            if a.timing.duration == 0, let duration { a.timing.duration = duration }
            if a.timingFunction == nil { a.timingFunction = timingFunction }
            return .keyframe(a)
        case .spring, .group:
            return animation
        }
    }
}

extension Timeline {
    /// The same timeline with every animation and call tag increased by `offset`, nested
    /// timelines included: how a host keeps tags unique when it nests one timeline in another.
    public func offsettingTags(by offset: Int) -> Timeline {
        var copy = self
        copy.children = children.map { child in
            var c = child
            switch child.content {
            case .animation(let layer, let animation, let key, let tag):
                c.content = .animation(layer: layer, animation: animation, key: key, tag: tag + offset)
            case .timeline(let nested):
                c.content = .timeline(nested.offsettingTags(by: offset))
            case .call(let tag):
                c.content = .call(tag: tag + offset)
            }
            return c
        }
        return copy
    }
}
