import InbetweenEngine

extension DrawnLayer {
    /// What the stage of `scene` shows at scene time `time`, back to front: its world
    /// (`Scene.world(at:)`, every layer composed down the tree as Core Animation composes it),
    /// as the canvas draws it. A transform layer draws nothing itself (its sublayers are in the
    /// list); a replicator's copies come as layers of their own (`NAME[i]`), with their colours
    /// and times.
    static func world(of scene: Scene, at time: Double) throws -> [DrawnLayer] {
        list(try scene.world(at: time))
    }

    static func list(_ world: SceneWorld) -> [DrawnLayer] {
        let groupNames = world.groups.map { world.layers[$0.owner].name }
        return world.layers.compactMap { entry -> DrawnLayer? in
            guard entry.drawsItself else { return nil }
            var layer = LayerSnapshot(name: entry.name, presentation: entry.values)
            // Inside its innermost group; the groups fade the rest.
            layer.opacity = entry.drawOpacity
            return DrawnLayer(
                layer: layer, plane: ownPlane(entry.matrix, bounds: entry.bounds),
                clips: entry.clips.map {
                    LayerClip(
                        size: $0.bounds.size, cornerRadius: $0.cornerRadius,
                        plane: ownPlane($0.matrix, bounds: $0.bounds))
                },
                groups: entry.groups.map {
                    OpacityGroup(name: groupNames[$0], opacity: world.groups[$0].opacity)
                })
        }
    }

    /// The world's matrices start from the bounds coordinates (the top-left corner at
    /// bounds.origin); the painter's from the top-left corner itself.
    static func ownPlane(_ matrix: Transform3D, bounds: Rect) -> Projection {
        Projection.translation(bounds.origin.x, bounds.origin.y).then(Projection(matrix))
    }
}
