import Foundation
import XCTest

/// `run --world`: each drawn layer's matrix to the stage and composed opacity as tracks
/// (`world`, `world.opacity`), a replicator's copies as layers `NAME[i]`; read back by the
/// consumers of each format (pandas for CSV, Python's json for JSON and JSON Lines).
final class WorldOptionTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try temporaryFolder("ib-world")
    }

    /// A 12-copy spinner (CAReplicatorLayer): a replicator bounds (0, 0, 120, 120) at
    /// (100, 100), each copy turned 30° about its centre (60, 60), holding a dot bounds
    /// (0, 0, 14, 14) at (60, 10) that fades 1 → 0 over 1 s; copies 1/12 s apart.
    ///
    /// Copy 3 (90°) by hand: the dot's corner (0, 0) is (−7, −7) from its centre, turned →
    /// (7, −7) (CA's rotation: (x, y) → (x·cos − y·sin, x·sin + y·cos)); its centre (60, 10)
    /// is (0, −50) from the replicator's, turned → (50, 0), so (110, 60); the corner is at
    /// (117, 53) in the replicator, whose corner (0, 0) is at the stage's (40, 40): the matrix's
    /// translation (m41, m42) = (157, 93), its rotation rows (0, 1) and (−1, 0). At t = 0.5 the
    /// copy's fade is at 0.5 − 3/12 = 0.25 s: opacity 0.75.
    private let spinner = """
        scene{fps = 4, to = 1}
        local spinner = replicator{name = "spinner", bounds = rect(0, 0, 120, 120), position = point(100, 100),
                                   instanceCount = 12, instanceTransform = transform.rotation(math.pi / 6),
                                   instanceDelay = 1 / 12}
        local dot = layer{name = "dot", bounds = rect(0, 0, 14, 14), position = point(60, 10)}
        spinner:addSublayer(dot)
        dot:add(animation.basic{keyPath = "opacity", fromValue = 1, toValue = 0, duration = 1})
        dot.opacity = 0
        """

    private func script(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    private func python(_ program: String, _ arguments: [String]) throws -> CLIResult {
        try CLIProcess.run(
            ["python3", "-c", program] + arguments, executable: URL(fileURLWithPath: "/usr/bin/env"))
    }

    func testCSVWorldRowsReadByPandas() throws {
        let path = try script("spinner.lua", spinner)
        let out = folder.appendingPathComponent("spinner.csv").path
        let r = try CLIProcess.run([
            "run", "--no-user-plugins", "--world", "--format", "csv", path, "-o", out,
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        // Every copy at every frame (5 frames), 12 copies plus the replicator; the hand-worked
        // copy 3 within 1e-9 (the sums of a 90° turn leave ~1e-14).
        let check = """
            import sys, pandas
            f = pandas.read_csv(sys.argv[1])
            assert list(f.columns) == ["time", "layer", "keyPath"] + ["v%d" % i for i in range(16)], list(f.columns)
            world = f[f.keyPath == "world"]
            assert sorted(set(world.layer)) == sorted(["spinner"] + ["dot[%d]" % i for i in range(12)])
            assert len(world) == 13 * 5, len(world)
            row = world[(world.layer == "dot[3]") & (world.time == 0)].iloc[0]
            expected = [0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 157, 93, 0, 1]
            assert all(abs(row["v%d" % i] - e) < 1e-9 for i, e in enumerate(expected)), list(row)
            o = f[(f.keyPath == "world.opacity") & (f.layer == "dot[3]") & (f.time == 0.5)].iloc[0]
            assert abs(o.v0 - 0.75) < 1e-12, o.v0
            print("ok")
            """
        let p = try python(check, [out])
        XCTAssertEqual(p.status, 0, p.stderr)
        XCTAssertEqual(p.stdout, "ok\n")
    }

    func testJSONAndJSONLinesCarryTheSameWorld() throws {
        let path = try script("spinner.lua", spinner)
        var outputs: [String] = []
        for format in ["json", "jsonl"] {
            let out = folder.appendingPathComponent("spinner.\(format)").path
            let r = try CLIProcess.run([
                "run", "--no-user-plugins", "--world", "--format", format, path, "-o", out,
            ])
            XCTAssertEqual(r.status, 0, r.stderr)
            outputs.append(out)
        }
        // dot[3]'s world track in both, frame by frame, equal; its m41 at t = 0 is 157.
        let check = """
            import sys, json
            doc = json.load(open(sys.argv[1]))
            track = [t for t in doc["tracks"] if t["layer"] == "dot[3]" and t["keyPath"] == "world"][0]
            lines = [json.loads(l) for l in open(sys.argv[2])]
            assert track["values"] == [l["layers"]["dot[3]"]["world"] for l in lines]
            assert abs(track["values"][0][12] - 157) < 1e-9
            print("ok")
            """
        let p = try python(check, outputs)
        XCTAssertEqual(p.status, 0, p.stderr)
        XCTAssertEqual(p.stdout, "ok\n")
    }

    /// A replicator's copy reads the layer's animations at its own time, i × instanceDelay
    /// earlier (CAReplicatorLayer.instanceDelay: "the delay, in seconds, between replicated
    /// copies"), but the animation is in the layer's list from its add to its removal. Three
    /// copies 0.1 s apart; the dot's model opacity 0.5, an opacity animation 0 → 1 over 1 s with
    /// fillMode both (CAMediaTimingFillMode.backwards: "clamps values before zero to zero"):
    /// - at 0.05 s copy 1 is at −0.05 s, before the animation's start: fromValue, 0 (the model
    ///   0.5 before); copy 2 at 0.15 s likewise; copy 1 at 0.5 s is at 0.4 s: 0.4;
    /// - removed on completion at 1 s, it leaves every copy then: each shows the model 0.5 at
    ///   1 s (copy 2 showed 0.8), and the run ends there;
    /// - kept (removedOnCompletion false), copy 2 goes on to 1.2 s (1 + 2 × 0.1), where it
    ///   reaches 1: the run's natural end includes the copies' delays (it ended at 1 s).
    func testADelayedCopyFillsBackwardsAndEndsWithTheLayersList() throws {
        func run(kept: Bool) throws -> (times: [Double], opacity: [String: [Double]]) {
            let path = try script(
                "fill-\(kept).lua",
                """
                scene{fps = 20}
                local r = replicator{name = "r", bounds = rect(0, 0, 100, 100), position = point(50, 50),
                                     instanceCount = 3, instanceDelay = 0.1}
                local dot = layer{name = "dot", bounds = rect(0, 0, 10, 10), position = point(10, 10), opacity = 0.5}
                r:addSublayer(dot)
                dot:add(animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, duration = 1,
                                        fillMode = "both", removedOnCompletion = \(!kept)})
                """)
            let r = try CLIProcess.run(["run", "--no-user-plugins", "--world", path])
            XCTAssertEqual(r.status, 0, r.stderr)
            let doc = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
            let tracks = try XCTUnwrap(doc["tracks"] as? [[String: Any]])
            var opacity: [String: [Double]] = [:]
            var times: [Double] = []
            for t in tracks where (t["keyPath"] as? String) == "world.opacity" {
                opacity[t["layer"] as! String] = t["values"] as? [Double]
                times = t["times"] as? [Double] ?? []
            }
            return (times, opacity)
        }
        let removed = try run(kept: false)
        XCTAssertEqual(removed.times.last, 1)
        let copy1 = try XCTUnwrap(removed.opacity["dot[1]"])
        let copy2 = try XCTUnwrap(removed.opacity["dot[2]"])
        XCTAssertEqual(copy1[1], 0, accuracy: 1e-12)  // 0.05 s
        XCTAssertEqual(copy2[3], 0, accuracy: 1e-12)  // 0.15 s
        XCTAssertEqual(copy1[10], 0.4, accuracy: 1e-12)  // 0.5 s
        for name in ["dot[0]", "dot[1]", "dot[2]"] {
            XCTAssertEqual(removed.opacity[name]?.last ?? -1, 0.5, accuracy: 1e-12, name)
        }
        let kept = try run(kept: true)
        XCTAssertEqual(kept.times.last ?? 0, 1.2, accuracy: 1e-12)
        XCTAssertEqual(kept.opacity["dot[2]"]?.last ?? -1, 1, accuracy: 1e-12)
        XCTAssertEqual(kept.opacity["dot[2]"]?[kept.times.count - 3] ?? -1, 0.9, accuracy: 1e-12)  // 1.1 s
    }

    /// A layer that stops being drawn (hidden from a callback at 0.5 s, or a replicator copy
    /// past an instanceCount lowered from 3 to 1 then) keeps its track: its last matrix, with
    /// opacity 0, at every later frame.
    func testALayerNoLongerDrawnKeepsItsMatrixAtOpacityZero() throws {
        let path = try script(
            "hide.lua",
            """
            local b = layer{name = "b", bounds = rect(0, 0, 10, 10), position = point(20, 30)}
            local r = replicator{name = "r", bounds = rect(0, 0, 100, 100), position = point(50, 50),
                                 instanceCount = 3, instanceTransform = transform.translation(10, 0, 0)}
            r:addSublayer(layer{name = "dot", bounds = rect(0, 0, 4, 4), position = point(2, 2)})
            local tl = timeline{}
            tl:call(function() b.hidden = true; r.instanceCount = 1 end, 0.5)
            scene{fps = 4, to = 1, timeline = tl}
            """)
        let out = folder.appendingPathComponent("hide.json").path
        let r = try CLIProcess.run(["run", "--no-user-plugins", "--world", path, "-o", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        // b's corner (0, 0) is at (20 − 5, 30 − 5) = (15, 25): m41, m42 of its matrix. Copy 2
        // of the dot: its corner at (0, 0) of the replicator plus 2 × 10 → stage (20, 0).
        let check = """
            import sys, json
            doc = json.load(open(sys.argv[1]))
            tracks = {(t["layer"], t["keyPath"]): t for t in doc["tracks"]}
            assert tracks[("b", "world.opacity")]["values"] == [1, 1, 0, 0, 0], tracks[("b", "world.opacity")]
            assert all(m[12:14] == [15, 25] for m in tracks[("b", "world")]["values"])
            assert tracks[("dot[2]", "world.opacity")]["values"] == [1, 1, 0, 0, 0]
            assert all(m[12:14] == [20, 0] for m in tracks[("dot[2]", "world")]["values"])
            assert tracks[("dot[0]", "world.opacity")]["values"] == [1] * 5
            print("ok")
            """
        let p = try python(check, [out])
        XCTAssertEqual(p.status, 0, p.stderr)
        XCTAssertEqual(p.stdout, "ok\n")
    }

    /// Without --world nothing changes (the golden tests hold every example's bytes); --world
    /// with a format that has no tracks is a usage error.
    func testWorldIsRefusedWhereItMeansNothing() throws {
        let path = try script("spinner.lua", spinner)
        for format in ["css", "swift", "lottie"] {
            let r = try CLIProcess.run(["run", "--no-user-plugins", "--world", "--format", format, path])
            XCTAssertEqual(r.status, 2, format)
            XCTAssertTrue(
                r.stderr.hasPrefix(
                    "inbetween: option --world applies to --format json, jsonl or csv, not \(format)\n"),
                r.stderr)
        }
        let plain = try CLIProcess.run(["run", "--no-user-plugins", "--format", "csv", path])
        XCTAssertFalse(plain.stdout.contains(",world,"))
    }
}
