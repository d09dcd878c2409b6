import Foundation

/// An infinite or NaN number on its way into an output: `NumberFormat` writes a marker in its
/// place, and the sink (ByteSink) finds it in its buffer before it writes a byte.
///
/// Why a marker at the formatter, not a check in every writer: a non-finite number is made by
/// the writers' own arithmetic on finite inputs (a duration over a denormal speed, a value of
/// 1e307 times 100 for Lottie's percent, a chart's range from -1e308 to 1e308), in many places
/// that cannot know in advance which input will overflow, and the writers build text in
/// strings as well as straight into the buffer. The formatter sees every number; the marker
/// travels with the text into the sink, whose buffer then names what came before it
/// (`animation-duration: `). Nothing is shared between outputs, so two exports in one process
/// (the library's callers) cannot see each other's. The bytes already flushed are those before
/// the number; a staged file is removed and the target stays as it was.
package enum NonFiniteOutput {
    /// Around the marker's text: a control byte, which writers escape (JSON, CSS and Swift
    /// strings) or which a name would have to hold together with `inf` or `nan` and a second
    /// one to be mistaken for it.
    static let markerByte = UInt8(0x01)

    /// Writes the marker for `value` at `out` (room for 6 bytes); returns the end.
    static func record(_ value: Double, at out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        let text: StaticString = value.isNaN ? "nan" : value < 0 ? "-inf" : "inf"
        out[0] = markerByte
        var end = out + 1
        for i in 0..<text.utf8CodeUnitCount {
            end.pointee = text.utf8Start[i]
            end += 1
        }
        end.pointee = markerByte
        return end + 1
    }

    /// The error for the output named `name` whose unwritten bytes are `pending`, or nil when
    /// they hold no marker.
    static func error(writing name: String, pending bytes: UnsafeRawBufferPointer) -> CommandError? {
        guard bytes.count >= 5, let base = bytes.baseAddress else { return nil }
        var from = 0
        while from < bytes.count,
            let hit = memchr(base + from, Int32(markerByte), bytes.count - from)
        {
            let at = UnsafeRawPointer(hit) - base
            for (word, what) in [("nan", "NaN (not a number)"), ("inf", "infinite"), ("-inf", "infinite")] {
                let end = at + 1 + word.utf8.count
                guard end < bytes.count, bytes[end] == markerByte,
                    bytes[(at + 1)..<end].elementsEqual(word.utf8)
                else { continue }
                let place = context(bytes, before: at).map { " after '\($0)'" } ?? ""
                return CommandError(
                    "cannot write \(name): a number in it would be \(what)\(place); "
                        + "a finite value overflowed on the way out (doubles end near 1.8e308): "
                        + "use smaller values, durations or speeds")
            }
            from = at + 1
        }
        return nil
    }

    /// Up to 60 printable bytes before `marker`, from the start of its line.
    private static func context(_ bytes: UnsafeRawBufferPointer, before marker: Int) -> String? {
        var start = marker
        while start > 0 && marker - start < 60 && bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        let text = String(decoding: bytes[start..<marker], as: UTF8.self)
        let printable = text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7f }
        let line = String(String.UnicodeScalarView(printable)).trimmingCharacters(in: .whitespaces)
        return line.isEmpty ? nil : line
    }
}
