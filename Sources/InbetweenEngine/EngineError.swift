/// An invalid parameter given to the engine. It carries the parameter's name, the offending
/// value and the rule it broke; text for people is made at the edge (Lua layer, CLI).
public struct EngineError: Error, Hashable, Sendable, CustomStringConvertible {
    public var parameter: String
    public var value: String
    public var rule: String

    public init(parameter: String, value: String, rule: String) {
        self.parameter = parameter
        self.value = value
        self.rule = rule
    }

    public init(parameter: String, value: Double, rule: String) {
        self.init(parameter: parameter, value: EngineError.format(value), rule: rule)
    }

    /// `bad value for 'x1' (1.5): x control points must lie in [0, 1]`
    public var description: String { "bad value for '\(parameter)' (\(value)): \(rule)" }

    static func format(_ v: Double) -> String {
        if v.isNaN { return "nan" }
        if v.isInfinite { return v > 0 ? "inf" : "-inf" }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return "\(v)"
    }

    /// Throws unless `v` is finite: NaN and infinities never enter the engine.
    public static func requireFinite(_ v: Double, _ parameter: String) throws {
        guard v.isFinite else {
            throw EngineError(parameter: parameter, value: v, rule: "must be a finite number")
        }
    }
}
