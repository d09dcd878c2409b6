/// Where a child goes in a timeline: GSAP 3's position parameter, with the rules of
/// `_parsePosition` in gsap-core.js (greensock/GSAP, src/gsap-core.js, v3.11):
///
/// 1. omitted: the end of the timeline so far (GSAP's "clippedDuration", the duration of one
///    iteration, without repeats);
/// 2. a number, or a string that reads as one and is not a label's name: that time;
/// 3. `"<"` / `">"`: the start / end of the most recently added child, plus an optional
///    offset: `"<0.2"`, `">-0.1"`, `"<+=0.2"`. A percentage is of the recent child's total
///    duration when written without `=` (`"<25%"`) and of the child being inserted when
///    written with it (`"<+=50%"`): GSAP checks `position.indexOf("=") < 0` for that;
/// 4. a string without `=`: a label; an unknown label is created at the end first;
/// 5. `"+=x"` / `"-=x"`: relative to the end; `"label+=x"` / `"label-=x"`: relative to the
///    label (created at the end when unknown). A percentage here is of the child being
///    inserted (`"+=50%"`).
///
/// GSAP reads numbers with `parseFloat`, which ignores trailing garbage and turns garbage into
/// 0; here a malformed string is an error naming what is wrong instead.
public enum TimelinePosition: Hashable, Sendable {
    /// Omitted: the end of the timeline so far.
    case end
    /// An absolute time in the timeline, in seconds.
    case time(Double)
    /// A string of the grammar above.
    case text(String)
}

/// A position string taken apart: an anchor plus an offset that may be a percentage.
struct ParsedPosition: Hashable, Sendable {
    enum Anchor: Hashable, Sendable {
        case end
        case time(Double)
        case recentStart
        case recentEnd
        case label(String)
    }

    /// What a percentage offset is a percentage of.
    enum Scale: Hashable, Sendable {
        case seconds
        case percentOfRecent
        case percentOfInserted
    }

    var anchor: Anchor
    var offset: Double = 0
    var scale: Scale = .seconds

    /// Parses `text`; `labels` decides rule 2 (a label named "1" wins over the number 1).
    static func parse(_ text: String, labels: Set<String>) throws -> ParsedPosition {
        if labels.contains(text) { return ParsedPosition(anchor: .label(text)) }
        if let number = plainNumber(text) { return ParsedPosition(anchor: .time(number)) }
        guard let first = text.first else { throw malformed(text, "it is empty") }
        if first == "<" || first == ">" {  // rule 3
            let anchor: Anchor = first == "<" ? .recentStart : .recentEnd
            var rest = Substring(text.dropFirst())
            if rest.isEmpty { return ParsedPosition(anchor: anchor) }
            var sign = 1.0
            var relative = false
            if rest.hasPrefix("+=") || rest.hasPrefix("-=") {
                sign = rest.first == "-" ? -1 : 1
                relative = true
                rest = rest.dropFirst(2)
            }
            let (value, percent) = try number(
                rest, in: text, after: relative ? "\(first)\(sign < 0 ? "-=" : "+=")" : "\(first)",
                signed: !relative)
            let scale: Scale = percent ? (relative ? .percentOfInserted : .percentOfRecent) : .seconds
            return ParsedPosition(anchor: anchor, offset: sign * value, scale: scale)
        }
        guard let equals = text.firstIndex(of: "=") else {  // rule 4
            return ParsedPosition(anchor: .label(text))
        }
        // Rule 5: the character before "=" is the operator.
        guard equals > text.startIndex else { throw malformed(text, "'=' must follow '+' or '-'") }
        let op = text[text.index(before: equals)]
        guard op == "+" || op == "-" else {
            throw malformed(text, "'=' must follow '+' or '-', found '\(op)'")
        }
        let name = String(text[..<text.index(before: equals)])
        let (value, percent) = try number(
            text[text.index(after: equals)...], in: text, after: "\(op)=",
            signed: false)
        let offset = (op == "-" ? -1 : 1) * value
        let scale: Scale = percent ? .percentOfInserted : .seconds
        if name.isEmpty { return ParsedPosition(anchor: .end, offset: offset, scale: scale) }
        if name.contains("<") || name.contains(">") {
            throw malformed(text, "'<' and '>' go at the start (\"<+=1\", \">-=1\")")
        }
        let base = labels.contains(name) ? nil : plainNumber(name)
        return ParsedPosition(anchor: base.map { .time($0) } ?? .label(name), offset: offset, scale: scale)
    }

    /// A decimal number with optional sign, fraction and exponent, and nothing else (no
    /// "inf", "nan" or hexadecimal, which `Double(_:)` would accept).
    static func plainNumber<S: StringProtocol>(_ s: S) -> Double? {
        guard !s.isEmpty, s.allSatisfy({ "0123456789.eE+-".contains($0) }),
            s.contains(where: \.isNumber), let v = Double(String(s)), v.isFinite
        else { return nil }
        return v
    }

    /// The number after an operator, with an optional trailing "%".
    private static func number(_ s: Substring, in text: String, after op: String, signed: Bool) throws
        -> (Double, percent: Bool)
    {
        let percent = s.hasSuffix("%")
        let digits = percent ? s.dropLast() : s
        guard let v = plainNumber(digits), signed || !(digits.hasPrefix("+") || digits.hasPrefix("-")) else {
            let got = s.isEmpty ? "nothing" : "'\(s)'"
            throw malformed(
                text, "expected a number\(signed ? "" : " without a sign") after '\(op)', got \(got)")
        }
        return (v, percent)
    }

    static func malformed(_ text: String, _ reason: String) -> EngineError {
        EngineError(parameter: "position", value: "\"\(text)\"", rule: "is malformed: \(reason)")
    }
}
