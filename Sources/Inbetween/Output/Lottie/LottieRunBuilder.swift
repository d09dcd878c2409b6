import Foundation
import InbetweenEngine

/// The Lottie layers of one stretch of frames with one draw order (`LottieTree.Run`), made
/// entry by entry in the run's order (back to front, superlayers first): each opacity group's
/// precomposition layer, then each entry's layer with its parent, its transform (or its matrix
/// when Lottie cannot say it), its opacity and its masks.
///
/// Each Lottie layer of a run has keyframes for the run's frames only (it is drawn from `ip` to
/// `op`): a layer moved between superlayers a thousand times would otherwise have a thousand
/// layers keyed over the whole run.
///
/// Opacity factors (see `LottieTree.build`): a group's is its owner's opacity over the factors
/// of the groups around it; a layer's own `o` is its composed opacity over the factors of every
/// group it is drawn in, its own group's too.
struct LottieRunBuilder {
    typealias Placed = (ind: Int, frame: [Transform3D]?)
    typealias Kept = [(sample: LottieTree.Sample, drawn: Bool)]

    let tree: LottieTree
    let run: LottieTree.Run
    /// The run's number from 1 (in its groups' asset ids).
    let number: Int
    let tolerance: Double
    /// The composition's width and height (a group's precomposition has the stage's space).
    let size: (width: Double, height: Double)
    /// The entries that own an opacity group in this run.
    let owners: Set<String>
    /// Each group's factor per frame, outer groups first (the order lists superlayers first).
    var factors: [String: [Double]] = [:]
    /// Per group ("" for the composition itself): its layers back to front.
    var written: [String: [LottieJSON]] = ["": []]
    /// Per group, per entry: its `ind` and the matrix its Lottie layer's coordinates map to the
    /// stage with (nil: the identity).
    var placed: [String: [String: Placed]] = ["": [:]]
    /// The composition's layers so far, earlier runs' included (its `ind`s run on).
    var rootCount: Int

    init(
        tree: LottieTree, run: LottieTree.Run, number: Int, rootCount: Int, tolerance: Double,
        size: (width: Double, height: Double)
    ) {
        self.tree = tree
        self.run = run
        self.number = number
        self.rootCount = rootCount
        self.tolerance = tolerance
        self.size = size
        owners = Set(run.order.filter { !(tree.groups[$0] ?? []).isDisjoint(with: run.frames) })
    }

    /// The run's first frame: each layer's keyframes start there.
    var base: Int { run.frames.lowerBound }

    /// The group an entry is drawn in ("" for the composition itself): its nearest superlayer
    /// that owns one.
    func enclosing(_ name: String) -> String {
        var up = run.superlayer[name].flatMap { $0 }
        while let u = up {
            if owners.contains(u) { return u }
            up = run.superlayer[u].flatMap { $0 }
        }
        return ""
    }

    /// The composition an entry's layer is written in: its own group's, or the one around it.
    func comp(_ name: String) -> String { owners.contains(name) ? name : enclosing(name) }

    /// The product of the factors of the groups around an entry, per frame.
    func product(_ name: String, includingItself: Bool) -> [Double] {
        var out = [Double](repeating: 1, count: run.frames.count)
        var g = includingItself && owners.contains(name) ? name : enclosing(name)
        while !g.isEmpty {
            for f in out.indices { out[f] *= factors[g]?[f] ?? 1 }
            g = enclosing(g)
        }
        return out
    }

    mutating func nextIndex(_ c: String) -> Int {
        if c.isEmpty {
            rootCount += 1
            return rootCount
        }
        return written[c, default: []].count + 1
    }

