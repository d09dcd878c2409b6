import Foundation

/// How numbers are written into CSV, JSON, CSS and SVG output, straight into a byte buffer.
///
/// - `shortest`: the shortest decimal that reads back as the same Double (Swift's
///   `description` is shortest round-trip), tidied so that integers read `1`, not `1.0`, and
///   exponents read `1e-7` / `1e20` (valid JSON numbers and CSS `<number>`s).
/// - `fixed(P)`: exactly P decimals (`--precision P`), rounded half away from zero from the
///   Double's exact binary value — the way a person rounds, not binary-then-decimal twice.
/// - `compact(P)`: `fixed(P)` with trailing zeros (and a bare `.`) removed, for CSS and SVG
///   where `0.25` reads better than `0.2500`.
///
/// Negative zero, and negative values that round to zero, print without a sign: `-0` in a data
/// file only ever surprises. NaN and infinities cannot reach here (the engine never returns
/// them from finite input and the samplers check Lua results); they are a programming error.
enum NumberFormat: Hashable, Sendable {
    case shortest
    case fixed(Int)
    case compact(Int)

    /// `--precision` accepts 0...17: 17 significant decimals always identify a Double, and
    /// 10^17 < 2^57 keeps the fraction arithmetic below within 128 bits.
    static let precisionRange = 0...17

    func append(_ value: Double, to out: inout [UInt8]) {
        precondition(value.isFinite, "non-finite number reached the output: \(value)")
        switch self {
        case .shortest: NumberFormat.appendShortest(value, to: &out)
        case .fixed(let p): NumberFormat.appendFixed(value, decimals: p, trim: false, to: &out)
        case .compact(let p): NumberFormat.appendFixed(value, decimals: p, trim: true, to: &out)
        }
    }

    /// The number as a String (for tests and the few non-streaming places).
    func string(_ value: Double) -> String {
        var out: [UInt8] = []
        append(value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: shortest round-trip

    private static func appendShortest(_ value: Double, to out: inout [UInt8]) {
        if value == 0 { out.append(UInt8(ascii: "0")); return }  // also -0.0
        var text = value.description
        // "1.0" -> "1"; exponent forms ("1e-07", "1e+16") carry no ".0".
        if text.hasSuffix(".0") { text.removeLast(2) }
        guard let e = text.firstIndex(of: "e") else { out.append(contentsOf: text.utf8); return }
        // "1e-07" -> "1e-7", "1e+16" -> "1e16": drop the '+' and leading exponent zeros.
        out.append(contentsOf: text[..<e].utf8)
        out.append(UInt8(ascii: "e"))
        var exponent = text[text.index(after: e)...]
        if exponent.first == "-" { out.append(UInt8(ascii: "-")); exponent = exponent.dropFirst() }
        if exponent.first == "+" { exponent = exponent.dropFirst() }
        while exponent.count > 1, exponent.first == "0" { exponent = exponent.dropFirst() }
        out.append(contentsOf: exponent.utf8)
    }

    // MARK: fixed decimals

    /// 10^0 ... 10^17.
    private static let powersOfTen: [UInt64] = (0...17).map { p in (0..<p).reduce(1) { acc, _ in acc * 10 } }

    /// Integer arithmetic only: |v| = I + F with I = ⌊|v|⌋ and F = f / 2^k exactly (f < 2^53).
    /// Then F·10^P = f·10^P / 2^k, where f·10^P < 2^53·2^57 fits in 128 bits: the quotient is
    /// the fraction digits and bit k-1 of the product says whether the remainder is at least
    /// one half (round up, away from zero).
    private static func appendFixed(_ value: Double, decimals p: Int, trim: Bool, to out: inout [UInt8]) {
        precondition(precisionRange.contains(p), "precision \(p) outside \(precisionRange)")
        let magnitude = value.magnitude
        // Beyond 2^64 a Double is an integer with more digits than UInt64 holds: print its
        // exact integer value through the C library (rare, and never in a sampled easing).
        guard magnitude < 0x1p64 else {
            let integer = String(format: "%.0f", magnitude)
            if value < 0 { out.append(UInt8(ascii: "-")) }
            out.append(contentsOf: integer.utf8)
            if p > 0 && !trim {
                out.append(UInt8(ascii: "."))
                out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: p))
            }
            return
        }
        var integer = UInt64(magnitude)  // exact truncation: magnitude < 2^64
        let fraction = magnitude - Double(integer)  // exact: no bits are lost by the subtraction
        var digits: UInt64 = 0
        if fraction > 0 {
            let (f, k) = scaledSignificand(fraction)
            let scale = powersOfTen[p]
            if k < 128 {
                let product = UInt128(f) * UInt128(scale)
                digits = UInt64(truncatingIfNeeded: product >> UInt128(k))
                if (product >> UInt128(k - 1)) & 1 == 1 { digits += 1 }
            }
            // k >= 128: F·10^P < 2^110 / 2^128, far below one half: rounds to 0.
            if digits == scale {  // 0.999.. rounded up to the next integer
                digits = 0
                integer += 1
            }
        }
        if value < 0 && (integer != 0 || digits != 0) { out.append(UInt8(ascii: "-")) }
        appendDecimal(integer, width: 1, to: &out)
        guard p > 0 else { return }
        var width = p
        if trim {
            while width > 0 && digits % 10 == 0 { digits /= 10; width -= 1 }
            if width == 0 { return }
        }
        out.append(UInt8(ascii: "."))
        appendDecimal(digits, width: width, to: &out)
    }

    /// A fraction 0 < F < 1 as f / 2^k with integer f < 2^53.
    private static func scaledSignificand(_ fraction: Double) -> (UInt64, Int) {
        let bits = fraction.significandBitPattern
        if fraction.isNormal {
            // F = 1.bits × 2^exponent = (2^52 + bits) / 2^(52 - exponent)
            return ((1 << 52) | bits, 52 - Int(fraction.exponent))
        }
        return (bits, 1074)  // subnormal: bits × 2^-1074
    }

    /// `n` in decimal, left-padded with zeros to `width` digits. The digits are written in
    /// place at the end of `out` (single-byte appends, then filled from the right): the hot
    /// path of every writer, so no temporary buffer and no generic `append(contentsOf:)`.
    private static func appendDecimal(_ n: UInt64, width: Int, to out: inout [UInt8]) {
        var digits = 1
        var rest = n / 10
        while rest > 0 { digits += 1; rest /= 10 }
        let count = max(width, digits)
        let start = out.count
        for _ in 0..<count { out.append(UInt8(ascii: "0")) }
        out.withUnsafeMutableBufferPointer { p in
            var i = start + count
            var n = n
            repeat {
                i -= 1
                p[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: n % 10)
                n /= 10
            } while n > 0
        }
    }
}
