/// The shortest decimal that reads back as a given Double, and of those the closest to it:
/// the digits Swift's `description` gives, computed with Schubfach (Raffaello Giulietti, "The
/// Schubfach way to render doubles", 2020; the method of Java's `Double.toString` since JDK
/// 19): the bounds of the interval of reals that round to the Double, scaled by one 126-bit
/// power of ten (`powers`, made and checked by scripts/shortest-table.py), pick the one or two
/// candidates of 16 or 17 digits, or the one of a digit less, inside it.
///
/// For the CSV and JSON writers' `shortest` numbers: the standard library's own (reached
/// through `Double.write(to:)`, about 520 instructions a number) was a tenth of a small batch
/// job. Checked against `description` for random bit patterns, every power of two and the
/// values a scene writes (`ShortestDecimalTests`).
package enum ShortestDecimal {
    /// (f, e) with value = f * 10^e and f without trailing zeros, for a positive normal
    /// `value` (subnormals take the standard library's path).
    @inline(__always)
    package static func digits(of value: Double) -> (UInt64, Int) {
        let bits = value.bitPattern
        let c = (1 << 52) | (bits & ((1 << 52) - 1))
        let q = Int((bits >> 52) & 0x7FF) - 1075
        var (f, e) = decimal(q: q, c: c)
        // Trailing zeros: the shorter decimals the interval holds (0.5 comes out as 5 * 10^15).
        while f % 10 == 0 {
            f /= 10
            e += 1
        }
        return (f, e)
    }

    /// The decimal f * 10^e (f of 16 or 17 digits, or a multiple of 10) for c * 2^q.
    @inline(__always)
    private static func decimal(q: Int, c: UInt64) -> (UInt64, Int) {
        let out: UInt64 = c & 1  // odd c: the interval's ends round elsewhere (ties to even)
        let cb = c << 2
        let cbr = cb + 2
        let cbl: UInt64
        let k: Int
        if c != 1 << 52 || q == -1074 {
            cbl = cb - 2
            k = (q * 661_971_961_083) >> 41  // floor(q log10 2)
        } else {
            // A power of two: the next Double down is half as far as the next one up.
            cbl = cb - 1
            k = (q * 661_971_961_083 - 274_743_187_321) >> 41  // floor(log10(3/4 2^q))
        }
        let h = q + ((-k * 913_124_641_741) >> 38) + 2  // q + floor(-k log2 10) + 2: 2 ... 5
        let i = 2 * (-k - minimumPower)
        let g1 = powers[i]
        let g0 = powers[i + 1]
        let vb = roundToOdd(g1, g0, cb << h)
        let vbl = roundToOdd(g1, g0, cbl << h)
        let vbr = roundToOdd(g1, g0, cbr << h)
        let s = vb >> 2
        if s >= 100 {
            // One digit less: s rounded down and up to a multiple of ten.
            let sp10 = 10 * s.multipliedFullWidth(by: 115_292_150_460_684_698 << 4).high
            let tp10 = sp10 + 10
            let upIn = vbl + out <= sp10 << 2
            let wpIn = (tp10 << 2) + out <= vbr
            if upIn != wpIn { return (upIn ? sp10 : tp10, k) }
        }
        let t = s + 1
        let uIn = vbl + out <= s << 2
        let wIn = (t << 2) + out <= vbr
        if uIn != wIn { return (uIn ? s : t, k) }
        // Both in: the closer one, the even one on a tie.
        let middle = (s + t) << 1
        return (vb < middle || (vb == middle && s & 1 == 0) ? s : t, k)
    }

    /// (g1 2^63 + g0) * cp / 2^127, its lowest bit set when bits were dropped (round to odd).
    @inline(__always)
    private static func roundToOdd(_ g1: UInt64, _ g0: UInt64, _ cp: UInt64) -> UInt64 {
        let x1 = g0.multipliedFullWidth(by: cp).high
        let (y1, y0) = g1.multipliedFullWidth(by: cp)
        let z = (y0 >> 1) &+ x1
        let vbp = y1 &+ (z >> 63)
        return vbp | (((z & (1 << 63 - 1)) &+ (1 << 63 - 1)) >> 63)
    }

    /// The number of decimal digits of `f` (1 ... 20): t = floor(bits * log10 2) (1233 / 4096
    /// is log10 2 to 4 digits, exact enough up to 64 bits) is that count or one less.
    @inline(__always)
    package static func digitCount(_ f: UInt64) -> Int {
        let t = ((64 - (f | 1).leadingZeroBitCount) * 1233) >> 12
        return t + (f >= powersOfTen[t] ? 1 : 0)
    }

    private static let powersOfTen: [UInt64] = (0...19).map { n in (0..<n).reduce(1) { r, _ in r * 10 } }
}
