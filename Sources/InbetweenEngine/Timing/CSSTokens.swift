extension String {
    /// A-Z as a-z and nothing else: CSS keywords and function names match ASCII
    /// case-insensitively (CSS Values 4 §2.1), so `EASE` is `ease` but the Kelvin sign U+212A is
    /// not a `k` (as Unicode's lowercasing would make it).
    var asciiLowercased: String {
        String(
            String.UnicodeScalarView(
                unicodeScalars.map { ("A"..."Z").contains($0) ? Unicode.Scalar($0.value + 32)! : $0 }))
    }
}

/// The tokens of CSS Syntax Level 3 (https://www.w3.org/TR/css-syntax-3/#tokenization) that an
/// easing function can hold: what a browser sees in `animation-timing-function`, so that a
/// string means here what it means there. Comments vanish (§4.3.2), escapes become the code
/// points they stand for (§4.3.7), and numbers carry their integer flag (§4.3.12), which
/// `steps()` needs. Tokens a browser would reject inside an easing (strings, hashes, URLs, at-
/// keywords) are kept as `.other`, so the parser can name them.
enum CSSToken: Equatable {
    case whitespace
    case ident(String)
    /// A function name with its `(`: `cubic-bezier(`.
    case function(String)
    /// `isInteger`: written without a point or an exponent (CSS's "type flag" integer).
    /// `raw`: the digits as written (with their sign), for messages.
    case number(Double, isInteger: Bool, raw: String)
    case percentage(Double, raw: String)
    case dimension(Double, unit: String, raw: String)
    case comma
    case open
    case close
    /// Any other single code point (`+`, `*`, `/`, ...).
    case delim(Character)
    case other(String)

    /// The token as written (for messages), escapes resolved.
    var text: String {
        switch self {
        case .whitespace: return " "
        case .ident(let s): return s
        case .function(let s): return s + "("
        case .number(_, _, let raw): return raw
        case .percentage(_, let raw): return raw + "%"
        case .dimension(_, let unit, let raw): return raw + unit
        case .comma: return ","
        case .open: return "("
        case .close: return ")"
        case .delim(let c): return String(c)
        case .other(let s): return s
        }
    }
}

/// CSS Syntax 3's tokenizer over the code points of one string.
struct CSSTokenizer {
    private let scalars: [Unicode.Scalar]
    private var i = 0

    init(_ text: String) {
        // §3.3 preprocessing: CR LF, CR and FF are newlines; NUL is U+FFFD.
        var out: [Unicode.Scalar] = []
        var previousCR = false
        for s in text.unicodeScalars {
            switch s {
            case "\r": out.append("\n")
            case "\n" where previousCR: break
            case "\u{0C}": out.append("\n")
            case "\0": out.append("\u{FFFD}")
            default: out.append(s)
            }
            previousCR = s == "\r"
        }
        scalars = out
    }

    static func tokens(_ text: String) -> [CSSToken] {
        var tokenizer = CSSTokenizer(text)
        var out: [CSSToken] = []
        while let t = tokenizer.next() { out.append(t) }
        return out
    }

    private func at(_ k: Int) -> Unicode.Scalar? { i + k < scalars.count ? scalars[i + k] : nil }

    private static func isWhitespace(_ s: Unicode.Scalar?) -> Bool { s == " " || s == "\t" || s == "\n" }
    private static func isDigit(_ s: Unicode.Scalar?) -> Bool { s.map { ("0"..."9").contains($0) } ?? false }
    private static func isHex(_ s: Unicode.Scalar?) -> Bool {
        guard let s else { return false }
        return isDigit(s) || ("a"..."f").contains(s) || ("A"..."F").contains(s)
    }
    /// §4.2 ident-start code point: a letter, `_`, or a non-ASCII code point.
    private static func isIdentStart(_ s: Unicode.Scalar?) -> Bool {
        guard let s else { return false }
        return ("a"..."z").contains(s) || ("A"..."Z").contains(s) || s == "_" || s.value >= 0x80
    }
    private static func isIdent(_ s: Unicode.Scalar?) -> Bool { isIdentStart(s) || isDigit(s) || s == "-" }

    /// §4.3.8: a backslash not followed by a newline.
    private func isValidEscape(_ k: Int) -> Bool { at(k) == "\\" && at(k + 1) != "\n" }

    /// §4.3.9: whether an ident sequence starts at offset k.
    private func startsIdent(_ k: Int) -> Bool {
        if at(k) == "-" {
            return CSSTokenizer.isIdentStart(at(k + 1)) || at(k + 1) == "-" || isValidEscape(k + 1)
        }
        return CSSTokenizer.isIdentStart(at(k)) || isValidEscape(k)
    }

