import InbetweenEngine

/// The layer tree of an exported run (issue 28), for targets that nest their layers (the CSS
/// page's elements): each exported layer's kind, its superlayer and its sublayers in list
/// order, as they are when the layer first takes part in the run (at the start, or when a
/// callback makes it). A flat scene has none (`ExportScene.tree == nil`) and is written exactly
/// as before the tree existed.
///
/// A layer taken out of the tree and put back during the run is kept as the times it is out
/// (`outOfTree`). A layer moved to another superlayer is kept as the times it spends under each
/// (`moves`), for the CSS page's one element per superlayer, when its subtree keeps its shape
/// over the run; any other move, or a reorder, is not: the writers keep the first tree and name
/// the move in their header (`notes`).
package struct ExportTree {
    /// Per layer (an index into `ExportScene.layers`): CALayer, CATransformLayer or
    /// CAReplicatorLayer.
    package var kinds: [LayerKind]
    /// Per layer: its superlayer, nil for a sublayer of the stage or a layer out of the tree.
    package var superlayer: [Int?]
    /// Per layer: its sublayers, back to front (CALayer's `sublayers`).
    package var sublayers: [[Int]]
    /// The stage's sublayers, back to front.
    package var stage: [Int]
    /// Layers out of the tree when they first take part (never drawn).
    package var detached: Set<Int>
    /// Per layer: when it was taken out of the tree (`removeFromSuperlayer`, out: true) and put
    /// back (false) after it first took part, in time order; set by `ExportScene.build`.
    package var outOfTree: [[(time: Double, out: Bool)]] = []
    /// Per layer moved to another superlayer during the run (its subtree the same all run):
    /// each superlayer it has (nil: the stage) with the times it is under it (`to` is infinity
    /// for the last) and the layers under that superlayer before it when it arrives (its place
    /// among its siblings); set by `ExportScene.build`. The first one is its place in the first
    /// tree.
    package var moves: [Int: [Move]] = [:]
    /// The tree changes the first tree does not show (a layer moved to another superlayer), for
    /// a writer's header.
    package var notes: [String] = []

    /// The tree of the layers called `names` (the export's layers, in order): `engine[k]` is the
    /// engine's layer called `names[k]` when it first takes part (nil when unknown: drawn as a
    /// stage sublayer), `sceneNames` names the engine's layer indices, and `stage` is the
    /// stage's sublayers (engine indices) at the start.
    package init(names: [String], engine: [Layer?], sceneNames: [String], stage: [Int]) {
        var index: [String: Int] = [:]
        for (k, name) in names.enumerated() { index[name] = k }
        func exported(_ i: Int) -> Int? { i < sceneNames.count ? index[sceneNames[i]] : nil }
        var parents: [Int?] = []
        var out: Set<Int> = []
        for (k, layer) in engine.enumerated() {
            switch layer?.superlayer {
            case .layer(let p)?: parents.append(exported(p))
            case Superlayer.none?:
                parents.append(nil)
                out.insert(k)
            default: parents.append(nil)
            }
        }
        // Each list as the engine has it, then any layer whose first superlayer is this one but
        // who joined it after the start (a callback's sublayer), in export order.
        var lists = engine.map { layer in (layer?.sublayers ?? []).compactMap(exported) }
        for k in lists.indices { lists[k] = lists[k].filter { parents[$0] == k } }
        var top = stage.compactMap(exported).filter { parents[$0] == nil && !out.contains($0) }
        for k in names.indices where !out.contains(k) {
            if let p = parents[k] {
                if !lists[p].contains(k) { lists[p].append(k) }
            } else if !top.contains(k) {
                top.append(k)
            }
        }
        outOfTree = Array(repeating: [], count: names.count)
        kinds = engine.map { $0?.kind ?? .layer }
        superlayer = parents
        sublayers = lists
        self.stage = top
        detached = out
    }
}

extension ExportTree {
    /// How a note about `name` moving in the tree starts (a writer that says the move replaces it).
    package static func movedNotePrefix(_ name: String) -> String {
        "\(name): its place in the tree changes at "
    }

    /// A span of a moved layer under one superlayer (see `moves`).
    package struct Move {
        package var parent: Int?
        package var from: Double
        package var to: Double
        package var siblingsBefore: [Int]
    }
}

