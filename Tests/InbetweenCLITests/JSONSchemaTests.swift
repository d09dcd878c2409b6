import Foundation
import XCTest

/// The JSON frame format documented in docs/formats.md stays as documented.
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

/// The layer tree in `--format json` and `jsonl`: a scene with a tree carries it (each layer's
/// kind, parent and 0-based index, and the changes callbacks made, with their times); a flat
/// scene does not (`testRunJSONHasTheDocumentedShape` above, and the examples' goldens).
final class JSONTreeTests: XCTestCase {
    /// A group with two sublayers and a replicator; at 0.25 s a callback moves `b` behind `a`
    /// (insertSublayer below), at 0.5 s takes `a` out of the tree, and makes `c` under `b`.
    static let script = """
        local g = layer{name = "g", sublayers = {layer{name = "a"}, layer{name = "b"}}}
        local r = replicator{name = "r", instanceCount = 3}
        local a, b = g.sublayers[1], g.sublayers[2]
        local tl = timeline{}
        tl:call(function() g:insertSublayer(b, {below = a}) end, 0.25)
        tl:call(function() a:removeFromSuperlayer(); b:addSublayer(layer{name = "c"}) end, 0.5)
        g:add(animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, duration = 1})
        scene{timeline = tl}
        """

    private func run(_ format: String) throws -> String {
        let r = try CLIProcess.run(
            ["run", "--no-user-plugins", "--fps", "4", "--format", format, "-"], stdin: Data(Self.script.utf8)
        )
        XCTAssertEqual(r.status, 0, r.stderr)
        return r.stdout
    }

    func testJSONCarriesTheTreeAndItsChanges() throws {
        let root = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(try run("json").utf8)) as? [String: Any])
        XCTAssertEqual(Set(root.keys), ["fps", "start", "end", "tree", "tracks"])
        let tree = try XCTUnwrap(root["tree"] as? [String: Any])
        XCTAssertEqual(Set(tree.keys), ["layers", "changes"])
        // At the start: the script's own order of making; parent null is the stage.
        let layers = try XCTUnwrap(tree["layers"] as? [[String: Any]])
        XCTAssertEqual(layers.map { $0["layer"] as? String }, ["a", "b", "g", "r"])
        XCTAssertEqual(layers.map { $0["kind"] as? String }, ["layer", "layer", "layer", "replicator"])
        XCTAssertEqual(layers.map { $0["parent"] as? String }, ["g", "g", nil, nil])
        XCTAssertEqual(layers.map { $0["index"] as? Int }, [0, 1, 0, 1])
        XCTAssertTrue(layers.allSatisfy { $0["parent"] != nil }, "parent is null, not absent")
        // The changes, at the times of the callbacks, each the layer's new place.
        let changes = try XCTUnwrap(tree["changes"] as? [[String: Any]])
        XCTAssertEqual(changes.map { $0["time"] as? Double }, [0.25, 0.5, 0.5, 0.5])
        XCTAssertEqual(changes.map { $0["layer"] as? String }, ["b", "a", "c", "c"])
        XCTAssertEqual(changes[0]["parent"] as? String, "g")
        XCTAssertEqual(changes[0]["index"] as? Int, 0)
        XCTAssertEqual(changes[1]["removed"] as? Bool, true)
        XCTAssertNil(changes[1]["parent"])
        XCTAssertEqual(changes[2]["parent"] as? NSNull, NSNull())  // made on the stage
        XCTAssertEqual(changes[3]["parent"] as? String, "b")
        XCTAssertEqual(changes[3]["index"] as? Int, 0)
    }

    func testJSONLinesCarryTheTreeWhereItChanges() throws {
        let lines = try run("jsonl").split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        // Frames at 0, 0.25, 0.5, 0.75, 1: the tree on the first line and where it changed.
        XCTAssertEqual(lines.map { $0["tree"] != nil }, [true, true, true, false, false])
        func parents(_ line: [String: Any]) -> [String: String] {
            var out: [String: String] = [:]
            for p in (line["tree"] as? [String: Any])?["layers"] as? [[String: Any]] ?? [] {
                let placement =
                    p["removed"] as? Bool == true
                    ? "removed" : "\(p["parent"] as? String ?? "stage")#\(p["index"] as? Int ?? -1)"
                out[p["layer"] as! String] = placement
            }
            return out
        }
        XCTAssertEqual(parents(lines[0]), ["a": "g#0", "b": "g#1", "g": "stage#0", "r": "stage#1"])
        XCTAssertEqual(parents(lines[1]), ["a": "g#1", "b": "g#0", "g": "stage#0", "r": "stage#1"])
        XCTAssertEqual(
            parents(lines[2]), ["a": "removed", "b": "g#0", "c": "b#0", "g": "stage#0", "r": "stage#1"])
    }
}
