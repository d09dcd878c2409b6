import Inbetween
import XCTest

/// `OutputFormat`: the one factory of formats, from a name.
final class OutputFormatTests: XCTestCase {
    func testEveryNameMakesItsFormat() throws {
        XCTAssertEqual(OutputFormat.names, ["json", "jsonl", "csv", "css", "swift", "lottie", "preview"])
        for name in OutputFormat.names {
            let format = try OutputFormat(name: name, precision: 3, bake: true)
            XCTAssertEqual(format.name, name)
            XCTAssertEqual(format.precision, 3)
            XCTAssertTrue(format.bake)
        }
        // A Lottie file is JSON.
        XCTAssertEqual(OutputFormat(.lottie).fileExtension, "json")
        XCTAssertEqual(OutputFormat(.css).fileExtension, "css")
        XCTAssertEqual(OutputFormat(.jsonl).fileExtension, "jsonl")
        XCTAssertEqual(OutputFormat(.preview).fileExtension, "html")
    }

    /// An unknown name is an error naming it and the valid ones (it used to write JSON).
    func testUnknownNameIsRefused() {
        for name in ["yaml", "JSON", "", "json "] {
            XCTAssertThrowsError(try OutputFormat(name: name)) { error in
                XCTAssertEqual(error as? OutputFormat.UnknownName, OutputFormat.UnknownName(name: name))
                XCTAssertEqual(
                    "\(error)", "unknown format '\(name)' (json, jsonl, csv, css, swift, lottie, preview)")
            }
        }
    }
}
