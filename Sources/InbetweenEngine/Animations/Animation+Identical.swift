/// Bit-for-bit sameness of what an animation computes from: two animations identical here give
/// the same value at every time, so one storage serves both (`AnimationSharing`) and a track
/// plan may use one's evaluation for the other (`TrackPlanSharing`). Doubles compare by bit
/// pattern (0 and -0 differ, a NaN equals its own bits), so sharing never changes a digit of
/// the output. Conservative: whatever is not compared here (paths, splines, rotation modes,
/// timing functions other than cubic curves and registered easings) counts as different.
extension BasicAnimation {
    func isIdentical(to other: BasicAnimation) -> Bool {
        keyPath == other.keyPath && fromValue.isIdentical(to: other.fromValue)
            && toValue.isIdentical(to: other.toValue) && byValue.isIdentical(to: other.byValue)
            && timing.isIdentical(to: other.timing) && timingFunction.isIdentical(to: other.timingFunction)
            && additive == other.additive && cumulative == other.cumulative
            && removedOnCompletion == other.removedOnCompletion
    }
}

extension SpringAnimation {
    func isIdentical(to other: SpringAnimation) -> Bool {
        keyPath == other.keyPath && fromValue.isIdentical(to: other.fromValue)
            && toValue.isIdentical(to: other.toValue) && byValue.isIdentical(to: other.byValue)
            && spring.mass.bitPattern == other.spring.mass.bitPattern
            && spring.stiffness.bitPattern == other.spring.stiffness.bitPattern
            && spring.damping.bitPattern == other.spring.damping.bitPattern
            && spring.initialVelocity.bitPattern == other.spring.initialVelocity.bitPattern
            && spring.allowsOverdamping == other.spring.allowsOverdamping
            && timing.isIdentical(to: other.timing) && additive == other.additive
            && cumulative == other.cumulative && removedOnCompletion == other.removedOnCompletion
    }
}

extension KeyframeAnimation {
    /// Only keyframes through values (no path, spline or rotation).
    func isIdentical(to other: KeyframeAnimation) -> Bool {
        path == nil && other.path == nil && measure == nil && other.measure == nil && spline == nil
            && other.spline == nil && rotationMode == nil && other.rotationMode == nil
            && tensionValues == nil && other.tensionValues == nil && continuityValues == nil
            && other.continuityValues == nil && biasValues == nil && other.biasValues == nil
            && keyPath == other.keyPath && calculationMode == other.calculationMode
            && values.isIdentical(to: other.values) && frames.isIdentical(to: other.frames)
            && frameTimes.isIdentical(to: other.frameTimes) && keyTimes.isIdentical(to: other.keyTimes)
            && timingFunctions.isIdentical(to: other.timingFunctions)
            && timing.isIdentical(to: other.timing) && timingFunction.isIdentical(to: other.timingFunction)
            && additive == other.additive && cumulative == other.cumulative
            && removedOnCompletion == other.removedOnCompletion
    }
}

extension MediaTiming {
    func isIdentical(to other: MediaTiming) -> Bool {
        beginTime.bitPattern == other.beginTime.bitPattern && duration.bitPattern == other.duration.bitPattern
            && speed.bitPattern == other.speed.bitPattern
            && timeOffset.bitPattern == other.timeOffset.bitPattern
            && repeatCount.bitPattern == other.repeatCount.bitPattern
            && repeatDuration.bitPattern == other.repeatDuration.bitPattern
            && autoreverses == other.autoreverses && fillMode == other.fillMode
    }
}

extension TimingFunction {
    func isIdentical(to other: TimingFunction) -> Bool {
        switch (self, other) {
        case (.cubic(let a), .cubic(let b)): return a.isIdentical(to: b)
        // The same registered easing: one function (see `CustomTiming.identity`).
        case (.custom(let a), .custom(let b)):
            guard let x = a.identity, let y = b.identity else { return false }
            return x === y && a.name == b.name
        default: return false
        }
    }
}

