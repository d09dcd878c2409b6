import InbetweenEngine

extension ExportScene {
    /// Largest error a sampled easing or a baked polyline may add, in the property's units:
    /// lengths in points (the Chromium check allows 0.01 px), everything else (opacity, colour
    /// channels, scales, angles, matrix entries; the check allows 1e-4) far below that.
    package static func valueTolerance(forKeyPath keyPath: String) -> Double {
        let root = LayerProperties.root(of: keyPath)
        let lengths: Set<String> = [
            "position", "bounds", "borderWidth", "cornerRadius", "path", "lineWidth",
            "shadowRadius", "shadowOffset", "zPosition", "anchorPointZ", "shadowPath",
        ]
        if lengths.contains(root) || keyPath.hasPrefix("transform.translation") { return 0.002 }
        return 2e-5
    }

    /// The structure of a run from its history: `tracks` are the sampled (layer, key path)
    /// pairs (the layers they name are exported), `start`/`end` the run's first and last frame
    /// times. Properties whose animations `capabilities` cannot say are baked.
    package static func build(
        history: SceneHistory, tracks: [Track], source: String, fps: Double, start: Double,
        end: Double, capabilities: ExportCapabilities = .keyframes
    ) throws -> ExportScene {
        // A history that stopped recording cannot say the structure; the per-frame form can.
        guard !history.overflowed else {
            throw CommandError(
                "the run has more than \(SceneHistory.maximumSnapshots) events to export as structure; use --bake"
            )
        }
        var scene = ExportScene(source: source, fps: fps, start: start, end: end, layers: [], notes: [])
        let (names, keyPaths) = ExportScene.byLayer(tracks)
        var layerNames = names
        // A tree draws every layer in it, animated or not (a parent is often still): all of
        // them, in the order the script made them.
        let latest = history.latest
        if latest.hasTree { layerNames = latest.layers.map(\.name) }
        // Core Animation runs each layer's animations in the layer's local time itself: with
        // every clock the same all run, the layers keep their timing and their animations.
        let keepsClocks = capabilities.layerTime && latest.usesLayerTiming && history.clocksAreStatic
        for name in layerNames {
            var builder = LayerBuilder(
                name: name, history: history, start: start, end: end, fps: fps,
                capabilities: capabilities,
                animatedKeyPaths: (keyPaths[name] ?? []).map { tracks[$0].keyPath }, easings: scene.easings)
            builder.keepsClock = keepsClocks
            var layer = try builder.build()
            if keepsClocks {
                let timing = history.layer(name, at: max(start, layer.createdAt ?? start))?.timing
                layer.timing = timing?.isDefault == false ? timing : nil
                let local = history.activeTime(of: name, atSceneTime: start)
                layer.localStart = local == start ? nil : local
            }
            scene.notes += builder.notes
            scene.layers.append(layer)
        }
        // Images (CALayer's contents) are drawn by `render` only so far.
        if latest.hasContents {
            for layer in latest.layers where layer.contents.image != nil && layerNames.contains(layer.name) {
                scene.notes.append(
                    "\(layer.name): its image (contents) is not drawn in this output; render draws it")
            }
        }
        if latest.hasTree {
            let engine = scene.layers.map { history.layer($0.name, at: max(start, $0.createdAt ?? start)) }
            scene.tree = ExportTree(
                names: layerNames, engine: engine, sceneNames: latest.layers.map(\.name),
                stage: history.stageSublayers(at: start))
            scene.tree?.outOfTree = outOfTree(history: history, names: layerNames, start: start, end: end)
            scene.tree?.moves = moves(history: history, names: layerNames, start: start, end: end)
            scene.tree?.notes = treeChangeNotes(history: history, names: layerNames, start: start, end: end)
        }
        return scene
    }
}

