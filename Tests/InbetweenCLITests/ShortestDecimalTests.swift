import Foundation
import XCTest

@testable import Inbetween
@testable import InbetweenCLI
@testable import InbetweenEngine  // SplitMix64

/// `shortest` numbers come from `ShortestDecimal` (Schubfach) for normal Doubles; they must be
/// byte for byte what Swift's own shortest digits (`Double.write(to:)`, tidied) give, which
/// the output wrote before and the golden files hold.
final class ShortestDecimalTests: XCTestCase {
    private func both(_ value: Double) -> (String, String) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer in
            let start = buffer.baseAddress!
            let ours = String(
                decoding: UnsafeBufferPointer(
                    start: start, count: NumberFormat.writeShortestDigits(value, at: start) - start),
                as: UTF8.self)
            let library = String(
                decoding: UnsafeBufferPointer(
                    start: start, count: NumberFormat.writeShortestFromLibrary(value, at: start) - start),
                as: UTF8.self)
            return (ours, library)
        }
    }

    /// The layouts, each at its edges: positional from 0.0001 up to 2^53 (Swift's rule: 2^53
    /// itself is positional, the next Double is not), exponential outside; integers without a
    /// point; exponents bare.
    func testLayouts() {
        let cases: [(Double, String)] = [
            (0.1, "0.1"), (1, "1"), (-2.5, "-2.5"), (15.25, "15.25"), (1_500_000, "1500000"),
            (0.0001, "0.0001"), (0.00015, "0.00015"), (1e-5, "1e-5"),
            (0.0001.nextDown, "9.999999999999999e-5"),
            (9_007_199_254_740_992, "9007199254740992"), (9_007_199_254_740_994, "9.007199254740994e15"),
            (1e16, "1e16"), (1.5e16, "1.5e16"), (1_234_567_890_123_456.8, "1234567890123456.8"),
            (1.7976931348623157e308, "1.7976931348623157e308"),
            (2.2250738585072014e-308, "2.2250738585072014e-308"),
        ]
        for (value, text) in cases {
            XCTAssertEqual(both(value).0, text, "\(value)")
            XCTAssertEqual(both(value).1, text, "\(value) (the standard library)")
            XCTAssertEqual(NumberFormat.shortest.string(value), text, "\(value) (through write)")
        }
        // Subnormals take the standard library's path.
        XCTAssertEqual(NumberFormat.shortest.string(.leastNonzeroMagnitude), "5e-324")
        XCTAssertEqual(NumberFormat.shortest.string(-0.0), "0")
    }

    /// Random bit patterns (a fixed seed), every power of two (where the Double below is half
    /// as far as the one above), and the values a scene writes: frame times k/60 and
    /// a + (b - a) * u as the tiny batch jobs make them.
    func testSameDigitsAsTheStandardLibrary() {
        var generator = SplitMix64(seed: 2026)
        var values: [Double] = []
        while values.count < 150_000 {
            let value = Double(bitPattern: generator.next())
            if value.isNormal { values.append(value) }
        }
        for exponent in -1022...1023 {
            values.append(Double(sign: .plus, exponent: exponent, significand: 1))
        }
        for k in 1...20_000 { values.append(Double(k) / 60) }
        for _ in 0..<50_000 {
            let a = Double(generator.next() % 7)
            let b = Double(100 + generator.next() % 13)
            values.append(a + (b - a) * (Double(generator.next() >> 11) / 9_007_199_254_740_992))
        }
        var mismatches = 0
        for value in values where value != 0 {
            let (ours, library) = both(value)
            if ours != library {
                mismatches += 1
                if mismatches <= 5 {
                    XCTFail("\(value.bitPattern): \(ours), the standard library \(library)")
                }
            }
        }
        XCTAssertEqual(mismatches, 0, "of \(values.count)")
    }
}
