/// CSS's component values (CSS Syntax 3 §5.4.7-5.4.9: a function or a parenthesized block
/// holds the values up to its matching `)`) and the math functions an easing's numbers and
/// percentages may be written with: `calc()`, `min()`, `max()` and `clamp()` of CSS Values
/// and Units Level 4 (https://www.w3.org/TR/css-values-4/#math).
indirect enum CSSComponent: Equatable {
    case token(CSSToken)
    case function(String, [CSSComponent])
    case block([CSSComponent])

    /// The components of `tokens`; nil when a `)` closes nothing or a function or block is
    /// left open (CSS would close it at the end of a style sheet; a single value string
    /// missing its `)` is far more often a typo).
    static func parse(_ tokens: [CSSToken]) -> [CSSComponent]? {
        var stack: [(name: String?, items: [CSSComponent])] = [(nil, [])]
        for t in tokens {
            switch t {
            case .function(let name): stack.append((name, []))
            case .open: stack.append((nil, []))
            case .close:
                guard stack.count > 1 else { return nil }
                let done = stack.removeLast()
                stack[stack.count - 1].items.append(
                    done.name.map { .function($0, done.items) } ?? .block(done.items))
            default: stack[stack.count - 1].items.append(.token(t))
            }
        }
        return stack.count == 1 ? stack[0].items : nil
    }

    /// The components split at top-level commas, each without whitespace at its ends.
    static func arguments(_ items: [CSSComponent]) -> [[CSSComponent]] {
        var out: [[CSSComponent]] = [[]]
        for item in items {
            if item == .token(.comma) { out.append([]) } else { out[out.count - 1].append(item) }
        }
        return out.map(trimmed)
    }

    static func trimmed(_ items: [CSSComponent]) -> [CSSComponent] {
        var items = items[...]
        while items.first == .token(.whitespace) { items = items.dropFirst() }
        while items.last == .token(.whitespace) { items = items.dropLast() }
        return Array(items)
    }

    /// As written, for messages.
    var text: String {
        switch self {
        case .token(let t): return t.text
        case .function(let name, let items): return name + "(" + items.map(\.text).joined() + ")"
        case .block(let items): return "(" + items.map(\.text).joined() + ")"
        }
    }
}

/// A number or a percentage, the two types an easing takes (CSS Values 4 §10.7: a math
/// function's type is that of its terms; a percentage here is never resolved to a number).
struct CSSNumeric: Equatable {
    var value: Double
    var isPercentage: Bool
}

/// Evaluates math functions; the failures are messages for the caller to place.
enum CSSMath {
    struct Failure: Error {
        var message: String
    }

    static let names: Set<String> = ["calc", "min", "max", "clamp"]

    static func isMath(_ c: CSSComponent) -> Bool {
        if case .function(let name, _) = c { return names.contains(name.asciiLowercased) }
        return false
    }

    /// The value of a top-level math function (§10.9: a NaN result is 0, an infinite one the
    /// largest finite value of its sign; the caller then clamps it to its range, §10.12).
    static func evaluate(_ c: CSSComponent) throws(Failure) -> CSSNumeric {
        var v = try value(c)
        if v.value.isNaN { v.value = 0 }
        if v.value.isInfinite { v.value = v.value > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude }
        return v
    }

    /// Whether the math function's result is NaN before `evaluate` censors it to 0.
    static func isNaN(_ c: CSSComponent) -> Bool {
        (try? value(c))?.value.isNaN ?? false
    }

    /// A math function's value, unclamped (inside another one NaN and infinity carry on).
    private static func value(_ c: CSSComponent) throws(Failure) -> CSSNumeric {
        guard case .function(let rawName, let items) = c else {
            throw Failure(message: "expected a math function")
        }
        let name = rawName.asciiLowercased
        let arguments = CSSComponent.arguments(items)
        if arguments.contains(where: \.isEmpty) { throw Failure(message: "\(name)() has an empty argument") }
        switch name {
        case "calc":
            guard arguments.count == 1 else {
                throw Failure(
                    message:
                        "calc() takes one expression, got \(arguments.count) (commas are min(), max(), clamp())"
                )
            }
            return try sum(arguments[0])
        case "min", "max":
            let values = try sameType(arguments.map { (a) throws(Failure) in try sum(a) }, name)
            let pick = values.map(\.value).reduce(name == "min" ? Double.infinity : -.infinity) {
                // NaN wins (§10.9: it propagates through min() and max()).
                $0.isNaN || $1.isNaN ? .nan : name == "min" ? Swift.min($0, $1) : Swift.max($0, $1)
            }
            return CSSNumeric(value: pick, isPercentage: values[0].isPercentage)
        case "clamp":
            guard arguments.count == 3 else {
                throw Failure(message: "clamp() takes 3 arguments (min, value, max), got \(arguments.count)")
            }
            let v = try sameType(arguments.map { (a) throws(Failure) in try sum(a) }, name)
            // max(MIN, min(VAL, MAX)): MIN wins over MAX (§10.3).
            let inner = v[1].value.isNaN || v[2].value.isNaN ? Double.nan : Swift.min(v[1].value, v[2].value)
            let outer = v[0].value.isNaN || inner.isNaN ? Double.nan : Swift.max(v[0].value, inner)
            return CSSNumeric(value: outer, isPercentage: v[0].isPercentage)
        default: throw Failure(message: "\(name)() is not a math function")
        }
    }

