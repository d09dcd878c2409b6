import XCTest

/// The Lua-side suite (Tests/lua/*.lua, plain asserts) run through the built CLI.
final class LuaSuiteTests: XCTestCase {
    func testLuaSuitePasses() throws {
        let r = try CLIProcess.run(["run", "--no-user-plugins", "--format", "csv", "Tests/lua/all.lua"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("lua: "), r.stderr)
        XCTAssertFalse(r.stderr.contains(" 0 tests"), r.stderr)
    }
}
