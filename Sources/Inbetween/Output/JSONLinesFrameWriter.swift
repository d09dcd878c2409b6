import InbetweenEngine

/// `--format jsonl`: frame-major JSON Lines (https://jsonlines.org), one object per frame, each
/// line whole and readable alone, for a consumer that reads as the run goes:
///
///     {"frame":0,"time":0,"layers":{"ball":{"position":[150,32],"opacity":1}}}
///
/// `layers` maps each layer's name to its tracks at that frame (key path → value, a number or
/// an array as in `--format json`), layers in the order their first track appeared, key paths
/// in the order they appeared. A track appears from the frame its first animation is added and
/// stays (as in JSON and CSV). Nothing is held past a frame: memory is the scene's, whatever
/// the run's length.
struct JSONLinesFrameWriter: FrameWriter {
    let sink: ByteSink
    let numbers: NumberFormat
    /// Per layer in output order: `"name":{` once, and its tracks' `"keyPath":` with their
    /// indices in the frame, made again only when tracks are added.
    private var layers: [(opening: [UInt8], tracks: [(key: [UInt8], index: Int)])] = []
    private var trackCount = 0
    /// The run's layer tree (see `TreeRecording`): a line carries `"tree"` at the first frame of
    /// a run that has one and at every frame where it changed; it holds until the next.
    let tree: TreeRecording?
    /// The tree as the last line gave it, and how many of the log's changes it has (-1: none
    /// looked at yet).
    private var current: LayerTree?
    private var seen = -1

    init(sink: ByteSink, numbers: NumberFormat, tree: TreeRecording? = nil) {
        self.sink = sink
        self.numbers = numbers
        self.tree = tree
    }

    /// The tree to write with this frame, when it has changed since the last line's.
    private mutating func changedTree() -> LayerTree? {
        guard let tree, tree.log.changes.count != seen else { return nil }
        let count = tree.log.changes.count
        defer { seen = count }
        if current != nil {
            for change in tree.log.changes[seen..<count] { current!.apply(change) }
        } else if tree.hasTree(upTo: count) {
            current = tree.tree(upTo: count)
        }
        return current
    }

    mutating func write(_ frame: SampledFrame) throws {
        if frame.tracks.count != trackCount { group(frame.tracks) }
        let numbers = self.numbers
        let out = sink.buffer
        out.append(#"{"frame":"#)
        var q = out.reserve(numbers.maxLength + 20)
        q = NumberFormat.shortest.write(Double(frame.index), at: q)
        out.advance(to: q)
        out.append(#","time":"#)
        q = out.reserve(numbers.maxLength)
        out.advance(to: numbers.write(frame.time, at: q))
        if let changed = changedTree() {
            out.append(#","tree":"#)
            out.append(TreeRecording.jsonLine(changed))
        }
        out.append(#","layers":{"#)
        for (l, layer) in layers.enumerated() {
            if l > 0 { out.append(",") }
            out.append(contentsOf: layer.opening)
            for (t, track) in layer.tracks.enumerated() {
                if t > 0 { out.append(",") }
                out.append(contentsOf: track.key)
                let value = frame.values[track.index]
                q = out.reserve(value.maxWrittenLength(numbers) + 3)
                if case .scalar(let x) = value {
                    q = numbers.write(x, at: q)
                } else {
                    let end = value.write(numbers, separator: UInt8(ascii: ","), at: q)
                    // The first separator becomes `[`; no components: `[]`.
                    q.pointee = UInt8(ascii: "[")
                    q = end == q ? q + 1 : end
                    q.pointee = UInt8(ascii: "]")
                    q += 1
                }
                out.advance(to: q)
            }
            out.append("}")
        }
        out.append("}}\n")
        sink.flushIfFull()
    }

    mutating func finish(_ summary: SamplingSummary) throws {}

    /// The tracks grouped by layer (first appearance), kept until tracks are added.
    private mutating func group(_ tracks: [Track]) {
        var order: [String: Int] = [:]
        layers = []
        for (i, track) in tracks.enumerated() {
            let l =
                order[track.layer]
                ?? {
                    order[track.layer] = layers.count
                    layers.append((Array((jsonString(track.layer) + ":{").utf8), []))
                    return layers.count - 1
                }()
            layers[l].tracks.append((Array((jsonString(track.keyPath) + ":").utf8), i))
        }
        trackCount = tracks.count
    }
}
