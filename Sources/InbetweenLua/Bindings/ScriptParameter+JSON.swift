import InbetweenEngine

/// Reading a parameter value from JSON text, strictly: what a batch manifest's lines are read
/// with. Foundation's JSONDecoder is lenient where a manifest must not be: it keeps the last of
/// two equal keys, and rounds an integer beyond 2^53 to a nearby double without a word
/// (`9007199254740993` became ...992). Here both are errors, as are nesting deeper than
/// `maxDepth`, invalid UTF-8 and lone surrogates. The grammar is RFC 8259's
/// (https://www.rfc-editor.org/rfc/rfc8259): §2 whitespace, §4 objects, §6 numbers, §7 strings.
extension ScriptParameter {
    /// Where and why JSON text was refused; `column` counts bytes from 1.
    package struct JSONError: Error, Hashable, Sendable, CustomStringConvertible {
        package var column: Int
        package var message: String
        package var description: String { "\(message) at column \(column)" }
    }

    /// Parses one JSON value filling all of `bytes` (surrounding whitespace allowed).
    package init(json bytes: some Collection<UInt8>) throws(JSONError) {
        var reader = StrictJSONReader(Array(bytes))
        self = try reader.document()
    }
}

/// A recursive-descent reader over a byte array; recursion depth is bounded by `maxDepth`.
private struct StrictJSONReader {
    let bytes: [UInt8]
    var at = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    typealias JSONError = ScriptParameter.JSONError

    func fail(_ message: String, at position: Int? = nil) -> JSONError {
        JSONError(column: (position ?? at) + 1, message: message)
    }

    mutating func document() throws(JSONError) -> ScriptParameter {
        skipSpace()
        let value = try value(depth: 0)
        skipSpace()
        guard at == bytes.count else { throw fail("unexpected text after the value") }
        return value
    }

