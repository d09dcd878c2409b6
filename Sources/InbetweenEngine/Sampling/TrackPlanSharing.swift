/// What the track plans made last have that the next may share: per kind of animation, the
/// last animation a plan step was made for and its evaluation, and the last root value. A
/// scene built in a loop gives thousands of layers the same spring or keyframes (only the
/// time of the add, kept per step, differs); their tracks then share one evaluation and one
/// copy of its arrays instead of a copy each, which is most of a track's memory and of what
/// sampling fetches for it (issue 10, goals 7 and 9). Identical means bit for bit
/// (`Animation+Identical.swift`), so sharing changes no value.
struct TrackPlanSharing: Sendable {
    var basic: (animation: BasicAnimation, apply: TrackPlan.Step.Apply, many: TrackPlan.ManyFrames?)?
    var keyframe: (animation: KeyframeAnimation, apply: TrackPlan.Step.Apply)?
    var spring: (animation: SpringAnimation, apply: TrackPlan.Step.Apply)?
    /// The last root value with an array (a transform or vector) as it came, and the copy the
    /// plans use (see `Array.relocated`); other values are held inline, with nothing to share.
    var root: (given: Value, relocated: Value)?
    /// How many plan steps took an earlier step's evaluation (for tests).
    var shared = 0
    /// The last timing function boxed for a basic animation's evaluation.
    var function: SharedTimingFunction?
    /// Per `TrackPlan.Kind` of one step: the last plan made with that kind's evaluation above
    /// (nil once the evaluation is replaced). A plan the same in everything else (key path,
    /// root, the add's time and end) is that plan: layers added at the same time with the same
    /// animations share their tracks' plans whole, and sampling reads one for all of them.
    /// Made at the first plan (`plan(_:)`).
    var plans: [TrackPlan?] = []
    /// How many plans were an earlier plan (for tests).
    var sharedPlans = 0

    /// Forgets the last plan of `kind` (its evaluation was replaced).
    mutating func forgetPlan(_ kind: TrackPlan.Kind) {
        if plans.indices.contains(kind.rawValue) { plans[kind.rawValue] = nil }
    }

    /// `plan`, or the last plan of its kind that computes the same (see `plans`).
    mutating func plan(_ plan: TrackPlan) -> TrackPlan {
        // A plan of one step of a kind: that step's evaluation is the kind's current one (the
        // step was just made, taking it or becoming it).
        guard plan.kind != .several, let step = plan.first else { return plan }
        let k = plan.kind.rawValue
        if plans.count != TrackPlan.Kind.count { plans = Array(repeating: nil, count: TrackPlan.Kind.count) }
        if let last = plans[k], let previous = last.first, last.accessor === plan.accessor,
            last.root.isIdentical(to: plan.root), previous.addedAt.bitPattern == step.addedAt.bitPattern,
            previous.stopTime?.bitPattern == step.stopTime?.bitPattern,
            previous.removedOnCompletion == step.removedOnCompletion
        {
            sharedPlans += 1
            return last
        }
        plans[k] = plan
        return plan
    }

    /// `function` in a box: the last one when `function` is identical to its function.
    mutating func timingFunction(_ function: TimingFunction?) -> SharedTimingFunction {
        if let last = self.function, last.value.isIdentical(to: function) { return last }
        let box = SharedTimingFunction(function)
        self.function = box
        return box
    }

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

/// A timing function that the evaluations of many basic animations read (see
/// `TrackPlan.Step.basicEvaluation(_:sharing:)`).
final class SharedTimingFunction: Sendable {
    let value: TimingFunction?
    /// `value` at a fraction (the fraction itself when there is none), as a closure made once:
    /// read out of the box on every sample, the timing function was copied (its storage
    /// retained and released) each time: a batch worker's tiny job (60 frames of bounceOut)
    /// took 24K more instructions than before the box (callgrind, 1,000 jobs: 470.3M, now
    /// 446.4M). The closure's context holds the function and calls it in place.
    let apply: @Sendable (Double) -> Double
    init(_ value: TimingFunction?) {
        self.value = value
        if let function = value { apply = { function($0) } } else { apply = { $0 } }
    }
}
