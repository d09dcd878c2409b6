import Foundation
import Inbetween
import XCTest

/// The files `inbetween render` writes, written by an app through the library: a run drawn
/// and written by its name.
final class RenderFileTests: XCTestCase {
    static var ball: URL { InbetweenHostTests.root.appendingPathComponent("examples/05-bouncing-ball.lua") }

    /// The PNG of the first frame: the signature, and an IHDR as wide and high as the
    /// renderer's picture (PNG §11.2.2: width and height, four bytes each, big-endian, at 16).
    func testAnAppWritesTheSameFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ib-renderfile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let host = try InbetweenHost()
        let size = try host.run(script: Self.ball).renderer()
        let png = folder.appendingPathComponent("ball.png").path
        XCTAssertEqual(try host.run(script: Self.ball).render(to: png), [])
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: png)))
        XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func u32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        XCTAssertEqual([u32(16), u32(20)], [size.width, size.height])
        // A run already pulled is refused, by name.
        let run = try host.run(script: Self.ball)
        _ = try run.next()
        XCTAssertThrowsError(try run.render(to: png)) {
            XCTAssertEqual(
                String(describing: $0),
                "this run's frames were already pulled or exported: start a new run to draw it")
        }
        XCTAssertThrowsError(
            try host.run(script: Self.ball).render(to: folder.appendingPathComponent("x.avi").path))
    }
}
