/// CSS easing syntax (CSS Easing Level 2, https://www.w3.org/TR/css-easing-2/#easing-functions):
/// keywords, `cubic-bezier(x1, y1, x2, y2)`, `steps(n[, <step-position>])` and
/// `linear(<linear-stop>#)`, where a stop is a number with zero, one or two percentages.
/// Errors name the parameter "timing", echo the whole string, and say what is wrong.
extension TimingFunction {
    /// Parses CSS easing syntax: keywords, `cubic-bezier(...)`, `steps(...)`, `linear(...)`.
    /// Core Animation preset names (`easeInEaseOut`) are accepted too, so one string argument
    /// can name either.
    public static func parse(css: String) throws -> TimingFunction {
        try CSSEasingParser(css).parse()
    }
}

struct CSSEasingParser {
    let text: String

    init(_ text: String) { self.text = text }

    func fail(_ rule: String) -> EngineError {
        EngineError(parameter: "timing", value: text, rule: rule)
    }

    func parse() throws -> TimingFunction {
        let source = trimmed(text)
        if source.isEmpty { throw fail("expected a timing function, got an empty string") }
        if let preset = TimingFunction.named(source) ?? TimingFunction.named(source.lowercased()) {
            return preset
        }
        guard let open = source.firstIndex(of: "(") else {
            throw fail(
                "unknown timing function name; expected a CSS keyword (ease, ease-in, ease-out, "
                    + "ease-in-out, linear, step-start, step-end), a Core Animation name ("
                    + TimingFunction.presetNames.joined(separator: ", ") + ") or a function")
        }
        guard source.hasSuffix(")") else { throw fail("missing ')' at the end") }
        let name = trimmed(String(source[..<open])).lowercased()
        let inner = String(source[source.index(after: open)..<source.index(before: source.endIndex)])
        // path(<SVG path data>): commas and spaces belong to the data, not to the argument list.
        if name == "path" {
            do {
                return try TimingFunction.path(inner)
            } catch let error as EngineError {
                throw fail(error.rule)
            }
        }
        if inner.contains("(") || inner.contains(")") { throw fail("unbalanced or nested parentheses") }
        let arguments = inner.split(separator: ",", omittingEmptySubsequences: false).map {
            trimmed(String($0))
        }
        if arguments.contains(where: \.isEmpty) { throw fail("empty argument in \(name)()") }
        switch name {
        case "cubic-bezier": return try cubicBezier(arguments)
        case "steps": return try steps(arguments)
        case "linear": return try linear(arguments)
        default:
            throw fail("unknown function '\(name)'; expected cubic-bezier(), steps(), linear() or path()")
        }
    }

    private func cubicBezier(_ arguments: [String]) throws -> TimingFunction {
        guard arguments.count == 4 else {
            throw fail("cubic-bezier() takes 4 numbers (x1, y1, x2, y2), got \(arguments.count)")
        }
        let names = ["x1", "y1", "x2", "y2"]
        var values = [Double]()
        for (name, argument) in zip(names, arguments) {
            guard let v = number(argument) else {
                throw fail("cubic-bezier() \(name) '\(argument)' is not a number")
            }
            values.append(v)
        }
        do {
            return .cubic(try CubicBezier(values[0], values[1], values[2], values[3]))
        } catch let error as EngineError {
            throw fail("cubic-bezier() \(error.parameter) = \(error.value): \(error.rule)")
        }
    }

    private func steps(_ arguments: [String]) throws -> TimingFunction {
        guard (1...2).contains(arguments.count) else {
            throw fail(
                "steps() takes a step count and an optional position, got \(arguments.count) arguments")
        }
        // CSS <integer>: digits with an optional sign, no decimal point or exponent.
        let countText = arguments[0]
        guard let count = Int(countText),
            countText.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "+" || $0 == "-") })
        else { throw fail("steps() count '\(countText)' is not an integer") }
        var position = Steps.Position.end
        if arguments.count == 2 {
            guard let p = Steps.Position(rawValue: arguments[1].lowercased()) else {
                throw fail(
                    "steps() position '\(arguments[1])' is not one of "
                        + Steps.Position.allCases.map(\.rawValue).joined(separator: ", "))
            }
            position = p
        }
        do {
            return .steps(try Steps(count, position))
        } catch let error as EngineError {
            throw fail("steps() count \(error.value): \(error.rule)")
        }
    }

    /// `<linear-stop> = <number> && <linear-stop-length>?`, `<linear-stop-length> =
    /// <percentage>{1,2}`: the number may come before or after its percentages.
    private func linear(_ arguments: [String]) throws -> TimingFunction {
        var stops = [PiecewiseLinear.Stop]()
        for (index, argument) in arguments.enumerated() {
            let parts = argument.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(
                String.init)
            let isPercentage = parts.map { $0.hasSuffix("%") }
            let numberIndex: Int
            switch (parts.count, isPercentage) {
            case (1, [false]), (2, [false, true]), (3, [false, true, true]): numberIndex = 0
            case (2, [true, false]), (3, [true, true, false]): numberIndex = parts.count - 1
            default:
                throw fail(
                    "linear() stop \(index + 1) '\(argument)' must be a number with zero, one or two percentages"
                )
            }
            guard let output = number(parts[numberIndex]) else {
                throw fail("linear() stop \(index + 1) output '\(parts[numberIndex])' is not a number")
            }
            var inputs = [Double]()
            for (k, part) in parts.enumerated() where k != numberIndex {
                guard let percent = number(String(part.dropLast())) else {
                    throw fail("linear() stop \(index + 1) input '\(part)' is not a percentage")
                }
                inputs.append(percent / 100)
            }
            if inputs.isEmpty {
                stops.append(.init(output: output))
            } else {
                // Two percentages are two points with the same output (the spec's step 4.3.3).
                stops += inputs.map { PiecewiseLinear.Stop(output: output, input: $0) }
            }
        }
        do {
            return .piecewiseLinear(try PiecewiseLinear(stops))
        } catch let error as EngineError {
            throw fail(error.rule)
        }
    }

    /// A CSS <number>: optional sign, digits with an optional fraction (or a leading '.'),
    /// optional exponent. Rejects what `Double.init` alone would accept but CSS does not
    /// (`nan`, `inf`, hexadecimal), and values that overflow to infinity.
    func number(_ s: String) -> Double? {
        guard !s.isEmpty, s.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
            s.contains(where: \.isNumber), let v = Double(s), v.isFinite
        else { return nil }
        return v
    }

    /// Without the generic `reversed().drop(while:)` chain: its types were instantiated at
    /// run time on first use, a third of a millisecond of every start-up that parses a CSS string.
    private func trimmed(_ s: String) -> String {
        guard let first = s.firstIndex(where: { !$0.isWhitespace }),
            let last = s.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(s[first...last])
    }
}
