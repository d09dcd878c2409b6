import XCTest

@testable import InbetweenEngine

final class LayerAnimationKeyTests: XCTestCase {
    private func fade(_ duration: Double = 1) throws -> Animation {
        try Fixture.basic("opacity", from: .scalar(1), to: .scalar(0), duration: duration)
    }

    func testNilKeysGetUniqueGeneratedKeys() throws {
        var layer = try Layer(name: "l")
        let first = try layer.add(fade(), forKey: nil, at: 0)
        let second = try layer.add(fade(), forKey: nil, at: 0)
        try layer.add(fade(), forKey: "named", at: 0)
        XCTAssertNotEqual(first, second)
        XCTAssertEqual(layer.animationKeys, [first, second, "named"])  // order added
        XCTAssertNotNil(layer.animation(forKey: first))
        XCTAssertNil(layer.animation(forKey: "missing"))
    }

    /// Adding under an existing key replaces: the old one stops unfinished at the time of the
    /// add, before the new one starts (CA's animationDidStop:finished:NO).
    func testReplacingByKeyStopsTheOldOneUnfinished() throws {
        var scene = try Scene(layers: [Layer(name: "l")])
        try scene.modifyLayer(named: "l") { try $0.add(fade(1), forKey: "k", at: 0) }
        XCTAssertEqual(scene.drainEvents(upTo: 0.4).map(\.kind), [.start])
        try scene.modifyLayer(named: "l") { try $0.add(fade(2), forKey: "k", at: 0.4) }
        XCTAssertEqual(scene["l"]?.animationKeys, ["k"])
        let events = scene.drainEvents(upTo: 10)
        XCTAssertEqual(events.map(\.kind), [.stop(finished: false), .start, .stop(finished: true)])
        // Exact times: the replacement at 0.4, the new one runs 2 s from 0.4.
        XCTAssertEqual(events.map(\.time), [0.4, 0.4, 2.4])
    }

    func testRemoveByKeyAndRemoveAll() throws {
        var scene = try Scene(layers: [Layer(name: "l")])
        try scene.modifyLayer(named: "l") { layer in
            try layer.add(fade(), forKey: "a", at: 0)
            try layer.add(fade(), forKey: "b", at: 0)
            try layer.add(fade(), forKey: "c", at: 0)
        }
        _ = scene.drainEvents(upTo: 0)  // the three starts
        try scene.modifyLayer(named: "l") { try $0.removeAnimation(forKey: "b", at: 0.5) }
        XCTAssertEqual(scene["l"]?.animationKeys, ["a", "c"])
        try scene.modifyLayer(named: "l") { try $0.removeAllAnimations(at: 0.6) }
        XCTAssertEqual(scene["l"]?.animationKeys, [])
        let events = scene.drainEvents(upTo: 10)
        XCTAssertEqual(events.map(\.key), ["b", "a", "c"])
        XCTAssertEqual(events.map(\.kind), Array(repeating: .stop(finished: false), count: 3))
        XCTAssertEqual(events.map(\.time), [0.5, 0.6, 0.6])
        // Removed animations no longer affect the presentation.
        XCTAssertEqual(try scene["l"]?.presentationValue(forKeyPath: "opacity", at: 0.7), .scalar(1))
    }

    /// Removing an animation whose end already passed (events not yet delivered) reports the
    /// stop it really had: finished, at its end.
    func testRemovalAfterTheEndReportsFinished() throws {
        var scene = try Scene(layers: [Layer(name: "l")])
        try scene.modifyLayer(named: "l") { try $0.add(fade(1), forKey: "k", at: 0) }
        try scene.modifyLayer(named: "l") { try $0.removeAnimation(forKey: "k", at: 3) }
        let events = scene.drainEvents(upTo: 3)
        XCTAssertEqual(events.map(\.kind), [.start, .stop(finished: true)])
        XCTAssertEqual(events.map(\.time), [0, 1])
    }

    /// beginTime counts from the add: added at 1 with beginTime 0.5 and duration 1, it starts
    /// at 1.5 and stops at 2.5; before 1.5 it has no effect (fillMode removed).
    func testBeginTimeIsRelativeToTheAdd() throws {
        var scene = try Scene(layers: [Layer(name: "l")])
        let late = try Fixture.basic(
            "opacity", from: .scalar(1), to: .scalar(0), duration: 1,
            beginTime: 0.5)
        try scene.modifyLayer(named: "l") { try $0.add(late, forKey: "k", at: 1) }
        XCTAssertEqual(scene.nextEventTime(), 1.5)  // exact: 1 + 0.5
        XCTAssertEqual(try scene["l"]?.presentationValue(forKeyPath: "opacity", at: 1.2), .scalar(1))
        let events = scene.drainEvents(upTo: 5)
        XCTAssertEqual(events.map(\.time), [1.5, 2.5])
    }
}
