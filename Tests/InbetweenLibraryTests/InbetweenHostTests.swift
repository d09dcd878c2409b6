import Foundation
import Inbetween
import XCTest

/// The app-facing API used in process: plugins from a folder, names to functions, runs.
final class InbetweenHostTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static var plugins: String { root.appendingPathComponent("plugins").path }
    static func example(_ name: String) -> String { root.appendingPathComponent("examples/" + name).path }

    func makeHost(_ options: HostOptions = HostOptions(pluginFolders: [InbetweenHostTests.plugins])) throws
        -> InbetweenHost
    {
        try InbetweenHost(options: options)
    }

    /// Penner's bounceOut is piecewise 7.5625·(x − c)² + k (Robert Penner, "Easing Equations",
    /// 2001): at 0.25 it is 7.5625/16 = 0.47265625; at 0.5, 7.5625·(0.5 − 1.5/2.75)² + 0.75 =
    /// 0.765625; at 0.75, 7.5625·(0.75 − 2.25/2.75)² + 0.9375 = 0.97265625. Exact in binary
    /// but for the divisions by 2.75, hence 1e-12.
    func testBounceOutByNameMatchesPenner() throws {
        let host = try makeHost()
        XCTAssertEqual(host.pluginProblems, [])
        let ys = try host.sample("bounceOut", at: [0, 0.25, 0.5, 0.75, 1])
        for (y, expected) in zip(ys, [0, 0.47265625, 0.765625, 0.97265625, 1]) {
            XCTAssertEqual(y, expected, accuracy: 1e-12)
        }
        let f = try host.timingFunction(named: "bounceOut")
        XCTAssertEqual(f(0.25), 0.47265625, accuracy: 1e-12)
    }

    /// CSS Easing 1 §2.1: ease-out is cubic-bezier(0, 0, 0.58, 1); Core Animation's easeOut the
    /// same control points. At x = 1 every timing function reaches exactly 1.
    func testPresetsAndSpringsByName() throws {
        let host = try makeHost()
        let easeOut = try host.timingFunction(named: "easeOut")
        XCTAssertEqual(easeOut.controlPoint(at: 1), Point(x: 0, y: 0))
        XCTAssertEqual(easeOut.controlPoint(at: 2), Point(x: 0.58, y: 1))
        XCTAssertEqual(easeOut(1), 1)
        // react-spring's `wobbly` config is tension 180, friction 12 (plugins/springs.lua cites it).
        let wobbly = try host.spring(named: "wobbly")
        XCTAssertEqual(wobbly.stiffness, 180)
        XCTAssertEqual(wobbly.damping, 12)
    }

    func testUnknownNamesAreErrorsThatSayWhat() throws {
        let host = try makeHost()
        XCTAssertThrowsError(try host.timingFunction(named: "bounceOutt")) { error in
            let text = String(describing: error)
            XCTAssertTrue(text.contains("bounceOutt") && text.contains("bounceOut"), text)
        }
        XCTAssertThrowsError(try host.spring(named: "nope"))
        XCTAssertThrowsError(try InbetweenHost(options: HostOptions(pluginFolders: ["/nonexistent/plugins"])))
        {
            XCTAssertTrue(String(describing: $0).contains("/nonexistent/plugins"))
        }
    }

    /// The seed's bouncing ball (examples/05): keyTimes 0/0.3/…/1 over 1 s, values alternating
    /// 32 and 268 at the keys. At t = 0.3 the ball touches the floor at y = 268 and at t = 0.5 it
    /// is back up at 140, exactly (a key time lands on a frame at 60 fps: 18/60 and 30/60).
    func testRunsAScriptAndPullsItsFrames() throws {
        let host = try makeHost()
        let stream = try host.run(scriptAt: InbetweenHostTests.example("05-bouncing-ball.lua"))
        XCTAssertEqual(stream.fps, 60)
        let frames = try stream.collect()
        XCTAssertEqual(frames.count, 61)
        XCTAssertEqual(frames[18].value(layer: "ball", keyPath: "position")?.components ?? [], [150, 268])
        XCTAssertEqual(frames[30].value(layer: "ball", keyPath: "position")?.components ?? [], [150, 140])
        XCTAssertNil(try stream.next())
    }

    func testScriptErrorsNameTheLine() throws {
        let host = try makeHost()
        XCTAssertThrowsError(try host.run(source: "local x = 1\nerror('boom')", name: "inline.lua")) {
            error in
            XCTAssertEqual(String(describing: error), "inline.lua:2: boom")
            XCTAssertEqual((error as? ScriptError)?.line, 2)
        }
        // One failed run leaves the host usable, and runs do not see each other's globals.
        _ = try host.run(source: "leaked = 42", name: "a.lua").collect()
        XCTAssertNoThrow(try host.run(source: "assert(leaked == nil, 'leaked')", name: "b.lua").collect())
    }

    /// plugins/coreanimation.lua's fadeIn: opacity 0 → 1 over 0.25 s, easeOut.
    func testRunsAPreset() throws {
        let host = try makeHost()
        let frames = try host.run(preset: "fadeIn", fps: 4).collect()
        XCTAssertEqual(frames.first?.value(layer: "layer", keyPath: "opacity"), .scalar(0))
        XCTAssertEqual(frames.last?.value(layer: "layer", keyPath: "opacity"), .scalar(1))
    }

    func testLimitsApply() throws {
        var options = HostOptions(pluginFolders: [InbetweenHostTests.plugins])
        options.limits.instructions = 1_000_000
        options.limits.seconds = 0
        let host = try makeHost(options)
        XCTAssertThrowsError(try host.run(source: "while true do end", name: "loop.lua")) { error in
            XCTAssertEqual((error as? ScriptError)?.kind, .limit, "\(error)")
        }
    }
}