extension ExportScene {
    /// The layers `tracks` name, in the order they first appear, and per layer the indices of
    /// its tracks in order (one pass: a search of the names so far for each track was
    /// quadratic in the layers).
    static func byLayer(_ tracks: [Track]) -> (names: [String], tracks: [String: [Int]]) {
        var names: [String] = []
        var indices: [String: [Int]] = [:]
        for (i, t) in tracks.enumerated() {
            if indices[t.layer] == nil { names.append(t.layer) }
            indices[t.layer, default: []].append(i)
        }
        return (names, indices)
    }
}

/// Builds one `ExportLayer` (see `ExportScene.build`).
private struct LayerBuilder {
    let name: String
    let history: SceneHistory
    let start: Double, end: Double, fps: Double
    let capabilities: ExportCapabilities
    let animatedKeyPaths: [String]
    let easings: ExportEasingCache
    var notes: [String] = []
    /// When the layer first appears, if after the start (a callback made it): see `collect`.
    var createdAt: Double?
    /// Root property -> why it is baked (first reason found).
    var bakeReasons: [String: String] = [:]
    /// The layer's local time was scene time throughout (`SceneHistory.runsOnSceneTime`).
    var onSceneTime = true
    /// The target keeps the layers' clocks (see `ExportScene.build`): add times in local time
    /// are said as they are.
    var keepsClock = false

    init(
        name: String, history: SceneHistory, start: Double, end: Double, fps: Double,
        capabilities: ExportCapabilities, animatedKeyPaths: [String], easings: ExportEasingCache
    ) {
        self.easings = easings
        self.name = name
        self.history = history
        self.start = start
        self.end = end
        self.fps = fps
        self.capabilities = capabilities
        self.animatedKeyPaths = animatedKeyPaths
    }

    mutating func build() throws -> ExportLayer {
        onSceneTime = keepsClock || history.runsOnSceneTime(name)
        let (animations, modelChanges, initial) = collect()
        var roots = Set(animatedKeyPaths.map(LayerProperties.root(of:)))
        for (root, _) in initial.values { roots.insert(root) }
        for c in modelChanges { roots.insert(c.keyPath) }
        for a in animations { for k in a.animation.keyPaths { roots.insert(LayerProperties.root(of: k)) } }
        let ordered = LayerProperties.names.filter(roots.contains)
        let initialModel = ordered.compactMap { root in initial[root].map { (keyPath: root, value: $0) } }
        var layer = ExportLayer(
            name: name, initialModel: initialModel, modelChanges: modelChanges,
            animations: [], baked: [], createdAt: createdAt)
        for var a in animations {
            a.leaves = resolve(a)
            layer.animations.append(a)
        }
        // Roots whose values the target cannot hold per component (matrix transforms) or
        // whose animations could not be said.
        for root in ordered where bakeReasons[root] != nil {
            let reason = bakeReasons[root]!
            layer.baked.append(try bake(root, reason: reason))
            notes.append("\(name).\(root): baked, \(reason)")
        }
        return layer
    }

    // MARK: What the history holds

