import Foundation

/// `shortest`: Swift's shortest round-trip digits, tidied in place.
///
/// The digits come from `Double.write(to:)`, whose standard-library implementation formats
/// into a stack buffer and hands the ASCII bytes to the stream's `_writeASCII`: no String is
/// made per number (`description` made one, and that was most of the ~800 ns a number cost).
extension NumberFormat {
    @inline(__always)
    static func writeShortest(_ value: Double, at out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<
        UInt8
    > {
        if value == 0 {  // also -0.0
            out.pointee = UInt8(ascii: "0")
            return out + 1
        }
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
