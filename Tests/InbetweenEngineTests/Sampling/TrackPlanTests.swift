import XCTest

@testable import InbetweenEngine

/// `TrackColumns` computes a track alone (`TrackPlan`) when only its own key path's animations
/// touch its root property. The layer's whole presentation (`Layer.presentationValues(at:)`)
/// stays the definition: every value here must equal it bit for bit, at every frame, through
/// changes made mid-run.
final class TrackPlanTests: XCTestCase {
    private func basic(
        _ keyPath: String, from: Value? = nil, to: Value? = nil, by: Value? = nil, duration: Double = 1,
        timing: MediaTiming? = nil, function: TimingFunction? = .easeInEaseOut, additive: Bool = false,
        cumulative: Bool = false, removedOnCompletion: Bool = true
    ) throws -> Animation {
        .basic(
            try BasicAnimation(
                keyPath: keyPath, fromValue: from, toValue: to, byValue: by,
                timing: timing ?? MediaTiming(duration: duration), timingFunction: function,
                additive: additive,
                cumulative: cumulative, removedOnCompletion: removedOnCompletion))
    }

    private func scene() throws -> Scene {
        let rotated = Transform3D.rotation(angle: 0.3).concatenating(.translation(x: 4, y: 5))
        var scene = try Scene(layers: [
            Layer(name: "plain", values: ["position": .point(Point(1, 2))]),
            Layer(name: "stacked"),
            Layer(name: "grouped"),
            Layer(name: "rotated", values: ["transform": .transform(rotated)]),
        ])
        try scene.modifyLayer(named: "plain") { l in
            try l.add(
                basic("position", from: .point(Point(0, 0)), to: .point(Point(300, 100))), forKey: "move",
                at: 0)
            try l.add(
                .keyframe(
                    KeyframeAnimation(
                        keyPath: "opacity", values: [.scalar(0), .scalar(1), .scalar(0.5), .scalar(1)],
                        keyTimes: [0, 0.3, 0.7, 1], timingFunctions: [.easeIn, .linear, .easeOut],
                        timing: MediaTiming(duration: 1.5))), forKey: "fade", at: 0)
            try l.add(
                .spring(
                    SpringAnimation(keyPath: "transform.scale", fromValue: .scalar(0.5), toValue: .scalar(1))),
                forKey: "pop", at: 0)
            // A part of a root that is not a transform.
            try l.add(basic("bounds.size.width", from: .scalar(10), to: .scalar(40)), forKey: "grow", at: 0)
        }
        try scene.modifyLayer(named: "stacked") { l in
            // Two on one key path: the second adds to the first, from the value beneath it.
            try l.add(basic("position", to: .point(Point(50, 60)), duration: 2), forKey: "a", at: 0)
            try l.add(basic("position", by: .point(Point(5, -5)), additive: true), forKey: "b", at: 0)
            // Repeats, cumulative, held after the end.
            try l.add(
                basic(
                    "opacity", from: .scalar(0), to: .scalar(0.25),
                    timing: MediaTiming(duration: 0.4, repeatCount: 3, fillMode: .forwards), cumulative: true,
                    removedOnCompletion: false), forKey: "steps", at: 0)
            // Two key paths of one root: the whole presentation.
            try l.add(basic("transform.rotation.z", from: .scalar(0), to: .scalar(1)), forKey: "spin", at: 0)
            try l.add(basic("transform.scale", from: .scalar(1), to: .scalar(2)), forKey: "zoom", at: 0)
        }
        try scene.modifyLayer(named: "grouped") { l in
            let children = [
                try basic("position", from: .point(Point(0, 0)), to: .point(Point(9, 9))),
                try basic("opacity", from: .scalar(1), to: .scalar(0)),
            ]
            try l.add(
                .group(AnimationGroup(animations: children, timing: MediaTiming(duration: 1))), forKey: "g",
                at: 0)
            try l.add(
                basic(
                    "backgroundColor", from: .color(Color(red: 1, green: 0, blue: 0, alpha: 1)),
                    to: .color(Color(red: 0, green: 0, blue: 1, alpha: 0.5))), forKey: "tint", at: 0)
        }
        try scene.modifyLayer(named: "rotated") { l in
            // A rotated model transform: the scale is written through the general decomposition.
            try l.add(
                .spring(
                    SpringAnimation(
                        keyPath: "transform.scale.x", fromValue: .scalar(0.5), toValue: .scalar(1.5))),
                forKey: "squash", at: 0)
        }
        return scene
    }