    private static func sameType(_ values: [CSSNumeric], _ name: String) throws(Failure) -> [CSSNumeric] {
        guard !values.isEmpty else { throw Failure(message: "\(name)() needs an argument") }
        guard values.allSatisfy({ $0.isPercentage == values[0].isPercentage }) else {
            throw Failure(message: "\(name)() mixes numbers and percentages")
        }
        return values
    }

    /// §10.1 `<calc-sum> = <calc-product> [ [ '+' | '-' ] <calc-product> ]*`, where + and -
    /// need whitespace on both sides (`1 -2` is two numbers, `1 - 2` a difference). Terms of a
    /// sum have one type (§10.7.1: adding a number to a percentage is invalid where the
    /// percentage is not resolved against a number).
    private static func sum(_ items: [CSSComponent]) throws(Failure) -> CSSNumeric {
        var parts: [[CSSComponent]] = [[]]
        var signs: [Double] = [1]
        var k = 0
        while k < items.count {
            let item = items[k]
            if item == .token(.whitespace), k + 2 < items.count, items[k + 2] == .token(.whitespace),
                case .token(.delim(let d)) = items[k + 1], d == "+" || d == "-"
            {
                parts.append([])
                signs.append(d == "+" ? 1 : -1)
                k += 3
                continue
            }
            parts[parts.count - 1].append(item)
            k += 1
        }
        var total: CSSNumeric?
        for (part, sign) in zip(parts, signs) {
            let term = try product(CSSComponent.trimmed(part))
            guard let soFar = total else {
                total = term
                continue
            }
            guard soFar.isPercentage == term.isPercentage else {
                throw Failure(message: "cannot add a number and a percentage")
            }
            total = CSSNumeric(value: soFar.value + sign * term.value, isPercentage: term.isPercentage)
        }
        return total!
    }

    /// §10.1 `<calc-product> = <calc-value> [ [ '*' | '/' ] <calc-value> ]*`: one side of a
    /// `*` is a number, and a `/` divides by a number or a percentage by a percentage
    /// (§10.7.1: the result's type is the product or quotient of the types, and a squared or
    /// inverse percentage is no type an easing takes).
    private static func product(_ items: [CSSComponent]) throws(Failure) -> CSSNumeric {
        let items = items.filter { $0 != .token(.whitespace) }
        guard !items.isEmpty else { throw Failure(message: "an operand is missing") }
        var result = try term(items[0])
        var k = 1
        while k < items.count {
            guard case .token(.delim(let op)) = items[k], op == "*" || op == "/", k + 1 < items.count else {
                throw Failure(
                    message:
                        "expected an operator (+ - * / with spaces around + and -) before '\(items[k].text)'")
            }
            let right = try term(items[k + 1])
            if op == "*" {
                guard !(result.isPercentage && right.isPercentage) else {
                    throw Failure(message: "cannot multiply a percentage by a percentage")
                }
                result = CSSNumeric(
                    value: result.value * right.value, isPercentage: result.isPercentage || right.isPercentage
                )
            } else {
                // A percentage over a percentage is a number (§10.7.1: dividing types
                // subtracts them; Chromium reads linear(0, calc(1% / 2%), 1) as the stop 0.5).
                guard !right.isPercentage || result.isPercentage else {
                    throw Failure(message: "cannot divide a number by a percentage")
                }
                result = CSSNumeric(
                    value: result.value / right.value,
                    isPercentage: result.isPercentage && !right.isPercentage)
            }
            k += 2
        }
        return result
    }

    /// §10.1 `<calc-value>`: a number, a percentage, a constant (§10.7.2: e, pi, infinity,
    /// -infinity, NaN), a parenthesized sum or a nested math function.
    private static func term(_ c: CSSComponent) throws(Failure) -> CSSNumeric {
        switch c {
        case .token(.number(let v, _, _)): return try finite(CSSNumeric(value: v, isPercentage: false), c)
        case .token(.percentage(let v, _)): return try finite(CSSNumeric(value: v, isPercentage: true), c)
        case .token(.dimension(_, let unit, _)):
            throw Failure(
                message: "'\(c.text)' has a unit (\(unit)); an easing takes numbers and percentages")
        case .token(.ident(let name)):
            switch name.asciiLowercased {
            case "e": return CSSNumeric(value: 2.718281828459045, isPercentage: false)
            case "pi": return CSSNumeric(value: Double.pi, isPercentage: false)
            case "infinity": return CSSNumeric(value: .infinity, isPercentage: false)
            case "-infinity": return CSSNumeric(value: -.infinity, isPercentage: false)
            case "nan": return CSSNumeric(value: .nan, isPercentage: false)
            default:
                throw Failure(
                    message: "'\(name)' is not a number or a constant (e, pi, infinity, -infinity, NaN)")
            }
        case .block(let items): return try sum(CSSComponent.trimmed(items))
        case .function:
            guard isMath(c) else { throw Failure(message: "'\(c.text)' is not a math function") }
            return try value(c)
        default: throw Failure(message: "'\(c.text)' is not a number or a percentage")
        }
    }

    /// A literal beyond Double's range (1e400) is refused rather than read as infinity.
    private static func finite(_ v: CSSNumeric, _ c: CSSComponent) throws(Failure) -> CSSNumeric {
        guard v.value.isFinite else { throw Failure(message: "'\(c.text)' is beyond the range of a double") }
        return v
    }
}
