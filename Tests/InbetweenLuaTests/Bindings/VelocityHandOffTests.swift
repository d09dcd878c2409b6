import CLua
import Foundation
import XCTest

@testable import InbetweenLua

/// Interrupting a moving layer without a jolt: `l:velocity`, `beginFromCurrentState` on a
/// spring, and the additive `l:retarget`, checked at the moment of the hand-off (t = 0.5, in an
/// onStop callback) against closed forms.
///
/// Spring velocity (derivatives of SpringParameters' closed forms, u = x − 1, u0 = −1, v0 the
/// initial velocity, ω0 = √(k/m), ζ = c / (2√(k·m)); the displacement solutions are the standard
/// ones for m·u'' + c·u' + k·u = 0, e.g. Thomson & Dahleh, "Theory of Vibration", §2.6):
/// - ζ < 1, ωd = ω0√(1 − ζ²): u'(t) = e^(−ζω0 t)·(v0·cos ωd t − (ζω0·v0 + ω0²·u0)/ωd · sin ωd t)
/// - ζ = 1: u'(t) = e^(−ω0 t)·(v0 − ω0·(v0 + ω0·u0)·t)
/// - ζ > 1, γ = ω0√(ζ² − 1): u'(t) = e^(−ζω0 t)·(v0·cosh γt − (ζω0·v0 + ω0²·u0)/γ · sinh γt)
final class VelocityHandOffTests: XCTestCase {
    static func springVelocity(mass m: Double, stiffness k: Double, damping c: Double, at t: Double) -> Double
    {
        let u0 = -1.0
        let v0 = 0.0
        let w0 = (k / m).squareRoot()
        let zeta = c / (2 * (k * m).squareRoot())
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            return exp(-zeta * w0 * t)
                * (v0 * cos(wd * t) - (zeta * w0 * v0 + w0 * w0 * u0) / wd * sin(wd * t))
        } else if zeta == 1 {
            return exp(-w0 * t) * (v0 - w0 * (v0 + w0 * u0) * t)
        }
        let g = w0 * (zeta * zeta - 1).squareRoot()
        return exp(-zeta * w0 * t) * (v0 * cosh(g * t) - (zeta * w0 * v0 + w0 * w0 * u0) / g * sinh(g * t))
    }

    /// Runs `script`, samples its scene at 60 fps and returns the numbers it stored in the
    /// global table `seen`.
    func run(_ script: String) throws -> [String: Double] {
        let runtime = try Runtime()
        try runtime.host.load(string: script, chunkName: "=handoff.lua")
        try runtime.host.call(arguments: 0, results: 0)
        var request = SamplingRequest()
        request.to = 1.5
        try runtime.sampleScene(request) { _ in }
        let s = runtime.host.stack
        runtime.host.getGlobal("seen")
        var out: [String: Double] = [:]
        s.forEachPair(-1) {
            if let k = s.string(at: -2), let v = s.number(at: -1) { out[k] = v }
        }
        s.pop()
        return out
    }

    func testSpringHandOffKeepsPositionAndVelocity() throws {
        // ζ = 0.5, 1 and 2 for m = 1, k = 100 (ω0 = 10).
        for (damping, overdamping) in [(10.0, false), (20.0, false), (40.0, true)] {
            let seen = try run(
                """
                seen = {}
                local l = layer{name = "ball", position = point(0, 0)}
                l:add(animation.spring{keyPath = "position.x", fromValue = 0, toValue = 100, mass = 1,
                  stiffness = 100, damping = \(damping), allowsOverdamping = \(overdamping), duration = 3})
                l:add(animation.basic{keyPath = "opacity", fromValue = 1, toValue = 1, duration = 0.5,
                  onStop = function()
                    seen.before, seen.vBefore = l:presentation("position.x"), l:velocity("position.x")
                    l:add(animation.spring{keyPath = "position.x", toValue = 300, stiffness = 100,
                      damping = \(damping), allowsOverdamping = \(overdamping), beginFromCurrentState = true})
                    seen.after, seen.vAfter = l:presentation("position.x"), l:velocity("position.x")
                  end})
                """)
            let exact = 100 * Self.springVelocity(mass: 1, stiffness: 100, damping: damping, at: 0.5)
            let vBefore = try XCTUnwrap(seen["vBefore"])
            let vAfter = try XCTUnwrap(seen["vAfter"])
            // The difference quotient against the closed form: 1e-6 relative (its truncation
            // error, h²·|v'''|/6 with h = 5e-6 and ω0 = 10, is below 1e-9 of v).
            XCTAssertEqual(vBefore, exact, accuracy: 1e-6 * abs(exact), "damping \(damping)")
            XCTAssertEqual(
                try XCTUnwrap(seen["after"]), try XCTUnwrap(seen["before"]),
                "position jumps (damping \(damping))")
            XCTAssertEqual(
                vAfter, vBefore, accuracy: 1e-6 * abs(vBefore), "velocity jumps (damping \(damping))")
        }
    }

    func testWithoutBeginFromCurrentStateCoreAnimationJumps() throws {
        // Core Animation's explicit semantics stay the default: a replacement with no
        // fromValue starts from the model value (0 here), so the motion jumps.
        let seen = try run(
            """
            seen = {}
            local l = layer{name = "ball", position = point(0, 0)}
            l:add(animation.spring{keyPath = "position.x", fromValue = 0, toValue = 100, duration = 3}, "move")
            l:add(animation.basic{keyPath = "opacity", duration = 0.5, fromValue = 1, toValue = 1, onStop = function()
              seen.before = l:presentation("position.x")
              l:add(animation.spring{keyPath = "position.x", toValue = 300}, "move")
              seen.after = l:presentation("position.x")
            end})
            """)
        XCTAssertEqual(seen["after"], 0)
        XCTAssertGreaterThan(try XCTUnwrap(seen["before"]), 50)
    }

    func testAdditiveRetargetKeepsVelocityForAnyTimingFunction() throws {
        // easeInEaseOut = cubic-bezier(0.42, 0, 0.58, 1). At x = 0.5 the curve's parameter is
        // s = 0.5 (it is symmetric), where dx/ds = 3·(0.25·0.42 + 0.5·0.16 + 0.25·0.42) = 0.87
        // and dy/ds = 3·0.5 = 1.5: the first retarget (100 px over 1 s) moves at
        // 100 · 1.5 / 0.87 px/s at t = 0.5. The second retarget's additive animation starts with
        // slope 0 (easeInEaseOut's start tangent is flat), so that velocity carries on.
        let seen = try run(
            """
            seen = {}
            local l = layer{name = "ball", position = point(0, 0)}
            local move = animation.basic{keyPath = "position.x", duration = 1, timingFunction = "easeInEaseOut"}
            l:retarget("position.x", 100, move)
            l:add(animation.basic{keyPath = "opacity", duration = 0.5, fromValue = 1, toValue = 1, onStop = function()
              seen.before, seen.vBefore = l:presentation("position.x"), l:velocity("position.x")
              l:retarget("position.x", 200, move)
              seen.after, seen.vAfter = l:presentation("position.x"), l:velocity("position.x")
              seen.model = l.position.x
            end})
            """)
        let exact = 100 * 1.5 / 0.87
        XCTAssertEqual(try XCTUnwrap(seen["before"]), 50, accuracy: 1e-9)  // halfway, by symmetry
        XCTAssertEqual(try XCTUnwrap(seen["vBefore"]), exact, accuracy: 1e-6 * exact)
        XCTAssertEqual(try XCTUnwrap(seen["after"]), 50, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(seen["vAfter"]), exact, accuracy: 1e-6 * exact)
        XCTAssertEqual(seen["model"], 200)
    }
}
