import XCTest

@testable import InbetweenEngine

final class ImplicitAnimationTests: XCTestCase {
    /// kCAMediaTimingFunctionEaseOut = cubic-bezier(0, 0, 0.58, 1) (Apple's documented control
    /// points). Its value at x = 0.5: with x(s) = 3(1-s)s²·0.58 + s³ = 1.74s² - 0.74s³ and
    /// y(s) = 3(1-s)s² + s³ = 3s² - 2s³, solving x(s) = 0.5 gives s = 0.6257465644647423 and
    /// y = 0.6846431874274607 (mpmath findroot at 30 digits).
    static let easeOutAtHalf = 0.6846431874274607

    /// The classic "ease-out move of a layer to a point in a transaction": the model jumps to
    /// the target, the presentation follows the easeOut curve over 1 s.
    func testEaseOutMoveInATransaction() throws {
        var layer = try Layer(name: "box", values: ["position": .point(Point(0, 0))])
        let transaction = try Transaction(duration: 1, timingFunction: .easeOut)
        let key = try layer.setValue(
            .point(Point(100, 200)), forKeyPath: "position", at: 0,
            in: transaction)
        XCTAssertEqual(key, "position")  // CA's action key is the property name
        XCTAssertEqual(try layer.value(forKeyPath: "position"), .point(Point(100, 200)))
        let rows: [(time: Double, progress: Double)] = [
            (0, 0), (0.5, Self.easeOutAtHalf), (1, 1),  // at 1 it ended: model value
        ]
        for row in rows {
            let p = Fixture.point(try layer.presentationValue(forKeyPath: "position", at: row.time))
            // The solver is specified to 1e-7 in progress (issue 3), scaled by the distance.
            XCTAssertEqual(p?.x ?? .nan, 100 * row.progress, accuracy: 1e-7 * 100, "t = \(row.time)")
            XCTAssertEqual(p?.y ?? .nan, 200 * row.progress, accuracy: 1e-7 * 200, "t = \(row.time)")
        }
    }

    /// Outside a transaction, with disableActions, or with duration 0 the change is immediate.
    func testImmediateChanges() throws {
        let immediate: [(String, Transaction?)] = [
            ("no transaction", nil),
            ("disableActions", try Transaction(duration: 1, disableActions: true)),
            ("duration 0", try Transaction(duration: 0)),
        ]
        for (name, transaction) in immediate {
            var layer = try Layer(name: "l")
            let key = try layer.setValue(.scalar(0.25), forKeyPath: "opacity", at: 0, in: transaction)
            XCTAssertNil(key, name)
            XCTAssertEqual(layer.animationKeys, [], name)
            XCTAssertEqual(try layer.presentationValue(forKeyPath: "opacity", at: 0), .scalar(0.25), name)
        }
    }

    /// A second change mid-flight starts from where the layer is seen (the presentation
    /// value), replaces the first animation (which stops unfinished) and animates the whole
    /// property even when a part of it is set.
    func testInterruptedMoveContinuesFromThePresentation() throws {
        var scene = try Scene(layers: [Layer(name: "l")])
        let linear1s = try Transaction(duration: 1, timingFunction: .linear)
        try scene.modifyLayer(named: "l") {
            try $0.setValue(.point(Point(100, 0)), forKeyPath: "position", at: 0, in: linear1s)
        }
        // At 0.5 the layer is seen at x = 50 (linear). Now move y only, linearly over 1 s.
        try scene.modifyLayer(named: "l") {
            try $0.setValue(.scalar(80), forKeyPath: "position.y", at: 0.5, in: linear1s)
        }
        XCTAssertEqual(scene["l"]?.animationKeys, ["position"])
        // At 1.0, halfway from (50, 0) to the model (100, 80): (75, 40).
        let p = Fixture.point(try scene["l"]?.presentationValue(forKeyPath: "position", at: 1.0))
        // The linear preset goes through the Bézier solver: 1e-7 in progress (issue 3) times 100.
        XCTAssertEqual(p?.x ?? .nan, 75, accuracy: 1e-7 * 100)
        XCTAssertEqual(p?.y ?? .nan, 40, accuracy: 1e-7 * 80)
        let kinds = scene.drainEvents(upTo: 2).map(\.kind)
        XCTAssertEqual(kinds, [.start, .stop(finished: false), .start, .stop(finished: true)])
    }

    func testTransactionRejectsBadDurations() {
        for bad in [-1, Double.nan, .infinity] {
            XCTAssertThrowsError(try Transaction(duration: bad)) {
                XCTAssertEqual(($0 as? EngineError)?.parameter, "duration")
            }
        }
    }
}
