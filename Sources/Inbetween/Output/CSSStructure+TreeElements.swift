import InbetweenEngine

/// The page's elements: one per layer on the page for a flat scene; for a tree, each layer's
/// inside its superlayer's (`CSSStructure+Tree`), a replicator's sublayers once per instance,
/// a moved layer once under each superlayer it has.
extension CSSStructure {
    /// One element of the page: a layer, or a copy of one under a replicator.
    struct Element {
        /// Index into `ExportScene.layers`.
        var layer: Int
        /// Its CSS id (custom properties are `--ID-...`).
        var id: String
        /// `data-layer`: the layer's name, `NAME[i]` for a replicator's instance i.
        var title: String
        /// Index into `elements`; nil for a sublayer of the stage.
        var parent: Int?
        var children: [Int] = []
        /// Seconds the animations start later (the instance delays of the replicators above).
        var delay: Double = 0
        /// A replicator's instance transform applied i times, for a copy of its direct sublayer.
        var instance: Transform3D? = nil
        /// `z-index` among its siblings, when their zPositions differ.
        var zIndex: Int? = nil
        /// A moved layer's element: the times the layer is under this element's superlayer
        /// (`to` infinity for the last); nil: always.
        var shownDuring: [(from: Double, to: Double)]? = nil

        /// `var(--ID-part, fallback)`: the fallback stands for a property the layer never
        /// declares (its value is Core Animation's default).
        func variable(_ part: String, _ fallback: String) -> String {
            "var(--\(id)-\(ExportIdentifier.encodeCSSPart(part)), \(fallback))"
        }
    }

    /// The elements of a flat scene: one per layer, in the order they stack.
    static func flatElements(_ scene: ExportScene, names: inout ExportIdentifier.Allocator) -> [Element] {
        scene.layers.enumerated().map { k, layer in
            Element(layer: k, id: names.unique(ExportIdentifier.encode(layer.name)), title: layer.name)
        }
    }

    /// The elements of a tree scene, each parent before its children, and what they do not say
    /// (for the header).
    static func treeElements(
        _ scene: ExportScene, _ tree: ExportTree, names: inout ExportIdentifier.Allocator
    ) -> (elements: [Element], notes: [String]) {
        var walk = TreeWalk(scene: scene, tree: tree, names: names)
        for k in walk.stage { walk.visit(k, parent: nil, copy: TreeWalk.Copy()) }
        names = walk.names
        var elements = walk.elements
        rankZPositions(&elements, walk.start)
        let notes =
            movedNotes(scene, tree) + replicatorNotes(scene, tree, walk.start) + zPositionNotes(scene, tree)
            + shapeSublayerNotes(scene, tree)
        return (elements, notes)
    }

    /// Siblings in zPosition order: z-index as the rank of each distinct zPosition.
    private static func rankZPositions(_ elements: inout [Element], _ start: TreeWalk.Start) {
        var groups: [Int?: [Int]] = [:]
        for (i, e) in elements.enumerated() { groups[e.parent, default: []].append(i) }
        for siblings in groups.values {
            let z = siblings.map { start.scalar(elements[$0].layer, "zPosition") }
            let ranks = Array(Set(z)).sorted()
            guard ranks.count > 1 else { continue }
            for (i, e) in siblings.enumerated() { elements[e].zIndex = ranks.firstIndex(of: z[i])! }
        }
    }

    /// The tree's notes, a moved layer's said as the elements below say it (one per superlayer),
    /// not as a note of the first tree.
    private static func movedNotes(_ scene: ExportScene, _ tree: ExportTree) -> [String] {
        var notes = tree.notes
        for k in tree.moves.keys.sorted() {
            let name = scene.layers[k].name
            let prefix = ExportTree.movedNotePrefix(name)
            notes = notes.map {
                $0.hasPrefix(prefix)
                    ? "\(name): moved to another superlayer at "
                        + $0.dropFirst(prefix.count).prefix { $0 != ";" }
                        + "; written (its sublayers with it) under each superlayer it has, visible while it is there"
                    : $0
            }
        }
        return notes
    }

    /// What the copies do not say: a replicator's values after the start, its instance colours.
    private static func replicatorNotes(_ scene: ExportScene, _ tree: ExportTree, _ start: TreeWalk.Start)
        -> [String]
    {
        var notes: [String] = []
        for (k, layer) in scene.layers.enumerated() where tree.kinds[k] == .replicator {
            let count = LayerGeometry.instances(start.scalar(k, "instanceCount"))
            notes.append(
                "\(layer.name): a replicator; its sublayers written once per instance (NAME[0] to "
                    + "NAME[\(max(count - 1, 0))]), instance i turned by instanceTransform i times and its "
                    + "animations started i x instanceDelay later")
            let changing = Set(layer.changingProperties).union(
                layer.animations.flatMap { $0.animation.keyPaths.map(LayerProperties.root(of:)) })
            for root in ["instanceCount", "instanceDelay", "instanceTransform"] where changing.contains(root)
            {
                notes.append("\(layer.name).\(root): only its value at the start is drawn")
            }
            let colour = ["instanceColor", "instanceRedOffset", "instanceGreenOffset", "instanceBlueOffset"]
            let white = Value.color(Color(red: 1, green: 1, blue: 1))
            if colour.contains(where: { layer.initialModel.map(\.keyPath).contains($0) })
                && (start.value(k, "instanceColor") != white
                    || colour.dropFirst().contains { start.scalar(k, $0) != 0 }
                    || start.scalar(k, "instanceAlphaOffset") != 0)
            {
                notes.append(
                    "\(layer.name): instance colours are not drawn (CSS cannot multiply an element's colours)"
                )
            }
        }
        return notes
    }

