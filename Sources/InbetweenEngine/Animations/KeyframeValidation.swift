/// The rules Apple's CAKeyframeAnimation reference states for its parameters, as errors that
/// name the parameter (and the index) that breaks them.
enum KeyframeValidation {
    static func values(_ values: [Value], keyPath: String) throws {
        guard !keyPath.isEmpty else {
            throw EngineError(parameter: "keyPath", value: "", rule: "must not be empty")
        }
        guard let first = values.first else {
            throw EngineError(
                parameter: "values", value: "[]",
                rule: "needs at least one value (or use a path)")
        }
        for (i, v) in values.enumerated() {
            guard v.components.allSatisfy(\.isFinite) else {
                throw EngineError(
                    parameter: "values[\(i + 1)]", value: "\(v.components)",
                    rule: "must hold finite numbers")
            }
            guard v.isAnimatable(to: first) else {
                throw EngineError(
                    parameter: "values[\(i + 1)]", value: v.kindName,
                    rule: "must be the same kind as values[1] (\(first.kindName))")
            }
        }
    }

    static func path(_ path: Path, keyPath: String) throws -> PathMeasure {
        guard !keyPath.isEmpty else {
            throw EngineError(parameter: "keyPath", value: "", rule: "must not be empty")
        }
        guard path.points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
            throw EngineError(
                parameter: "path", value: "non-finite point",
                rule: "must hold finite numbers")
        }
        let measure = path.measure()
        guard !measure.segments.isEmpty else {
            throw EngineError(
                parameter: "path", value: "\(path.elements.count) elements",
                rule: "needs at least one segment (line, quad, curve or close)")
        }
        return measure
    }

    /// Apple: same count as the values (one more is also allowed in discrete mode), each in
    /// [0, 1], non-decreasing, the first 0 and the last 1. Indices in messages are 1-based,
    /// as a Lua user counts.
    static func keyTimes(_ keyTimes: [Double]?, frameCount n: Int, mode: CalculationMode) throws {
        guard let kt = keyTimes else { return }
        let allowed = mode == .discrete ? [n, n + 1] : [n]
        guard allowed.contains(kt.count) else {
            throw EngineError(
                parameter: "keyTimes", value: "\(kt.count) entries",
                rule: "needs one per value (\(allowed.map(String.init).joined(separator: " or ")))")
        }
        for (i, k) in kt.enumerated() {
            guard k.isFinite, k >= 0, k <= 1 else {
                throw EngineError(
                    parameter: "keyTimes[\(i + 1)]", value: k,
                    rule: "must lie in [0, 1]")
            }
            if i > 0 && k < kt[i - 1] {
                throw EngineError(
                    parameter: "keyTimes[\(i + 1)]", value: k,
                    rule: "must not be less than keyTimes[\(i)] (\(EngineError.format(kt[i - 1])))")
            }
        }
        guard kt.first == 0 else {
            throw EngineError(parameter: "keyTimes[1]", value: kt[0], rule: "must be 0")
        }
        guard kt.last == 1 else {
            throw EngineError(
                parameter: "keyTimes[\(kt.count)]", value: kt[kt.count - 1],
                rule: "must be 1")
        }
    }

    /// Apple: "If the number of keyframes in the values property is n, then this property
    /// should contain n-1 objects."
    static func timingFunctions(_ list: [TimingFunction]?, frameCount n: Int) throws {
        guard let list, list.count != n - 1 else { return }
        throw EngineError(
            parameter: "timingFunctions", value: "\(list.count) entries",
            rule: "needs one per segment between values (\(n - 1))")
    }

    static func perKey(_ list: [Double]?, name: String, frameCount n: Int) throws {
        guard let list else { return }
        guard list.count == n else {
            throw EngineError(
                parameter: name, value: "\(list.count) entries",
                rule: "needs one per value (\(n))")
        }
        for (i, v) in list.enumerated() { try EngineError.requireFinite(v, "\(name)[\(i + 1)]") }
    }
}
