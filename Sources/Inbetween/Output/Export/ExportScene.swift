import InbetweenEngine

/// The structure of a run for exports that keep it ("structure first, baking last"): per
/// layer, the model values it starts with, the instant model changes made later (in
/// callbacks), every animation as what it is (the engine's `Animation`, placed on the run's
/// clock), and — only for what the target cannot say — properties baked into samples.
///
/// Built once per run by `ExportScene.build(history:...)` for a target's `ExportCapabilities`;
/// the CSS and Swift writers (and the Lottie export) read it. Times are scene seconds; the
/// run covers [start, end]. The API below is kept stable for the writers built on it.
package struct ExportScene {
    /// Names the script in generated headers.
    package var source: String
    package var fps: Double
    /// First and last frame times of the run.
    package var start: Double
    package var end: Double
    package var layers: [ExportLayer]
    /// What was baked and why ("myview.position: a keyframe animation along a path"), and
    /// anything left out, for the output's header comment.
    package var notes: [String]
    /// `--bake`: no animations, every sampled track baked one keyframe per frame
    /// (`ExportScene.perFrame`); the writers' headers say so instead of listing each track.
    package var perFrame = false
    /// The layer tree when the scene has one (layers nested, a transform layer or replicator);
    /// nil for a flat scene, which every writer writes exactly as before the tree existed.
    package var tree: ExportTree? = nil
    /// The easings worked out for this export, shared by its builder and writers.
    package var easings = ExportEasingCache()

    package var span: Double { end - start }
}

/// One layer: its model, its animations, its baked properties.
package struct ExportLayer {
    package var name: String
    /// The root properties this export writes, with their model values at the run's start:
    /// every property the script set on the layer and every property an animation drives, in
    /// `LayerProperties.names` order.
    package var initialModel: [(keyPath: String, value: Value)]
    /// Model changes after the start (a callback's `layer.bounds = ...`), in time order.
    package var modelChanges: [ExportModelChange]
    /// Every animation the run attached to the layer, in the order added, whether or not its
    /// properties are also baked (writers skip the leaves of baked properties).
    package var animations: [ExportAnimation]
    /// Root properties the target cannot say exactly, sampled over the run.
    package var baked: [ExportBakedProperty]
    /// When a callback created the layer, after the run's start; nil for a layer that exists
    /// from the start. Nothing of it is shown before.
    package var createdAt: Double? = nil
    /// For a target with layer timing (`ExportCapabilities.layerTime`) when every clock is the
    /// same all run: the layer's own CAMediaTiming (nil: the default), and its local time at
    /// the run's start, which its animations' add times count in (nil: the start itself).
    package var timing: MediaTiming? = nil
    package var localStart: Double? = nil

    /// Whether the root property is baked (its animations' leaves are then not written).
    package func isBaked(_ root: String) -> Bool { baked.contains { $0.keyPath == root } }

    /// The model value of a root property at scene time t (the initial one, then changes).
    package func modelValue(_ root: String, at t: Double) -> Value? {
        var v = initialModel.first { $0.keyPath == root }?.value
        for c in modelChanges where c.keyPath == root && c.time <= t { v = c.value }
        return v
    }

    /// Root properties with model changes, in `initialModel` order.
    package var changingProperties: [String] {
        initialModel.map(\.keyPath).filter { root in modelChanges.contains { $0.keyPath == root } }
    }
}

/// `layer.keyPath = value` outside a transaction, made at `time` (after the start).
package struct ExportModelChange {
    package var time: Double
    /// A root property.
    package var keyPath: String
    package var value: Value
}

/// One animation added to a layer: the engine's value as the script built it, where it sits on
/// the run's clock, and its property animations (a group's children) resolved into keyframes.
package struct ExportAnimation {
    package var key: String
    /// Scene time of the add: its beginTime counts from here.
    package var addedAt: Double
    /// Scene time the script removed or replaced it, when it did (nil: it stayed attached,
    /// or it was removed on completion).
    package var removedAt: Double?
    /// Basic, keyframe, spring or group, exactly as the script made it.
    package var animation: Animation
    /// The property animations it is made of: itself, or a group's children (nested groups
    /// flattened), each placed on the run's clock. Empty when it cannot be resolved (its
    /// properties are then baked).
    package var leaves: [ExportLeaf]
}

/// A property animation (basic, keyframe or spring) resolved for keyframe-based targets.
package struct ExportLeaf {
    package enum Kind: Hashable { case basic, keyframe, spring }
    package var kind: Kind
    /// As written (`position`, `position.x`, `transform.scale.x`).
    package var keyPath: String
    package var keyframes: ExportKeyframes
    package var schedule: ExportSchedule
    /// Set for springs (the easing in `keyframes` then samples it over the duration).
    package var spring: SpringParameters?
}

/// Values at key times in [0, 1] of one iteration, with the easing of each segment
/// (`easings.count == values.count - 1`). A basic animation is two keyframes with its timing
/// function; discrete keyframes hold (`.hold`) until the next key time.
package struct ExportKeyframes {
    package var values: [Value]
    package var keyTimes: [Double]
    package var easings: [ExportEasing]
}

