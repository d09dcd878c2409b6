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
/// file only ever surprises. NaN and infinities are not numbers in any of the formats: the
/// samplers stop a run at a non-finite sampled value, but a writer's own arithmetic on finite
/// inputs can still overflow (a duration divided by a denormal speed, an opacity of 1e307 as
/// Lottie's percent). Such a number is written as a marker and remembered in
/// `NonFiniteOutput`; every sink refuses to flush or commit after one (ByteSink), so the
/// command fails with a message naming what came before it, instead of trapping or writing
/// a file that its reader would refuse.
///
/// The hot writers (CSV, JSON) call `write(_:at:)` on a pointer into a `ByteBuffer` they have
/// reserved `maxLength` bytes of; the rest use `append` or `string`.
package enum NumberFormat: Hashable, Sendable {
    case shortest
    case fixed(Int)
    case compact(Int)

    /// `--precision` accepts 0...17: 17 significant decimals always identify a Double, and
    /// 10^17 < 2^57 keeps the fraction arithmetic within 128 bits (NumberFormat+Fixed.swift).
    package static let precisionRange = 0...17

    /// The most bytes one number can take. Shortest: `-2.2250738585072014e-308` is 24.
    /// Fixed: a sign, up to 309 integer digits (1.8e308), the point and 17 decimals.
    package var maxLength: Int {
        switch self {
        case .shortest: return 32
        case .fixed, .compact: return 1 + 309 + 1 + NumberFormat.precisionRange.upperBound
        }
    }

    /// Writes `value` at `out` (which has room for `maxLength` bytes); returns the end.
    @inline(__always)
    package func write(_ value: Double, at out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        if _slowPath(!value.isFinite) { return NonFiniteOutput.record(value, at: out) }
        switch self {
        case .shortest: return NumberFormat.writeShortest(value, at: out)
        case .fixed(let p): return NumberFormat.writeFixed(value, decimals: p, trim: false, at: out)
        case .compact(let p): return NumberFormat.writeFixed(value, decimals: p, trim: true, at: out)
        }
    }

    package func append(_ value: Double, to out: ByteBuffer) {
        let p = out.reserve(maxLength)
        out.advance(to: write(value, at: p))
    }

    package func append(_ value: Double, to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxLength) { buffer in
            let start = buffer.baseAddress!
            let end = write(value, at: start)
            out.append(contentsOf: UnsafeBufferPointer(start: start, count: end - start))
        }
    }

    /// The number as a String (for the writers that build text before it reaches a sink).
    package func string(_ value: Double) -> String {
        var out: [UInt8] = []
        append(value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: digits

    /// "00", "01", ... "99": two digits per division by 100 halves the divisions of the
    /// digit-at-a-time loop. A StaticString, so reading it needs no lazy global.
    private static let digitPairs: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// `n` as exactly `width` digits (left-padded with zeros; `n` < 10^width) at `out`.
    @inline(__always)
    package static func writeDigits(_ n: UInt64, width: Int, at out: UnsafeMutablePointer<UInt8>) {
        let pairs = digitPairs.utf8Start
        var wide = n
        var i = width
        if i > 8 && i <= 17 {
            // The last 8 digits at once, as four independent pairs (a shortest number has 16 or
            // 17 digits, and one pair after another made each division wait for the last: about
            // 60 instructions a number more, a sixth of its cost).
            let (high, low) = wide.quotientAndRemainder(dividingBy: 100_000_000)
            let low32 = UInt32(truncatingIfNeeded: low)
            let (a, b) = low32.quotientAndRemainder(dividingBy: 10_000)
            let (a1, a2) = a.quotientAndRemainder(dividingBy: 100)
            let (b1, b2) = b.quotientAndRemainder(dividingBy: 100)
            let end = out + i - 8
            end[0] = pairs[2 * Int(a1)]
            end[1] = pairs[2 * Int(a1) + 1]
            end[2] = pairs[2 * Int(a2)]
            end[3] = pairs[2 * Int(a2) + 1]
            end[4] = pairs[2 * Int(b1)]
            end[5] = pairs[2 * Int(b1) + 1]
            end[6] = pairs[2 * Int(b2)]
            end[7] = pairs[2 * Int(b2) + 1]
            wide = high  // under 10^9: the 32-bit loop below
            i -= 8
        }
        while wide > UInt64(UInt32.max) {  // then i >= 10
            let r = Int(wide % 100)
            wide /= 100
            i -= 2
            out[i] = pairs[2 * r]
            out[i + 1] = pairs[2 * r + 1]
        }
        // The rest in 32 bits: dividing by a constant is a shorter multiply there, and the
        // numbers of a frame (a few integer digits, --precision 6) rarely need 64.
        var n = UInt32(truncatingIfNeeded: wide)
        while i >= 2 {
            let r = Int(n % 100)
            n /= 100
            i -= 2
            out[i] = pairs[2 * r]
            out[i + 1] = pairs[2 * r + 1]
        }
        if i == 1 { out[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: n) }
    }

    /// `n` in decimal at `out`; returns the end.
    @inline(__always)
    package static func writeDecimal(_ n: UInt64, at out: UnsafeMutablePointer<UInt8>)
        -> UnsafeMutablePointer<UInt8>
    {
        var width = 1
        var bound: UInt64 = 10
        while width < 20 && n >= bound {
            width += 1
            bound = bound &* 10
        }
        writeDigits(n, width: width, at: out)
        return out + width
    }
}
