import Foundation
import Inbetween
import XCTest

/// `ScriptRun.export`: the same bytes as `inbetween run --format`, which the CLI's golden files
/// hold (Tests/InbetweenCLITests/Golden/examples, recorded from the command line), through
/// every destination.
final class ExportTests: XCTestCase {
    static let root = InbetweenHostTests.root
    static let golden = root.appendingPathComponent("Tests/InbetweenCLITests/Golden/examples")

    /// A run of an example under the name the command line gave it (`examples/NAME.lua`),
    /// which the exports' headers carry.
    func run(_ host: InbetweenHost, _ example: String, fps: Double? = nil) throws -> ScriptRun {
        let text = try String(contentsOf: InbetweenHostTests.example(example), encoding: .utf8)
        return try host.run(source: text, name: "examples/\(example)", fps: fps)
    }

    func testEveryExampleExportsItsGoldenJSON() throws {
        let host = try InbetweenHost()
        let names = try FileManager.default.contentsOfDirectory(
            atPath: Self.root.appendingPathComponent("examples").path
        )
        .filter { $0.hasSuffix(".lua") }.sorted()
        XCTAssertEqual(names.count, 21)
        for name in names {
            let expected = try Data(
                contentsOf: Self.golden.appendingPathComponent(name.dropLast(4) + ".json"))
            XCTAssertEqual(try run(host, name).export(as: .json), expected, name)
        }
    }

    /// The golden files of `--format csv|css|swift --fps 20` (ExampleGoldenTests).
    func testTheOtherFormatsMatchTheirGoldenFiles() throws {
        let host = try InbetweenHost()
        for base in ["05-bouncing-ball", "12-photo-throw"] {
            for format in [OutputFormat.csv, .css, .swift] {
                let expected = try String(
                    contentsOf: Self.golden.appendingPathComponent("\(base).\(format.name)"), encoding: .utf8)
                XCTAssertEqual(
                    try run(host, base + ".lua", fps: 20).exportString(as: format), expected,
                    "\(base) \(format.name)")
            }
        }
    }

    /// The preview page is a format like the others: the page `inbetween preview` writes
    /// (PreviewCommandTests compares them byte for byte through the command line), titled
    /// after the script's file, with every layer's drawn properties.
    func testThePreviewPageIsAFormat() throws {
        let page = try run(InbetweenHost(), "05-bouncing-ball.lua", fps: 20).exportString(as: .preview)
        XCTAssertTrue(page.hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(page.contains("<title>05-bouncing-ball.lua — inbetween preview</title>"))
        XCTAssertTrue(
            page.contains("\n\"layers\":[{\"name\":\"ball\",\"props\":{\"bounds\":{\"c\":[0,0,64,64]}"))
        XCTAssertTrue(page.hasSuffix("\"});\n</script>\n</body>\n</html>\n"))
    }

    func testExportsToAFileHandleAndToAFile() throws {
        let host = try InbetweenHost()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ib-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let inMemory = try run(host, "05-bouncing-ball.lua").export(as: .css)

        let handled = folder.appendingPathComponent("handle.css")
        FileManager.default.createFile(atPath: handled.path, contents: nil)
        let handle = try FileHandle(forWritingTo: handled)
        try run(host, "05-bouncing-ball.lua").export(as: .css, to: handle)
        try handle.close()
        XCTAssertEqual(try Data(contentsOf: handled), inMemory)

        // To a file: the page beside NAME.css, as `-o NAME.css` writes it, and nothing else.
        let file = folder.appendingPathComponent("ball.css")
        try run(host, "05-bouncing-ball.lua").export(as: .css, to: file)
        XCTAssertEqual(try Data(contentsOf: file), inMemory)
        let page = try String(contentsOf: folder.appendingPathComponent("ball.html"), encoding: .utf8)
        XCTAssertTrue(page.contains("ball.css"), page)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(),
            ["ball.css", "ball.html", "handle.css"])

        // A run that fails while it is sampled leaves the file as it was, and no staging file.
        let failing = try host.run(
            source: """
                local l = layer{name = "l"}
                l:add(animation.basic{keyPath = "opacity", toValue = 0, duration = 1,
                  timingFunction = function(t) if t > 0.5 then error("half way") end return t end})
                """, name: "failing.lua")
        XCTAssertThrowsError(try failing.export(as: .css, to: file)) { error in
            XCTAssertEqual((error as? ScriptError)?.message, "half way", "\(error)")
            XCTAssertEqual((error as? ScriptError)?.line, 3, "\(error)")
        }
        XCTAssertEqual(try Data(contentsOf: file), inMemory)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(),
            ["ball.css", "ball.html", "handle.css"])
    }

    /// A run is pulled or exported, once.
    func testAPulledRunIsNotExported() throws {
        let host = try InbetweenHost()
        let run = try run(host, "05-bouncing-ball.lua")
        _ = try run.next()
        XCTAssertThrowsError(try run.export(as: .json)) { error in
            XCTAssertTrue("\(error)".contains("pulled already"), "\(error)")
        }
        let exported = try self.run(host, "05-bouncing-ball.lua")
        _ = try exported.export(as: .json)
        XCTAssertThrowsError(try exported.export(as: .json))
        XCTAssertNil(try exported.next())
    }
}
