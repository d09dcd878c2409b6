import InbetweenEngine

/// The one bridge from the engine's refusals to Lua's error text. An `EngineError` carries the
/// parameter, the value and the rule; a binding says which of its arguments or fields the
/// parameter was (`LuaRaise.argument` adds `bad argument #n to 'f' (...)`), and picks how the
/// three are worded here, so that every message built from an engine error reads the same way.
extension EngineError {
    /// How a binding words the error.
    enum LuaWording {
        /// `field 'PARAMETER' RULE, got VALUE`: a field of a table argument.
        case field
        /// `PARAMETER is VALUE: RULE`: a positional parameter named by the engine.
        case parameterIs
        /// `RULE, got VALUE`: the argument itself.
        case ruleGot
        /// `RULE (got 'TEXT')`: the argument as the script wrote it (`TEXT`), not as parsed.
        case ruleGotText(String)
        /// `PARAMETER VALUE RULE`: a name that reads as a noun (`position "x*=2" is malformed`).
        case named
        /// `layer 'LAYER' property 'KEY' RULE, got VALUE`.
        case property(layer: String, key: String)
        /// `layer 'VALUE' RULE`: a layer of the tree, named by the value.
        case layer
        /// `RULE` alone: the rule already names what it is about.
        case rule
    }

    /// The error's text for Lua in `wording`.
    func luaText(_ wording: LuaWording) -> String {
        switch wording {
        case .field: return "field '\(parameter)' \(rule), got \(value)"
        case .parameterIs: return "\(parameter) is \(value): \(rule)"
        case .ruleGot: return "\(rule), got \(value)"
        case .ruleGotText(let text): return "\(rule) (got '\(text)')"
        case .named: return "\(parameter) \(value) \(rule)"
        case .property(let layer, let key): return "layer '\(layer)' property '\(key)' \(rule), got \(value)"
        case .layer: return "layer '\(value)' \(rule)"
        case .rule: return rule
        }
    }
}
