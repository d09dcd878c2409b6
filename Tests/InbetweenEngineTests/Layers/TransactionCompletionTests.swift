import XCTest

@testable import InbetweenEngine

final class TransactionCompletionTests: XCTestCase {
    /// T1 (1 s) moves a and fades b at 0; at 0.5, T2 (1 s) moves a again, so a's T1 animation
    /// stops unfinished at 0.5. T1 completes when its last animation stops: b at 1.0. T2
    /// completes with its only animation at 0.5 + 1 = 1.5.
    func testCompletionRidesOnTheLastStop() throws {
        var scene = try Scene(layers: [Layer(name: "a"), Layer(name: "b")])
        let t1 = try Transaction(duration: 1, completionToken: 1)
        let t2 = try Transaction(duration: 1, completionToken: 2)
        try scene.modifyLayer(named: "a") {
            try $0.setValue(.point(Point(10, 0)), forKeyPath: "position", at: 0, in: t1)
        }
        try scene.modifyLayer(named: "b") {
            try $0.setValue(.scalar(0), forKeyPath: "opacity", at: 0, in: t1)
        }
        try scene.commit(t1, at: 0)
        _ = scene.drainEvents(upTo: 0.5)
        try scene.modifyLayer(named: "a") {
            try $0.setValue(.point(Point(20, 0)), forKeyPath: "position", at: 0.5, in: t2)
        }
        try scene.commit(t2, at: 0.5)
        let stops = scene.drainEvents(upTo: 5).filter { $0.kind != .start }
        let expected: [AnimationEvent] = [
            AnimationEvent(time: 0.5, layer: "a", key: "position", kind: .stop(finished: false)),
            AnimationEvent(
                time: 1.0, layer: "b", key: "opacity", kind: .stop(finished: true),
                completionToken: 1),
            AnimationEvent(
                time: 1.5, layer: "a", key: "position", kind: .stop(finished: true),
                completionToken: 2),
        ]
        XCTAssertEqual(stops, expected)  // times exact: 0.5, 0 + 1, 0.5 + 1
    }

    /// A transaction that animated nothing completes at its commit.
    func testEmptyTransactionCompletesAtCommit() throws {
        var scene = try Scene(layers: [Layer(name: "a")])
        let quiet = try Transaction(duration: 1, disableActions: true, completionToken: 7)
        try scene.modifyLayer(named: "a") {
            try $0.setValue(.scalar(0), forKeyPath: "opacity", at: 0.25, in: quiet)
        }
        try scene.commit(quiet, at: 0.25)
        XCTAssertEqual(
            scene.drainEvents(upTo: 1),
            [
                AnimationEvent(
                    time: 0.25, layer: "", key: "", kind: .transactionCompleted,
                    completionToken: 7)
            ])
    }

    /// An explicit animation added with a transaction's token also holds its completion back.
    func testExplicitAnimationsCountTowardTheCompletion() throws {
        var scene = try Scene(layers: [Layer(name: "a")])
        let t = try Transaction(duration: 1, completionToken: 3)
        try scene.modifyLayer(named: "a") { layer in
            try layer.setValue(.scalar(0), forKeyPath: "opacity", at: 0, in: t)
            let long = try Fixture.basic(
                "cornerRadius", from: .scalar(0), to: .scalar(8),
                duration: 2)
            try layer.add(long, forKey: "round", at: 0, completionToken: t.completionToken)
        }
        try scene.commit(t, at: 0)
        let withToken = scene.drainEvents(upTo: 5).filter { $0.completionToken != nil }
        XCTAssertEqual(withToken.map(\.key), ["round"])
        XCTAssertEqual(withToken.map(\.time), [2])  // exact: the 2 s animation's stop
    }
}
