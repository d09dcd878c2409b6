/// One track's value computed alone: its root property's model value with the animations that
/// touch that root applied in the order added, each to a `RootSlot` instead of the layer's
/// whole property set. Made by `Layer.soleTrackPlan(for:)` for a layer revision and used by
/// `TrackColumns` until the layer changes (issue 10, goal 8).
///
/// Each animation is kept as a closure over its own struct (`Step.apply`): applying an
/// `Animation` read out of the layer copied the whole struct out of its indirect box on every
/// frame (its arrays and strings retained and released); a closure's captured struct is used
/// in place. A class for the same reason: `TrackColumns` reading a struct plan out of its array
/// copied it (root value, steps, key path) on every frame.
final class TrackPlan: Sendable {
    struct Step: Sendable {
        let addedAt: Double
        let stopTime: Double?
        let removedOnCompletion: Bool
        typealias Apply = @Sendable (inout RootSlot, Double) throws -> Void
        let apply: Apply
        let kind: Kind
        /// The same evaluation for many frames at once, when its timing function has that
        /// (`ManyFrames`); nil otherwise.
        let many: ManyFrames?

        /// Applies the animation at scene time `time` when it is in effect then.
        @inline(__always)
        func apply(to slot: inout RootSlot, at time: Double) throws {
            guard
                LayerAnimationEntry.isInEffect(
                    at: time, addedAt: addedAt, stopTime: stopTime, removedOnCompletion: removedOnCompletion)
            else { return }
            try apply(&slot, time - addedAt)
        }

        /// Nil for a group (its children may touch other roots). The evaluation of the last
        /// identical animation of its kind when there is one (`TrackPlanSharing`).
        init?(_ entry: LayerAnimationEntry, sharing: inout TrackPlanSharing) {
            addedAt = entry.addedAt
            stopTime = entry.stopTime
            removedOnCompletion = entry.animation.removedOnCompletion
            switch entry.animation {
            case .basic(let a):
                kind = .basic
                if let last = sharing.basic, last.animation.isIdentical(to: a) {
                    apply = last.apply
                    many = last.many
                    sharing.shared += 1
                } else {
                    (apply, many) = Step.basicEvaluation(a, sharing: &sharing)
                    sharing.basic = (a, apply, many)
                    sharing.forgetPlan(.basic)  // made with the evaluation replaced
                }
            case .keyframe(let a):
                kind = .keyframe
                many = nil
                if let last = sharing.keyframe, last.animation.isIdentical(to: a) {
                    apply = last.apply
                    sharing.shared += 1
                } else {
                    let relocated = a.relocated()
                    apply = { try relocated.apply(to: &$0, atParentTime: $1) }
                    sharing.keyframe = (a, apply)
                    sharing.forgetPlan(.keyframe)  // made with the evaluation replaced
                }
            case .spring(let a):
                kind = .spring
                many = nil
                if let last = sharing.spring, last.animation.isIdentical(to: a) {
                    apply = last.apply
                    sharing.shared += 1
                } else {
                    apply = { try a.apply(to: &$0, atParentTime: $1) }
                    sharing.spring = (a, apply)
                    sharing.forgetPlan(.spring)  // made with the evaluation replaced
                }
            case .group: return nil
            }
        }

        /// A basic animation's evaluation. Both ends given, neither additive nor cumulative (the
        /// common case, `BasicAnimation.apply`'s first branch, computed the same way): a closure
        /// holding only the ends, the timing and the key path, with the timing function in a
        /// box shared by identical ones (`TrackPlanSharing.timingFunction(_:)`). The whole
        /// animation in each closure was 5.5 cache lines a track that sampling fetched for
        /// every run of frames, most of them the timing function's copy of a curve every layer
        /// has the same (issue 10, goal 9). With it, the same for many frames at once when the
        /// timing function computes many values in one call (`ManyFrames`).
        static func basicEvaluation(_ a: BasicAnimation, sharing: inout TrackPlanSharing) -> (
            Apply, ManyFrames?
        ) {
            guard !a.additive, !a.cumulative, a.byValue == nil, let from = a.fromValue, let to = a.toValue
            else { return ({ try a.apply(to: &$0, atParentTime: $1) }, nil) }
            let timing = a.timing
            let accessor = a.accessor
            let function = sharing.timingFunction(a.timingFunction)
            let apply: Apply = { slot, t in
                guard let fraction = PropertyEffect.iterationFraction(timing, atParentTime: t) else { return }
                let p = function.apply(fraction)
                try slot.set(try Value.interpolate(from, to, p), at: accessor)
            }
            guard case .custom(let custom)? = function.value, let evaluate = custom.many else {
                return (apply, nil)
            }
            return (
                apply, ManyFrames(timing: timing, from: from, to: to, accessor: accessor, evaluate: evaluate)
            )
        }
    }

    /// A basic animation's evaluation (`Step.basicEvaluation`, its common case) for many
    /// frames at once, when its timing function computes many values in one call
    /// (`CustomTiming.many`: a Lua easing, called in one protected call for a run of frames
    /// instead of one per frame, which cost a small batch job 60 protected calls; about 400
    /// instructions a frame less). A class: a plan holds one pointer for it, nil for others.
    final class ManyFrames: Sendable {
        let timing: MediaTiming
        let from: Value
        let to: Value
        let accessor: KeyPathAccessor
        let evaluate: @Sendable (UnsafeMutableBufferPointer<Double>) -> Int

