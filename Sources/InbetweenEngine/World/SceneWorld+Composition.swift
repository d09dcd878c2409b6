/// How `SceneWorld` composes the tree, rule by rule (Apple's "Core Animation Programming
/// Guide: Layer Geometry and Transforms" and the CALayer, CATransformLayer and
/// CAReplicatorLayer references):
///
/// 1. A layer's matrix to its superlayer's bounds coordinates: the anchor point to the origin,
///    `transform`, then to (position, zPosition) (`LayerGeometry.toSuperlayer`). The
///    superlayer's bounds origin is part of its own anchor, so changing it moves (scrolls)
///    every sublayer the other way.
/// 2. The superlayer's `sublayerTransform` comes next, about the superlayer's anchor point,
///    where Core Animation puts the vanishing point of a perspective (`m34`).
/// 3. A plain layer flattens what its sublayers make into its own plane (z dropped after the
///    sublayerTransform), so a perspective reaches its immediate sublayers only, and the
///    layer's own transform then acts on a flat picture. A transform layer (and a replicator
///    with `preservesDepth`) does not flatten: its sublayers stay in one 3D space with the
///    layers around it, and are drawn in the order of their depth there (nearest last).
/// 4. Siblings draw in zPosition order, then in the order of the list; a layer draws before
///    (behind) its sublayers.
/// 5. `hidden` hides the layer and its subtree; a layer out of the tree is not drawn.
/// 6. Opacity multiplies down the tree; a layer with `allowsGroupOpacity` and an opacity
///    below 1 composites itself and its sublayers as a group first. A transform layer forms
///    no group and applies its opacity to each sublayer; it ignores `masksToBounds`.
/// 7. A replicator draws itself once, then its sublayers once per instance i in
///    0..<instanceCount, instance i through `instanceTransform` applied i times (about the
///    replicator's anchor point, like the sublayerTransform, before it), its colors
///    multiplied by instanceColor + i × the offsets (each channel clamped to 0...1), its
///    animations i × instanceDelay later.
extension SceneWorld {
    /// The world of a tree whose structure and values a host supplies.
    /// - Parameters:
    ///   - stage: the stage's sublayers (indices of layers), back to front.
    ///   - layer: the layer at an index (its kind, name and sublayers are read).
    ///   - values: the values to draw a layer with, for one copy of it (see `WorldSample`).
    package init(
        stage: [Int], layer: (Int) -> Layer, values: (WorldSample) throws -> PropertyValues
    ) throws {
        let built = try withoutActuallyEscaping(layer) { layer in
            try withoutActuallyEscaping(values) { values in
                var builder = Builder(layer: layer, values: values)
                for child in try builder.sublayers(of: nil, list: stage, .stage) { try builder.emit(child) }
                return (builder.out, builder.groups)
            }
        }
        layers = built.0
        groups = built.1
        positionByName.reserveCapacity(layers.count)
        for (i, entry) in layers.enumerated() { positionByName[entry.name] = i }
    }
}

/// What a sublayer inherits from the layer (or the stage) it sits in.
private struct Inherited {
    /// From the superlayer's sublayer space (its bounds coordinates, seen through its
    /// sublayerTransform and the instance's transform) to the stage, flattening included.
    var base: Transform3D
    /// The same space to the plane of the 3D context it belongs to, not flattened (the depth
    /// of layers in a transform layer is read through it).
    var context: Transform3D
    /// Opacity not yet applied by a group (the product since the innermost group).
    var opacity: Double
    /// The product of the enclosing groups' opacities.
    var groupOpacity: Double
    var groups: [Int]
    var clips: [WorldClip]
    var instances: [WorldInstance]
    var delay: Double
    /// The product of the instance colors so far; nil outside replicators.
    var color: Color?
    var superlayer: Int?
    var depth: Int
    /// `[i]` per instance.
    var suffix: String

    static let stage = Inherited(
        base: .identity, context: .identity, opacity: 1, groupOpacity: 1, groups: [], clips: [],
        instances: [], delay: 0, color: nil, superlayer: nil, depth: 1, suffix: "")
}

/// A layer placed in its superlayer (one copy of it), before it is emitted.
private struct Placed {
    var index: Int
    var kind: LayerKind
    /// The entry's name: the layer's, then `[i]` per instance.
    var name: String
    var sublayers: [Int]
    var values: PropertyValues
    var geometry: LayerGeometry
    var inherited: Inherited
    /// Its bounds coordinates to its superlayer's (`LayerGeometry.toSuperlayer`).
    var local: Transform3D
    /// Its bounds coordinates to the stage, flattening by its superlayers included.
    var world: Transform3D

