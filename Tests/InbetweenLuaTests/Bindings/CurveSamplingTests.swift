import Foundation
import InbetweenEngine
import XCTest

@testable import InbetweenLua

/// `Runtime.sample`: Lua easings sampled by one Lua loop give exactly what calling them one at
/// a time gives; engine functions are evaluated in Swift; errors carry their position.
final class CurveSamplingTests: XCTestCase {
    static let xs = (0...100).map { Double($0) / 100 }

    private func runtime(_ setup: String = "") throws -> Runtime {
        let runtime = try Runtime()
        if !setup.isEmpty {
            try runtime.host.load(string: setup, chunkName: "=setup")
            try runtime.host.call(arguments: 0, results: 0)
        }
        return runtime
    }

    func testRegisteredEasingMatchesOneCallPerSample() throws {
        // A cubic "in" easing registered from Lua; its generated Out form is 1 - (1 - t)³.
        let r = try runtime("easing.register('cubeIn', function(t, k) return (k or 1) * t * t * t end)")
        for spec in ["cubeIn", "cubeOut", "cubeIn(2)"] {
            let batch = try r.sample(spec: spec, at: Self.xs)
            let oneByOne = try r.timing(named: spec)
            // Same Lua function, same arithmetic: equal bit for bit (tolerance 0).
            XCTAssertEqual(batch, Self.xs.map { oneByOne($0) }, spec)
        }
        // cubeIn(2) at 0.5 = 2 · 0.125 = 0.25 exactly.
        XCTAssertEqual(try r.sample(spec: "cubeIn(2)", at: [0.5]), [0.25])
        XCTAssertEqual(r.host.stack.top, 0, "the stack is left as found")
    }

    /// A registered easing named again is the timing function made the first time (one Lua
    /// reference for every animation naming it, see `registeredEasing`), until the name is
    /// registered to another function: then it is that function's.
    func testARegisteredEasingIsMadeOncePerFunction() throws {
        let r = try runtime("easing.register('flat', function(t) return 0.25 end, {variants = false})")
        let first = try r.timing(named: "flat")
        let again = try r.timing(named: "flat")
        guard case .custom(let a) = first, case .custom(let b) = again else {
            return XCTFail("a registered easing is a custom timing function")
        }
        XCTAssertNotNil(a.identity)
        XCTAssertTrue(a.identity === b.identity)
        try r.host.load(
            string: "easing.register('flat', function(t) return 0.75 end, {variants = false})",
            chunkName: "=again")
        try r.host.call(arguments: 0, results: 0)
        let replaced = try r.timing(named: "flat")
        guard case .custom(let c) = replaced else {
            return XCTFail("a registered easing is a custom timing function")
        }
        XCTAssertFalse(a.identity === c.identity)
        // The functions' constant results, exactly.
        XCTAssertEqual(first(0.5), 0.25)
        XCTAssertEqual(replaced(0.5), 0.75)
        XCTAssertEqual(r.host.stack.top, 0, "the stack is left as found")
    }

    func testEngineFunctionsAreEvaluatedInSwift() throws {
        let r = try runtime()
        // linear(0, 0.25 75%, 1) at 0.375 is halfway to the 75% stop: 0.125 (CSS Easing 2).
        XCTAssertEqual(try r.sample(spec: "linear(0, 0.25 75%, 1)", at: [0.375, 1]), [0.125, 1])
        let ease = try r.sample(spec: "easeInEaseOut", at: Self.xs)
        XCTAssertEqual(ease, Self.xs.map { TimingFunction.easeInEaseOut($0) })
    }

    func testErrors() throws {
        let r = try runtime(
            """
            easing.register('broken', function(t) if t > 0.5 then return 'x' end return t end, {variants = false})
            easing.register('raises', function(t)
              error('no good')
            end, {variants = false})
            """)
        let cases: [(String, String)] = [
            ("broken", "setup:1: easing 'broken' must return a finite number, got string (at t = 0.51)"),
            ("raises", "setup:3: no good"),
            ("linearr", "unknown timing function 'linearr'; did you mean 'linear'?"),
        ]
        for (spec, message) in cases {
            XCTAssertThrowsError(try r.sample(spec: spec, at: Self.xs), spec) { error in
                XCTAssertEqual((error as? LuaError)?.positionedMessage, message, spec)
            }
            XCTAssertEqual(r.host.stack.top, 0, "\(spec): the stack is left as found")
        }
    }

    /// Uniform grids are computed by the Lua loop itself, 240 samples per call of the unrolled
    /// sampler and the rest by the table loop: every count around those boundaries gives what
    /// the explicit inputs i/(n-1) give, bit for bit (the same division of the same integers).
    func testUniformGridsAcrossChunkBoundaries() throws {
        let r = try runtime("easing.register('cubeIn', function(t) return t * t * t end)")
        for n in [1, 2, 239, 240, 241, 480, 481, 1000] {
            let points = SamplePoints.uniform(n)
            let uniform = try r.sample(spec: "cubeOut", at: points)
            XCTAssertEqual(uniform, try r.sample(spec: "cubeOut", at: points.xs), "n = \(n)")
            XCTAssertEqual(uniform.count, n)
            XCTAssertEqual(r.host.stack.top, 0, "n = \(n): the stack is left as found")
        }
        XCTAssertEqual(SamplePoints.uniform(5).xs, [0, 0.25, 0.5, 0.75, 1])
        XCTAssertEqual(SamplePoints.uniform(1).xs, [0])
    }

    /// A bad result is reported with its x whichever path read it: inside an unrolled chunk
    /// (the first 240), in a later chunk, or in the tail; a function returning two values gives
    /// its first, as a call in an expression does.
    func testBadResultsInEveryChunkAreFound() throws {
        let r = try runtime(
            """
            easing.register('at', function(t)
              if t == 0.25 or t == 0.75 then return math.huge end
              return t, 'extra'
            end, {variants = false})
            """)
        let cases: [(n: Int, x: String)] = [(5, "0.25"), (241, "0.25"), (1001, "0.25")]
        for c in cases {
            XCTAssertThrowsError(try r.sample(spec: "at", at: .uniform(c.n)), "n = \(c.n)") { error in
                XCTAssertEqual(
                    (error as? LuaError)?.positionedMessage,
                    "setup:1: easing 'at' must return a finite number, got inf (at t = \(c.x))", "n = \(c.n)")
            }
            XCTAssertEqual(r.host.stack.top, 0, "n = \(c.n): the stack is left as found")
        }
        // Only 0.75 is bad in the second half: found in a later chunk (index 750 of 1001).
        let xs = (0...1000).map { 0.5 + Double($0) / 2000 }
        XCTAssertThrowsError(try r.sample(spec: "at", at: xs)) { error in
            XCTAssertEqual(
                (error as? LuaError)?.positionedMessage,
                "setup:1: easing 'at' must return a finite number, got inf (at t = 0.75)")
        }
        XCTAssertEqual(try r.sample(spec: "at", at: [0.5]), [0.5])
    }
}
