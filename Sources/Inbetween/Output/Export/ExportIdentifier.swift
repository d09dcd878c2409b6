/// Identifiers made from arbitrary names (layer names, animation keys) for CSS and Swift.
///
/// The encoding keeps ASCII letters and digits and writes every other character as `_HEX_`
/// (its code point in lower-case hexadecimal), with `_` itself as `__`. That is injective —
/// `a,b` → `a_2c_b`, `a b` → `a_20_b`, `a-b` → `a_2d_b` — so different names never meet, and
/// the result is a valid CSS identifier and a valid Swift identifier. A leading digit is
/// encoded too (neither language lets an identifier start with one). `-` never appears, so
/// writers may join encoded parts with `-` (CSS) without collisions.
package enum ExportIdentifier {
    package static func encode(_ name: String) -> String {
        var out = ""
        for (i, u) in name.unicodeScalars.enumerated() {
            let isLetter = ("a"..."z").contains(u) || ("A"..."Z").contains(u)
            let isDigit = ("0"..."9").contains(u)
            if isLetter || (isDigit && i > 0) {
                out.unicodeScalars.append(u)
            } else if u == "_" {
                out += "__"
            } else {
                out += "_" + String(u.value, radix: 16) + "_"
            }
        }
        return out.isEmpty ? "_" : out
    }

    /// Hands out names unique within one output: the first request for a base gets it as is,
    /// later ones get `base_2`, `base_3`... (`_2` after a complete encoding is an escape that
    /// never closes, so these cannot meet another encoded name either).
    package struct Allocator {
        private var used = Set<String>()
        package mutating func unique(_ base: String) -> String {
            var candidate = base
            var n = 1
            while used.contains(candidate) {
                n += 1
                candidate = "\(base)_\(n)"
            }
            used.insert(candidate)
            return candidate
        }
    }
}

extension ExportIdentifier {
    /// A readable camel-case name from a key or key path (`transform.scale.x` →
    /// `transformScaleX`, `animation-0` → `animation0`): ASCII letters and digits of each word;
    /// not injective, so writers pass it through an `Allocator`.
    package static func readable(_ s: String) -> String {
        let words = s.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        var out = ""
        for (i, w) in words.enumerated() {
            out +=
                i == 0 ? w.prefix(1).lowercased() + w.dropFirst() : w.prefix(1).uppercased() + w.dropFirst()
        }
        if out.isEmpty { return "animation" }
        return out.first!.isNumber ? "a" + out : out
    }

    /// Whether a key is one the engine generated (`animation-3`) rather than the script's.
    package static func isGeneratedKey(_ key: String) -> Bool {
        key.hasPrefix("animation-") && key.dropFirst("animation-".count).allSatisfy(\.isNumber)
            && key.count > "animation-".count
    }

    /// Text safe inside a `/* ... */` CSS comment or a `//` Swift comment: no comment end, no
    /// line breaks (control characters written as `\u{..}`), and no bidirectional controls,
    /// written the same way: the embeddings, overrides and isolates U+202A-202E and
    /// U+2066-2069, and the marks U+200E, U+200F and U+061C, which make an editor show the
    /// code after them in another order than the compiler reads it ("Trojan Source",
    /// CVE-2021-42574; the characters are Unicode's UAX #9, table 4).
    package static func commentText(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            if u.properties.generalCategory == .control || u == "\u{2028}" || u == "\u{2029}"
                || isBidiControl(u)
            {
                out += "\\u{\(String(u.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(u)
            }
        }
        return out.replacingOccurrences(of: "*/", with: "*\\/")
    }

    static func isBidiControl(_ u: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(u.value) || (0x2066...0x2069).contains(u.value)
            || u.value == 0x200E || u.value == 0x200F || u.value == 0x061C
    }
}

extension ExportIdentifier {
    /// A component name (`position-x`, `transform-scale-x`) inside a CSS custom property name:
    /// its parts encoded, joined by `-` (which no encoded part contains).
    package static func encodeCSSPart(_ name: String) -> String {
        name.split(separator: "-", omittingEmptySubsequences: false).map { encode(String($0)) }.joined(
            separator: "-")
    }
}