    /// Its bounds coordinates to its 3D context's plane (needed only inside a transform
    /// layer: made when asked).
    var context: Transform3D { local.concatenating(inherited.context) }

    /// Whether it flattens its sublayers into its plane (rule 3).
    var flattens: Bool {
        kind == .layer || (kind == .replicator && !geometry.preservesDepth)
    }
}

private struct Builder {
    let layer: (Int) -> Layer
    let values: (WorldSample) throws -> PropertyValues
    var out: [WorldLayer] = []
    var groups: [WorldGroup] = []

    init(layer: @escaping (Int) -> Layer, values: @escaping (WorldSample) throws -> PropertyValues) {
        self.layer = layer
        self.values = values
    }

    /// The sublayers of `parent` (the stage for nil) that are drawn, placed, in draw order:
    /// instance by instance for a replicator, each instance's in zPosition order then list
    /// order (rule 4; a sort that keeps the list order among equal zPositions).
    mutating func sublayers(of parent: Placed?, list: [Int], _ inherited: Inherited) throws -> [Placed] {
        if list.isEmpty { return [] }
        var out: [Placed] = []
        let copies = parent.map { $0.kind == .replicator ? $0.geometry.instanceCount : 1 } ?? 1
        // Rule 2 and 7: the sublayer space of `parent`, per instance.
        let sublayerTransform =
            parent.map { $0.geometry.aboutAnchor($0.geometry.sublayerTransform) } ?? .identity
        let step =
            parent.map {
                $0.kind == .replicator ? $0.geometry.aboutAnchor($0.geometry.instanceTransform) : .identity
            } ?? .identity
        var instanceMatrix = Transform3D.identity
        for i in 0..<copies {
            var inside = inherited
            if let parent {
                if i > 0 { instanceMatrix = instanceMatrix.concatenating(step) }
                // Instance i: the instance transform i times, then the sublayerTransform.
                let space = instanceMatrix.concatenating(sublayerTransform)
                if parent.flattens {
                    inside.base = space.flattened.concatenating(parent.world)
                    inside.context = space
                } else {
                    inside.base = space.concatenating(parent.world)
                    inside.context = space.concatenating(parent.context)
                }
                if parent.kind == .replicator {
                    let g = parent.geometry
                    inside.instances.append(WorldInstance(replicator: parent.index, index: i))
                    inside.delay += Double(i) * g.instanceDelay
                    inside.suffix += "[\(i)]"
                    let own = Color(
                        red: clamp(g.instanceColor.red + Double(i) * g.instanceColorOffset.red),
                        green: clamp(g.instanceColor.green + Double(i) * g.instanceColorOffset.green),
                        blue: clamp(g.instanceColor.blue + Double(i) * g.instanceColorOffset.blue),
                        alpha: clamp(g.instanceColor.alpha + Double(i) * g.instanceColorOffset.alpha))
                    inside.color = inside.color.map { multiply($0, own) } ?? own
                }
            }
            var placed: [Placed] = []
            for child in list {
                let node = layer(child)
                var v = try values(
                    WorldSample(layer: child, instances: inside.instances, delay: inside.delay))
                if let color = inside.color { v = tinted(v, by: color) }
                let g = LayerGeometry(v, kind: node.kind)
                // Rule 5.
                if g.isHidden { continue }
                let local = g.toSuperlayer
                placed.append(
                    Placed(
                        index: child, kind: node.kind, name: node.name + inside.suffix,
                        sublayers: node.sublayers,
                        values: v, geometry: g, inherited: inside,
                        local: local, world: local.concatenating(inside.base))
                )
            }
            // Stable: equal zPositions keep the list's order.
            let order = placed.indices.sorted {
                (placed[$0].geometry.zPosition, $0) < (placed[$1].geometry.zPosition, $1)
            }
            out += order.map { placed[$0] }
        }
        return out
    }

    /// Appends `p` and what it draws: its subtree, flattened into it, or, for a layer that
    /// keeps 3D, its 3D context sorted by depth.
    mutating func emit(_ p: Placed) throws {
        if !p.flattens {
            var items: [Placed] = []
            try collect(p, into: &items)
            // Rule 3: in a 3D context, by depth: the centre of each plane in the context's
            // space, farthest (most negative z, the eye looking down −z) first; equal depths
            // keep their order.
            let depths = items.map { depth(of: $0) }
            let order = items.indices.sorted { (depths[$0], $0) < (depths[$1], $1) }
            for k in order { try emitFlat(items[k]) }
            return
        }
        try emitFlat(p)
    }

