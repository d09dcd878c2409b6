import XCTest

@testable import InbetweenEngine

/// The scene's change log (`Scene.layersChanged(since:)`) and what follows it: readers that
/// read only the layers an event changed, so that a run with an event per layer (a stagger)
/// costs layers plus events, not layers times events.
final class SceneChangeLogTests: XCTestCase {
    /// `count` layers, layer i with a 0.5 s move that begins at i / count s: a start and a
    /// stop event per layer, all at different times.
    private func stagger(_ count: Int) throws -> Scene {
        var scene = try Scene(layers: (0..<count).map { try Layer(name: "l\($0)") })
        for i in 0..<count {
            let move = try Fixture.basic(
                "position.x", from: .scalar(0), to: .scalar(100), duration: 0.5,
                beginTime: Double(i) / Double(count))
            try scene.add(move, forKey: "move", toLayer: "l\(i)")
        }
        return scene
    }

    func testTheLogNamesTheLayersEachChangeTouched() throws {
        var scene = try stagger(5)
        let mark = scene.layersChanged(since: 0).mark
        // (what changes, the layers it touches)
        let cases: [(String, (inout Scene) throws -> Void, [Int])] = [
            (
                "an animation added",
                {
                    try $0.add(
                        try Fixture.basic("opacity", from: .scalar(0), to: .scalar(1), duration: 1),
                        forKey: "f", toLayer: "l3")
                }, [3]
            ),
            (
                "a value set",
                { try $0.setValue(.scalar(0.5), forKeyPath: "opacity", ofLayer: "l1", in: nil) }, [1]
            ),
            ("a sublayer added", { try $0.addSublayer("l4", to: "l2") }, [4, 2]),
            ("an event delivered", { _ = $0.popEvent(upTo: 0) }, [0]),
        ]
        var from = mark
        for (what, change, touched) in cases {
            try change(&scene)
            let (changed, next) = scene.layersChanged(since: from)
            XCTAssertEqual(Set(try XCTUnwrap(changed, what)), Set(touched), what)
            from = next
        }
        XCTAssertEqual(Array(try XCTUnwrap(scene.layersChanged(since: from).layers)), [], "nothing since")
    }

    /// The log holds at most as many entries as the scene has layers (at least 64); a reader
    /// that fell further behind is told to read every layer.
    func testTheLogStaysWithinTheSceneAndSaysWhenItNoLongerReachesBack() throws {
        var scene = try stagger(100)
        let mark = scene.layersChanged(since: 0).mark
        for _ in 0..<150 { try scene.setValue(.scalar(0.5), forKeyPath: "opacity", ofLayer: "l7", in: nil) }
        XCTAssertLessThanOrEqual(scene.changeLog.count, 100)
        XCTAssertNil(scene.layersChanged(since: mark).layers)
    }

    /// The tracker gives `Scene.naturalEnd` at every step of a run that adds, removes (the
    /// latest one included) and repeats animations forever, reading only the changed layers:
    /// at most a few reads per layer and per event, where reading the whole scene after each
    /// event is 300 layers x 600 events = 180,000 reads (seen failing so, with the tracker
    /// made to read every layer each time).
    func testTheNaturalEndTrackerAgreesWithTheSceneAndReadsOnlyChangedLayers() throws {
        var scene = try stagger(300)
        var tracker = NaturalEndTracker()
        var events = 0
        func check(_ what: String) {
            let tracked = tracker.naturalEnd(of: scene)
            let full = scene.naturalEnd
            XCTAssertEqual(tracked.latestStop, full.latestStop, what)
            XCTAssertEqual(tracked.hasEndless, full.hasEndless, what)
            XCTAssertEqual(tracked.endless?.layer, full.endless?.layer, what)
            XCTAssertEqual(tracked.endless?.key, full.endless?.key, what)
        }
        check("before any event")
        let forever = try Fixture.basic(
            "opacity", from: .scalar(0), to: .scalar(1), duration: 1, repeatCount: .infinity)
        try scene.add(forever, forKey: "forever", toLayer: "l200")
        check("an endless animation")
        try scene.add(forever, forKey: "forever", toLayer: "l100")
        check("an earlier endless animation")
        try scene.removeAnimation(forKey: "forever", fromLayer: "l100")
        check("the first endless animation removed")
        try scene.removeAnimation(forKey: "move", fromLayer: "l299")
        check("the latest stop removed")
        while let event = scene.popEvent(upTo: .infinity) {
            _ = event
            events += 1
            check("after event \(events)")
        }
        XCTAssertGreaterThan(events, 590)
        XCTAssertLessThanOrEqual(tracker.layersRead, 4 * (300 + events))
    }

    /// Sampling between events checks the plans of the changed layers' tracks only, and the
    /// values are those of a fresh `TrackColumns` (which makes every plan anew). Checking every
    /// track at every run of frames is 300 x 600 = 180,000 checks here (seen failing so, with
    /// `updatePlans` made to check every track).
    func testPlansAreCheckedForTheChangedLayersOnly() throws {
        var scene = try stagger(300)
        var columns = try TrackColumns(scene: scene)
        var events = 0
        var steps = 0
        while let next = scene.nextEventTime() {
            while scene.popEvent(upTo: next) != nil { events += 1 }
            scene.time = next
            columns.discover(in: scene)
            try columns.sample(scene, at: next)
            steps += 1
            guard steps % 25 == 0 else { continue }
            var fresh = try TrackColumns(fixed: columns.tracks, scene: scene)
            try fresh.sample(scene, at: next)
            XCTAssertEqual(columns.values, fresh.values, "at \(next) s")
        }
        XCTAssertGreaterThan(events, 590)
        XCTAssertLessThanOrEqual(columns.plansChecked, 4 * (300 + events))
    }
}
