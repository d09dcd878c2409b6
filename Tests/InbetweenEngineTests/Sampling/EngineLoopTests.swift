import XCTest

@testable import InbetweenEngine

final class EngineLoopTests: XCTestCase {
    struct Recorded {
        var frames: [(time: Double, tracks: [Track], values: [Value])] = []
        var events: [AnimationEvent] = []
    }

    /// Pulls every frame of the engine's frame loop (`FrameLoop`, the loop the Lua layer's
    /// `FrameStream` wraps) over `scene`, with `onEvent` as the events' handlers; `scene` is
    /// left as the handlers left it.
    private func run(
        _ request: LoopRequest, _ scene: inout Scene,
        onEvent: @escaping (AnimationEvent, inout Scene) throws -> Void = { _, _ in }
    )
        throws -> (Recorded, SamplingSummary)
    {
        let recorded = RecordedBox()
        let host = SwiftLoopHost(scene: scene) { event, scene in
            recorded.value.events.append(event)
            try onEvent(event, &scene)
        }
        defer { scene = host.scene }
        let loop = try FrameLoop(host: host, clock: request.clock, tracks: request.tracks)
        while let frame = try loop.next() {
            XCTAssertEqual(frame.index, recorded.value.frames.count)
            recorded.value.frames.append((frame.time, frame.tracks, frame.values))
        }
        return (recorded.value, loop.summary)
    }

    private final class RecordedBox {
        var value = Recorded()
    }

    /// The photo throw: a 0.2 s group scales the photo down; its stop handler (at 0.2 s)
    /// throws the photo along a quadratic curve for 1 s with timing (0.3, 0.7, 0.7, 0.3),
    /// fillMode forwards and removedOnCompletion false, so it stays where it lands.
    func testPhotoThrowChainsFromTheStopHandler() throws {
        var scene = try Scene(layers: [Layer(name: "photo")])
        let shrink = try Fixture.basic(
            "transform.scale", from: .scalar(1), to: .scalar(0.5),
            duration: 0.2)
        try scene.modifyLayer(named: "photo") {
            try $0.add(Fixture.group([shrink], duration: 0.2), forKey: "shrink", at: 0)
        }
        // A curve symmetric about x = 100, so its midpoint is the same by Bézier parameter
        // and by arc length: 0.25·(0,0) + 0.5·(100,-100) + 0.25·(200,0) = (100, -50).
        let curve = Path([.move(Point(0, 0)), .quad(control: Point(100, -100), to: Point(200, 0))])
        let throwTiming = TimingFunction.cubic(try CubicBezier(0.3, 0.7, 0.7, 0.3))
        let sampler = try LoopRequest(fps: 60, end: .natural(cap: 10))
        let (recorded, summary) = try run(sampler, &scene) { event, scene in
            guard event.key == "shrink", event.kind == .stop(finished: true) else { return }
            let toss = try Fixture.alongPath(
                "position", path: curve, duration: 1,
                timing: throwTiming, fillMode: .forwards,
                removedOnCompletion: false)
            // At the handler's scene time, the stop's 0.2 s.
            try scene.add(toss, forKey: "throw", toLayer: "photo")
        }
        // Natural end 0.2 + 1 = 1.2 s, which is frame 72 at 60 fps: 73 frames, last exact.
        XCTAssertEqual(summary.frameCount, 73)
        XCTAssertEqual(summary.endTime, 1.2)
        XCTAssertEqual(recorded.events.map(\.key), ["shrink", "shrink", "throw", "throw"])
        XCTAssertEqual(recorded.events.map(\.time), [0, 0.2, 0.2, 1.2])  // exact, see above
        let scale = Track(layer: "photo", keyPath: "transform.scale")
        let position = Track(layer: "photo", keyPath: "position")
        XCTAssertEqual(summary.tracks, [scale, position])
        XCTAssertEqual(recorded.frames[11].tracks, [scale])  // t = 11/60, before the throw
        XCTAssertEqual(recorded.frames[12].tracks, [scale, position])  // t = 0.2

        // (frame, expected scale, expected position). Frame 6 is t = 0.1: halfway down,
        // 1 + (0.5 - 1)·0.5 = 0.75. From 0.2 the group is over: the model scale 1. Frame 42 is
        // t = 0.7, local time 0.5 of the throw; the timing curve is symmetric under
        // (x, y) -> (1-x, 1-y), so its value at 0.5 is 0.5: the curve's midpoint. Frame 72
        // (t = 1.2) is the end, held by the forwards fill.
        let rows: [(frame: Int, scale: Double, position: Point?)] = [
            (6, 0.75, nil), (12, 1, Point(0, 0)), (42, 1, Point(100, -50)), (72, 1, Point(200, 0)),
        ]
        for row in rows {
            let frame = recorded.frames[row.frame]
            // Scale: a linear basic animation read back through the transform decomposition.
            XCTAssertEqual(
                Fixture.scalar(frame.values[0]) ?? .nan, row.scale, accuracy: 1e-9,
                "frame \(row.frame)")
            guard let expected = row.position else { continue }
            let p = Fixture.point(frame.values[1])
            // Timing solved to 1e-7 in progress (issue 3), times the ~280-point path length.
            XCTAssertEqual(p?.x ?? .nan, expected.x, accuracy: 1e-7 * 300, "frame \(row.frame)")
            XCTAssertEqual(p?.y ?? .nan, expected.y, accuracy: 1e-7 * 300, "frame \(row.frame)")
        }
        // The throw stays attached (removedOnCompletion false) and keeps holding its end.
        XCTAssertEqual(scene["photo"]?.animationKeys, ["throw"])
        let held = Fixture.point(try scene["photo"]?.presentationValue(forKeyPath: "position", at: 5))
        XCTAssertEqual(held?.x ?? .nan, 200, accuracy: 1e-9)
    }

