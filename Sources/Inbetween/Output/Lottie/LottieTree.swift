import Foundation
import InbetweenEngine

/// `--format lottie` for a scene with a layer tree (issue 28), from the scene's world at every
/// frame (`SceneWorld`: each drawn layer, and each replicator copy `NAME[i]`, with its matrix
/// to the stage, its composed opacity, its clips and its values).
///
/// Each drawn entry is a Lottie layer whose `parent` is its superlayer's, with the transform
/// that takes its bounds coordinates into its superlayer's Lottie layer (lottie-spec
/// `layers/layer`, `parent`: a layer's transform is applied inside its parent's): anchor `a` at
/// the anchor point (bounds.origin included, so a scrolled superlayer moves its sublayers), `p`,
/// `s` and `r` from the 2D affine map between the two. That map is the entry's matrix times the
/// inverse of its superlayer's; Core Animation's rules (sublayerTransform about the anchor
/// point, a replicator's instanceTransform applied i times) are already in those matrices.
///
/// What Lottie cannot say is drawn another way, within `LottieFrameWriter.bakeTolerance`, and
/// listed in the file's `inbetween.notes`:
/// - a map that is not affine (a perspective, `m34`; a transform layer's 3D) or needs a skew:
///   the layer's outlines are drawn through its matrix in the stage's space at every frame
///   (straight edges exactly; a rounded corner through a perspective within the error stated);
/// - opacity: Lottie's parenting carries no opacity, so each layer has its composed opacity,
///   an opacity group (`allowsGroupOpacity`) being a precomposition faded as one (see `build`);
/// - `masksToBounds`: each clipped layer gets a mask of every clipping layer's rounded bounds,
///   mapped into its own coordinates (the first one added, the others intersected);
/// - `hidden`, a layer out of the tree, a copy a replicator no longer draws: opacity 0;
/// - draw order (zPosition, a transform layer's depth sort) that changes during the run: the
///   layers are written again for each stretch of frames with one order (`ip`/`op`).
package struct LottieTree {
    /// One entry of the world at one frame.
    struct Sample {
        var values: [Value]
        var matrix: Transform3D
        var opacity: Double
        var superlayer: String?
        var drawsItself: Bool
        var clips: [WorldClip]
        var anchor: [Double]
    }

    /// Per entry (by name), its sample at each frame (nil: not drawn then).
    var samples: [String: [Sample?]] = [:]
    /// Per frame, the entries in draw order (back to front).
    private var orders: [[String]] = []
    /// Entries that some other entry has as its superlayer.
    var holders = Set<String>()
    /// Opacity groups with more than their owner in them: the frames each owner (by name) has
    /// one at.
    var groups: [String: Set<Int>] = [:]
    package private(set) var frameCount = 0

    package init() {}

    /// Frames before the first recorded one (the tree was made later, by a callback).
    package mutating func skip(frames: Int) {
        for name in samples.keys { samples[name]!.append(contentsOf: repeatElement(nil, count: frames)) }
        orders += Array(repeating: [], count: frames)
        frameCount += frames
    }

    package mutating func record(_ world: SceneWorld) {
        var order: [String] = []
        for entry in world.layers {
            let values = LottieLayer.keyPaths.map {
                entry.value(forKeyPath: $0) ?? PropertyValues.defaultValue(forKeyPath: $0) ?? .scalar(0)
            }
            var anchor = [0.0, 0.0]
            if case .rect(let b) = values[1], case .point(let ap) = values[2] {
                anchor = [b.origin.x + ap.x * b.size.width, b.origin.y + ap.y * b.size.height]
            }
            let superlayer = entry.superlayer.map { world.layers[$0].name }
            if let superlayer { holders.insert(superlayer) }
            let sample = Sample(
                values: values, matrix: entry.matrix, opacity: entry.opacity, superlayer: superlayer,
                drawsItself: entry.drawsItself, clips: entry.clips, anchor: anchor)
            if samples[entry.name] == nil {
                samples[entry.name] = Array(repeating: nil, count: frameCount)
            }
            samples[entry.name]!.append(sample)
            order.append(entry.name)
        }
        for group in world.groups where group.members.count > 1 {
            groups[world.layers[group.owner].name, default: []].insert(frameCount)
        }
        for name in samples.keys where samples[name]!.count == frameCount { samples[name]!.append(nil) }
        orders.append(order)
        frameCount += 1
    }

    // MARK: Building

    /// A stretch of frames with one draw order: the entries drawn in it, back to front, and
    /// each one's superlayer.
    struct Run {
        var frames: Range<Int>
        var order: [String]
        var superlayer: [String: String?]
    }

    /// The frames split where the draw order or a superlayer changes.
    func runs() -> [Run] {
        var runs: [Run] = []
        var current = Run(frames: 0..<0, order: [], superlayer: [:])
        for f in 0..<frameCount {
            let order = orders[f]
            var consistent = true
            var last = -1
            for name in order {
                if let k = current.order.firstIndex(of: name) {
                    if k < last { consistent = false }
                    last = k
                }
                if let s = samples[name]?[f], let known = current.superlayer[name], known != s.superlayer {
                    consistent = false
                }
            }
            if !consistent {
                runs.append(current)
                current = Run(frames: f..<f, order: [], superlayer: [:])
            }
            var previous: Int? = nil
            for name in order {
                if let k = current.order.firstIndex(of: name) {
                    previous = k
                } else {
                    let at = previous.map { $0 + 1 } ?? 0
                    current.order.insert(name, at: at)
                    current.superlayer[name] = samples[name]?[f]?.superlayer
                    previous = at
                }
            }
            current.frames = current.frames.lowerBound..<(f + 1)
        }
        if !current.frames.isEmpty || runs.isEmpty { runs.append(current) }
        return runs
    }

    /// The composition: its extent is every drawn entry's over the run, and a group's
    /// precomposition has the composition's size (its space is the stage's).
    func composition(canvas: Size?) throws -> LottieComposition {
        var composition = LottieComposition()
        composition.extent = extent()
        let size = LottieComposition.size(canvas: canvas, extent: composition.extent)
        let built = try build(
            tolerance: LottieFrameWriter.bakeTolerance, width: size.width, height: size.height)
        composition.layers = built.layers
        composition.assets = built.assets
        composition.treeNotes = built.notes
        composition.throughMatrix = built.throughMatrix
        return composition
    }

    /// The Lottie layers, first drawn on top (Lottie's order), the precomposition assets of the
    /// opacity groups, and what was baked. `width` and `height`: the composition's.
    ///
    /// An opacity group (a layer with allowsGroupOpacity and an opacity below 1 over sublayers,
    /// `SceneWorld.groups`) is a precomposition (lottie-spec `layers/precomposition-layer`): its
    /// owner and the owner's drawn sublayers are the asset's layers, composited together, and the
    /// precomp layer (the stage's size, identity transform: the asset's space is the stage's)
    /// fades the result by the group's factor. Factors: a group's is its owner's opacity over
    /// the factors of the groups around it; a layer's own `o` is its composed opacity over the
    /// factors of every group it is drawn in (its own group's too, so an owner draws at 1), so
    /// each layer alone ends at its composed opacity and overlapping members fade as one.
    func build(tolerance: Double, width: Double, height: Double) throws -> (
        layers: [LottieJSON], assets: [LottieJSON], notes: [String], throughMatrix: [String]
    ) {
        var layers: [LottieJSON] = []
        var assets: [LottieJSON] = []
        var baked = Baked()
        let runs = runs()
        for (r, run) in runs.enumerated() {
            var builder = LottieRunBuilder(
                tree: self, run: run, number: r + 1, rootCount: layers.count, tolerance: tolerance,
                size: (width, height))
            for name in run.order { try builder.add(name, baked: &baked) }
            // Lottie draws the first layer of the list on top; the world lists back to front.
            layers += builder.written[""]!.reversed()
            assets += builder.assets()
        }
        return (layers, assets, notes(baked, runs: runs), baked.notes.keys.sorted())
    }

    /// The entries drawn through their matrix in the stage's space (each one's note), and the
    /// largest error of a rounded corner drawn so.
    struct Baked {
        var notes: [String: String] = [:]
        var worstProjection = 0.0
    }

    /// What the file's `inbetween.tree` says the export could not say with Lottie's own means.
    private func notes(_ baked: Baked, runs: [Run]) -> [String] {
        var notes = baked.notes.keys.sorted().map { baked.notes[$0]! }
        if baked.worstProjection > 0 {
            notes.append(
                "rounded corners seen through a perspective: within \(NumberFormat.shortest.string((baked.worstProjection * 1e4).rounded(.up) / 1e4)) px "
                    + "(the cubic through the mapped control points against the mapped curve)")
        }
        for owner in groups.keys.sorted() {
            notes.append(
                "\(owner): an opacity group (allowsGroupOpacity), a precomposition faded as one by the group's opacity"
            )
        }
        if runs.count > 1 {
            notes.append(
                "the draw order changes at frames "
                    + runs.dropFirst().map { String($0.frames.lowerBound) }.joined(separator: ", ")
                    + ": the layers are written once per stretch of frames (ip/op)")
        }
        return notes
    }

    /// An entry's sample at every frame of its run: the frame's own where it is drawn,
    /// otherwise the last drawn one before it (the first drawn one before that), held and drawn
    /// at opacity 0.
    func filled(_ name: String, in run: Run) -> [(sample: Sample, drawn: Bool)] {
        let list = samples[name] ?? []
        guard let first = run.frames.first(where: { list[$0] != nil }) else { return [] }
        var out: [(Sample, Bool)] = []
        out.reserveCapacity(run.frames.count)
        var nearest = first
        for f in run.frames {
            if let s = list[f] {
                nearest = f
                out.append((s, true))
            } else {
                out.append((list[nearest]!, false))
            }
        }
        return out
    }

    /// The 2D affine part of a plane map (row vectors), nil when it is projective.
    static func affine(_ m: Transform3D) -> (
        a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double
    )? {
        let m = m.m
        let scale = max(1, abs(m[0]), abs(m[1]), abs(m[4]), abs(m[5]))
        guard abs(m[3]) <= 1e-12 * scale, abs(m[7]) <= 1e-12 * scale, abs(m[15] - 1) <= 1e-12 else {
            return nil
        }
        return (m[0], m[1], m[4], m[5], m[12], m[13])
    }

    /// Lottie's transform for maps q ↦ q·A + t, one per frame, about the anchor points: Lottie
    /// draws q at p + (q − a)·diag(s)·R(r) (row vectors; lottie-spec `helpers/transform`:
    /// anchor, scale, rotation, position), so A = diag(sx, sy)·R(θ): θ and sx from A's first
    /// row, sy from its second; what is left would be a skew, which fails (drawn through the
    /// matrix instead). The rotation is unwrapped from frame to frame (a full turn is 360°, not
    /// a jump back to 0).
    func transform(
        _ maps: [(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double)], anchors: [[Double]],
        _ opacities: [[Double]], _ tolerance: Double, firstFrame: Int
    ) -> [(String, LottieJSON)]? {
        var positions: [[Double]] = []
        var scales: [[Double]] = []
        var rotations: [[Double]] = []
        var previous: Double?
        for (f, m) in maps.enumerated() {
            let sx = hypot(m.a, m.b)
            var theta = sx > 1e-12 ? atan2(m.b, m.a) : (previous ?? 0)
            if sx <= 1e-12, hypot(m.c, m.d) > 1e-12 { theta = atan2(-m.c, m.d) }
            if let p = previous { theta += (2 * .pi) * ((p - theta) / (2 * .pi)).rounded() }
            previous = theta
            let sy = -m.c * sin(theta) + m.d * cos(theta)
            let skew = m.c * cos(theta) + m.d * sin(theta)
            guard abs(skew) <= 1e-9 * max(1, abs(sx), abs(sy)) else { return nil }
            let a = anchors[f]
            positions.append([a[0] * m.a + a[1] * m.c + m.tx, a[0] * m.b + a[1] * m.d + m.ty])
            scales.append([sx * 100, sy * 100])
            rotations.append([theta * 180 / .pi])
        }
        func property(_ name: String, _ kind: LottieProperty.Kind, _ frames: [[Double]]) -> LottieJSON {
            var p = LottieProperty(name: name, kind: kind, frames: frames)
            p.firstFrame = firstFrame
            return p.json(tolerance: tolerance).json
        }
        return [
            ("a", property("ks.a", .vector, anchors)), ("p", property("ks.p", .vector, positions)),
            ("s", property("ks.s", .vector, scales)), ("r", property("ks.r", .scalar, rotations)),
            ("o", property("ks.o", .scalar, opacities)),
        ]
    }

    func identityTransform(_ opacities: [[Double]], _ tolerance: Double, firstFrame: Int) -> [(
        String, LottieJSON
    )] {
        var opacity = LottieProperty(name: "ks.o", kind: .scalar, frames: opacities)
        opacity.firstFrame = firstFrame
        return [
            ("a", .object([("a", .number(0)), ("k", .numbers([0, 0]))])),
            ("p", .object([("a", .number(0)), ("k", .numbers([0, 0]))])),
            ("s", .object([("a", .number(0)), ("k", .numbers([100, 100]))])),
            ("r", .object([("a", .number(0)), ("k", .number(0))])),
            ("o", opacity.json(tolerance: tolerance).json),
        ]
    }

    /// A mask per clipping layer (masksToBounds): its rounded bounds through its matrix, into
    /// the entry's Lottie coordinates (its bounds coordinates, or the stage's when it is drawn
    /// through its matrix). The first is added, the others intersected (nested clips).
    func masks(
        _ kept: [(sample: Sample, drawn: Bool)], entryFrames: [Transform3D]?, tolerance: Double,
        firstFrame: Int
    )
        -> [LottieJSON]
    {
        var clipNames: [String] = []
        for k in kept {
            for c in k.sample.clips where !clipNames.contains(c.name) { clipNames.append(c.name) }
        }
        return clipNames.enumerated().compactMap { n, clipName in
            var held: WorldClip? = nil
            var frames: [[Double]] = []
            for (f, k) in kept.enumerated() {
                if let c = k.sample.clips.first(where: { $0.name == clipName }) { held = c }
                guard
                    let clip = held
                        ?? kept.lazy.compactMap({ $0.sample.clips.first { $0.name == clipName } }).first
                else { return nil }
                var map = clip.matrix
                if let own = entryFrames?[f], let inverse = try? own.inverted() {
                    map = map.concatenating(inverse)
                }
                frames.append(
                    LottieTree.mapped(
                        LottieTree.roundedRectangle(clip.bounds, radius: clip.cornerRadius), through: map))
            }
            var path = LottieProperty(name: "mask", kind: .bezier(closed: true), frames: frames)
            path.firstFrame = firstFrame
            return .object([
                ("nm", .string(clipName)), ("mode", .string(n == 0 ? "a" : "i")), ("inv", .bool(false)),
                ("pt", path.json(tolerance: tolerance).json),
                ("o", .object([("a", .number(0)), ("k", .number(100))])),
            ])
        }
    }

    /// The union of every drawn entry's corners over the run.
    package func extent() -> Rect? {
        var box: Rect?
        for list in samples.values {
            for case let s? in list {
                guard case .rect(let b) = s.values[1], b.size.width != 0 || b.size.height != 0 else {
                    continue
                }
                for (x, y) in [
                    (b.origin.x, b.origin.y), (b.origin.x + b.size.width, b.origin.y + b.size.height),
                    (b.origin.x + b.size.width, b.origin.y), (b.origin.x, b.origin.y + b.size.height),
                ] {
                    let p = s.matrix.apply(to: Point(x, y))
                    let r = Rect(x: p.x, y: p.y, width: 0, height: 0)
                    box = box.map { $0.union(r) } ?? r
                }
            }
        }
        return box
    }

    // MARK: Outlines

    /// 4/3 (√2 − 1): the handle length, as a fraction of the radius, of the cubic closest to a
    /// quarter circle with the same end points and tangents (the rounded corners CGPath and
    /// Lottie's `rc` draw).
    static let kappa = 4.0 / 3.0 * (2.0.squareRoot() - 1)

    /// A rounded rectangle as Lottie bezier numbers (`LottieBezier.components`): eight vertices
    /// clockwise from the top edge's left end (y down), the corner radius clamped to half the
    /// shorter side as CALayer clamps it; straight edges have zero tangents.
    static func roundedRectangle(_ r: Rect, radius: Double) -> [Double] {
        let x0 = min(r.origin.x, r.origin.x + r.size.width)
        let y0 = min(r.origin.y, r.origin.y + r.size.height)
        let w = abs(r.size.width)
        let h = abs(r.size.height)
        let rad = max(0, min(radius, w / 2, h / 2))
        let k = rad * kappa
        let x1 = x0 + w
        let y1 = y0 + h
        // (vertex, in tangent, out tangent) around the outline.
        let vertices: [(Double, Double, Double, Double, Double, Double)] = [
            (x0 + rad, y0, -k, 0, 0, 0), (x1 - rad, y0, 0, 0, k, 0),
            (x1, y0 + rad, 0, -k, 0, 0), (x1, y1 - rad, 0, 0, 0, k),
            (x1 - rad, y1, k, 0, 0, 0), (x0 + rad, y1, 0, 0, -k, 0),
            (x0, y1 - rad, 0, k, 0, 0), (x0, y0 + rad, 0, 0, 0, -k),
        ]
        return vertices.flatMap { [$0.0, $0.1, $0.2, $0.3, $0.4, $0.5] }
    }

    /// Bezier numbers through a plane map: each vertex and each control point (vertex +
    /// tangent) mapped, tangents taken again from the mapped points. A point at or behind the
    /// eye (w ≤ 0), which Core Animation does not draw, stays where it is.
    static func mapped(_ numbers: [Double], through m: Transform3D) -> [Double] {
        func map(_ x: Double, _ y: Double) -> (Double, Double) {
            let p = m.apply(to: Point(x, y))
            return (p.x, p.y)
        }
        var out: [Double] = []
        out.reserveCapacity(numbers.count)
        var j = 0
        while j + 5 < numbers.count {
            let (vx, vy) = map(numbers[j], numbers[j + 1])
            let (ix, iy) = map(numbers[j] + numbers[j + 2], numbers[j + 1] + numbers[j + 3])
            let (ox, oy) = map(numbers[j] + numbers[j + 4], numbers[j + 1] + numbers[j + 5])
            out += [vx, vy, ix - vx, iy - vy, ox - vx, oy - vy]
            j += 6
        }
        return out
    }

    /// The largest distance, over the frames, between an entry's rounded bounds seen through
    /// its matrix and the outline drawn (the cubic through the mapped control points), at
    /// eight points of each corner's curve.
    func projectionError(_ kept: [(sample: Sample, drawn: Bool)]) -> Double {
        var worst = 0.0
        for k in kept where k.drawn {
            guard case .rect(let b) = k.sample.values[1], case .scalar(let radius) = k.sample.values[8] else {
                continue
            }
            let n = LottieTree.roundedRectangle(b, radius: radius)
            let m = LottieTree.mapped(n, through: k.sample.matrix)
            for v in stride(from: 1, to: 8, by: 2) {
                // The corner from vertex v (its out tangent) to vertex v + 1 (its in tangent).
                let a = v * 6
                let c = ((v + 1) % 8) * 6
                func cubic(_ p: [Double], _ u: Double) -> (Double, Double) {
                    let p0 = (p[a], p[a + 1])
                    let p1 = (p[a] + p[a + 4], p[a + 1] + p[a + 5])
                    let p2 = (p[c] + p[c + 2], p[c + 1] + p[c + 3])
                    let p3 = (p[c], p[c + 1])
                    let s = 1 - u
                    let x = s * s * s * p0.0 + 3 * s * s * u * p1.0 + 3 * s * u * u * p2.0 + u * u * u * p3.0
                    let y = s * s * s * p0.1 + 3 * s * s * u * p1.1 + 3 * s * u * u * p2.1 + u * u * u * p3.1
                    return (x, y)
                }
                for i in 1..<8 {
                    let u = Double(i) / 8
                    let (x, y) = cubic(n, u)
                    let truth = k.sample.matrix.apply(to: Point(x, y))
                    let (dx, dy) = cubic(m, u)
                    worst = max(worst, hypot(truth.x - dx, truth.y - dy))
                }
            }
        }
        return worst
    }
}