    /// The layer's animations with their add and removal times, its model changes after the
    /// start, and its model at the start.
    mutating func collect() -> ([ExportAnimation], [ExportModelChange], PropertyValues) {
        var animations: [ExportAnimation] = []
        var indexBySerial: [Int: Int] = [:]
        var present = Set<Int>()
        var model: PropertyValues?
        /// The model the layer had when it first appeared: a layer a callback creates has none
        /// at the start, and Core Animation's defaults (0 x 0 at the origin) are not its model.
        var firstSeen: PropertyValues?
        var changes: [ExportModelChange] = []
        createdAt = nil
        for (time, layer) in history.versions(of: name) {
            var now = Set<Int>()
            for attached in layer.attachedAnimations {
                now.insert(attached.serial)
                if indexBySerial[attached.serial] == nil {
                    indexBySerial[attached.serial] = animations.count
                    animations.append(
                        ExportAnimation(
                            key: attached.key, addedAt: attached.addedAt, removedAt: nil,
                            animation: attached.animation, leaves: []))
                }
            }
            // Add times are the layer's local times: a removal is compared in them too (the
            // same as scene time unless the target keeps the layer's clock).
            let local = keepsClock ? (history.activeTime(of: name, atSceneTime: time) ?? time) : time
            for gone in present.subtracting(now) {
                let i = indexBySerial[gone]!
                let a = animations[i]
                let stop = a.addedAt + max(0, a.animation.timing.endTime)
                if !(a.animation.removedOnCompletion && local >= stop) { animations[i].removedAt = local }
            }
            present = now
            if firstSeen == nil {
                firstSeen = layer.modelValues
                if time > start { createdAt = time }
            }
            if time <= start || model == nil {
                model = layer.modelValues
            } else if time <= end, let old = model {
                for key in layer.modelValues.values.keys.sorted()
                where old.values[key] != layer.modelValues.values[key] {
                    changes.append(
                        ExportModelChange(time: time, keyPath: key, value: layer.modelValues.values[key]!))
                }
                model = layer.modelValues
            }
        }
        // The model at the start, with the default of every root it will need.
        var initial = PropertyValues()
        let first = history.layer(name, at: start)?.modelValues ?? firstSeen ?? PropertyValues()
        for (k, v) in first.values { initial.values[k] = v }
        for k in animatedKeyPaths + changes.map(\.keyPath) {
            let root = LayerProperties.root(of: k)
            if initial.values[root] == nil { initial.values[root] = first[root] }
        }
        for a in animations {
            for k in a.animation.keyPaths {
                let root = LayerProperties.root(of: k)
                if initial.values[root] == nil { initial.values[root] = first[root] }
            }
        }
        // On a clock of its own a layer's add times are local: all of them are baked (`resolve`).
        return (animations.filter { !onSceneTime || $0.addedAt <= end }, changes, initial)
    }

    // MARK: Resolving animations into keyframes

    private mutating func refuse(_ keyPaths: [String], _ reason: String) {
        for k in keyPaths {
            let root = LayerProperties.root(of: k)
            if bakeReasons[root] == nil { bakeReasons[root] = reason }
        }
    }

    /// The leaves of a top-level animation placed on the run's clock; roots it cannot say are
    /// marked for baking.
    mutating func resolve(_ a: ExportAnimation) -> [ExportLeaf] {
        let t = a.animation.timing
        let keyPaths = a.animation.keyPaths
        // Its add time and events are in a local time that is not the run's.
        guard onSceneTime else {
            refuse(keyPaths, "its layer runs on a clock of its own (a timing set on it or a layer above it)")
            return []
        }
        guard t.speed != 0, t.timeOffset == 0 || capabilities.timeOffset else {
            refuse(keyPaths, "timeOffset or speed 0 has no keyframe counterpart")
            return []
        }
        var schedule = topSchedule(
            t, addedAt: a.addedAt, removedOnCompletion: a.animation.removedOnCompletion)
        if a.addedAt > start && (t.beginTime < 0 || (t.beginTime > 0 && t.fillMode.fillsBackwards)) {
            refuse(keyPaths, "its beginTime reaches before it was added (\(a.key))")
            return []
        }
        if let removed = a.removedAt {
            let stop = schedule.end
            if removed < stop - 1e-9 * max(1, abs(stop)) {
                refuse(keyPaths, "'\(a.key)' is removed before it ends (at \(removed) s)")
                return []
            }
            if removed > stop + 1e-9 * max(1, abs(stop)) && schedule.fillsForwards {
                refuse(keyPaths, "'\(a.key)' holds its end value until it is removed (at \(removed) s)")
                return []
            }
            schedule.fillsForwards = false
        }
        switch a.animation {
        case .group(let g):
            let simpleTiming =
                t.speed == 1 && t.timeOffset == 0 && t.repeatCount == 0 && t.repeatDuration == 0
                && !t.autoreverses
                && g.timingFunction.map { easings.easing($0, tolerance: 1) == .linear } ?? true
            guard simpleTiming || capabilities.groupTiming else {
                refuse(keyPaths, "a group with its own repeats, speed or timing function (\(a.key))")
                return []
            }
            var leaves: [ExportLeaf] = []
            for child in g.animations {
                let c = child.timing
                let spans =
                    c.beginTime == 0 && c.effectiveDuration == t.effectiveDuration && c.speed == 1
                    && c.timeOffset == 0 && c.repeatCount == 0 && c.repeatDuration == 0 && !c.autoreverses
                if case .group = child {
                    refuse(child.keyPaths, "a group inside a group (\(a.key))")
                    continue
                }
                guard spans else {
                    refuse(child.keyPaths, "a group child that does not run for the whole group (\(a.key))")
                    continue
                }
                var s = schedule
                s.fillsForwards = schedule.fillsForwards && c.fillMode.fillsForwards
                if let leaf = property(child, schedule: s) { leaves.append(leaf) }
            }
            return leaves
        default:
            return property(a.animation, schedule: schedule).map { [$0] } ?? []
        }
    }

