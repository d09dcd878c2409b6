/// A render option out of range: the option, the value given and the rule it broke. Text for
/// people is made where it is shown (the CLI names its own option, `--scale`).
public struct RenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The option: `size`, `scale`, `background`.
    public var parameter: String
    public var value: String
    public var rule: String

    public init(parameter: String, value: String, rule: String) {
        self.parameter = parameter
        self.value = value
        self.rule = rule
    }

    /// `bad value for 'scale' (0): must be a finite number greater than 0`, the engine's form.
    public var description: String { "bad value for '\(parameter)' (\(value)): \(rule)" }
}

extension RenderError {
    /// A number as the message shows it: whole numbers without a decimal point.
    static func text(_ v: Double) -> String {
        if v.isNaN { return "nan" }
        if v.isInfinite { return v > 0 ? "inf" : "-inf" }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return "\(v)"
    }
}
