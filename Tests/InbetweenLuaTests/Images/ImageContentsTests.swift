import Foundation
import InbetweenEngine
import XCTest

@testable import InbetweenLua

/// `image(path)`: PNG and JPEG decoded, every refusal a clear error at the script's line, the
/// sandbox, the limits, and one decode per file however many layers show it.
final class ImageContentsTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("ib-images-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: folder + "/scene", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func write(_ bytes: [UInt8], _ name: String) {
        _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: Data(bytes))
    }

    /// Runs `source` as `scene/script.lua`; returns the runtime.
    @discardableResult
    private func run(_ source: String, memoryLimit: Int = 0) throws -> Runtime {
        let script = folder + "/scene/script.lua"
        try source.write(toFile: script, atomically: true, encoding: .utf8)
        let runtime = try Runtime(memoryLimit: memoryLimit)
        try runtime.runJob(file: script)
        return runtime
    }

    func testPNGDecodesToPremultipliedPixels() throws {
        // Opaque red, opaque green, half-transparent blue (alpha 128), transparent.
        write(
            TestImages.png(
                width: 2, height: 2, rgba: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 128, 9, 9, 9, 0]),
            "scene/four.png")
        let runtime = try run(#"layer{name = "l", contents = image("four.png")}"#)
        let image = try XCTUnwrap(runtime.state.scene["l"]?.contents.image)
        XCTAssertEqual([image.width, image.height], [2, 2])
        // Cairo's ARGB32 is premultiplied: blue 255 at alpha 128 is stored as 128
        // (255 · 128 / 255), exactly.
        XCTAssertEqual(image.pixels, [0xFFFF_0000, 0xFF00_FF00, 0x8000_0080, 0x0000_0000])
    }

    func testJPEGDecodes() throws {
        write(TestImages.jpeg, "scene/two.jpg")
        let runtime = try run(#"layer{name = "l", contents = image("two.jpg")}"#)
        let image = try XCTUnwrap(runtime.state.scene["l"]?.contents.image)
        XCTAssertEqual([image.width, image.height], [16, 8])
        func rgb(_ x: Int, _ y: Int) -> [Int] {
            let p = image.pixels[y * 16 + x]
            XCTAssertEqual(p >> 24, 255, "opaque")
            return [Int(p >> 16 & 255), Int(p >> 8 & 255), Int(p & 255)]
        }
        // The colours the blocks were made with (TestImages.jpeg), within JPEG's rounding: 2 levels.
        for (x, y, want) in [
            (0, 0, [200, 40, 30]), (7, 7, [200, 40, 30]), (8, 0, [20, 60, 220]), (15, 7, [20, 60, 220]),
        ] {
            for (got, expected) in zip(rgb(x, y), want) {
                XCTAssertEqual(got, expected, accuracy: 2, "(\(x), \(y))")
            }
        }
    }

    /// Each bad image: the error names the script and line 2 (where image() is called) and
    /// states the rule; nothing is decoded.
    func testRefusals() throws {
        let big = 100_000
        write(TestImages.png(width: 1, height: 1, rgba: [1, 2, 3, 4]), "outside.png")
        write(TestImages.png(width: 1, height: 1, rgba: [1, 2, 3, 4]).dropLast(20), "scene/cut.png")
        write(Array("hello, I am text\n".utf8), "scene/photo.jpg")
        write([0xFF, 0xD8, 0xFF] + Array("but then text".utf8), "scene/fake.jpg")
        write(Array(TestImages.jpeg.prefix(400)), "scene/half.jpg")
        write(TestImages.header(width: big, height: big), "scene/huge.png")
        write(TestImages.header(width: 20_000, height: 10), "scene/wide.png")
        write(TestImages.bomb(width: 9_000, height: 9_000), "scene/bomb.png")
        write(TestImages.bomb(width: 4_200, height: 4_200), "scene/memory.png")
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/scene/link.png", withDestinationPath: folder + "/outside.png")
        let cases: [(file: String, memoryLimit: Int, rule: String)] = [
            (
                "nothere.png", 0,
                "image 'nothere.png' was not found in the script's folder or the plugin folders"
            ),
            ("cut.png", 0, "image 'cut.png' is not a valid PNG (it ends early)"),
            (
                "photo.jpg", 0,
                "image 'photo.jpg' is neither a PNG nor a JPEG file (it starts with 68 65 6C 6C)"
            ),
            ("fake.jpg", 0, "image 'fake.jpg' is not a valid JPEG ("),
            ("half.jpg", 0, "image 'half.jpg' is not a valid JPEG ("),
            (
                "huge.png", 0,
                "image 'huge.png' is 100000 x 100000 pixels by its PNG header; images may be at most 16384 pixels a side"
            ),
            (
                "wide.png", 0,
                "image 'wide.png' is 20000 x 10 pixels by its PNG header; images may be at most 16384 pixels a side"
            ),
            (
                "bomb.png", 0,
                "image 'bomb.png' is 9000 x 9000 pixels by its PNG header, 81000000 pixels; images may hold at most 67108864"
            ),
            // 4,200² · 4 bytes = 70,560,000 bytes decoded, over a 64 MiB limit (67,108,864).
            (
                "memory.png", 64 << 20,
                "image 'memory.png' is 4200 x 4200 pixels by its PNG header, 70560000 bytes decoded, which with the run's other images (0 bytes) exceeds the memory limit (67108864 bytes, --max-memory)"
            ),
            (
                "../outside.png", 0,
                "image '../outside.png' (\(folder)/scene/../outside.png) lies outside the script's folder"
            ),
            ("link.png", 0, "image 'link.png' (\(folder)/scene/link.png) lies outside the script's folder"),
            (
                "\(folder)/outside.png", 0,
                "image '\(folder)/outside.png' (\(folder)/outside.png) lies outside the script's folder"
            ),
        ]
        for c in cases {
            XCTAssertThrowsError(
                try run("local x = 1\nlayer{contents = image(\"\(c.file)\")}", memoryLimit: c.memoryLimit),
                c.file
            ) { error in
                let e = error as? LuaError
                XCTAssertEqual(e?.chunk, folder + "/scene/script.lua", c.file)
                XCTAssertEqual(e?.line, 2, c.file)
                XCTAssertTrue(e?.message.hasPrefix(c.rule) == true, "\(c.file): \(e?.message ?? "\(error)")")
            }
        }
        // The control: the same call on a good image passes.
        write(TestImages.png(width: 1, height: 1, rgba: [1, 2, 3, 255]), "scene/good.png")
        XCTAssertNoThrow(try run("local x = 1\nlayer{contents = image(\"good.png\")}"))
    }

    /// A thousand layers showing one file share one decode.
    func testOneDecodePerFile() throws {
        write(
            TestImages.png(width: 30, height: 20, rgba: [UInt8](repeating: 200, count: 30 * 20 * 4)),
            "scene/ball.png")
        let runtime = try run(
            """
            for i = 1, 1000 do layer{name = "l" .. i, contents = image("ball.png")} end
            local l = layer{name = "late"}
            l.contents = image("ball.png")
            """)
        let first = try XCTUnwrap(runtime.state.scene["l1"]?.contents.image)
        for name in (1...1000).map({ "l\($0)" }) + ["late"] {
            XCTAssertTrue(runtime.state.scene[name]?.contents.image === first, name)
        }
        XCTAssertEqual(runtime.images.decodedBytes, 30 * 20 * 4)
    }

    func testPlacementProperties() throws {
        write(TestImages.png(width: 1, height: 1, rgba: [1, 2, 3, 255]), "scene/dot.png")
        let runtime = try run(
            """
            local l = layer{name = "l", contentsGravity = "topLeft", magnificationFilter = "nearest"}
            assert(l.contentsGravity == "topLeft" and l.magnificationFilter == "nearest")
            assert(l.minificationFilter == "linear" and l.contents == nil)
            local d = layer{name = "d"}
            assert(d.contentsGravity == "resize")
            d.contents = image("dot.png")
            assert(d.contents.width == 1 and tostring(d.contents):find("dot.png"))
            d.contentsGravity = "resizeAspectFill"
            d.contentsRect = rect(0, 0, 0.5, 1)
            """)
        XCTAssertEqual(runtime.state.scene["l"]?.contents.gravity, .topLeft)
        XCTAssertEqual(runtime.state.scene["d"]?.contents.gravity, .resizeAspectFill)
        let bad: [(String, String)] = [
            (
                #"layer{contentsGravity = "middle"}"#,
                "field 'contentsGravity' 'middle' is not a gravity (center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight, resize, resizeAspect, resizeAspectFill)"
            ),
            (
                #"layer{}.magnificationFilter = "cubic""#,
                "layer 'layer#1' property 'magnificationFilter' 'cubic' is not a filter (linear, nearest, trilinear)"
            ),
            (
                #"layer{}.contents = 3"#,
                "layer 'layer#1' property 'contents' must be an image (made by image(path)) or nil, got number"
            ),
        ]
        for (source, message) in bad {
            XCTAssertThrowsError(try run(source)) { error in
                XCTAssertTrue((error as? LuaError)?.message.contains(message) == true, "\(error)")
            }
        }
    }
}
