import XCTest

@testable import InbetweenEngine

final class ColorParseTests: XCTestCase {
    func testHexAndNamedColors() throws {
        let cases: [(String, Color)] = [
            ("#f00", Color(red: 1, green: 0, blue: 0)),  // f → ff = 1
            ("#0a0", Color(red: 0, green: 170.0 / 255, blue: 0)),  // a → aa = 170
            ("#336699", Color(red: 0.2, green: 0.4, blue: 0.6)),  // 0x33 = 51 = 0.2·255
            ("#33669980", Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 128.0 / 255)),
            ("  #FFFFFF ", Color(red: 1, green: 1, blue: 1)),
            // UIKit's documented components.
            ("red", Color(red: 1, green: 0, blue: 0)),
            ("green", Color(red: 0, green: 1, blue: 0)),
            ("blue", Color(red: 0, green: 0, blue: 1)),
            ("black", Color(red: 0, green: 0, blue: 0)),
            ("white", Color(red: 1, green: 1, blue: 1)),
            ("gray", Color(red: 0.5, green: 0.5, blue: 0.5)),
            ("clear", Color(red: 0, green: 0, blue: 0, alpha: 0)),
            ("yellow", Color(red: 1, green: 1, blue: 0)),
            ("cyan", Color(red: 0, green: 1, blue: 1)),
            ("magenta", Color(red: 1, green: 0, blue: 1)),
            ("orange", Color(red: 1, green: 0.5, blue: 0)),
            ("purple", Color(red: 0.5, green: 0, blue: 0.5)),
            ("brown", Color(red: 0.6, green: 0.4, blue: 0.2)),
            ("darkGray", Color(red: 1.0 / 3, green: 1.0 / 3, blue: 1.0 / 3)),
            ("lightGray", Color(red: 2.0 / 3, green: 2.0 / 3, blue: 2.0 / 3)),
            ("DarkGray", Color(red: 1.0 / 3, green: 1.0 / 3, blue: 1.0 / 3)),  // case ignored
            ("redColor", Color(red: 1, green: 0, blue: 0)),  // ObjC spelling
        ]
        for (text, expected) in cases {
            // 1e-15: one division by 255.
            assertValue(.color(try Color.parse(text)), .color(expected), tolerance: 1e-15, text)
        }
    }

    func testMalformedColorsNameTheText() {
        for text in ["#12345", "#gg0000", "", "#", "blurple", "rgb(1,0,0)", "#1234567"] {
            do {
                _ = try Color.parse(text)
                XCTFail("\(text) parsed")
            } catch let e as EngineError {
                XCTAssertEqual(e.parameter, "color")
                XCTAssertEqual(e.value, text)
                XCTAssertFalse(e.rule.isEmpty)
            } catch { XCTFail("\(error)") }
        }
    }
}