    func testTracksComputedAloneEqualTheWholePresentation() throws {
        var scene = try scene()
        var columns = try TrackColumns(scene: scene)
        var alone: [Int] = []
        for frame in 0...150 {
            let time = Double(frame) / 60
            scene.time = time
            if frame == 30 {
                // Mid-run changes: a new animation replaces one, a model value changes.
                try scene.modifyLayer(named: "plain") {
                    try $0.add(
                        self.basic("position", to: .point(Point(-20, 7)), duration: 0.5), forKey: "move",
                        at: time)
                    try $0.setModelValue(.scalar(0.75), forKeyPath: "opacity")
                }
            }
            if frame == 60 {
                try scene.modifyLayer(named: "stacked") { try $0.removeAnimation(forKey: "zoom", at: time) }
            }
            columns.discover(in: scene)
            try columns.sample(scene, at: time)
            alone.append(columns.tracksComputedAlone)
            for (track, value) in zip(columns.tracks, columns.values) {
                let layer = try XCTUnwrap(scene[track.layer])
                let whole = try XCTUnwrap(
                    try layer.presentationValues(at: time).value(forKeyPath: track.keyPath))
                XCTAssertEqual(
                    value.components.map(\.bitPattern), whole.components.map(\.bitPattern),
                    "\(track) at frame \(frame)")
            }
        }
        // The shortcut was taken: plain's four tracks, stacked's position and opacity, grouped's
        // colour, rotated's scale (8); stacked's two transform tracks and grouped's two group
        // tracks use the whole presentation, until zoom is removed at frame 60 (then spin's
        // root has one key path: 9).
        XCTAssertEqual(columns.tracks.count, 12)
        XCTAssertEqual(alone[0], 8)
        XCTAssertEqual(alone[59], 8)
        XCTAssertEqual(alone[60], 9)
    }