    func topSchedule(_ t: MediaTiming, addedAt: Double, removedOnCompletion: Bool) -> ExportSchedule {
        let d = t.effectiveDuration
        let direction: ExportSchedule.Direction =
            t.autoreverses ? .alternate : (t.speed < 0 ? .reverse : .normal)
        return ExportSchedule(
            begin: addedAt + t.beginTime, iterationDuration: d / abs(t.speed),
            iterationCount: t.activeDuration / d, direction: direction,
            fillsBackwards: t.fillMode.fillsBackwards && t.beginTime > 0,
            fillsForwards: t.fillMode.fillsForwards && !removedOnCompletion)
    }

    /// One basic, keyframe or spring animation as keyframes, or nil (marked for baking).
    mutating func property(_ animation: Animation, schedule: ExportSchedule) -> ExportLeaf? {
        let keyPath = animation.keyPaths[0]
        let tolerance = ExportScene.valueTolerance(forKeyPath: keyPath)
        if LayerProperties.root(of: keyPath) == "transform" && keyPath == "transform"
            && !capabilities.matrixTransforms
        {
            refuse([keyPath], "whole-matrix transforms interpolate through their decomposition")
            return nil
        }
        // A tree draws the sublayerTransform; CSS would interpolate its entries one by one.
        if keyPath == "sublayerTransform" && !capabilities.matrixTransforms && history.latest.hasTree {
            refuse([keyPath], "whole-matrix transforms interpolate through their decomposition")
            return nil
        }
        switch animation {
        case .basic(let b):
            guard !b.additive && !b.cumulative || capabilities.relativeValues else {
                refuse([keyPath], "additive or cumulative (\(keyPath))")
                return nil
            }
            guard let (from, to) = ends(b.fromValue, b.toValue, b.byValue, keyPath) else { return nil }
            let easing = easings.easing(b.timingFunction, tolerance: tolerance / maxDelta([from, to]))
            return ExportLeaf(
                kind: .basic, keyPath: keyPath,
                keyframes: ExportKeyframes(values: [from, to], keyTimes: [0, 1], easings: [easing]),
                schedule: schedule, spring: nil)
        case .spring(let s):
            guard !s.additive && !s.cumulative || capabilities.relativeValues else {
                refuse([keyPath], "additive or cumulative (\(keyPath))")
                return nil
            }
            guard let (from, to) = ends(s.fromValue, s.toValue, s.byValue, keyPath) else { return nil }
            let spring = s.spring
            let easing = ExportEasing.sampling(
                { spring.value(at: $0) }, over: s.timing.effectiveDuration,
                tolerance: tolerance / maxDelta([from, to]))
            return ExportLeaf(
                kind: .spring, keyPath: keyPath,
                keyframes: ExportKeyframes(values: [from, to], keyTimes: [0, 1], easings: [easing]),
                schedule: schedule, spring: spring)
        case .keyframe(let k):
            return keyframeLeaf(k, schedule: schedule, tolerance: tolerance)
        case .group:
            refuse(animation.keyPaths, "a group inside a group")
            return nil
        }
    }

