import Foundation

/// `shortest`: Swift's shortest round-trip digits, tidied.
///
/// Normal numbers take `ShortestDecimal` (Schubfach) and are laid out here; subnormals take
/// `Double.write(to:)`, whose standard-library implementation formats into a stack buffer and
/// hands the ASCII bytes to the stream's `_writeASCII` (no String per number: `description`
/// made one, and that was most of the ~800 ns a number cost), then `tidy`.
extension NumberFormat {
    @inline(__always)
    package static func writeShortest(_ value: Double, at out: UnsafeMutablePointer<UInt8>)
        -> UnsafeMutablePointer<
            UInt8
        >
    {
        if value == 0 {  // also -0.0
            out.pointee = UInt8(ascii: "0")
            return out + 1
        }
        guard value.isNormal else { return writeShortestFromLibrary(value, at: out) }
        return writeShortestDigits(value, at: out)
    }

    /// The digits of `ShortestDecimal`, laid out as `description` lays them out, tidied:
    /// positional from 0.0001 up to 2^53 (`0.00015`, `1500000`, `9007199254740992`),
    /// exponential outside (`1.5e-5`, `9.007199254740994e15`), as `writeShortestFromLibrary`
    /// writes them (checked against it in `ShortestDecimalTests`).
    package static func writeShortestDigits(_ value: Double, at out: UnsafeMutablePointer<UInt8>)
        -> UnsafeMutablePointer<
            UInt8
        >
    {
        var p = out
        if value < 0 {
            p.pointee = UInt8(ascii: "-")
            p += 1
        }
        let (f, e) = ShortestDecimal.digits(of: abs(value))
        let n = ShortestDecimal.digitCount(f)
        let x = e + n - 1  // the leading digit's power of ten
        if x >= -4 && abs(value) <= 9_007_199_254_740_992 {
            if e >= 0 {  // an integer: the digits, then e zeros
                writeDigits(f, width: n, at: p)
                p += n
                for _ in 0..<e {
                    p.pointee = UInt8(ascii: "0")
                    p += 1
                }
                return p
            }
            if x >= 0 {  // the digits with the point after the (x + 1)th
                writeDigits(f, width: n, at: p + 1)
                for j in 0...x { p[j] = p[j + 1] }  // overlapping: forwards, one byte at a time
                p[x + 1] = UInt8(ascii: ".")
                return p + n + 1
            }
            p[0] = UInt8(ascii: "0")  // "0.", -x - 1 zeros, the digits
            p[1] = UInt8(ascii: ".")
            p += 2
            for _ in 0..<(-x - 1) {
                p.pointee = UInt8(ascii: "0")
                p += 1
            }
            writeDigits(f, width: n, at: p)
            return p + n
        }
        // d[.ddd]e[-]x: the first digit, a point when more follow, the exponent bare.
        writeDigits(f, width: n, at: p + 1)
        p[0] = p[1]
        if n > 1 {
            p[1] = UInt8(ascii: ".")
            p += n + 1
        } else {
            p += 1
        }
        p.pointee = UInt8(ascii: "e")
        p += 1
        if x < 0 {
            p.pointee = UInt8(ascii: "-")
            p += 1
        }
        let magnitude = UInt64(abs(x))
        let width = ShortestDecimal.digitCount(magnitude)
        writeDigits(magnitude, width: width, at: p)
        return p + width
    }

    /// Swift's shortest digits through `Double.write(to:)`, tidied, for a nonzero `value`
    /// (`writeShortest` writes zero): for subnormals, and the reference `writeShortestDigits`
    /// is checked against.
    package static func writeShortestFromLibrary(_ value: Double, at out: UnsafeMutablePointer<UInt8>)
        -> UnsafeMutablePointer<UInt8>
    {
        var stream = PointerStream(at: out)
        value.write(to: &stream)
        return tidy(out, count: stream.count)
    }

    /// "1.0" -> "1"; "1e-07" -> "1e-7"; "1e+16" -> "1e16" (exponent forms carry no ".0").
    private static func tidy(_ text: UnsafeMutablePointer<UInt8>, count: Int) -> UnsafeMutablePointer<UInt8> {
        // memchr, not a loop over the bytes: most numbers have no exponent, and looking at each
        // of their 17 or 18 characters cost about 100 instructions a number, memchr 40 (a tiny
        // batch job writes 60 numbers).
        guard let found = memchr(text, Int32(UInt8(ascii: "e")), count) else {
            let bare =
                count >= 2 && text[count - 2] == UInt8(ascii: ".") && text[count - 1] == UInt8(ascii: "0")
            return text + (bare ? count - 2 : count)
        }
        let e = found.assumingMemoryBound(to: UInt8.self) - text
        var write = e + 1
        var read = e + 1
        if text[read] == UInt8(ascii: "-") {
            write += 1
            read += 1
        } else if text[read] == UInt8(ascii: "+") {
            read += 1
        }
        while count - read > 1 && text[read] == UInt8(ascii: "0") { read += 1 }
        while read < count {
            text[write] = text[read]
            write += 1
            read += 1
        }
        return text + write
    }
}

/// A `TextOutputStream` that writes into memory the caller has reserved (at least 32 bytes:
/// the longest shortest form is 24).
private struct PointerStream: TextOutputStream {
    let start: UnsafeMutablePointer<UInt8>
    var count = 0

    init(at start: UnsafeMutablePointer<UInt8>) { self.start = start }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        (start + count).update(from: buffer.baseAddress!, count: buffer.count)
        count += buffer.count
    }

    /// Used only if the standard library stops calling `_writeASCII`.
    mutating func write(_ string: String) {
        for byte in string.utf8 {
            start[count] = byte
            count += 1
        }
    }
}
