import InbetweenEngine

/// Every change a script made to its scene's layer tree, in order, with its scene time: the
/// layers it made and the sublayers it added, inserted and removed. Writers read the changes
/// made while the frames were sampled (the JSON `tree`), and a run's frames the tree at their
/// time. A reference, so a writer made before sampling sees the changes as they come.
package final class TreeLog {
    package private(set) var changes: [LayerTree.Change] = []

    init() {}

    func record(_ layer: String, in scene: Scene, isStructural: Bool) {
        guard let l = scene[layer] else { return }
        changes.append(
            LayerTree.Change(
                time: scene.time, placement: LayerTree.placement(of: l, in: scene), isStructural: isStructural
            ))
    }

    func reset() {
        changes.removeAll(keepingCapacity: changes.count <= 64)
    }
}

extension Runtime {
    /// The tree changes the script made so far (see `TreeLog`).
    package var treeLog: TreeLog { state.tree }
}