    /// Natural end: the latest stop; repeats multiply the duration; only infinite repeats stop
    /// at the cap (issue 12: a finite scene runs to its end). (duration, repeatCount, cap,
    /// expected end)
    func testNaturalEnd() throws {
        let rows: [(duration: Double, repeats: Double, cap: Double, end: Double)] = [
            (0.5, 0, 10, 0.5),
            (0.5, 3, 10, 1.5),  // 3 × 0.5
            (0.5, 2.5, 10, 1.25),  // 2.5 × 0.5: fractional repeats end mid-cycle
            (0.5, .infinity, 4, 4),  // forever: bounded by the cap
            (1, 20, 4, 20),  // 20 s: finite, so past the cap
        ]
        for row in rows {
            var scene = try Scene(layers: [Layer(name: "l")])
            let pulse = try Fixture.basic(
                "opacity", from: .scalar(1), to: .scalar(0),
                duration: row.duration, repeatCount: row.repeats)
            try scene.modifyLayer(named: "l") { try $0.add(pulse, forKey: "p", at: 0) }
            let natural = scene.naturalEnd
            XCTAssertEqual(natural.hasEndless, row.repeats.isInfinite, "\(row)")
            if !row.repeats.isInfinite {
                XCTAssertEqual(natural.latestStop ?? .nan, row.end, accuracy: 1e-12, "\(row)")
            }
            let (recorded, summary) = try run(LoopRequest(fps: 20, end: .natural(cap: row.cap)), &scene)
            // Frames at 0, 1/20, ... up to the end: end·20 + 1 of them (the ends are on the grid).
            XCTAssertEqual(summary.frameCount, Int(row.end * 20) + 1, "\(row)")
            XCTAssertEqual(recorded.frames.last?.time, row.end, "\(row)")  // exact: on the grid
        }
        XCTAssertNil(try Scene(layers: [Layer(name: "l")]).naturalEnd.latestStop)
    }

    /// A fixed end and fixed tracks: every frame of FrameTimes, in order, each with the
    /// track's value; a static layer gives its model value throughout.
    func testFixedEndAndTracksStream() throws {
        var scene = try Scene(layers: [Layer(name: "l", values: ["opacity": .scalar(0.3)])])
        let track = Track(layer: "l", keyPath: "opacity")
        let sampler = try LoopRequest(start: 0.5, fps: 24, end: .time(1.5), tracks: [track])
        let (recorded, summary) = try run(sampler, &scene)
        let times = try FrameTimes(start: 0.5, end: 1.5, fps: 24)
        XCTAssertEqual(summary.frameCount, times.count)  // 25
        XCTAssertEqual(recorded.frames.map(\.time), Array(times))  // exact
        XCTAssertTrue(recorded.frames.allSatisfy { $0.values == [.scalar(0.3)] })
        XCTAssertThrowsError(
            try run(LoopRequest(end: .time(1), tracks: [Track(layer: "x", keyPath: "opacity")]), &scene))
        XCTAssertThrowsError(try LoopRequest(fps: 0, end: .time(1)))
        XCTAssertThrowsError(try LoopRequest(end: .natural(cap: .infinity)))
    }

    /// A handler's error ends the run and reaches the caller unchanged.
    func testHandlerErrorsPropagate() throws {
        struct Boom: Error, Equatable {}
        var scene = try Scene(layers: [Layer(name: "l")])
        let fade = try Fixture.basic("opacity", from: .scalar(1), to: .scalar(0), duration: 1)
        try scene.modifyLayer(named: "l") { try $0.add(fade, forKey: "f", at: 0) }
        let host = SwiftLoopHost(scene: scene) { event, _ in if event.kind != .start { throw Boom() } }
        let loop = try FrameLoop(host: host, clock: LoopRequest(fps: 10, end: .time(2)).clock)
        var frames = 0
        XCTAssertThrowsError(try { while try loop.next() != nil { frames += 1 } }()) {
            XCTAssertEqual($0 as? Boom, Boom())
        }
        XCTAssertEqual(frames, 10)  // frames 0 ... 0.9; the stop at 1.0 threw before frame 10
    }
}

/// What a test asks of the frame loop: its clock and, when fixed, its tracks.
struct LoopRequest {
    let clock: FrameClock
    let tracks: [Track]?

    init(start: Double = 0, fps: Double = 60, end: FrameClock.End, tracks: [Track]? = nil) throws {
        clock = try FrameClock(start: start, fps: fps, end: end)
        self.tracks = tracks
    }
}

/// The frame loop's host with Swift handlers: it keeps the scene and runs `onEvent` for each
/// event; nothing else stops a run.
final class SwiftLoopHost: FrameLoopHost {
    var scene: Scene
    let onEvent: (AnimationEvent, inout Scene) throws -> Void

    init(scene: Scene, onEvent: @escaping (AnimationEvent, inout Scene) throws -> Void) {
        self.scene = scene
        self.onEvent = onEvent
    }

    func setTime(_ time: Double) { scene.time = time }
    func popEvent(upTo time: Double) -> AnimationEvent? { scene.popEvent(upTo: time) }
    func nextEventTime() -> Double? { scene.nextEventTime() }
    func deliver(_ event: AnimationEvent) throws { try onEvent(event, &scene) }
    func checkAfterEvents() throws {}
    func samplingFailed() -> Bool { false }
    func samplingError(at time: Double) -> Error {
        EngineError(parameter: "time", value: time, rule: "sampling stopped")
    }
    var mayAddTracks: Bool { true }
    func frameLimitError(_ maxFrames: Int, frames: Int?) -> Error {
        EngineError(parameter: "frames", value: Double(frames ?? maxFrames), rule: "too many frames")
    }
}