    /// §4.3.10: whether a number starts at offset k.
    private func startsNumber(_ k: Int) -> Bool {
        switch at(k) {
        case "+", "-":
            return CSSTokenizer.isDigit(at(k + 1)) || (at(k + 1) == "." && CSSTokenizer.isDigit(at(k + 2)))
        case ".": return CSSTokenizer.isDigit(at(k + 1))
        default: return CSSTokenizer.isDigit(at(k))
        }
    }

    mutating func next() -> CSSToken? {
        // §4.3.2: comments are consumed and produce nothing; an unterminated one ends the input.
        while at(0) == "/" && at(1) == "*" {
            i += 2
            while i < scalars.count && !(at(0) == "*" && at(1) == "/") { i += 1 }
            i = min(i + 2, scalars.count)
        }
        guard let c = at(0) else { return nil }
        if CSSTokenizer.isWhitespace(c) {
            while CSSTokenizer.isWhitespace(at(0)) { i += 1 }
            return .whitespace
        }
        if startsNumber(0) { return numeric() }
        if startsIdent(0) { return identLike() }
        i += 1
        switch c {
        case ",": return .comma
        case "(": return .open
        case ")": return .close
        case "\"", "'":
            // A string: never valid in an easing; consumed whole so the message shows it.
            var s = String(c)
            while let d = at(0), d != c, d != "\n" {
                s.unicodeScalars.append(d)
                i += 1
            }
            if at(0) == c { i += 1 }
            return .other(s + String(c))
        default: return .delim(Character(c))
        }
    }

    /// §4.3.3 consume a numeric token, with §4.3.12 consume a number.
    private mutating func numeric() -> CSSToken {
        let start = i
        var text = ""
        var isInteger = true
        if at(0) == "+" || at(0) == "-" {
            if at(0) == "-" { text += "-" }
            i += 1
        }
        while CSSTokenizer.isDigit(at(0)) {
            text.unicodeScalars.append(at(0)!)
            i += 1
        }
        if at(0) == ".", CSSTokenizer.isDigit(at(1)) {
            isInteger = false
            text += "."
            i += 1
            while CSSTokenizer.isDigit(at(0)) {
                text.unicodeScalars.append(at(0)!)
                i += 1
            }
        }
        if at(0) == "e" || at(0) == "E" {
            let signed = (at(1) == "+" || at(1) == "-") && CSSTokenizer.isDigit(at(2))
            if signed || CSSTokenizer.isDigit(at(1)) {
                isInteger = false
                text += "e"
                i += 1
                if signed {
                    if at(0) == "-" { text += "-" }
                    i += 1
                }
                while CSSTokenizer.isDigit(at(0)) {
                    text.unicodeScalars.append(at(0)!)
                    i += 1
                }
            }
        }
        // The digits' value; beyond Double's range it is infinite, which the parser refuses
        // (CSS leaves such numbers to the implementation: here they are errors, not clamps).
        let value = Double(text) ?? .nan
        var raw = String.UnicodeScalarView()
        raw.append(contentsOf: scalars[start..<i])
        if startsIdent(0) { return .dimension(value, unit: identSequence(), raw: String(raw)) }
        if at(0) == "%" {
            i += 1
            return .percentage(value, raw: String(raw))
        }
        return .number(value, isInteger: isInteger, raw: String(raw))
    }

    /// §4.3.4 consume an ident-like token (url() is not one an easing can hold).
    private mutating func identLike() -> CSSToken {
        let name = identSequence()
        if at(0) == "(" {
            i += 1
            return .function(name)
        }
        return .ident(name)
    }

    /// §4.3.11 consume an ident sequence.
    private mutating func identSequence() -> String {
        var out = String.UnicodeScalarView()
        while true {
            if CSSTokenizer.isIdent(at(0)) {
                out.append(at(0)!)
                i += 1
            } else if isValidEscape(0) {
                i += 1
                out.append(escape())
            } else {
                return String(out)
            }
        }
    }

    /// §4.3.7 consume an escaped code point (after the backslash): up to six hex digits and
    /// one whitespace after them, or the next code point itself. Zero, a surrogate or beyond
    /// U+10FFFF is U+FFFD, as is a backslash at the end.
    private mutating func escape() -> Unicode.Scalar {
        guard let c = at(0) else { return "\u{FFFD}" }
        guard CSSTokenizer.isHex(c) else {
            i += 1
            return c
        }
        var value: UInt32 = 0
        var digits = 0
        while digits < 6, let h = at(0), CSSTokenizer.isHex(h) {
            value = value * 16 + UInt32(Character(h).hexDigitValue!)
            digits += 1
            i += 1
        }
        if CSSTokenizer.isWhitespace(at(0)) { i += 1 }
        guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return scalar
    }
}
