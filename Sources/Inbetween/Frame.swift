import InbetweenEngine

/// One sampled frame: the time and the presentation value of every animated property.
///
/// `tracks` and `values` are the run's own arrays, shared with it (copy-on-write): pulling a
/// frame copies no value, and `value(layer:keyPath:)` finds a track through an index the run
/// keeps, not by searching.
public struct Frame: Sendable {
    /// 0-based frame number.
    public let index: Int
    /// Scene time in seconds.
    public let time: Double
    /// The animated (layer, key path) pairs, in the order they appeared; a track added by a
    /// callback joins from the frame its animation starts in, and keeps its position.
    public let tracks: [Track]
    /// `values[i]` is the presentation value of `tracks[i]` in this frame.
    public let values: [Value]
    /// The layer tree at this frame: each layer's kind, superlayer and sublayers, with the
    /// changes callbacks made up to its time (shared by the frames between two changes). A
    /// scene without sublayers is the flat tree: every layer a sublayer of the stage.
    public let tree: LayerTree
    let lookup: TrackLookup

    /// The value of `keyPath` on `layer` in this frame, or nil when nothing animates it.
    public func value(layer: String, keyPath: String) -> Value? {
        value(of: Track(layer: layer, keyPath: keyPath))
    }

    /// The value of `track` in this frame, or nil when it is not (yet) animated.
    public func value(of track: Track) -> Value? {
        guard let i = lookup.position(of: track), i < values.count else { return nil }
        return values[i]
    }
}

/// Where each track of a run is in its frames' arrays: an immutable index, made again (from
/// the last one) only when the run's tracks grow, which they do by appending when an
/// animation on a new (layer, key path) is added; frames in between share it.
final class TrackLookup: Sendable {
    private let positions: [Track: Int]
    let count: Int

    init() {
        positions = [:]
        count = 0
    }

    private init(positions: [Track: Int], count: Int) {
        self.positions = positions
        self.count = count
    }

    /// This index, or one that also has the tracks past the ones it has.
    func updated(_ tracks: [Track]) -> TrackLookup {
        guard tracks.count != count else { return self }
        var positions = tracks.count > count ? self.positions : [:]
        for i in (tracks.count > count ? count : 0)..<tracks.count where positions[tracks[i]] == nil {
            positions[tracks[i]] = i
        }
        return TrackLookup(positions: positions, count: tracks.count)
    }

    func position(of track: Track) -> Int? { positions[track] }
}
