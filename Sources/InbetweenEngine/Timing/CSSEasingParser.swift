/// CSS easing syntax (CSS Easing Level 2, https://www.w3.org/TR/css-easing-2/#easing-functions)
/// on CSS Syntax Level 3's tokens (CSSTokens.swift: comments, escapes, case-insensitive
/// keywords): keywords, `cubic-bezier(x1, y1, x2, y2)`, `steps(n[, <step-position>])` and
/// `linear(<linear-stop>#)`, where a stop is a number with zero, one or two percentages; any
/// number or percentage may be a math function (`calc()`, `min()`, `max()`, `clamp()`,
/// CSSMath.swift). Errors name the parameter "timing", echo the whole string, and say what is
/// wrong.
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
        if let preset = TimingFunction.named(source) { return preset }
        // path(<SVG path data>) is Inbetween's, not CSS's: its commas and spaces belong to the
        // data, which the SVG path grammar reads.
        if source.asciiLowercased.hasPrefix("path(") {
            guard source.hasSuffix(")") else { throw fail("missing ')' at the end") }
            do {
                return try TimingFunction.path(String(source.dropFirst(5).dropLast()))
            } catch let error as EngineError {
                throw fail(error.rule)
            }
        }
        let tokens = CSSTokenizer.tokens(source)
        guard let components = CSSComponent.parse(tokens) else {
            let opened = tokens.filter { if case .function = $0 { return true } else { return $0 == .open } }
                .count
            let closed = tokens.filter { $0 == .close }.count
            throw fail(
                opened > closed ? "missing ')' at the end" : "unbalanced parentheses: a ')' closes nothing")
        }
        let values = CSSComponent.trimmed(components)
        guard values.count == 1, let value = values.first else {
            throw fail(
                values.isEmpty
                    ? "expected a timing function, got only a comment"
                    : "expected one timing function, got more after '\(values[0].text)'")
        }
        switch value {
        case .token(.ident(let name)):
            // CSS keywords are ASCII case-insensitive (CSS Syntax 3 §2.3 and Values 4 §2.1).
            if let preset = TimingFunction.named(name) ?? TimingFunction.named(name.asciiLowercased) {
                return preset
            }
            throw fail(
                "unknown timing function name; expected a CSS keyword (ease, ease-in, ease-out, "
                    + "ease-in-out, linear, step-start, step-end), a Core Animation name ("
                    + TimingFunction.presetNames.joined(separator: ", ") + ") or a function")
        case .function(let rawName, let inner):
            let name = rawName.asciiLowercased
            let arguments = CSSComponent.arguments(inner)
            if arguments.count > 1 || !arguments[0].isEmpty, arguments.contains(where: \.isEmpty) {
                throw fail("empty argument in \(name)()")
            }
            switch name {
            case "cubic-bezier": return try cubicBezier(arguments)
            case "steps": return try steps(arguments)
            case "linear": return try linear(arguments)
            default:
                throw fail(
                    "unknown function '\(rawName)'; expected cubic-bezier(), steps(), linear() or path()")
            }
        default:
            throw fail("expected a keyword or a function, got '\(value.text)'")
        }
    }

    /// An argument that must be one number: a number token or a math function of numbers.
    /// A math function's result is clamped to `range` (CSS Values 4 §10.12, range checking:
    /// WPT css/css-easing/timing-functions-syntax-computed.html, cubic-bezier(calc(-2),
    /// calc(0.7 / 2), calc(1.5), calc(0)) computes to cubic-bezier(0, 0.35, 1, 0)); a plain
    /// number outside it is the caller's error to report.
    private func numberArgument(
        _ argument: [CSSComponent], range: ClosedRange<Double>? = nil, what: String
    ) throws -> (value: Double, isInteger: Bool)? {
        guard argument.count == 1 else { return nil }
        switch argument[0] {
        case .token(.number(let v, let isInteger, _)): return v.isFinite ? (v, isInteger) : nil
        case let c where CSSMath.isMath(c):
            let v = try math(c, what: what)
            guard !v.isPercentage else { throw fail("\(what) '\(c.text)' is a percentage, not a number") }
            let clamped = range.map { min(max(v.value, $0.lowerBound), $0.upperBound) } ?? v.value
            return (clamped, false)
        default: return nil
        }
    }

    private func math(_ c: CSSComponent, what: String) throws -> CSSNumeric {
        do {
            return try CSSMath.evaluate(c)
        } catch {
            throw fail("\(what) '\(c.text)': \(error.message)")
        }
    }

    private func cubicBezier(_ arguments: [[CSSComponent]]) throws -> TimingFunction {
        let count = arguments == [[]] ? 0 : arguments.count
        guard count == 4 else {
            throw fail("cubic-bezier() takes 4 numbers (x1, y1, x2, y2), got \(count)")
        }
        let names = ["x1", "y1", "x2", "y2"]
        var values = [Double]()
        for (k, (name, argument)) in zip(names, arguments).enumerated() {
            let what = "cubic-bezier() \(name)"
            guard let v = try numberArgument(argument, range: k % 2 == 0 ? 0...1 : nil, what: what) else {
                throw fail("\(what) '\(words(argument))' is not a number")
            }
            values.append(v.value)
        }
        do {
            return .cubic(try CubicBezier(values[0], values[1], values[2], values[3]))
        } catch let error as EngineError {
            throw fail("cubic-bezier() \(error.parameter) = \(error.value): \(error.rule)")
        }
    }

    private func steps(_ arguments: [[CSSComponent]]) throws -> TimingFunction {
        let count = arguments == [[]] ? 0 : arguments.count
        guard (1...2).contains(count) else {
            throw fail("steps() takes a step count and an optional position, got \(count) arguments")
        }
        var position = Steps.Position.end
        if arguments.count == 2 {
            guard arguments[1].count == 1, case .token(.ident(let word)) = arguments[1][0],
                let p = Steps.Position(rawValue: word.asciiLowercased)
            else {
                throw fail(
                    "steps() position '\(words(arguments[1]))' is not one of "
                        + Steps.Position.allCases.map(\.rawValue).joined(separator: ", "))
            }
            position = p
        }
        // A CSS <integer>: a number token written without a point or an exponent, or a math
        // function, whose result is rounded to the nearest integer (halves up) and clamped to
        // the least count the position allows (CSS Values 4 §10.12; WPT
        // timing-functions-syntax-computed.html: steps(calc(-10), start) computes to
        // steps(1, start), steps(calc(1), jump-none) to steps(2, jump-none)).
        let least = position == .jumpNone ? 2.0 : 1.0
        guard let n = try numberArgument(arguments[0], what: "steps() count") else {
            throw fail("steps() count '\(words(arguments[0]))' is not an integer")
        }
        var countValue = n.value
        // A NaN count (calc(0/0)) with jump-none is invalid: WPT
        // css/css-easing/step-timing-functions-syntax.html lists steps(calc(0/0), jump-none)
        // among its invalid values, and Chromium 156 (installed here) refuses it through
        // CSS.supports. With the other positions it is censored to 0 (CSS Values 4 §10.9) and
        // clamped to 1, which Chromium accepts (steps(calc(0/0), start)).
        if position == .jumpNone && CSSMath.isMath(arguments[0][0]) && CSSMath.isNaN(arguments[0][0]) {
            throw fail(
                "steps() count '\(words(arguments[0]))' is not a number (NaN); jump-none needs at least 2 steps"
            )
        }
        if CSSMath.isMath(arguments[0][0]) {
            countValue = max((countValue + 0.5).rounded(.down), least)
        } else if !n.isInteger {
            throw fail("steps() count '\(words(arguments[0]))' is not an integer")
        }
        guard countValue <= Double(Steps.maximumCount) else {
            throw fail(
                "steps() count \(words(arguments[0])): the step count must be at most 2^53 (\(Steps.maximumCount))"
            )
        }
        do {
            return .steps(try Steps(Int(countValue), position))
        } catch let error as EngineError {
            throw fail("steps() count \(error.value): \(error.rule)")
        }
    }

    /// `linear( [ <number> && <percentage>{0,2} ]# )`: each stop a number with up to two
    /// percentages, all before it or all after it (`&&` takes the two parts in either order,
    /// `{0,2}` keeps the percentages together), numbers and percentages written plainly or
    /// as math functions. At least two stops: a stop with two percentages is still one
    /// (WPT css/css-easing/linear-timing-functions-syntax.html lists linear(0 0% 100%) among
    /// the invalid values, and accepts linear(0 calc(0%), 0 calc(100%)) and linear(0
    /// calc(min(50%, 60%)), 0 100%)).
    private func linear(_ arguments: [[CSSComponent]]) throws -> TimingFunction {
        guard arguments.count >= 2 else { throw fail("linear() needs at least two stops") }
        var stops = [PiecewiseLinear.Stop]()
        for (index, argument) in arguments.enumerated() {
            let parts = argument.filter { $0 != .token(.whitespace) }
            let whole = words(argument)
            // Each part a number, a percentage, or neither (nil).
            var kinds: [Bool?] = []
            for part in parts {
                switch part {
                case .token(.number): kinds.append(false)
                case .token(.percentage): kinds.append(true)
                case let c where CSSMath.isMath(c):
                    kinds.append(try math(c, what: "linear() stop \(index + 1)").isPercentage)
                default: kinds.append(nil)
                }
            }
            let numberIndex: Int
            switch (parts.count, kinds) {
            case (1, [false]), (2, [false, true]), (3, [false, true, true]): numberIndex = 0
            case (2, [true, false]), (3, [true, true, false]): numberIndex = parts.count - 1
            default:
                if let bad = kinds.firstIndex(where: { $0 == nil }), parts.count <= 3 {
                    let text = parts[bad].text
                    let wordsOfStop = whole.split(separator: " ").map(String.init)
                    let shown = wordsOfStop.first(where: { $0.hasPrefix(text) }) ?? text
                    if shown.hasSuffix("%") {
                        throw fail("linear() stop \(index + 1) input '\(shown)' is not a percentage")
                    }
                    if parts.count == 1 {
                        throw fail("linear() stop \(index + 1) output '\(shown)' is not a number")
                    }
                }
                throw fail(
                    "linear() stop \(index + 1) '\(whole)' must be a number with zero, one or two percentages"
                )
            }
            var output = 0.0
            var inputs = [Double]()
            for (k, part) in parts.enumerated() {
                let v: Double
                switch part {
                case .token(.number(let x, _, _)), .token(.percentage(let x, _)): v = x
                default: v = try math(part, what: "linear() stop \(index + 1)").value
                }
                guard v.isFinite else {
                    throw fail("linear() stop \(index + 1) '\(part.text)' is beyond the range of a double")
                }
                if k == numberIndex { output = v } else { inputs.append(v / 100) }
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

    /// An argument as written, words joined by one space (for messages).
    private func words(_ argument: [CSSComponent]) -> String {
        argument.map { $0 == .token(.whitespace) ? " " : $0.text }.joined()
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