    /// A zPosition that changes: only among siblings does the order matter (the z of the
    /// translation follows it).
    private static func zPositionNotes(_ scene: ExportScene, _ tree: ExportTree) -> [String] {
        var notes: [String] = []
        for (k, layer) in scene.layers.enumerated() {
            let siblings = tree.superlayer[k].map { tree.sublayers[$0] } ?? tree.stage
            guard siblings.count > 1 else { continue }
            let animated = layer.animations.contains {
                $0.animation.keyPaths.contains { LayerProperties.root(of: $0) == "zPosition" }
            }
            if animated || layer.changingProperties.contains("zPosition") || layer.isBaked("zPosition") {
                notes.append("\(layer.name).zPosition changes: its z-index keeps its rank at the start")
            }
        }
        return notes
    }

    private static func shapeSublayerNotes(_ scene: ExportScene, _ tree: ExportTree) -> [String] {
        scene.layers.enumerated().compactMap { k, layer in
            layer.initialModel.contains(where: { $0.keyPath == "path" }) && !tree.sublayers[k].isEmpty
                ? "\(layer.name): a shape layer's sublayers are not drawn (an SVG path holds no elements)"
                : nil
        }
    }
}

/// The walk that writes a tree scene's elements (`CSSStructure.treeElements`), each parent
/// before its children.
private struct TreeWalk {
    /// The layers' model values at the run's start.
    struct Start {
        let scene: ExportScene
        func value(_ k: Int, _ root: String) -> Value? {
            scene.layers[k].modelValue(root, at: scene.start) ?? Value.defaultValue(forKeyPath: root)
        }
        func scalar(_ k: Int, _ root: String) -> Double {
            if case .scalar(let x)? = value(k, root) { return x }
            return 0
        }
    }

    /// What a replicator above gives an element: its name's and id's instance suffixes, the
    /// animations' delay and, under the replicator itself, the instance transform.
    struct Copy {
        var suffix = ""
        var idSuffix = ""
        var delay = 0.0
        var instance: Transform3D? = nil
    }

    let scene: ExportScene
    let tree: ExportTree
    let start: Start
    var names: ExportIdentifier.Allocator
    /// Each layer's sublayers and the stage's, a moved layer also in its place under each other
    /// superlayer it has.
    var lists: [[Int]]
    var stage: [Int]
    /// A moved layer's times under each superlayer it has (nil: the stage).
    var windows: [Int: [Int?: [(from: Double, to: Double)]]] = [:]
    var elements: [CSSStructure.Element] = []

    init(scene: ExportScene, tree: ExportTree, names: ExportIdentifier.Allocator) {
        self.scene = scene
        self.tree = tree
        self.start = Start(scene: scene)
        self.names = names
        lists = tree.sublayers
        stage = tree.stage
        placeMovedLayers()
    }

    /// Moved layers: under each superlayer they have, in their place there, with the times.
    private mutating func placeMovedLayers() {
        for k in tree.moves.keys.sorted() {
            for (i, move) in tree.moves[k]!.enumerated() {
                if windows[k]?[move.parent] == nil && i > 0 {
                    var list = move.parent.map { lists[$0] } ?? stage
                    list.removeAll { $0 == k }
                    let at = list.lastIndex { move.siblingsBefore.contains($0) }.map { $0 + 1 } ?? 0
                    list.insert(k, at: at)
                    if let p = move.parent { lists[p] = list } else { stage = list }
                }
                windows[k, default: [:]][move.parent, default: []].append((move.from, move.to))
            }
        }
    }

    /// Writes layer `k`'s element under element `parent`, then its sublayers' (a replicator's
    /// once per instance).
    mutating func visit(_ k: Int, parent: Int?, copy: Copy) {
        let layer = scene.layers[k]
        let index = elements.count
        let superlayer = parent.map { elements[$0].layer }
        let shown = windows[k]?[superlayer]
        var copy = copy
        if shown != nil && superlayer != tree.moves[k]?.first?.parent {
            copy.idSuffix +=
                "-in-" + ExportIdentifier.encode(superlayer.map { scene.layers[$0].name } ?? "stage")
        }
        elements.append(
            CSSStructure.Element(
                layer: k, id: names.unique(ExportIdentifier.encode(layer.name) + copy.idSuffix),
                title: layer.name + copy.suffix, parent: parent, delay: copy.delay, instance: copy.instance,
                shownDuring: shown))
        if let parent { elements[parent].children.append(index) }
        copy.instance = nil
        guard tree.kinds[k] == .replicator else {
            for child in lists[k] { visit(child, parent: index, copy: copy) }
            return
        }
        let count = LayerGeometry.instances(start.scalar(k, "instanceCount"))
        let step = start.scalar(k, "instanceDelay")
        var each = Transform3D.identity
        if case .transform(let t)? = start.value(k, "instanceTransform") { each = t }
        var matrix = Transform3D.identity
        for i in 0..<count {
            let instance = Copy(
                suffix: copy.suffix + "[\(i)]", idSuffix: copy.idSuffix + "-i\(i)",
                delay: copy.delay + Double(i) * step, instance: matrix)
            for child in lists[k] { visit(child, parent: index, copy: instance) }
            matrix = matrix.concatenating(each)
        }
    }
}
