import Foundation
import XCTest

@testable import InbetweenLua

/// An options table (`animation.basic{...}`) is checked key by key when its constructor is done:
/// a key nobody read is an error, whatever happened to the table while it was read.
final class TableReaderTests: XCTestCase {
    /// A script that runs code while its own options table is read, and swaps a key read
    /// already for a misspelt one: a call hook (trusted mode has `debug`) fires at the first Lua
    /// function called once the constructor runs, which is the host's `easing.get` looking up a
    /// registered easing (`linearIn`, registered by the script) while the table's last key is
    /// read. By
    /// then every key of the table had been read once, and the table has as many keys as
    /// before; only a scan of its keys finds the misspelt one.
    private func swapScript(options: String, call: String, remove: String, add: String) -> String {
        """
        easing.register("linearIn", function(t) return t end)
        local opts = \(options)
        debug.sethook(function()
          if debug.getinfo(2, "S").what == "Lua" then
            debug.sethook()
            opts.\(remove) = nil
            opts.\(add) = 1
          end
        end, "c")
        \(call)(opts)
        """
    }

    func testKeySwappedWhileTheTableIsReadIsReported() throws {
        // (constructor, options, key swapped out, misspelt key swapped in, expected message).
        // The valid keys are every key the constructor asks for (Tests/lua/test_animation.lua
        // lists basic's the same way); the list is whole, not cut at the moment the last key
        // of the table was found.
        let basicKeys =
            "additive, autoreverses, beginFromCurrentState, beginTime, by, byValue, cumulative, duration, fillMode, from, fromValue, keyPath, onStart, onStop, removedOnCompletion, repeatCount, repeatDuration, speed, timeOffset, timing, timingFunction, to, toValue"
        let keyframeKeys =
            "additive, autoreverses, beginTime, biasValues, calculationMode, continuityValues, cumulative, duration, fillMode, keyPath, keyTimes, onStart, onStop, path, removedOnCompletion, repeatCount, repeatDuration, rotationMode, speed, tensionValues, timeOffset, timing, timingFunction, timingFunctions, values"
        let cases: [(String, String, String, String, String)] = [
            (
                "animation.basic", #"{keyPath = "opacity", duration = 1, timingFunction = "linearIn"}"#,
                "duration", "durtion",
                "bad argument #1 to 'basic' (unknown key 'durtion'; did you mean 'duration'? valid keys: \(basicKeys))"
            ),
            (
                "animation.keyframe",
                #"{keyPath = "opacity", values = {0, 1}, timingFunctions = {"linearIn"}}"#,
                "values", "valuse",
                "bad argument #1 to 'keyframe' (unknown key 'valuse'; did you mean 'values'? valid keys: \(keyframeKeys))"
            ),
        ]
        for (call, options, remove, add, expected) in cases {
            let runtime = try Runtime(trusted: true)
            let script = swapScript(options: options, call: call, remove: remove, add: add)
            try runtime.host.load(string: script, chunkName: "=swap")
            XCTAssertThrowsError(try runtime.host.call(arguments: 0, results: 0), call) { error in
                XCTAssertEqual((error as? LuaError)?.message, expected, call)
            }
        }
    }
}