    mutating func skipSpace() {
        while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 }
    }

    mutating func literal(_ word: String, _ value: ScriptParameter) throws(JSONError) -> ScriptParameter {
        let w = Array(word.utf8)
        guard bytes.count - at >= w.count, Array(bytes[at..<at + w.count]) == w else {
            throw fail("expected a value")
        }
        at += w.count
        return value
    }

    mutating func value(depth: Int) throws(JSONError) -> ScriptParameter {
        guard at < bytes.count else { throw fail("unexpected end of the line") }
        switch bytes[at] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        case let c:
            throw fail(
                c >= 0x21 && c < 0x7F
                    ? "expected a value, found '\(Character(Unicode.Scalar(c)))'" : "expected a value")
        }
    }

    mutating func object(depth: Int) throws(JSONError) -> ScriptParameter {
        guard depth <= ScriptParameter.maxDepth else {
            throw fail("nested deeper than \(ScriptParameter.maxDepth) levels")
        }
        at += 1
        var fields: [String: ScriptParameter] = [:]
        skipSpace()
        if at < bytes.count, bytes[at] == UInt8(ascii: "}") {
            at += 1
            return .object(fields)
        }
        while true {
            skipSpace()
            let keyAt = at
            guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else {
                throw fail("expected a key in quotes")
            }
            let key = try string()
            // Equal as Swift strings (canonically equivalent): one key of the dictionary.
            guard fields[key] == nil else { throw fail("duplicate key \"\(key)\"", at: keyAt) }
            skipSpace()
            guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else {
                throw fail("expected ':' after a key")
            }
            at += 1
            skipSpace()
            fields[key] = try value(depth: depth)
            skipSpace()
            guard at < bytes.count else { throw fail("unexpected end of the line (an object is not closed)") }
            if bytes[at] == UInt8(ascii: ",") {
                at += 1
                continue
            }
            guard bytes[at] == UInt8(ascii: "}") else { throw fail("expected ',' or '}'") }
            at += 1
            return .object(fields)
        }
    }

    mutating func array(depth: Int) throws(JSONError) -> ScriptParameter {
        guard depth <= ScriptParameter.maxDepth else {
            throw fail("nested deeper than \(ScriptParameter.maxDepth) levels")
        }
        at += 1
        var items: [ScriptParameter] = []
        skipSpace()
        if at < bytes.count, bytes[at] == UInt8(ascii: "]") {
            at += 1
            return .array(items)
        }
        while true {
            skipSpace()
            items.append(try value(depth: depth))
            skipSpace()
            guard at < bytes.count else { throw fail("unexpected end of the line (an array is not closed)") }
            if bytes[at] == UInt8(ascii: ",") {
                at += 1
                continue
            }
            guard bytes[at] == UInt8(ascii: "]") else { throw fail("expected ',' or ']'") }
            at += 1
            return .array(items)
        }
    }

    /// RFC 8259 §6: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`. An integer (no
    /// fraction, no exponent) must lie within ±2^53, where every integer has an exact double
    /// (a 53-bit significand); beyond, 2^53 + 1 would silently become 2^53, so it is refused.
    /// (RFC 8259 §6 names the same range as the interoperable one.)
    mutating func number() throws(JSONError) -> ScriptParameter {
        let start = at
        func digits() -> Int {
            let from = at
            while at < bytes.count, bytes[at] >= UInt8(ascii: "0"), bytes[at] <= UInt8(ascii: "9") { at += 1 }
            return at - from
        }
        if bytes[at] == UInt8(ascii: "-") { at += 1 }
        let intStart = at
        let intDigits = digits()
        guard intDigits > 0 else { throw fail("expected a digit") }
        guard !(intDigits > 1 && bytes[intStart] == UInt8(ascii: "0")) else {
            throw fail("a number cannot start with 0", at: intStart)
        }
        var isInteger = true
        if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
            at += 1
            isInteger = false
            guard digits() > 0 else { throw fail("expected a digit after '.'") }
        }
        if at < bytes.count, bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E") {
            at += 1
            isInteger = false
            if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
            guard digits() > 0 else { throw fail("expected a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<at], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw fail("number \(text) is out of range", at: start)
        }
        if isInteger {
            // From the digits, not from `value`: 2^53 + 1 rounds to 2^53 and would pass.
            guard let exact = Int64(text), exact.magnitude <= 1 << 53 else {
                throw fail(
                    "integer \(text) is beyond 2^53 (9007199254740992) and would not be exact; write it as a string",
                    at: start)
            }
        }
        return .number(value)
    }

    /// RFC 8259 §7; the text must be valid UTF-8 (§8.1) and a \u escape of a surrogate must be
    /// half of a pair.
    mutating func string() throws(JSONError) -> String {
        let open = at
        at += 1
        var out: [UInt8] = []
        while true {
            guard at < bytes.count else {
                throw fail("unexpected end of the line (a string is not closed)", at: open)
            }
            let c = bytes[at]
            if c == UInt8(ascii: "\"") {
                at += 1
                break
            }
            if c < 0x20 { throw fail("a control character in a string must be escaped") }
            if c != UInt8(ascii: "\\") {
                // The run of plain bytes up to the next quote, escape or control character,
                // copied at once (byte by byte, a 50 MB params string took seconds).
                let start = at
                at = bytes.withUnsafeBufferPointer { p in
                    var end = start + 1
                    while end < p.count, p[end] >= 0x20, p[end] != UInt8(ascii: "\""),
                        p[end] != UInt8(ascii: "\\")
                    {
                        end += 1
                    }
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: p[start..<end]))
                    return end
                }
                continue
            }
            at += 1
            guard at < bytes.count else {
                throw fail("unexpected end of the line (a string is not closed)", at: open)
            }
            let escape = bytes[at]
            at += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    guard bytes.count - at >= 6, bytes[at] == UInt8(ascii: "\\"),
                        bytes[at + 1] == UInt8(ascii: "u")
                    else {
                        throw fail("a \\u escape of a lone surrogate", at: at - 6)
                    }
                    at += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw fail("a \\u escape of a lone surrogate", at: at - 12)
                    }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw fail("a \\u escape of a lone surrogate", at: at - 6)
                }
                out.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar)!)).utf8))
            default:
                throw fail("unknown escape '\\\(Character(Unicode.Scalar(escape)))'", at: at - 2)
            }
        }
        guard let text = String(validating: out, as: UTF8.self) else {
            throw fail("a string that is not valid UTF-8", at: open)
        }
        return text
    }

    mutating func hex4() throws(JSONError) -> UInt32 {
        guard bytes.count - at >= 4 else { throw fail("expected four hex digits after \\u") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[at]
            let digit: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw fail("expected four hex digits after \\u")
            }
            value = value << 4 | digit
            at += 1
        }
        return value
    }
}
