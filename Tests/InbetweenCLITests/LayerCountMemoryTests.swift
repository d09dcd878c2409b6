import Foundation
import XCTest

/// Issue 31: JSON, CSS, Swift and the preview hold memory linear in the number of layers (the
/// CSS and Swift exports and the preview grew with its square: 10,000 staggered layers took
/// 12.5-14 GB).
///
/// Measured at full size by hand (GNU time -v, the debug build, `--timeout 0`; 10,000 layers
/// each faded in over 0.5 s by one staggered timeline, `stagger = {amount = 1}`: 1.5 s,
/// 91 frames at 60 fps, 10,000 events), peak RSS: json 69.9 MB (6 s), css 106.2 MB (4 min 50 s),
/// swift 84.1 MB (12 min 56 s), preview 146.3 MB (4 min 8 s), each from a process of 28 MB
/// at one layer. Linear, but above 1.2 times JSON's for css (1.52) and the preview (2.09):
/// css keeps a few versions of each layer (`SceneHistory`), and the preview samples 21
/// properties of every layer, so the frame loop's 8 frames computed ahead hold 210,000
/// values each (about 67 MB at 40 bytes a value, against JSON's 3.2 MB; an estimate). Time
/// grows with the square: at 2,000 layers perf put 45% of the css run (debug build) in
/// `SceneHistory.record`, which reads every layer at every event.
///
/// In CI, at sizes that run in seconds: the same script with `stagger = 0.01` (so the frames
/// grow with the layers too, as in the scenes) at 4 fps, for 1, 300 and 1,200 layers.
/// What a format holds beyond the 1-layer run grows 4 times from 300 to 1,200 layers when it
/// is linear and 16 times when it is quadratic; the bound is their geometric mean, 8. Seen
/// (MB beyond the 1-layer run at 300 and 1,200): json 1.2 and 4.3, css 2.2 and 9.0, swift
/// 1.4 and 6.2, preview 3.3 and 13.6 (3.7-4.6 times; noise between runs about 0.3 MB); the
/// preview before it was streamed, 6.1 and 74 (12 times).
final class LayerCountMemoryTests: XCTestCase, FolderTest {
    var folder: URL!

    override func setUpWithError() throws {
        folder = try temporaryFolder("ib-layer-memory")
    }

    /// Peak RSS in KB (GNU time's %M) of `run SCRIPT --fps 4 --format FORMAT`.
    private func peak(_ script: String, _ format: String) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = [
            "-f", "%M", CLIProcess.binary.path, "run", "--no-user-plugins", script, "--fps", "4",
            "--format", format, "-o", path("out.\(format)"),
        ]
        let err = Pipe()
        process.standardError = err
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, stderr)
        return Double(stderr.split(separator: "\n").last ?? "") ?? .nan
    }

    func testMemoryGrowsLinearlyWithTheLayers() throws {
        var scripts: [Int: String] = [:]
        for count in [1, 300, 1200] {
            scripts[count] = try write(
                "stagger-\(count).lua",
                """
                local ls = {}
                for i = 1, \(count) do ls[i] = layer{name = "l" .. i} end
                local tl = timeline{}
                tl:add(ls, animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, duration = 0.5}, 0, {stagger = 0.01})
                scene{timeline = tl}
                """)
        }
        for format in ["json", "css", "swift", "preview"] {
            let base = try peak(scripts[1]!, format)
            let small = try peak(scripts[300]!, format) - base
            let large = try peak(scripts[1200]!, format) - base
            XCTAssertGreaterThan(small, 0, format)
            XCTAssertLessThanOrEqual(
                large, 8 * small, "\(format): KB beyond one layer at 300 and 1,200 layers")
        }
    }
}
