import InbetweenEngine
import InbetweenLua

/// What the frame writers need of a run's layer tree: the scene the script built (the tree at
/// the start) and the changes made while the frames were pulled (`TreeLog`, past `start`).
/// A scene that never had a tree beyond the flat one (`Scene.hasTree`, no structural change)
/// writes none, so a flat scene's output stays byte for byte what it was.
package struct TreeRecording {
    let model: Scene
    let log: TreeLog
    /// The changes the model already holds.
    let start: Int

    package init(model: Scene, log: TreeLog) {
        self.model = model
        self.log = log
        start = log.changes.count
    }

    /// Whether the run has a tree to write once the first `count` changes are made.
    func hasTree(upTo count: Int) -> Bool {
        model.hasTree || log.changes[start..<count].contains { $0.isStructural }
    }

    /// The tree after the first `count` changes.
    func tree(upTo count: Int) -> LayerTree {
        var tree = LayerTree(model)
        for change in log.changes[start..<count] { tree.apply(change) }
        return tree
    }

    /// `{"layers":[...],"changes":[...]}`: the tree at the start and every change after it,
    /// for `--format json` (nil when the run has no tree).
    func jsonSection(_ numbers: NumberFormat) -> String? {
        let count = log.changes.count
        guard hasTree(upTo: count) else { return nil }
        var out = "{\"layers\":["
        for (i, p) in LayerTree(model).placements.enumerated() {
            if i > 0 { out += "," }
            out += TreeRecording.json(p)
        }
        out += "],\"changes\":["
        for (i, change) in log.changes[start..<count].enumerated() {
            if i > 0 { out += "," }
            out +=
                "{\"time\":" + numbers.string(change.time) + ","
                + TreeRecording.json(change.placement).dropFirst()
        }
        return out + "]}"
    }

    /// `{"layers":[...]}`: the whole tree, for a line of `--format jsonl`.
    static func jsonLine(_ tree: LayerTree) -> String {
        "{\"layers\":[" + tree.placements.map(json).joined(separator: ",") + "]}"
    }

    /// `{"layer":"dot","kind":"layer","parent":"orbit","index":0}`: `parent` null for the
    /// stage; a layer out of the tree has `"removed":true` instead of parent and index.
    static func json(_ p: LayerTree.Placement) -> String {
        let head = "{\"layer\":" + jsonString(p.layer) + ",\"kind\":" + jsonString(p.kind.rawValue)
        guard let index = p.index else { return head + ",\"removed\":true}" }
        return head + ",\"parent\":" + (p.superlayer.map(jsonString) ?? "null") + ",\"index\":"
            + String(index) + "}"
    }
}
