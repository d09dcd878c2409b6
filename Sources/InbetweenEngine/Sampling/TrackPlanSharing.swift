/// What the track plans made last have that the next may share: per kind of animation, the
/// last animation a plan step was made for and its evaluation, and the last root value. A
/// scene built in a loop gives thousands of layers the same spring or keyframes (only the
/// time of the add, kept per step, differs); their tracks then share one evaluation and one
/// copy of its arrays instead of a copy each, which is most of a track's memory and of what
/// sampling fetches for it (issue 10, goals 7 and 9). Identical means bit for bit
/// (`Animation+Identical.swift`), so sharing changes no value.
struct TrackPlanSharing: Sendable {
    var basic: (animation: BasicAnimation, apply: TrackPlan.Step.Apply)?
    var keyframe: (animation: KeyframeAnimation, apply: TrackPlan.Step.Apply)?
    var spring: (animation: SpringAnimation, apply: TrackPlan.Step.Apply)?
    /// The last root value with an array (a transform or vector) as it came, and the copy the
    /// plans use (see `Array.relocated`); other values are held inline, with nothing to share.
    var root: (given: Value, relocated: Value)?
    /// How many plan steps took an earlier step's evaluation (for tests).
    var shared = 0

    /// The copy of `root` a plan keeps: the last one when `root` is identical to its root.
    mutating func root(_ root: Value) -> Value {
        switch root {
        case .transform, .vector: break
        default: return root
        }
        if let last = self.root, last.given.isIdentical(to: root) { return last.relocated }
        let relocated = root.relocated
        self.root = (root, relocated)
        return relocated
    }
}