    mutating func keyframeLeaf(_ k: KeyframeAnimation, schedule: ExportSchedule, tolerance: Double)
        -> ExportLeaf?
    {
        let keyPath = k.keyPath
        guard !k.additive && !k.cumulative || capabilities.relativeValues else {
            refuse([keyPath], "additive or cumulative (\(keyPath))")
            return nil
        }
        guard k.path == nil || capabilities.pathAnimations else {
            refuse(
                k.rotationMode == nil ? [keyPath] : [keyPath, KeyframeAnimation.rotationKeyPath],
                "a keyframe animation along a path (\(keyPath))")
            return nil
        }
        guard k.calculationMode != .cubic && k.calculationMode != .cubicPaced || capabilities.splineKeyframes
        else {
            refuse([keyPath], "cubic (Kochanek–Bartels) keyframe interpolation (\(keyPath))")
            return nil
        }
        // Along a path (a target that says paths keeps the animation as it is): no keyframes.
        guard k.path == nil else { return nil }
        let n = k.values.count
        var values = k.values
        var keyTimes: [Double]
        var easings: [ExportEasing]
        let delta = maxDelta(values)
        switch k.calculationMode {
        case .discrete:
            keyTimes = k.keyTimes.map { Array($0.prefix(n)) } ?? (0..<n).map { Double($0) / Double(n) }
            if keyTimes[n - 1] < 1 {
                values.append(values[n - 1])
                keyTimes.append(1)
            }
            easings = Array(repeating: .hold, count: values.count - 1)
        case .paced:
            keyTimes = pacedTimes(values)
            easings = Array(repeating: .linear, count: n - 1)
        default:
            keyTimes = k.keyTimes ?? (0..<n).map { n == 1 ? 0 : Double($0) / Double(n - 1) }
            easings = (0..<max(n - 1, 0)).map {
                self.easings.easing(k.timingFunctions?[$0], tolerance: tolerance / delta)
            }
        }
        if n == 1 {
            values = [values[0], values[0]]
            keyTimes = [0, 1]
            easings = [.linear]
        }
        if zip(keyTimes, keyTimes.dropFirst()).contains(where: { $0 >= $1 }) {
            refuse([keyPath], "two keyframes at the same key time (\(keyPath))")
            return nil
        }
        if let overall = k.timingFunction, self.easings.easing(overall, tolerance: 1) != .linear {
            if values.count == 2 && easings == [.linear] {
                easings = [self.easings.easing(overall, tolerance: tolerance / delta)]
            } else if !capabilities.overallKeyframeTiming {
                refuse(
                    [keyPath], "a keyframe animation's own timingFunction over per-segment ones (\(keyPath))")
                return nil
            }
        }
        return ExportLeaf(
            kind: .keyframe, keyPath: keyPath,
            keyframes: ExportKeyframes(values: values, keyTimes: keyTimes, easings: easings),
            schedule: schedule, spring: nil)
    }

    /// The two ends of a basic or spring animation when they do not depend on what lies
    /// underneath (fromValue/toValue, or byValue with one of them).
    mutating func ends(_ from: Value?, _ to: Value?, _ by: Value?, _ keyPath: String) -> (Value, Value)? {
        switch (from, to, by) {
        case (let f?, let t?, nil): return (f, t.converted(toKindOf: f))
        case (let f?, nil, let b?): if let t = try? Value.add(f, b.converted(toKindOf: f)) { return (f, t) }
        case (nil, let t?, let b?):
            if let f = try? Value.subtract(t, b.converted(toKindOf: t)) { return (f, t) }
        default: break
        }
        refuse([keyPath], "an end value taken from the layer underneath (\(keyPath))")
        return nil
    }