    /// A layer that keeps 3D: its own entry (a transform layer draws nothing; a replicator
    /// with preservesDepth draws itself), then its sublayers gathered into `items`, through
    /// any transform layers among them.
    private mutating func collect(_ p: Placed, into items: inout [Placed]) throws {
        let position = out.count
        let opacity = p.inherited.opacity * p.geometry.opacity
        // Rule 6: a transform layer passes its opacity down and forms no group, clips nothing.
        append(
            p, drawOpacity: opacity, drawsItself: p.kind != .transformLayer, clips: p.inherited.clips,
            groups: p.inherited.groups)
        var inside = p.inherited
        inside.opacity = opacity
        inside.superlayer = position
        inside.depth += 1
        for child in try sublayers(of: p, list: p.sublayers, inside) {
            if child.flattens { items.append(child) } else { try collect(child, into: &items) }
        }
    }

    /// A layer that flattens its sublayers: its entry, then each sublayer's drawing.
    private mutating func emitFlat(_ p: Placed) throws {
        let position = out.count
        let g = p.geometry
        var clips = p.inherited.clips
        if g.masksToBounds {
            clips.append(
                WorldClip(
                    name: p.name, bounds: g.bounds, cornerRadius: g.cornerRadius, matrix: p.world.planeMap))
        }
        var inside = p.inherited
        inside.superlayer = position
        inside.depth += 1
        inside.clips = clips
        let factor = p.inherited.opacity * g.opacity
        // Placed before the group is known: the entry is fixed up if it owns one.
        append(p, drawOpacity: factor, drawsItself: true, clips: clips, groups: p.inherited.groups)
        let children = try sublayers(of: p, list: p.sublayers, inside)
        // Rule 6 (CALayer.allowsGroupOpacity: "When the value is true and the layer's opacity
        // property value is less than 1.0, the layer is allowed to composite itself as a group
        // separate from its parent"); a layer with no drawn sublayer is a group of one, which
        // is the same as drawing it faded.
        var group: Int?
        if g.allowsGroupOpacity && g.opacity < 1 && !children.isEmpty {
            group = groups.count
            groups.append(WorldGroup(owner: position, members: position..<position + 1, opacity: factor))
            inside.groups.append(group!)
            inside.groupOpacity *= factor
            inside.opacity = 1
            out[position].groups = inside.groups
            out[position].drawOpacity = 1
        } else {
            inside.opacity = factor
        }
        for child in children {
            var child = child
            child.inherited.opacity = inside.opacity
            child.inherited.groupOpacity = inside.groupOpacity
            child.inherited.groups = inside.groups
            try emit(child)
        }
        if let group { groups[group].members = position..<out.count }
    }

    private mutating func append(
        _ p: Placed, drawOpacity: Double, drawsItself: Bool, clips: [WorldClip], groups: [Int]
    ) {
        out.append(
            WorldLayer(
                name: p.name, index: p.index, instances: p.inherited.instances,
                superlayer: p.inherited.superlayer, depth: p.inherited.depth, matrix: p.world.planeMap,
                opacity: p.inherited.groupOpacity * drawOpacity, drawOpacity: drawOpacity,
                drawsItself: drawsItself, clips: clips, groups: groups, values: p.values))
    }

    /// The z of the centre of `p`'s bounds in its 3D context's space, after the perspective
    /// divide (a larger z is nearer the eye).
    private func depth(of p: Placed) -> Double {
        let b = p.geometry.bounds
        let h = p.context.homogeneous(b.origin.x + b.size.width / 2, b.origin.y + b.size.height / 2)
        return h.w == 0 ? h.z : h.z / h.w
    }
}

private func clamp(_ x: Double) -> Double { min(1, max(0, x)) }

private func multiply(_ a: Color, _ b: Color) -> Color {
    Color(red: a.red * b.red, green: a.green * b.green, blue: a.blue * b.blue, alpha: a.alpha * b.alpha)
}

/// Every color property of `values` (set or default) multiplied by `color`
/// (CAReplicatorLayer.instanceColor: "The color used to multiply the source object").
private func tinted(_ values: PropertyValues, by color: Color) -> PropertyValues {
    var out = values
    for (root, fallback) in colorDefaults {
        if case .color(let c) = values.values[root] ?? fallback {
            out.values[root] = .color(multiply(c, color))
        }
    }
    return out
}

private let colorDefaults: [(String, Value)] = PropertyValues.layerDefaults.compactMap {
    if case .color = $0.value, !$0.keyPath.hasPrefix("instance") { return ($0.keyPath, $0.value) }
    return nil
}