extension ExportScene {
    /// The layers (`names`, which are the scene's layers in order) moved to another superlayer
    /// after they first take part, whose subtrees keep their shape (and each layer's `hidden`) all
    /// run: each span under one superlayer (taken out of the tree meanwhile is `outOfTree`'s, not a move).
    static func moves(history: SceneHistory, names: [String], start: Double, end: Double)
        -> [Int: [ExportTree.Move]]
    {
        var index: [String: Int] = [:]
        for (k, name) in names.enumerated() { index[name] = k }
        let sceneNames = history.latest.layers.map(\.name)
        func exported(_ i: Int) -> Int? { i < sceneNames.count ? index[sceneNames[i]] : nil }
        var result: [Int: [ExportTree.Move]] = [:]
        for (k, name) in names.enumerated() {
            let versions = history.versions(of: name)
            let first = history.layer(name, at: start) != nil ? start : (versions.first?.time ?? start)
            guard let initial = history.layer(name, at: first), initial.superlayer != .none else { continue }
            let during = versions.filter { $0.time > first && $0.time <= end }
            // Its subtree goes with each element: it must keep its shape (and each hidden) all run.
            func stable(_ i: Int) -> Bool {
                guard i < sceneNames.count, let at = history.layer(sceneNames[i], at: first) else {
                    return false
                }
                let hidden = try? at.value(forKeyPath: "hidden")
                return history.versions(of: sceneNames[i]).allSatisfy {
                    $0.time <= first || $0.time > end
                        || ($0.layer.superlayer == at.superlayer && $0.layer.sublayers == at.sublayers
                            && (try? $0.layer.value(forKeyPath: "hidden")) == hidden)
                } && at.sublayers.allSatisfy(stable)
            }
            guard during.allSatisfy({ $0.layer.sublayers == initial.sublayers }),
                initial.sublayers.allSatisfy(stable)
            else { continue }
            var current = initial.superlayer
            var spans: [(parent: Superlayer, from: Double)] = [(current, first)]
            for v in during where v.layer.superlayer != .none && v.layer.superlayer != current {
                current = v.layer.superlayer
                spans.append((current, v.time))
            }
            guard spans.count > 1 else { continue }
            var moves: [ExportTree.Move] = []
            for (i, span) in spans.enumerated() {
                let parent: Int?
                let list: [Int]
                switch span.parent {
                case .layer(let p):
                    guard let e = exported(p) else { continue }
                    parent = e
                    list = history.layer(names[e], at: span.from)?.sublayers ?? []
                default:
                    parent = nil
                    list = history.stageSublayers(at: span.from)
                }
                let before = list.compactMap(exported).prefix { $0 != k }
                moves.append(
                    ExportTree.Move(
                        parent: parent, from: span.from,
                        to: i + 1 < spans.count ? spans[i + 1].from : .infinity,
                        siblingsBefore: Array(before)))
            }
            result[k] = moves
        }
        return result
    }

    /// When each layer (`names`) leaves the tree and comes back after it first takes part.
    static func outOfTree(history: SceneHistory, names: [String], start: Double, end: Double)
        -> [[(time: Double, out: Bool)]]
    {
        names.map { name in
            let versions = history.versions(of: name)
            let first = history.layer(name, at: start) != nil ? start : (versions.first?.time ?? start)
            guard let initial = history.layer(name, at: first) else { return [] }
            var out = initial.superlayer == Superlayer.none
            var changes: [(time: Double, out: Bool)] = []
            for v in versions where v.time > first && v.time <= end && (v.layer.superlayer == .none) != out {
                out.toggle()
                changes.append((v.time, out))
            }
            return changes
        }
    }

    /// What a tree change during the run does that the export's first tree does not show: one
    /// note per layer that moves to another superlayer after it first takes part (taken out and
    /// put back is said, as visibility).
    static func treeChangeNotes(history: SceneHistory, names: [String], start: Double, end: Double)
        -> [String]
    {
        var notes: [String] = []
        for name in names {
            let versions = history.versions(of: name)
            let first = history.layer(name, at: start) != nil ? start : (versions.first?.time ?? start)
            guard let initial = history.layer(name, at: first) else { continue }
            if let change = versions.first(where: {
                $0.time > first && $0.time <= end && $0.layer.superlayer != initial.superlayer
                    && $0.layer.superlayer != .none
            }) {
                notes.append(
                    ExportTree.movedNotePrefix(name)
                        + "\(NumberFormat.shortest.string(change.time)) s; "
                        + "not said (the layers stay in the tree they had at the start)")
            }
        }
        return notes
    }
}