    /// Writes the entry's Lottie layer (after its group's precomposition when it owns one).
    mutating func add(_ name: String, baked: inout LottieTree.Baked) throws {
        let kept = tree.filled(name, in: run)
        if owners.contains(name) { addGroup(name, kept) }
        let c = comp(name)
        let ind = nextIndex(c)
        let parent = run.superlayer[name].flatMap { $0 }.flatMap { placed[c]?[$0] }
        var frames: [String: [Value]] = [:]
        for (k, keyPath) in LottieLayer.keyPaths.enumerated() {
            frames[keyPath] = kept.map { $0.sample.values[k] }
        }
        var layer = LottieLayer(
            name: name, frames: frames, hints: [:], frameCount: run.frames.count,
            inPoint: run.frames.lowerBound)
        layer.firstFrame = base
        layer.outPoint = run.frames.upperBound
        layer.nullWhenBlank = tree.holders.contains(name)
        layer.isNull = kept.allSatisfy { !$0.sample.drawsItself }
        let groupsAround = product(name, includingItself: true)
        let opacities = kept.indices.map { f in
            [kept[f].drawn && groupsAround[f] > 0 ? kept[f].sample.opacity / groupsAround[f] * 100 : 0]
        }
        let own = place(&layer, kept, parent: parent, opacities: opacities, baked: &baked)
        placed[c, default: [:]][name] = (ind, own)
        layer.masks = tree.masks(kept, entryFrames: own, tolerance: tolerance, firstFrame: base)
        written[c, default: []].append(try layer.build(index: ind, tolerance: tolerance).json)
    }

    /// Sets the layer's parent and transform: the map from its bounds coordinates into its
    /// parent's Lottie layer, or, when that is no 2D map Lottie can say, the identity with its
    /// outlines drawn through its matrix in the stage's space. Returns the matrices its Lottie
    /// coordinates map to the stage with (nil: the identity).
    private func place(
        _ layer: inout LottieLayer, _ kept: Kept, parent: Placed?, opacities: [[Double]],
        baked: inout LottieTree.Baked
    ) -> [Transform3D]? {
        var affine: [(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double)]? = []
        for (f, k) in kept.enumerated() {
            let parentFrame = parent?.frame?[f] ?? .identity
            guard let inverse = try? parentFrame.inverted(),
                let map = LottieTree.affine(k.sample.matrix.concatenating(inverse))
            else {
                affine = nil
                break
            }
            affine!.append(map)
        }
        let placing = affine.flatMap {
            tree.transform($0, anchors: kept.map(\.sample.anchor), opacities, tolerance, firstFrame: base)
        }
        if let placing {
            layer.parent = parent?.ind
            layer.transform = placing
            return kept.map(\.sample.matrix)
        }
        layer.outlineMatrices = kept.map(\.sample.matrix)
        layer.transform = tree.identityTransform(opacities, tolerance, firstFrame: base)
        if !layer.isNull && baked.notes[layer.name] == nil {
            baked.notes[layer.name] =
                "\(layer.name): drawn through its matrix in the stage's space at every frame "
                + "(a perspective or 3D that Lottie's 2D transforms cannot say)"
            baked.worstProjection = max(baked.worstProjection, tree.projectionError(kept))
        }
        return nil
    }

    /// The group's precomposition layer, in the group around it (the stage's size, identity
    /// transform, faded by the group's factor), and an empty composition for its members.
    private mutating func addGroup(_ name: String, _ kept: Kept) {
        let outer = product(name, includingItself: false)
        factors[name] = kept.indices.map { f in
            outer[f] > 0 ? kept[f].sample.opacity / outer[f] : 0
        }
        let around = enclosing(name)
        var fade = LottieProperty(
            name: "ks.o", kind: .scalar,
            frames: kept.indices.map { [kept[$0].drawn ? factors[name]![$0] * 100 : 0] })
        fade.firstFrame = base
        let precomp: LottieJSON = .object([
            ("ty", .number(0)), ("nm", .string(name)), ("refId", .string(assetID(name))),
            ("ind", .number(Double(nextIndex(around)))), ("ddd", .number(0)),
            ("ip", .number(Double(run.frames.lowerBound))),
            ("op", .number(Double(run.frames.upperBound))),
            ("st", .number(0)),
            (
                "ks",
                .object(
                    Array(tree.identityTransform([[100]], tolerance, firstFrame: base).dropLast())
                        + [("o", fade.json(tolerance: tolerance).json)])
            ),
            ("w", .number(size.width)), ("h", .number(size.height)),
        ])
        written[around, default: []].append(precomp)
        written[name] = []
        placed[name] = [:]
    }

    private func assetID(_ owner: String) -> String { "group \(number) \(owner)" }

    /// The precomposition assets of the run's groups.
    func assets() -> [LottieJSON] {
        run.order.filter { owners.contains($0) }.map { owner in
            .object([
                ("id", .string(assetID(owner))), ("nm", .string(owner)),
                ("layers", .array(written[owner]!.reversed())),
            ])
        }
    }
}