/// Where a property animation's iterations fall on the run's clock, in the terms keyframe
/// targets use (CSS animations, Lottie, Web Animations).
package struct ExportSchedule: Hashable {
    package enum Direction: String, Hashable {
        case normal, reverse, alternate
        case alternateReverse = "alternate-reverse"
    }
    /// Scene time the first iteration starts (the add time plus every beginTime above it).
    package var begin: Double
    /// Scene seconds per iteration: duration / |speed|.
    package var iterationDuration: Double
    /// Iterations, each one direction (an autoreversing cycle counts two); may be fractional
    /// or infinite.
    package var iterationCount: Double
    package var direction: Direction
    /// Holds the first value from the run's start until `begin`.
    package var fillsBackwards: Bool
    /// Holds the last value after the last iteration.
    package var fillsForwards: Bool

    /// Scene time the last iteration ends (infinity when it repeats forever).
    package var end: Double { begin + iterationDuration * iterationCount }
}

/// A root property sampled over the run because the target cannot say one of its animations
/// exactly. Each component is a polyline in scene time; a jump is two points at the same time.
package struct ExportBakedProperty {
    /// A root property.
    package var keyPath: String
    /// Why (for the header comment).
    package var reason: String
    /// Per component of the property's value (`Value.components` order): (time, value) points,
    /// thinned to `tolerance`, covering [start, end].
    package var components: [[(time: Double, value: Double)]]
    /// Path properties cannot be split into numbers: their samples, (time, path) in order.
    package var pathSamples: [(time: Double, value: Value)]
    /// Largest distance allowed between the polyline and the engine at the samples.
    package var tolerance: Double
}

/// What a target can say exactly, beyond basic/keyframe animations with cubic-bezier, steps
/// and linear() easings and CSS-like timing (delay, iterations, direction, fill).
package struct ExportCapabilities: Hashable {
    /// Keyframe animations along a path, paced or not, with rotation modes.
    package var pathAnimations = false
    /// Kochanek–Bartels (`cubic`, `cubicPaced`) keyframe interpolation.
    package var splineKeyframes = false
    /// additive, cumulative, byValue and end values taken from what is underneath.
    package var relativeValues = false
    /// timeOffset, speed 0.
    package var timeOffset = false
    /// Groups with their own repeats, speed or timing function.
    package var groupTiming = false
    /// An animation removed before it ends, or while it holds its end value.
    package var earlyRemoval = false
    /// Whole-matrix `transform` values interpolated as Core Animation does.
    package var matrixTransforms = false
    /// A keyframe animation's own timingFunction on top of per-segment ones.
    package var overallKeyframeTiming = false
    /// Springs as springs (CASpringAnimation); otherwise a sampled easing.
    package var springs = false
    /// A layer's own CAMediaTiming (speed, beginTime, timeOffset...), set once: a layer on a
    /// clock of its own keeps its animations as added, in its local time, when no clock
    /// changes during the run (otherwise they are baked in scene time).
    package var layerTime = false
    /// Arbitrary easing functions (a Lua function): never; they become `.sampled`.

    /// CSS animations and Lottie: keyframes, easings and CSS-like timing only.
    package static let keyframes = ExportCapabilities()
    /// Core Animation says everything the engine does.
    package static let coreAnimation = ExportCapabilities(
        pathAnimations: true, splineKeyframes: true, relativeValues: true, timeOffset: true,
        groupTiming: true, earlyRemoval: false, matrixTransforms: true, overallKeyframeTiming: true,
        springs: true, layerTime: true)
}

extension ExportBakedProperty {
    /// Whole values at the union of the components' times, for targets that key whole values
    /// (a CAKeyframeAnimation, a Lottie property): a jump is two samples at the same time.
    package var mergedSamples: [(time: Double, components: [Double])] {
        if let shared = samplesAtSharedTimes { return shared }
        var times: [Double] = []
        for c in components { times += c.map(\.time) }
        times = Array(Set(times)).sorted()
        var out: [(Double, [Double])] = []
        for t in times {
            let sides = components.map { ExportBakedProperty.sides(of: $0, at: t) }
            let left = sides.map(\.left)
            let right = sides.map(\.right)
            if left != right { out.append((t, left)) }
            out.append((t, right))
        }
        return out
    }

    /// `mergedSamples` when every component has its points at the same times (a track baked
    /// per frame): the same samples in one pass, instead of looking each time up in each
    /// component (quadratic in the number of frames); nil otherwise.
    private var samplesAtSharedTimes: [(time: Double, components: [Double])]? {
        guard let first = components.first,
            components.allSatisfy({
                $0.count == first.count && zip($0, first).allSatisfy { $0.time == $1.time }
            })
        else { return nil }
        var out: [(Double, [Double])] = []
        var k = 0
        while k < first.count {
            // Points at one time: the first arrives, the last leaves (as `sides(of:at:)`).
            var last = k
            while last + 1 < first.count && first[last + 1].time == first[k].time { last += 1 }
            let left = components.map { $0[k].value }
            let right = components.map { $0[last].value }
            if left != right { out.append((first[k].time, left)) }
            out.append((first[k].time, right))
            k = last + 1
        }
        return out
    }

    /// A polyline's value arriving at t and leaving it: at a jump (two points at t) the first
    /// and the second point; elsewhere both are the polyline's value at t.
    package static func sides(of points: [(time: Double, value: Double)], at t: Double) -> (
        left: Double, right: Double
    ) {
        guard let first = points.first, let last = points.last else { return (0, 0) }
        if let i = points.firstIndex(where: { $0.time == t }) {
            let j = points.lastIndex { $0.time == t }!
            return (points[i].value, points[j].value)
        }
        if t < first.time { return (first.value, first.value) }
        if t > last.time { return (last.value, last.value) }
        let b = points.firstIndex { $0.time > t }!
        let a = b - 1
        let v =
            points[a].value + (points[b].value - points[a].value) * (t - points[a].time)
            / (points[b].time - points[a].time)
        return (v, v)
    }
}