        init(
            timing: MediaTiming, from: Value, to: Value, accessor: KeyPathAccessor,
            evaluate: @escaping @Sendable (UnsafeMutableBufferPointer<Double>) -> Int
        ) {
            self.timing = timing
            self.from = from
            self.to = to
            self.accessor = accessor
            self.evaluate = evaluate
        }
    }

    /// The fractions and frames `values(at:count:into:track:scratch:)` works in, kept by the
    /// caller from run to run.
    struct ManyScratch {
        var fractions: [Double] = []
        var frames: [Int] = []
    }

    /// The values at `times[0..<count]` into `frames[k][track]`, when the plan is one basic
    /// animation with `ManyFrames`: the same values as `value(at:)` at each time, with the
    /// timing function called once for all the times the animation is in effect at. Returns
    /// how many leading times have their value: fewer than `count` when the timing function
    /// failed (or a limit fired) at the next one, as `value(at:)` then the caller's check after
    /// each value would have found. Nil when the plan is not of that kind.
    func values(
        at times: [Double], count: Int, into frames: inout [[Value]], track: Int, scratch: inout ManyScratch
    ) throws -> Int? {
        guard others.isEmpty, let step = first, let many = step.many else { return nil }
        scratch.fractions.removeAll(keepingCapacity: true)
        scratch.frames.removeAll(keepingCapacity: true)
        // Room for every time at once (appending grew each 6 times in a stream's first run).
        scratch.fractions.reserveCapacity(count)
        scratch.frames.reserveCapacity(count)
        for k in 0..<count {
            let t = times[k]
            guard
                LayerAnimationEntry.isInEffect(
                    at: t, addedAt: step.addedAt, stopTime: step.stopTime,
                    removedOnCompletion: step.removedOnCompletion),
                let fraction = PropertyEffect.iterationFraction(many.timing, atParentTime: t - step.addedAt)
            else { continue }
            scratch.fractions.append(fraction)
            scratch.frames.append(k)
        }
        let evaluated = scratch.fractions.withUnsafeMutableBufferPointer { many.evaluate($0) }
        let good = evaluated < scratch.frames.count ? scratch.frames[evaluated] : count
        // Read out of the class once (each read copied the value, an outlined copy per frame).
        let root = self.root
        let from = many.from
        let to = many.to
        // The track and the animation both the whole property (`opacity`): what the slot
        // would be set to is the value, and the root where the animation is not in effect.
        let whole = accessor.isRoot && many.accessor.isRoot
        var j = 0
        for k in 0..<good {
            if j < evaluated, scratch.frames[j] == k {
                let value = try Value.interpolate(from, to, scratch.fractions[j])
                j += 1
                if whole {
                    frames[k][track] = value
                    continue
                }
                var slot = RootSlot(root: root, accessor: accessor)
                try slot.set(value, at: many.accessor)
                frames[k][track] = try slot.trackValue()
            } else {
                frames[k][track] = try accessor.read(root)
            }
        }
        return good
    }

    let root: Value
    /// The first animation inline (most tracks have one), then any others: a steps array was
    /// one more buffer to fetch per track per frame.
    let first: Step?
    let others: [Step]
    let accessor: KeyPathAccessor

    /// Which code computes a track: the kind of its one animation, or `several` (none or more
    /// than one). `TrackColumns` evaluates tracks of one kind together: a frame that went layer
    /// by layer ran the basic, keyframe and spring code in turn for every layer, more code than
    /// the instruction cache holds, and missed it for every track (the goal-8 scene).
    enum Kind: Int, CaseIterable, Sendable {
        case basic, keyframe, spring, several

        /// `allCases.count` without the array `allCases` makes on each call.
        static let count = several.rawValue + 1
    }
    let kind: Kind

    /// `root` as the plan keeps it (relocated, or shared: `TrackPlanSharing.root(_:)`).
    init(root: Value, steps: [Step], accessor: KeyPathAccessor) {
        self.root = root
        first = steps.first
        // The empty array literal for the common one step: `Array(steps.dropFirst())` allocated
        // an empty buffer of its own per track (48 bytes, 1.6 MB at 10,000 layers), and the
        // loop over it in `value(at:)` fetched that buffer's count, a cache line per track.
        others = steps.count > 1 ? Array(steps.dropFirst()) : []
        self.accessor = accessor
        kind = steps.count == 1 ? steps[0].kind : .several
    }

    /// The value at scene time `time` (what `Layer.presentationValues(at:)` gives at the
    /// key path, since nothing else touches the root).
    func value(at time: Double) throws -> Value? {
        var slot = RootSlot(root: root, accessor: accessor)
        // Optional chaining borrows the stored step; `if let` copied it (and retained its
        // closure) on every frame.
        try first?.apply(to: &slot, at: time)
        for step in others { try step.apply(to: &slot, at: time) }
        return try slot.trackValue()
    }
}
