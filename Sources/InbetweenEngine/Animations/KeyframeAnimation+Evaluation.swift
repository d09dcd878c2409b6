import Foundation

/// "Which value at fraction f": segment lookup, per-segment timing, and the four ways of
/// getting from one keyframe to the next.
extension KeyframeAnimation {
    /// The keyframe value at iteration fraction `f` (before the animation's own
    /// timingFunction, which this applies), and the path tangent angle when following a path.
    public func value(atFraction f: Double) throws -> (value: Value, tangentAngle: Double?) {
        let g = timingFunction.map { $0(f) } ?? f
        let n = frames.count
        if let measure, calculationMode.isPaced {
            let s = g * measure.length
            return (.point(measure.point(atLength: s)), measure.tangentAngle(atLength: s))
        }
        if calculationMode == .discrete {
            var i = 0
            for j in 0..<n where frameTimes[j] <= g { i = j }
            return (frames[i], nil)
        }
        guard n > 1 else { return (frames[0], measure.map { $0.tangentAngle(segment: 0, t: 0) }) }
        // The last segment starting at or before g; a zero-length one gives way to the next.
        var i = 0
        for j in 0..<(n - 1) where frameTimes[j] <= g { i = j }
        let width = frameTimes[i + 1] - frameTimes[i]
        guard width > 0 else {
            return (frames[i + 1], measure.map { $0.tangentAngle(segment: i, t: 1) })
        }
        var s = (g - frameTimes[i]) / width
        if !calculationMode.isPaced, let tf = timingFunctions?[i] { s = tf(s) }
        if let measure {
            return (.point(measure.point(segment: i, t: s)), measure.tangentAngle(segment: i, t: s))
        }
        if let spline {
            return (try frames[0].withComponents(spline.evaluate(segment: i, s)), nil)
        }
        return (try Value.interpolate(frames[i], frames[i + 1], s), nil)
    }

    package func apply<Store: PropertyStore>(to values: inout Store, atParentTime t: Double) throws {
        guard let fraction = PropertyEffect.iterationFraction(timing, atParentTime: t) else {
            return
        }
        let (value, angle) = try value(atFraction: fraction)
        let first = frames[0]
        let last = frames[frames.count - 1]
        try PropertyEffect(keyPath: accessor, additive: additive, cumulative: cumulative)
            .write(
                value, cycleChange: try Value.subtract(last, first), timing: timing,
                parentTime: t, into: &values)
        if let rotationMode, let angle {
            // Core Animation turns the layer to the direction of travel; autoReverse faces
            // backwards (a half turn more).
            let turn = rotationMode == .autoReverse ? Double.pi : 0
            try values.set(.scalar(angle + turn), at: KeyPathAccessor(KeyframeAnimation.rotationKeyPath))
        }
    }
}