    /// CAKeyframeAnimation's paced key times (the engine's rule): proportional to the distance
    /// travelled, evenly spaced when nothing moves.
    func pacedTimes(_ values: [Value]) -> [Double] {
        let n = values.count
        guard n > 1 else { return [0] }
        var cumulative = [0.0]
        for i in 1..<n {
            cumulative.append(cumulative[i - 1] + ((try? Value.distance(values[i - 1], values[i])) ?? 0))
        }
        let total = cumulative[n - 1]
        guard total > 0 else { return (0..<n).map { Double($0) / Double(n - 1) } }
        return cumulative.map { $0 / total }
    }

    /// The largest change of any component between neighbouring values (at least a tiny
    /// positive number, so a tolerance divided by it stays finite).
    func maxDelta(_ values: [Value]) -> Double {
        var m = 1e-9
        for (a, b) in zip(values, values.dropFirst()) {
            for (x, y) in zip(a.components, b.components) { m = max(m, abs(y - x)) }
        }
        return m
    }

    // MARK: Baking

    /// Samples a root property over the run: at the event times and the edges of every
    /// animation (where it may jump: both sides are kept), and eight times per frame between.
    mutating func bake(_ root: String, reason: String) throws -> ExportBakedProperty {
        let tolerance = ExportScene.valueTolerance(forKeyPath: root)
        var breaks = Set(history.eventTimes.filter { $0 > start && $0 < end })
        for (_, layer) in history.versions(of: name) {
            for a in layer.attachedAnimations {
                let t = a.animation.timing
                for b in [a.addedAt, a.addedAt + t.beginTime, a.addedAt + t.endTime]
                where b > start && b < end {
                    breaks.insert(b)
                }
            }
        }
        let sortedBreaks = breaks.sorted()
        let perFrame = 8.0
        let step = max(1 / (fps * perFrame), (end - start) / 200_000)
        func at(_ t: Double) throws -> Value? { try history.value(layer: name, keyPath: root, at: t) }
        var pieces: [[(Double, Value)]] = [[]]
        var nextBreak = 0
        var i = 0
        while true {
            let t = min(start + Double(i) * step, end)
            while nextBreak < sortedBreaks.count && sortedBreaks[nextBreak] <= t {
                let b = sortedBreaks[nextBreak]
                let before = b - max(1e-9, abs(b) * 1e-12)
                if let l = try at(before), let r = try at(b) {
                    let jumps = zip(l.components, r.components).contains { abs($0 - $1) > tolerance }
                    if jumps {
                        pieces[pieces.count - 1].append((b, l))
                        pieces.append([])
                    }
                    if b < t { pieces[pieces.count - 1].append((b, r)) }
                }
                nextBreak += 1
            }
            if let v = try at(t) { pieces[pieces.count - 1].append((t, v)) }
            if t >= end { break }
            i += 1
        }
        if case .path = try at(start) {
            let perFrameSamples = pieces.flatMap { $0 }.filter { sample in
                let k = (sample.0 - start) * fps * 2
                return abs(k - k.rounded()) < 1e-6
            }
            return ExportBakedProperty(
                keyPath: root, reason: reason, components: [], pathSamples: perFrameSamples,
                tolerance: 0)
        }
        let count = pieces.first { !$0.isEmpty }?.first?.1.components.count ?? 0
        var components: [[(time: Double, value: Double)]] = Array(repeating: [], count: count)
        for piece in pieces where !piece.isEmpty {
            let xs = piece.map(\.0)
            for c in 0..<count {
                let ys = piece.map { $0.1.components[c] }
                let kept = xs.count > 1 ? CSSLinear.simplify(xs: xs, ys: ys, tolerance: tolerance / 2) : [0]
                components[c] += kept.map { (time: xs[$0], value: ys[$0]) }
            }
        }
        return ExportBakedProperty(
            keyPath: root, reason: reason, components: components, pathSamples: [],
            tolerance: tolerance)
    }
}
