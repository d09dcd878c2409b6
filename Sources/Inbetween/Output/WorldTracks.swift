import InbetweenEngine

/// `run --world` (`OutputFormat.world`): a run's frames with two more tracks per drawn layer
/// (and per replicator copy, `NAME[i]`): `world`, the matrix from its bounds coordinates to the
/// stage (`WorldLayer.matrix`), and `world.opacity`, its composed opacity. The writers see
/// ordinary tracks, so json, jsonl and csv write them as they write any transform and number.
///
/// Tracks keep their positions (the writers rely on it): the run's own tracks and the world's
/// are numbered in the order they first appear, the run's new tracks and new world entries
/// appended as they come. A layer drawn before and not in this frame (hidden, removed, a copy
/// past a smaller instanceCount) keeps its last matrix with opacity 0, so every track has a
/// value in every frame from its first.
package struct WorldTracks {
    /// Every track so far, in output order.
    private(set) var tracks: [Track] = []
    /// Where each of the run's tracks is in `tracks`.
    private var runPositions: [Int] = []
    /// Where each world entry's `world` track is in `tracks` (`world.opacity` follows it).
    private var worldPositions: [String: Int] = [:]
    /// The last values, for the entries not drawn in a frame.
    private var last: [Value] = []

    package init() {}

    /// `frame` with the world's tracks added.
    package mutating func merge(_ frame: SampledFrame, _ world: SceneWorld) -> SampledFrame {
        while runPositions.count < frame.tracks.count {
            runPositions.append(tracks.count)
            tracks.append(frame.tracks[runPositions.count - 1])
            last.append(.scalar(0))
        }
        for entry in world.layers where worldPositions[entry.name] == nil {
            worldPositions[entry.name] = tracks.count
            tracks.append(Track(layer: entry.name, keyPath: "world"))
            tracks.append(Track(layer: entry.name, keyPath: "world.opacity"))
            last.append(.transform(entry.matrix))
            last.append(.scalar(0))
        }
        var values = last
        for (k, position) in runPositions.enumerated() where k < frame.values.count {
            values[position] = frame.values[k]
        }
        // Not drawn now: the last matrix, opacity 0.
        for position in worldPositions.values { values[position + 1] = .scalar(0) }
        for entry in world.layers {
            let position = worldPositions[entry.name]!
            values[position] = .transform(entry.matrix)
            values[position + 1] = .scalar(entry.opacity)
        }
        last = values
        return SampledFrame(
            index: frame.index, time: frame.time, tracks: tracks, values: values,
            widestValue: max(frame.widestValue, 16))
    }

    /// The run's summary with every track written.
    package func summary(_ run: SamplingSummary) -> SamplingSummary {
        var summary = run
        summary.tracks = tracks
        return summary
    }
}
