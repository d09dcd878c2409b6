import XCTest

@testable import InbetweenEngine

/// Asserts that two values are of the same kind and every component is within `tolerance`.
func assertValue(
    _ actual: Value?, _ expected: Value, tolerance: Double, _ message: String = "",
    file: StaticString = #filePath, line: UInt = #line
) {
    guard let actual else {
        XCTFail("nil instead of \(expected) \(message)", file: file, line: line)
        return
    }
    XCTAssertTrue(
        actual.hasSameShape(as: expected),
        "\(actual.kindName) vs \(expected.kindName) \(message)", file: file, line: line)
    let a = actual.components
    let e = expected.components
    guard a.count == e.count else { return }
    for i in a.indices where !(abs(a[i] - e[i]) <= tolerance) {
        XCTFail(
            "component \(i): \(a[i]) vs \(e[i]) (tolerance \(tolerance)) \(message)",
            file: file, line: line)
    }
}

/// Asserts that `body` throws an EngineError naming `parameter`.
func assertEngineError(
    _ parameter: String, file: StaticString = #filePath, line: UInt = #line,
    _ body: () throws -> Void
) {
    do {
        try body()
        XCTFail("expected an error naming '\(parameter)'", file: file, line: line)
    } catch let error as EngineError {
        XCTAssertEqual(error.parameter, parameter, "\(error)", file: file, line: line)
    } catch {
        XCTFail("unexpected error \(error)", file: file, line: line)
    }
}

func pathOf(_ build: (inout Path) throws -> Void) rethrows -> Path {
    var p = Path()
    try build(&p)
    return p
}