    /// Layers built in a loop share identical animations' evaluations (`TrackPlanSharing`); an
    /// animation that differs from the last of its kind in one thing only, even the sign of a
    /// zero, must not. Each layer below differs from the one before it in one field; a sharing
    /// that ignored that field would give the earlier layer's values, which the whole
    /// presentation would not.
    func testIdenticalAnimationsShareAnEvaluationAndNearOnesDoNot() throws {
        func keyframe(
            _ values: [Double], keyTimes: [Double]? = [0, 0.3, 0.7, 1],
            functions: [TimingFunction] = [.easeIn, .linear, .easeOut], mode: CalculationMode = .linear
        ) throws -> Animation {
            .keyframe(
                try KeyframeAnimation(
                    keyPath: "opacity", values: values.map(Value.scalar), keyTimes: keyTimes,
                    timingFunctions: mode == .discrete ? nil : functions, calculationMode: mode,
                    timing: MediaTiming(duration: 1.5)))
        }
        func spring(damping: Double = 10) throws -> Animation {
            .spring(
                try SpringAnimation(
                    keyPath: "transform.scale", fromValue: .scalar(0.5), toValue: .scalar(1), damping: damping
                ))
        }
        let move = try basic("position", from: .point(Point(0, 0)), to: .point(Point(300, 100)))
        let fade = [0, 1, 0.5, 1.0]
        let endless = MediaTiming(duration: 0.7, repeatCount: .infinity)
        // name: (animations, time added)
        let layers: [(String, [Animation], Double)] = [
            ("a", [move, try keyframe(fade), try spring()], 0),
            ("b", [move, try keyframe(fade), try spring()], 0.2),  // all three shared with a's
            ("c", [try keyframe(fade, keyTimes: [0, 0.4, 0.7, 1])], 0),
            (
                "d",
                [try keyframe(fade, keyTimes: [0, 0.4, 0.7, 1], functions: [.easeIn, .easeOut, .easeOut])], 0
            ),
            ("e", [try spring(damping: 12)], 0),
            (
                "f",
                [
                    try basic(
                        "position", from: .point(Point(0, 0)), to: .point(Point(300, 100)),
                        timing: MediaTiming(beginTime: 0.1, duration: 1))
                ], 0
            ),
            ("g", [try keyframe(fade, mode: .discrete)], 0),
            ("h", [try keyframe([-0.0, 1, 0.5, 1], mode: .discrete)], 0),
            ("i", [try keyframe([-0.0, 1, 0.5, 1], mode: .discrete)], 0.1),  // shared with h's
            ("j", [try keyframe([-0.0, 1, 0.5, 1], mode: .discrete)], 0.1),  // i's plan whole
            // Never ending (no stop time): only the time of the add tells their plans apart.
            ("k", [try basic("opacity", from: .scalar(0), to: .scalar(1), timing: endless)], 0),
            ("l", [try basic("opacity", from: .scalar(0), to: .scalar(1), timing: endless)], 0.3),
        ]
        var scene = try Scene(layers: layers.map { try Layer(name: $0.0) })
        for (name, animations, time) in layers {
            try scene.modifyLayer(named: name) { l in
                for (k, animation) in animations.enumerated() {
                    try l.add(animation, forKey: "k\(k)", at: time)
                }
            }
        }
        var columns = try TrackColumns(scene: scene)
        columns.discover(in: scene)
        for frame in 0...100 {
            let time = Double(frame) / 60
            scene.time = time
            try columns.sample(scene, at: time)
            for (track, value) in zip(columns.tracks, columns.values) {
                let whole = try XCTUnwrap(
                    try XCTUnwrap(scene[track.layer]).presentationValues(at: time).value(
                        forKeyPath: track.keyPath))
                XCTAssertEqual(
                    value.components.map(\.bitPattern), whole.components.map(\.bitPattern),
                    "\(track) at frame \(frame)")
            }
        }
        XCTAssertEqual(columns.tracksComputedAlone, 16)
        XCTAssertEqual(columns.stepsSharingAnEvaluation, 6)
        // Only j's plan is another's whole: b, i and l were added at other times than a, h and k.
        XCTAssertEqual(columns.plansShared, 1)
    }

    /// A batch worker's streams hand their rows on (`TrackColumns.takeRows`): rows of another
    /// run, of one track or of two, change no value, and none shows before the first sample.
    func testAdoptedRowsChangeNothing() throws {
        let move = try basic("position", from: .point(Point(0, 0)), to: .point(Point(300, 100)))
        var one = try Scene(layers: [Layer(name: "a", values: ["position": .point(Point(1, 2))])])
        try one.modifyLayer(named: "a") { try $0.add(move, forKey: "move", at: 0) }
        var two = try Scene(layers: [Layer(name: "x"), Layer(name: "y")])
        try two.modifyLayer(named: "x") { try $0.add(self.basic("opacity"), forKey: "o", at: 0) }
        try two.modifyLayer(named: "y") { l in
            try l.add(self.basic("bounds.size.width", from: .scalar(3), to: .scalar(9)), forKey: "w", at: 0)
        }
        let times = (0..<40).map { Double($0) / 60 }
        for (before, after) in [(one, two), (two, one), (one, one)] {
            var old = try TrackColumns(scene: before)
            old.discover(in: before)
            _ = try old.sample(before, at: times) { false }
            var reused = try TrackColumns(scene: after)
            reused.adoptRows(old.takeRows())
            XCTAssertEqual(reused.values, [], "a row of the run before")
            var fresh = try TrackColumns(scene: after)
            reused.discover(in: after)
            fresh.discover(in: after)
            for run in [Array(times.prefix(1)), Array(times.dropFirst(3)), [0.5, 0.25]] {
                XCTAssertEqual(try reused.sample(after, at: run) { false }, run.count)
                XCTAssertEqual(try fresh.sample(after, at: run) { false }, run.count)
                XCTAssertEqual(
                    reused.frames.prefix(run.count).map { $0.map { $0.components.map(\.bitPattern) } },
                    fresh.frames.prefix(run.count).map { $0.map { $0.components.map(\.bitPattern) } })
            }
        }
    }
}