extension CubicBezier {
    func isIdentical(to other: CubicBezier) -> Bool {
        // Field by field (arrays of the twelve made two allocations per comparison).
        func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern }
        return same(x1, other.x1) && same(y1, other.y1) && same(x2, other.x2) && same(y2, other.y2)
            && same(ax, other.ax) && same(bx, other.bx) && same(cx, other.cx) && same(ay, other.ay)
            && same(by, other.by) && same(cy, other.cy) && same(startGradient, other.startGradient)
            && same(endGradient, other.endGradient) && isIdentity == other.isIdentity
            && guess.cells.isIdentical(to: other.guess.cells)
    }
}

extension Value {
    func isIdentical(to other: Value) -> Bool {
        switch (self, other) {
        case (.scalar(let a), .scalar(let b)): return a.bitPattern == b.bitPattern
        case (.point(let a), .point(let b)):
            return a.x.bitPattern == b.x.bitPattern && a.y.bitPattern == b.y.bitPattern
        case (.size(let a), .size(let b)):
            return a.width.bitPattern == b.width.bitPattern && a.height.bitPattern == b.height.bitPattern
        case (.rect(let a), .rect(let b)):
            return Value.point(a.origin).isIdentical(to: .point(b.origin))
                && Value.size(a.size).isIdentical(to: .size(b.size))
        case (.color(let a), .color(let b)):
            return a.red.bitPattern == b.red.bitPattern && a.green.bitPattern == b.green.bitPattern
                && a.blue.bitPattern == b.blue.bitPattern && a.alpha.bitPattern == b.alpha.bitPattern
        case (.transform(let a), .transform(let b)): return a.m.isIdentical(to: b.m)
        case (.vector(let a), .vector(let b)): return a.isIdentical(to: b)
        default: return false  // paths, and values of different kinds
        }
    }
}

extension Optional where Wrapped == Value {
    func isIdentical(to other: Value?) -> Bool {
        bothAbsentOrIdentical(self, other) { $0.isIdentical(to: $1) }
    }
}

extension Optional where Wrapped == TimingFunction {
    func isIdentical(to other: TimingFunction?) -> Bool {
        bothAbsentOrIdentical(self, other) { $0.isIdentical(to: $1) }
    }
}

extension Array where Element == Double {
    func isIdentical(to other: [Double]) -> Bool {
        guard count == other.count else { return false }
        // One buffer (a preset curve's table, say): nothing to compare.
        let shared = withUnsafeBufferPointer { a in
            other.withUnsafeBufferPointer { $0.baseAddress == a.baseAddress }
        }
        return shared || indices.allSatisfy { self[$0].bitPattern == other[$0].bitPattern }
    }
}

extension Array where Element == Value {
    func isIdentical(to other: [Value]) -> Bool {
        count == other.count && indices.allSatisfy { self[$0].isIdentical(to: other[$0]) }
    }
}

extension Array where Element == TimingFunction {
    func isIdentical(to other: [TimingFunction]) -> Bool {
        count == other.count && indices.allSatisfy { self[$0].isIdentical(to: other[$0]) }
    }
}

extension Optional where Wrapped == [Double] {
    func isIdentical(to other: [Double]?) -> Bool {
        bothAbsentOrIdentical(self, other) { $0.isIdentical(to: $1) }
    }
}

extension Optional where Wrapped == [TimingFunction] {
    func isIdentical(to other: [TimingFunction]?) -> Bool {
        bothAbsentOrIdentical(self, other) { $0.isIdentical(to: $1) }
    }
}

/// Both absent, or both present and identical by `same`: the optional fields' comparison.
private func bothAbsentOrIdentical<T>(_ a: T?, _ b: T?, _ same: (T, T) -> Bool) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case (let x?, let y?): return same(x, y)
    default: return false
    }
}
