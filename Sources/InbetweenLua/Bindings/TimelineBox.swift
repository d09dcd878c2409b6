import InbetweenEngine

/// A timeline in Lua: the engine's `Timeline` value being built, and the Lua callbacks its
/// children stand for, by tag (the engine keeps only the tags).
final class TimelineBox {
    var timeline: Timeline
    var callbacks: [Int: TimelineCallback] = [:]
    /// The next unused tag; nesting shifts the nested timeline's tags past this one.
    var nextTag = 0

    init(_ timeline: Timeline) { self.timeline = timeline }

    func newTag(_ callback: TimelineCallback) -> Int {
        defer { nextTag += 1 }
        callbacks[nextTag] = callback
        return nextTag
    }
}

/// What a tag stands for.
enum TimelineCallback {
    /// An animation's own `onStart` / `onStop`, registered each time it is added, and its
    /// `beginFromCurrentState` (applied when it is added, at its slot).
    case animation(
        onStart: LuaReference?, onStop: LuaReference?, beginFromCurrentState: Bool, handOffVelocity: Bool)
    /// `tl:call(fn)`.
    case call(LuaReference)
}

/// What a scheduled cue does when it is delivered.
struct TimelineCue {
    var kind: TimelineAction.Kind
    var callback: TimelineCallback?
}
