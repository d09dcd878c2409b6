import InbetweenEngine
import InbetweenLua
import XCTest

/// The strict JSON reader behind batch manifests (ScriptParameter+JSON): RFC 8259's grammar
/// (https://www.rfc-editor.org/rfc/rfc8259), plus the refusals JSONDecoder does not make.
/// Columns count bytes from 1.
final class ScriptParameterJSONTests: XCTestCase {
    func testValues() throws {
        let cases: [(String, ScriptParameter)] = [
            (
                #"{"a": [1, -2.5, true, false, null, "x"]}"#,
                .object([
                    "a": .array([.number(1), .number(-2.5), .bool(true), .bool(false), .null, .string("x")])
                ])
            ),
            ("  \t[ ]\r\n", .array([])),
            ("{}", .object([:])),
            // §7: escapes; U+1F600 as a surrogate pair (D83D DE00); an escaped NUL is a character.
            (#""\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00\u0000""#, .string("\"\\/\u{8}\u{C}\n\r\té😀\u{0}")),
            ("\"é\"", .string("é")),
            // ±2^53 are the largest integers every neighbour of which is exact.
            ("9007199254740992", .number(0x1p53)),
            ("-9007199254740992", .number(-0x1p53)),
            ("-0", .number(-0.0)),
            ("1.5e3", .number(1500)),
            ("1E-2", .number(0.01)),
            // A fraction or exponent says "approximate": such numbers are read as doubles.
            ("9007199254740993.0", .number(0x1p53)),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(try ScriptParameter(json: Array(text.utf8)), expected, text)
        }
    }

    func testRefusals() {
        let deep = String(repeating: "[", count: 101) + String(repeating: "]", count: 101)
        let cases: [([UInt8], String)] = [
            (Array(#"{"a": 1, "a": 2}"#.utf8), #"duplicate key "a" at column 10"#),
            // U+00E9 and e + U+0301 are canonically equivalent: one Swift string, one key.
            (Array("{\"\u{E9}\": 1, \"e\u{301}\": 2}".utf8), "duplicate key \"\u{E9}\" at column 11"),
            (
                Array("9007199254740993".utf8),
                "integer 9007199254740993 is beyond 2^53 (9007199254740992) and would not be exact; write it as a string at column 1"
            ),
            (
                Array("[-9007199254740993]".utf8),
                "integer -9007199254740993 is beyond 2^53 (9007199254740992) and would not be exact; write it as a string at column 2"
            ),
            (Array("1e400".utf8), "number 1e400 is out of range at column 1"),
            (Array("012".utf8), "a number cannot start with 0 at column 1"),
            (Array("1.".utf8), "expected a digit after '.' at column 3"),
            (Array("[1, 2,]".utf8), "expected a value, found ']' at column 7"),
            (Array("{\"a\" 1}".utf8), "expected ':' after a key at column 6"),
            (Array("{\"a\": 1".utf8), "unexpected end of the line (an object is not closed) at column 8"),
            (Array("[1] x".utf8), "unexpected text after the value at column 5"),
            (Array("".utf8), "unexpected end of the line at column 1"),
            (Array("tru".utf8), "expected a value at column 1"),
            (Array("\"a\u{1}\"".utf8), "a control character in a string must be escaped at column 3"),
            (Array(#""\ud800""#.utf8), #"a \u escape of a lone surrogate at column 2"#),
            (Array(#""\udc00x""#.utf8), #"a \u escape of a lone surrogate at column 2"#),
            (Array(#""\q""#.utf8), #"unknown escape '\q' at column 2"#),
            ([0x22, 0xFF, 0x22], "a string that is not valid UTF-8 at column 1"),
            (Array(deep.utf8), "nested deeper than 100 levels at column 101"),
        ]
        for (bytes, expected) in cases {
            do {
                _ = try ScriptParameter(json: bytes)
                XCTFail("accepted: \(String(decoding: bytes, as: UTF8.self))")
            } catch {
                XCTAssertEqual(error.description, expected, String(decoding: bytes, as: UTF8.self))
            }
        }
        // One level less is fine.
        let fits = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        XCTAssertNoThrow(try ScriptParameter(json: Array(fits.utf8)))
    }
}
