import Foundation
import XCTest

/// A gradient's animated `colors` and `locations` as tracks: JSON writes each frame's array as
/// its numbers (r, g, b, a per colour), an array of no items as `[]`; CSV gives each number a
/// column, and pandas reads the file.
final class GradientTracksTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try temporaryFolder("ib-gradient")
    }

    /// colors [red, blue] → [blue, red] and locations [0, 1] → [0.5, 1] over 1 s, linear, at
    /// 2 fps; locations then end (removed on completion) and fall back to the model's nil.
    private let scriptText = """
        local g = gradientLayer{name = "g", colors = {"#ff0000", "#0000ff"}}
        g:add(animation.basic{keyPath = "colors", toValue = {"#0000ff", "#ff0000"}, duration = 2,
          timingFunction = "linear"})
        g:add(animation.basic{keyPath = "locations", fromValue = {0, 1}, toValue = {0.5, 1}, duration = 1,
          timingFunction = "linear"})
        """

    private func run(_ format: String) throws -> String {
        let path = folder.appendingPathComponent("g.lua")
        try scriptText.write(to: path, atomically: true, encoding: .utf8)
        let r = try CLIProcess.run(["run", "--no-user-plugins", "--fps", "2", "--format", format, path.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        return r.stdout
    }

    func testJSONWritesArraysAsTheirNumbers() throws {
        let json = try JSONSerialization.jsonObject(with: Data(try run("json").utf8)) as! [String: Any]
        let tracks = json["tracks"] as! [[String: Any]]
        let values = Dictionary(
            uniqueKeysWithValues: tracks.map { ($0["keyPath"] as! String, $0["values"] as! [[Double]]) })
        // t = 0, 0.5, 1, 1.5, 2: colors at t/2 of the way, element by element.
        XCTAssertEqual(values["colors"]?[1], [0.75, 0, 0.25, 1, 0.25, 0, 0.75, 1])
        // locations at t = 0.5: [0.25, 1]; from t = 1 the animation is gone: nil, `[]`.
        XCTAssertEqual(values["locations"]?[1], [0.25, 1])
        XCTAssertEqual(values["locations"]?[2], [])
    }

    func testCSVGivesEachNumberAColumnThatPandasReads() throws {
        let path = folder.appendingPathComponent("g.csv").path
        try run("csv").write(toFile: path, atomically: true, encoding: .utf8)
        let check = """
            import sys, pandas
            f = pandas.read_csv(sys.argv[1])
            c = f[f.keyPath == "colors"].iloc[1]
            assert [c["v%d" % i] for i in range(8)] == [0.75, 0, 0.25, 1, 0.25, 0, 0.75, 1], c
            l = f[f.keyPath == "locations"].iloc[1]
            assert (l.v0, l.v1) == (0.25, 1) and l[["v2", "v3"]].isna().all(), l
            print(len(f))
            """
        let r = try CLIProcess.run(
            ["python3", "-c", check, path], executable: URL(fileURLWithPath: "/usr/bin/env"))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "10\n")
    }
}
