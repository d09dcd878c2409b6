import Foundation
import Inbetween
import XCTest

/// Images in a library host: a script given as text reads them from the folder the app names,
/// and the app may hand over image data of its own.
final class ImageHostTests: XCTestCase {
    func testImagesComeFromTheAppsFolderAndData() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ib-hostimages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let threeByTwo = Data(PNGImage.encode(width: 3, height: 2, rgba: [UInt8](repeating: 255, count: 24)))
        try threeByTwo.write(to: folder.appendingPathComponent("ball.png"))
        let script = """
            assert(image("ball.png").width == 3)
            assert(image("mine").height == 1)
            layer{contents = image("mine")}
            """

        // Without a folder: the script's line says where images may come from.
        let bare = try InbetweenHost()
        bare.addImage(Data(PNGImage.encode(width: 1, height: 1, rgba: [0, 0, 0, 255])), named: "mine")
        XCTAssertThrowsError(try bare.run(source: script, name: "card.lua")) { error in
            let e = error as? ScriptError
            XCTAssertEqual(e?.line, 1)
            XCTAssertTrue(
                e?.message.contains("image 'ball.png' has no folder to be found in") == true, "\(error)")
        }

        let host = try InbetweenHost(options: HostOptions(imageFolder: folder))
        host.addImage(Data(PNGImage.encode(width: 1, height: 1, rgba: [0, 0, 0, 255])), named: "mine")
        XCTAssertNoThrow(try host.run(source: script, name: "card.lua"))
        // The app's data is refused as a file would be, at the script's line.
        host.addImage(Data("not a picture".utf8), named: "mine")
        XCTAssertThrowsError(try host.run(source: "\n" + script, name: "card.lua")) { error in
            let e = error as? ScriptError
            XCTAssertEqual(e?.line, 3)
            XCTAssertTrue(
                e?.message.contains("image 'mine' is neither a PNG nor a JPEG file") == true, "\(error)")
        }
    }

    /// The CSS and Swift exports do not show images yet, and their headers say so for each
    /// layer that has one (a scene without images has no such line: the examples' goldens).
    func testTheCSSAndSwiftHeadersNameTheUndrawnImage() throws {
        let host = try InbetweenHost()
        host.addImage(Data(PNGImage.encode(width: 1, height: 1, rgba: [0, 0, 0, 255])), named: "dot.png")
        for format in [OutputFormat.css, .swift] {
            let run = try host.run(
                source: """
                    local l = layer{name = "ball", bounds = rect(0, 0, 40, 40), contents = image("dot.png")}
                    l:add(animation.basic{keyPath = "position.x", fromValue = 50, toValue = 150, duration = 1})
                    """, name: "ball.lua")
            let text = try run.exportString(as: format)
            XCTAssertTrue(
                text.contains("ball: its image (contents) is not drawn in this output; render draws it"),
                "\(format)")
        }
    }
}
