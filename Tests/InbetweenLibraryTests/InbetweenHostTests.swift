import Foundation
import Inbetween
import XCTest

/// The app-facing API used in process: the shipped plugins built in, names to easings and
/// springs, runs pulled frame by frame, errors as values.
final class InbetweenHostTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static func example(_ name: String) -> URL { root.appendingPathComponent("examples/" + name) }

    /// A folder of plugin files for one test, removed when it ends.
    func pluginFolder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ib-lib-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return folder
    }

    /// Penner's bounceOut is piecewise 7.5625·(x − c)² + k (Robert Penner, "Easing Equations",
    /// 2001): at 0.25 it is 7.5625/16 = 0.47265625; at 0.5, 7.5625·(0.5 − 1.5/2.75)² + 0.75 =
    /// 0.765625; at 0.75, 7.5625·(0.75 − 2.25/2.75)² + 0.9375 = 0.97265625. Exact in binary
    /// but for the divisions by 2.75, hence 1e-12. The host is made with no folder at all: the
    /// shipped plugins are built into the library.
    func testShippedPluginsAreBuiltIn() throws {
        let host = try InbetweenHost()
        XCTAssertEqual(host.pluginProblems, [])
        let ys = try host.sample("bounceOut", at: [0, 0.25, 0.5, 0.75, 1])
        for (y, expected) in zip(ys, [0, 0.47265625, 0.765625, 0.97265625, 1]) {
            XCTAssertEqual(y, expected, accuracy: 1e-12)
        }
        let bounceOut = try host.easing(named: "bounceOut")
        XCTAssertNil(bounceOut.timingFunction, "a Lua easing is no Sendable engine value")
        XCTAssertEqual(try bounceOut(0.25), 0.47265625, accuracy: 1e-12)
        for (y, expected) in zip(try bounceOut.values(at: [0.5, 0.75]), [0.765625, 0.97265625]) {
            XCTAssertEqual(y, expected, accuracy: 1e-12)
        }

        // Without them, the name is unknown.
        let bare = try InbetweenHost(options: HostOptions(includesShippedPlugins: false))
        XCTAssertThrowsError(try bare.easing(named: "bounceOut"))
    }

    /// CSS Easing 1 §2.1: ease-out is cubic-bezier(0, 0, 0.58, 1); Core Animation's easeOut the
    /// same control points. At x = 1 every timing function reaches exactly 1.
    func testPresetsAndSpringsByName() throws {
        let host = try InbetweenHost()
        let easeOut = try XCTUnwrap(try host.easing(named: "easeOut").timingFunction, "a preset runs no Lua")
        XCTAssertEqual(easeOut.controlPoint(at: 1), Point(x: 0, y: 0))
        XCTAssertEqual(easeOut.controlPoint(at: 2), Point(x: 0.58, y: 1))
        XCTAssertEqual(easeOut(1), 1)
        // react-spring's `wobbly` config is tension 180, friction 12 (plugins/springs.lua cites it).
        let wobbly = try host.spring(named: "wobbly")
        XCTAssertEqual(wobbly.stiffness, 180)
        XCTAssertEqual(wobbly.damping, 12)
    }

    func testUnknownNamesAreErrorsThatSayWhat() throws {
        let host = try InbetweenHost()
        XCTAssertThrowsError(try host.easing(named: "bounceOutt")) { error in
            let text = String(describing: error)
            XCTAssertTrue(text.contains("bounceOutt") && text.contains("bounceOut"), text)
        }
        XCTAssertThrowsError(try host.spring(named: "nope")) {
            XCTAssertEqual(($0 as? ScriptError)?.parameter, "preset")
        }
        let missing = URL(fileURLWithPath: "/nonexistent/plugins")
        XCTAssertThrowsError(try InbetweenHost(options: HostOptions(pluginFolders: [missing]))) {
            XCTAssertTrue(String(describing: $0).contains("/nonexistent/plugins"))
            XCTAssertEqual(($0 as? ScriptError)?.parameter, "pluginFolders")
        }
    }

    /// An error inside a Lua easing reaches the caller, with the plugin's file and line (the
    /// engine's timing functions cannot throw: the Lua layer used to return 0 and keep the
    /// error for a frame loop that an app calling the function never ran).
    func testAnErrorInsideALuaEasingIsThrown() throws {
        let folder = try pluginFolder([
            "failing.lua": """
            return {name = "failing", easings = {
              failing = {fn = function(t)
                if t > 0.5 then error("past the middle", 0) end
                return t
              end, variants = false},
              notANumber = {fn = function(t) return "x" end, variants = false},
            }}
            """
        ])
        let host = try InbetweenHost(options: HostOptions(pluginFolders: [folder]))
        XCTAssertEqual(host.pluginProblems, [])
        let failing = try host.easing(named: "failing")
        XCTAssertEqual(try failing(0.25), 0.25)
        XCTAssertThrowsError(try failing(0.75)) { error in
            XCTAssertEqual((error as? ScriptError)?.message, "past the middle", "\(error)")
        }
        // The host is usable after it, and the error does not leak into the next call.
        XCTAssertEqual(try failing(0.5), 0.5)
        XCTAssertThrowsError(try host.easing(named: "notANumber")(0.5)) { error in
            let text = String(describing: error)
            XCTAssertTrue(text.contains("must return a finite number, got string"), text)
            XCTAssertTrue(text.hasPrefix(folder.appendingPathComponent("failing.lua").path + ":"), text)
        }
    }

    /// The seed's bouncing ball (examples/05): keyTimes 0/0.3/…/1 over 1 s, values alternating
    /// 32 and 268 at the keys. At t = 0.3 the ball touches the floor at y = 268 and at t = 0.5 it
    /// is back up at 140, exactly (a key time lands on a frame at 60 fps: 18/60 and 30/60).
    func testRunsAScriptAndPullsItsFrames() throws {
        let host = try InbetweenHost()
        let run = try host.run(script: InbetweenHostTests.example("05-bouncing-ball.lua"))
        XCTAssertEqual(run.fps, 60)
        let frames = try run.collect()
        XCTAssertEqual(frames.count, 61)
        XCTAssertEqual(frames[18].value(layer: "ball", keyPath: "position")?.components ?? [], [150, 268])
        XCTAssertEqual(frames[30].value(layer: "ball", keyPath: "position")?.components ?? [], [150, 140])
        XCTAssertEqual(frames[30].tracks, [Track(layer: "ball", keyPath: "position")])
        XCTAssertNil(frames[30].value(layer: "ball", keyPath: "opacity"))
        XCTAssertNil(try run.next())
    }

    /// A track a callback adds joins later frames, and is found by name in them only (the
    /// frames before it share the run's index of tracks, which has it by then).
    func testATrackAddedByACallbackIsFoundFromItsFrame() throws {
        let host = try InbetweenHost()
        let run = try host.run(
            source: """
                local box = layer{name = "box"}
                box:add(animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, duration = 0.5,
                  onStop = function() box:add(animation.basic{keyPath = "position.x", fromValue = 0, toValue = 10, duration = 0.5}) end})
                """, name: "later.lua", fps: 10)
        let frames = try run.collect()
        XCTAssertEqual(frames.count, 11)
        XCTAssertNil(frames[0].value(layer: "box", keyPath: "position.x"))
        // At t = 0.5 the second animation starts at its fromValue; at t = 0.9, linearly (the
        // default timing), 10 · 0.4 / 0.5 = 8, to rounding.
        XCTAssertEqual(frames[5].value(layer: "box", keyPath: "position.x"), .scalar(0))
        let x = try XCTUnwrap(frames[9].value(layer: "box", keyPath: "position.x")?.components.first)
        XCTAssertEqual(x, 8, accuracy: 1e-12)
        XCTAssertEqual(
            frames[4].value(layer: "box", keyPath: "opacity")?.components.first ?? 0, 0.8, accuracy: 1e-12)
    }

    func testScriptErrorsCarryTheLineTheParameterAndTheTraceback() throws {
        let host = try InbetweenHost()
        XCTAssertThrowsError(try host.run(source: "local x = 1\nerror('boom')", name: "inline.lua")) {
            error in
            let e = error as? ScriptError
            XCTAssertEqual(String(describing: error), "inline.lua:2: boom")
            XCTAssertEqual(e?.file, "inline.lua")
            XCTAssertEqual(e?.line, 2)
            XCTAssertEqual(e?.kind, .runtime)
            XCTAssertTrue(e?.traceback?.hasPrefix("stack traceback:") ?? false, "\(e?.traceback ?? "none")")
        }
        XCTAssertThrowsError(try host.run(source: "\n\ntiming.cubic(0.5, 1, 'x', 1)", name: "bad.lua")) {
            error in
            let e = error as? ScriptError
            XCTAssertEqual(e?.line, 3, "\(error)")
            XCTAssertEqual(e?.parameter, "#3 to 'cubic'", "\(error)")
        }
        // One failed run leaves the host usable, and runs do not see each other's globals.
        _ = try host.run(source: "leaked = 42", name: "a.lua").collect()
        XCTAssertNoThrow(try host.run(source: "assert(leaked == nil, 'leaked')", name: "b.lua").collect())
    }

    /// plugins/coreanimation.lua's fadeIn: opacity 0 → 1 over 0.25 s, easeOut.
    func testRunsAPreset() throws {
        let host = try InbetweenHost()
        let frames = try host.run(preset: "fadeIn", fps: 4).collect()
        XCTAssertEqual(frames.first?.value(layer: "layer", keyPath: "opacity"), .scalar(0))
        XCTAssertEqual(frames.last?.value(layer: "layer", keyPath: "opacity"), .scalar(1))
    }

    /// Parameters reach the script as `params`.
    func testParametersReachTheScript() throws {
        let host = try InbetweenHost()
        let frames = try host.run(
            source:
                "layer{name = params.name}:add(animation.basic{keyPath = 'opacity', fromValue = params.from, toValue = 1, duration = 1})",
            parameters: ["name": .string("card"), "from": .number(0.5)], fps: 1
        ).collect()
        XCTAssertEqual(frames.first?.value(layer: "card", keyPath: "opacity"), .scalar(0.5))
    }

    func testLimitsApplyAndSayWhichOne() throws {
        var options = HostOptions()
        options.limits.instructions = 1_000_000
        options.limits.seconds = 0
        let host = try InbetweenHost(options: options)
        XCTAssertThrowsError(try host.run(source: "while true do end", name: "loop.lua")) { error in
            let e = error as? ScriptError
            XCTAssertEqual(e?.kind, .limit, "\(error)")
            XCTAssertEqual(e?.limit, .instructions, "\(error)")
            XCTAssertEqual(e?.file, "loop.lua", "\(error)")
            XCTAssertEqual(e?.line, 1, "\(error)")
        }
        // The frames bound: 1 s at 60 fps is 61 frames, over a bound of 10.
        options = HostOptions(limits: HostOptions.Limits(frames: 10))
        let framed = try InbetweenHost(options: options)
        XCTAssertThrowsError(
            try framed.run(
                source: "layer{}:add(animation.basic{keyPath = 'opacity', toValue = 0, duration = 1})"
            ).collect()
        ) { error in
            XCTAssertEqual((error as? ScriptError)?.limit, .frames, "\(error)")
        }
    }
}
