import Foundation
import XCTest

extension XCTestCase {
    /// A new, empty folder under the system's temporary directory (`PREFIX-` and 12 hex
    /// digits of a UUID), removed when the test ends (also when it is made in
    /// `setUpWithError`). The name is short because messages are compared whole and Lua cuts
    /// chunk names past 60 bytes (LUA_IDSIZE), and scripts/test's TMPDIR is a folder in /tmp.
    func temporaryFolder(_ prefix: String = "ib-test") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "\(prefix)-\(UUID().uuidString.suffix(12))")
        // Not there yet: a clash of 48 random bits fails loudly rather than sharing a folder.
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}

/// A test class whose tests each write their files into one folder (`folder`, made in
/// `setUpWithError` with `temporaryFolder`).
protocol FolderTest: XCTestCase {
    var folder: URL! { get }
}

extension FolderTest {
    /// Writes `text` to `name` inside the folder (making its subfolders); returns the path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// The path of `name` inside the folder.
    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
}
