import Foundation
import XCTest

/// The README's pictures made by `render` (the bouncing ball as a GIF, the photo throw as a
/// contact sheet) are made again and compared with the committed files: byte for byte when the
/// tools are the same (Cairo, zlib and ffmpeg are deterministic), else decoded pixel by pixel
/// within a tolerance that another machine's versions pass and a change to the picture fails.
/// `INBETWEEN_RECORD=1` re-records them, and fails, as the golden files do (Golden.swift).
final class ReadmePicturesTests: XCTestCase {
    static let pictures: [(file: String, arguments: [String])] = [
        ("docs/render-bouncing-ball.gif", ["render", "examples/05-bouncing-ball.lua"]),
        (
            "docs/render-photo-throw-sheet.png",
            ["render", "examples/12-photo-throw.lua", "--sheet", "4x2", "--scale", "0.5"]
        ),
    ]

    /// At most this share of the pixels may differ by more than `largeDifference` levels (of
    /// 255) in some channel: a moved or recoloured layer changes every pixel of its edge (a
    /// 64-point ball moved by one pixel changes about 130 pixels of the GIF's 54,600, 0.24%);
    /// another version of pixman's antialiasing or of ffmpeg's palette changes a few levels.
    static let largeDifference = 16
    static let maximumShare = 0.001

    func testReadmePicturesAreWhatRenderMakes() throws {
        let folder = try temporaryFolder("ib-readme")
        for picture in ReadmePicturesTests.pictures {
            let made = folder.appendingPathComponent(URL(fileURLWithPath: picture.file).lastPathComponent)
            let r = try CLIProcess.run(picture.arguments + ["-o", made.path])
            XCTAssertEqual(r.status, 0, r.stderr)
            let committed = CLIProcess.root.appendingPathComponent(picture.file)
            if Golden.recording {
                _ = try? FileManager.default.removeItem(at: committed)
                try FileManager.default.copyItem(at: made, to: committed)
                XCTFail(
                    "recorded \(picture.file) (INBETWEEN_RECORD=1): look at it, then run the tests again without it"
                )
                continue
            }
            let new = try Data(contentsOf: made)
            guard let old = try? Data(contentsOf: committed) else {
                XCTFail("missing \(picture.file); run with INBETWEEN_RECORD=1 to make it")
                continue
            }
            if new == old { continue }
            let a = [UInt8](try FFmpegTools.decode(made.path, pixelFormat: "rgba"))
            let b = [UInt8](try FFmpegTools.decode(committed.path, pixelFormat: "rgba"))
            XCTAssertEqual(a.count, b.count, "\(picture.file): another size or frame count")
            guard a.count == b.count else { continue }
            var large = 0
            for p in stride(from: 0, to: a.count, by: 4) {
                let d = (0..<4).map { abs(Int(a[p + $0]) - Int(b[p + $0])) }.max()!
                if d > ReadmePicturesTests.largeDifference { large += 1 }
            }
            let share = Double(large) / Double(a.count / 4)
            XCTAssertLessThanOrEqual(
                share, ReadmePicturesTests.maximumShare,
                "\(picture.file): \(large) pixels differ by more than \(ReadmePicturesTests.largeDifference) levels (INBETWEEN_RECORD=1 re-records)"
            )
            if picture.file.hasSuffix(".gif") {
                XCTAssertEqual(FFmpegTools.gifDelays([UInt8](new)), FFmpegTools.gifDelays([UInt8](old)))
            }
        }
    }
}
