/// The shape of a scene's layer tree at one moment, as a value: each layer's kind, its
/// superlayer and its sublayers, with no model values or animations. A run's frames carry the
/// tree at their time (`Frame.tree` in the library), and `--format json` writes it.
///
///     for frame in try run.collect() {
///         let parent = frame.tree.superlayer(of: "dot1")      // "orbit"
///         let dots = frame.tree.sublayers(of: "orbit")       // ["dot1", "dot2", ...]
///     }
///
/// The stage is the root: a layer with no superlayer layer is either one of the stage's
/// sublayers or removed from its superlayer (`removeFromSuperlayer`: not drawn, still sampled).
public struct LayerTree: Hashable, Sendable {
    /// Where one layer is: CALayer's `superlayer` and its place in the superlayer's `sublayers`.
    public struct Placement: Hashable, Sendable {
        public var layer: String
        public var kind: LayerKind
        /// The superlayer's name; nil for a sublayer of the stage and for a removed layer.
        public var superlayer: String?
        /// The position among the superlayer's (or the stage's) sublayers, back to front,
        /// counted from 0 as CALayer's `sublayers` array is; nil for a removed layer.
        public var index: Int?

        /// Whether the layer was removed from its superlayer (not drawn, still sampled).
        public var isRemoved: Bool { index == nil }

        public init(layer: String, kind: LayerKind, superlayer: String?, index: Int?) {
            self.layer = layer
            self.kind = kind
            self.superlayer = superlayer
            self.index = index
        }
    }

    /// Every layer of the scene, in the order the script made them.
    public private(set) var placements: [Placement]
    /// The stage's sublayers (the top-level layers), back to front.
    public private(set) var stageSublayers: [String]
    private var sublayersByName: [String: [String]]
    private var indexByName: [String: Int]

    /// The tree of `scene` as it stands.
    public init(_ scene: Scene) {
        stageSublayers = scene.stageSublayers.map { scene.layers[$0].name }
        sublayersByName = [:]
        // Each layer's position in its superlayer's list, from the lists (linear in the layers).
        var position = [Int?](repeating: nil, count: scene.layers.count)
        for (i, l) in scene.stageSublayers.enumerated() { position[l] = i }
        for layer in scene.layers where !layer.sublayers.isEmpty {
            sublayersByName[layer.name] = layer.sublayers.map { scene.layers[$0].name }
            for (i, l) in layer.sublayers.enumerated() { position[l] = i }
        }
        placements = scene.layers.enumerated().map { i, layer in
            var parent: String?
            if case .layer(let p) = layer.superlayer { parent = scene.layers[p].name }
            return Placement(
                layer: layer.name, kind: layer.kind, superlayer: parent,
                index: layer.superlayer == .none ? nil : position[i])
        }
        indexByName = Dictionary(uniqueKeysWithValues: placements.enumerated().map { ($1.layer, $0) })
    }

    /// Where `layer` (one of `scene`'s layers) is in `scene`.
    public static func placement(of layer: Layer, in scene: Scene) -> Placement {
        let i = scene.index(ofLayer: layer.name)
        // Searched from the end: the layer placed is most often one just made or just added
        // (a search from the front made adding n sublayers to one layer quadratic).
        switch layer.superlayer {
        case .stage:
            return Placement(
                layer: layer.name, kind: layer.kind, superlayer: nil,
                index: i.flatMap { scene.stageSublayers.lastIndex(of: $0) })
        case .layer(let p):
            return Placement(
                layer: layer.name, kind: layer.kind, superlayer: scene.layers[p].name,
                index: i.flatMap { scene.layers[p].sublayers.lastIndex(of: $0) })
        case .none:
            return Placement(layer: layer.name, kind: layer.kind, superlayer: nil, index: nil)
        }
    }

    /// Where the layer called `name` is, or nil when the scene has no such layer.
    public subscript(name: String) -> Placement? {
        indexByName[name].map { placements[$0] }
    }

    /// The superlayer's name of the layer called `name`; nil for the stage's sublayers, removed
    /// layers and unknown names.
    public func superlayer(of name: String) -> String? { self[name]?.superlayer }

    /// The sublayers of the layer called `name`, back to front (empty for none or an unknown name).
    public func sublayers(of name: String) -> [String] { sublayersByName[name] ?? [] }

    /// Whether every layer is a plain layer among the stage's sublayers: the tree of depth one
    /// a scene without sublayers is.
    public var isFlat: Bool {
        placements.allSatisfy { $0.kind == .layer && $0.superlayer == nil && $0.index != nil }
    }
}

extension LayerTree {
    /// One change of the tree: where a layer is after it, and when (scene time). A layer made
    /// after sampling started (by a callback) appears as a change too, as does every move.
    /// Replaying a change takes the layer out of its old superlayer's sublayers and puts it at
    /// `index` of its new one; the other layers keep their order, as CALayer's do.
    public struct Change: Hashable, Sendable {
        public var time: Double
        public var placement: Placement
        /// Whether the change makes a tree of the scene: a move (`addSublayer`,
        /// `insertSublayer`, `removeFromSuperlayer`) or a transform layer or replicator made,
        /// rather than a plain layer made on the stage, which a flat scene has too.
        public var isStructural: Bool

        public init(time: Double, placement: Placement, isStructural: Bool) {
            self.time = time
            self.placement = placement
            self.isStructural = isStructural
        }
    }
}

extension LayerTree {
    /// The tree after `change`: its layer taken out of its superlayer's sublayers (or the
    /// stage's) and put at its new place, or added when the tree does not have it yet. The
    /// other layers keep their order, and their indices follow their lists.
    package mutating func apply(_ change: Change) {
        let new = change.placement
        var touched: [String?] = []
        if let i = indexByName[new.layer] {
            let old = placements[i]
            if old.index != nil {
                take(new.layer, from: old.superlayer)
                touched.append(old.superlayer)
            }
            placements[i] = new
        } else {
            indexByName[new.layer] = placements.count
            placements.append(new)
        }
        if let index = new.index {
            if let parent = new.superlayer {
                sublayersByName[parent, default: []].insert(new.layer, at: index)
            } else {
                stageSublayers.insert(new.layer, at: index)
            }
            touched.append(new.superlayer)
        }
        for parent in touched {
            let list = parent.map { sublayersByName[$0] ?? [] } ?? stageSublayers
            for (i, name) in list.enumerated() { placements[indexByName[name]!].index = i }
        }
    }

    private mutating func take(_ layer: String, from parent: String?) {
        if let parent {
            sublayersByName[parent]?.removeAll { $0 == layer }
            if sublayersByName[parent]?.isEmpty == true { sublayersByName[parent] = nil }
        } else {
            stageSublayers.removeAll { $0 == layer }
        }
    }
}
