import Foundation
import XCTest

/// The JSON frame format documented in the README stays as documented.
final class JSONSchemaTests: XCTestCase {
    func testRunJSONHasTheDocumentedShape() throws {
        let r = try CLIProcess.run(["run", "--no-user-plugins", "--fps", "10", "examples/12-photo-throw.lua"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(Set(root.keys), ["fps", "start", "end", "tracks"])
        XCTAssertEqual(root["fps"] as? Double, 10)
        XCTAssertEqual(root["start"] as? Double, 0)
        XCTAssertEqual(root["end"] as? Double, 1.2)
        let tracks = try XCTUnwrap(root["tracks"] as? [[String: Any]])
        XCTAssertEqual(
            tracks.map { $0["keyPath"] as? String }, ["transform.scale.x", "transform.scale.y", "position"])
        for track in tracks {
            XCTAssertEqual(Set(track.keys), ["layer", "keyPath", "times", "values"])
            XCTAssertEqual(track["layer"] as? String, "myview")
            let times = try XCTUnwrap(track["times"] as? [Double])
            let values = try XCTUnwrap(track["values"] as? [Any])
            XCTAssertEqual(times.count, values.count)
            XCTAssertEqual(times, times.sorted())
        }
        // Scalars are numbers, points are [x, y].
        XCTAssertNotNil((tracks[0]["values"] as? [Any])?.first as? Double)
        XCTAssertEqual(((tracks[2]["values"] as? [Any])?.first as? [Double])?.count, 2)
        // The position track appears when the stop callback adds the throw at 0.2 s.
        XCTAssertEqual((tracks[2]["times"] as? [Double])?.first, 0.2)
    }
}
