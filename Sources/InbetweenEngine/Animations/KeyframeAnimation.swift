/// CAKeyframeAnimation: a key path through a list of values (or along a path) at key times.
///
/// Timing, in order (Core Animation's layering): the iteration fraction f = local time /
/// duration goes through the animation's `timingFunction` first; the result picks the
/// keyframe segment by `keyTimes` (evenly spaced when nil); the position inside that segment
/// then goes through that segment's entry in `timingFunctions`. Nothing is clamped: an
/// overshooting timing function extrapolates the first or last segment.
///
/// With a `path` the keyframes are the path's on-curve points: "each point in the path,
/// except for moveTo points, defines a single keyframe segment" (Apple), so a path of n
/// drawing segments has n + 1 key times and n timing functions; a segment is followed by
/// its own Bézier parameter (not at constant speed) unless the mode is paced, which moves
/// by arc length. `values` is empty then, as Apple ignores it when a path is set.
public struct KeyframeAnimation: Sendable {
    /// Where a path animation with a rotation mode writes the tangent angle.
    public static let rotationKeyPath = "transform.rotation.z"

    public let keyPath: String
    /// `keyPath` parsed once (see `KeyPathAccessor`).
    let accessor: KeyPathAccessor
    public let values: [Value]
    public let path: Path?
    public let keyTimes: [Double]?
    public private(set) var timingFunctions: [TimingFunction]?
    public let calculationMode: CalculationMode
    public let rotationMode: RotationMode?
    public let tensionValues: [Double]?
    public let continuityValues: [Double]?
    public let biasValues: [Double]?
    public var timing: MediaTiming
    public var timingFunction: TimingFunction?
    public var additive: Bool
    public var cumulative: Bool
    public var removedOnCompletion: Bool

    /// The keyframes: `values`, or the path's on-curve points.
    private(set) var frames: [Value]
    /// Key time of each frame (given, evenly spaced, or paced from distances); for discrete
    /// mode, where frame i holds from frameTimes[i] on.
    private(set) var frameTimes: [Double]
    let measure: PathMeasure?
    let spline: KochanekBartels?

    public init(
        keyPath: String, values: [Value], keyTimes: [Double]? = nil,
        timingFunctions: [TimingFunction]? = nil, calculationMode: CalculationMode = .linear,
        tensionValues: [Double]? = nil, continuityValues: [Double]? = nil,
        biasValues: [Double]? = nil, timing: MediaTiming = MediaTiming(),
        timingFunction: TimingFunction? = nil, additive: Bool = false, cumulative: Bool = false,
        removedOnCompletion: Bool = true
    ) throws {
        try KeyframeValidation.values(values, keyPath: keyPath)
        try self.init(
            keyPath: keyPath, values: values, path: nil, frames: values, keyTimes: keyTimes,
            timingFunctions: timingFunctions, calculationMode: calculationMode,
            rotationMode: nil, tcb: (tensionValues, continuityValues, biasValues),
            timing: timing, timingFunction: timingFunction, additive: additive,
            cumulative: cumulative, removedOnCompletion: removedOnCompletion)
    }

    /// Along `path` (CAKeyframeAnimation.path); the animated key path is usually `position`.
    public init(
        keyPath: String, path: Path, rotationMode: RotationMode? = nil,
        keyTimes: [Double]? = nil, timingFunctions: [TimingFunction]? = nil,
        calculationMode: CalculationMode = .linear, timing: MediaTiming = MediaTiming(),
        timingFunction: TimingFunction? = nil, additive: Bool = false, cumulative: Bool = false,
        removedOnCompletion: Bool = true
    ) throws {
        let measure = try KeyframeValidation.path(path, keyPath: keyPath)
        let frames = [Value.point(measure.segments[0].p0)] + measure.segments.map { .point($0.p3) }
        try self.init(
            keyPath: keyPath, values: [], path: path, frames: frames, keyTimes: keyTimes,
            timingFunctions: timingFunctions, calculationMode: calculationMode,
            rotationMode: rotationMode, tcb: (nil, nil, nil), timing: timing,
            timingFunction: timingFunction, additive: additive, cumulative: cumulative,
            removedOnCompletion: removedOnCompletion, measure: measure)
    }

    /// The same animation with fresh copies of what `value(atFraction:)` and `apply` read on
    /// every frame (see `Array.relocated`).
    func relocated() -> KeyframeAnimation {
        var a = self
        a.frames = frames.relocated
        a.frameTimes = frameTimes.relocated
        a.timingFunctions = timingFunctions?.relocated
        return a
    }

    private init(
        keyPath: String, values: [Value], path: Path?, frames: [Value], keyTimes: [Double]?,
        timingFunctions: [TimingFunction]?, calculationMode: CalculationMode,
        rotationMode: RotationMode?, tcb: ([Double]?, [Double]?, [Double]?),
        timing: MediaTiming, timingFunction: TimingFunction?, additive: Bool, cumulative: Bool,
        removedOnCompletion: Bool, measure: PathMeasure? = nil
    ) throws {
        self.keyPath = keyPath
        self.values = values
        self.path = path
        accessor = KeyPathAccessor(keyPath)
        self.keyTimes = keyTimes
        self.timingFunctions = timingFunctions
        self.calculationMode = calculationMode
        self.rotationMode = rotationMode
        (tensionValues, continuityValues, biasValues) = tcb
        self.timing = timing
        self.timingFunction = timingFunction
        self.additive = additive
        self.cumulative = cumulative
        self.removedOnCompletion = removedOnCompletion
        self.frames = frames
        self.measure = measure
        let n = frames.count
        if !calculationMode.isPaced {
            try KeyframeValidation.keyTimes(keyTimes, frameCount: n, mode: calculationMode)
            if calculationMode != .discrete {
                try KeyframeValidation.timingFunctions(timingFunctions, frameCount: n)
            }
        }
        for (name, list) in [
            ("tensionValues", tcb.0), ("continuityValues", tcb.1),
            ("biasValues", tcb.2),
        ] {
            try KeyframeValidation.perKey(list, name: name, frameCount: n)
        }
        let times: [Double]
        switch calculationMode {
        case .paced, .cubicPaced: times = try KeyframeAnimation.pacedTimes(frames)
        case .discrete:
            times =
                keyTimes.map { Array($0.prefix(n)) }
                ?? (0..<n).map { Double($0) / Double(n) }
        case .linear, .cubic:
            times = keyTimes ?? (0..<n).map { n == 1 ? 0 : Double($0) / Double(n - 1) }
        }
        frameTimes = times
        let usesSpline = path == nil && (calculationMode == .cubic || calculationMode == .cubicPaced)
        spline =
            usesSpline && n > 1
            ? KochanekBartels(
                points: frames.map(\.components), keyTimes: times,
                tension: tcb.0, continuity: tcb.1, bias: tcb.2)
            : nil
    }

    /// Key times proportional to the distance travelled up to each value; evenly spaced when
    /// the values do not move at all.
    static func pacedTimes(_ frames: [Value]) throws -> [Double] {
        let n = frames.count
        guard n > 1 else { return [0] }
        var cumulative = [0.0]
        for i in 1..<n {
            cumulative.append(cumulative[i - 1] + (try Value.distance(frames[i - 1], frames[i])))
        }
        let total = cumulative[n - 1]
        guard total > 0 else { return (0..<n).map { Double($0) / Double(n - 1) } }
        return cumulative.map { $0 / total }
    }
}
