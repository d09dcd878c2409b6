import XCTest

@testable import Inbetween
@testable import InbetweenCLI

/// Number formatting for data output: shortest round-trip and fixed decimals with rounding half
/// away from zero from the exact binary value.
final class NumberFormatTests: XCTestCase {
    func testShortestRoundTrip() {
        // Expected strings: Swift's shortest round-trip `description`, tidied (no ".0", no "+"
        // or leading zeros in exponents, no "-0"). Each must also read back as the same Double.
        let cases: [(Double, String)] = [
            (0, "0"), (-0.0, "0"), (1, "1"), (-1, "-1"), (100, "100"),
            (0.1, "0.1"), (1.0 / 3, "0.3333333333333333"), (2.0 / 3, "0.6666666666666666"),
            (1e-7, "1e-7"), (2.5e-8, "2.5e-8"), (123456.5, "123456.5"),
            (1e16, "1e16"), (1e15, "1000000000000000"), (-1.5e-300, "-1.5e-300"),
            (Double.leastNonzeroMagnitude, "5e-324"), (1.7976931348623157e308, "1.7976931348623157e308"),
            (0.016666666666666666, "0.016666666666666666"),
        ]
        for (value, expected) in cases {
            let text = NumberFormat.shortest.string(value)
            XCTAssertEqual(text, expected, "\(value)")
            XCTAssertEqual(Double(text), value == 0 ? 0 : value, "round trip of \(text)")
            // JSON number grammar (RFC 8259 §6): -? int frac? exp?
            XCTAssertNotNil(
                text.range(
                    of: #"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$"#, options: .regularExpression),
                text)
        }
    }

    func testFixedDecimals() {
        // Expected strings are the exact binary value rounded half away from zero:
        // 0.125 and 2.5 are exact in binary, so they are true ties and round up in magnitude;
        // 1.005 is 1.00499999999999989... in binary, so it rounds down; 0.1 + 0.2 is
        // 0.3000000000000000444..., 1/3 is 0.333333333333333314829616256247...
        let cases: [(Double, Int, String)] = [
            (0.1, 6, "0.100000"), (1.0 / 3, 6, "0.333333"), (2.0 / 3, 6, "0.666667"),
            (1e-7, 6, "0.000000"), (-1e-7, 6, "0.000000"), (-0.0, 6, "0.000000"),
            // 5e-7 is 4.9999999999999998e-7 in binary: just below the tie.
            (2.5e-8, 6, "0.000000"), (5e-7, 6, "0.000000"),
            (123456.5, 0, "123457"), (-123456.5, 0, "-123457"), (2.5, 0, "3"), (-2.5, 0, "-3"),
            (0.125, 2, "0.13"), (-0.125, 2, "-0.13"), (1.005, 2, "1.00"),
            (0.1 + 0.2, 17, "0.30000000000000004"),
            (1.0 / 3, 17, "0.33333333333333331"), (0.9999996, 6, "1.000000"), (-0.9999996, 6, "-1.000000"),
            (42, 3, "42.000"), (1e20, 2, "100000000000000000000.00"),
            (18_446_744_073_709_549_568, 1, "18446744073709549568.0"),
            (0.5, 0, "1"), (0.49999999999999994, 0, "0"),
            (Double.leastNonzeroMagnitude, 17, "0.00000000000000000"),
        ]
        for (value, p, expected) in cases {
            XCTAssertEqual(NumberFormat.fixed(p).string(value), expected, "\(value) at precision \(p)")
        }
    }

    func testCompactDropsTrailingZeros() {
        let cases: [(Double, Int, String)] = [
            (0.25, 4, "0.25"), (1, 3, "1"), (12.5, 2, "12.5"), (0.00049, 3, "0"), (-0.0004, 3, "0"),
            (0.0005, 3, "0.001"),  // 0.0005 is 5.0000000000000001e-4 in binary: above the tie
        ]
        for (value, p, expected) in cases {
            XCTAssertEqual(NumberFormat.compact(p).string(value), expected, "\(value) at \(p)")
        }
    }
}
