import Foundation

/// `fixed(P)` and `compact(P)`: P decimals, rounded half away from zero from the Double's
/// exact binary value, with integer arithmetic only.
extension NumberFormat {
    /// 10^p for 0 <= p <= 19; a switch compiles to a table of constants (no lazy global).
    @inline(__always)
    package static func powerOfTen(_ p: Int) -> UInt64 {
        switch p {
        case 0: return 1
        case 1: return 10
        case 2: return 100
        case 3: return 1_000
        case 4: return 10_000
        case 5: return 100_000
        case 6: return 1_000_000
        case 7: return 10_000_000
        case 8: return 100_000_000
        case 9: return 1_000_000_000
        case 10: return 10_000_000_000
        case 11: return 100_000_000_000
        case 12: return 1_000_000_000_000
        case 13: return 10_000_000_000_000
        case 14: return 100_000_000_000_000
        case 15: return 1_000_000_000_000_000
        case 16: return 10_000_000_000_000_000
        case 17: return 100_000_000_000_000_000
        case 18: return 1_000_000_000_000_000_000
        default: return 10_000_000_000_000_000_000
        }
    }

    /// |v| = I + F with I = ⌊|v|⌋ and F = f / 2^k exactly (f < 2^53). Then F·10^P = f·10^P / 2^k,
    /// where f·10^P < 2^53·2^57 fits in 128 bits: the quotient is the fraction digits and bit
    /// k-1 of the product says whether the remainder is at least one half (round up, away from
    /// zero).
    @inline(__always)
    package static func writeFixed(
        _ value: Double, decimals p: Int, trim: Bool,
        at out: UnsafeMutablePointer<UInt8>
    ) -> UnsafeMutablePointer<UInt8> {
        precondition(precisionRange.contains(p), "precision \(p) outside \(precisionRange)")
        let magnitude = value.magnitude
        guard magnitude < 0x1p64 else { return writeHuge(value, decimals: p, trim: trim, at: out) }
        // Exact truncation (magnitude < 2^64) and an exact subtraction (no bits are lost).
        // Through Int64 when it fits: a conversion each way is one instruction there, where
        // the unsigned ones take several (they showed in the profile of writing a frame).
        var integer: UInt64
        let fraction: Double
        if magnitude < 0x1p63 {
            let signed = Int64(magnitude)
            integer = UInt64(signed)
            fraction = magnitude - Double(signed)
        } else {
            integer = UInt64(magnitude)
            fraction = magnitude - Double(integer)
        }
        let scale = powerOfTen(p)
        var digits: UInt64 = 0
        if fraction > 0 {
            let (f, k) = scaledSignificand(fraction)
            // k >= 128: F·10^P < 2^110 / 2^128, far below one half: rounds to 0.
            if k < 128 {
                let product = UInt128(f) &* UInt128(scale)
                digits = UInt64(truncatingIfNeeded: product &>> UInt128(k))
                if (product &>> UInt128(k - 1)) & 1 == 1 { digits &+= 1 }
            }
            if digits == scale {  // 0.999.. rounded up to the next integer
                digits = 0
                integer &+= 1
            }
        }
        var q = out
        if value < 0 && (integer != 0 || digits != 0) {
            q.pointee = UInt8(ascii: "-")
            q += 1
        }
        q = writeDecimal(integer, at: q)
        guard p > 0 else { return q }
        var width = p
        if trim {
            while width > 0 && digits % 10 == 0 {
                digits /= 10
                width -= 1
            }
            if width == 0 { return q }
        }
        q.pointee = UInt8(ascii: ".")
        writeDigits(digits, width: width, at: q + 1)
        return q + 1 + width
    }

    /// A fraction 0 < F < 1 as f / 2^k with integer f < 2^53.
    @inline(__always)
    private static func scaledSignificand(_ fraction: Double) -> (UInt64, Int) {
        let bits = fraction.significandBitPattern
        let biased = Int(fraction.exponentBitPattern)
        // Normal: F = 1.bits × 2^(biased - 1023) = (2^52 + bits) / 2^(1075 - biased).
        if biased != 0 { return ((1 << 52) | bits, 1075 - biased) }
        return (bits, 1074)  // subnormal: bits × 2^-1074
    }

    /// Beyond 2^64 a Double is an integer with more digits than UInt64 holds: its exact value
    /// through the C library (rare, and never in a sampled easing).
    @inline(never)
    private static func writeHuge(
        _ value: Double, decimals p: Int, trim: Bool,
        at out: UnsafeMutablePointer<UInt8>
    ) -> UnsafeMutablePointer<UInt8> {
        var q = out
        if value < 0 {
            q.pointee = UInt8(ascii: "-")
            q += 1
        }
        for byte in String(format: "%.0f", value.magnitude).utf8 {
            q.pointee = byte
            q += 1
        }
        guard p > 0 && !trim else { return q }
        q.pointee = UInt8(ascii: ".")
        (q + 1).initialize(repeating: UInt8(ascii: "0"), count: p)
        return q + 1 + p
    }
}
