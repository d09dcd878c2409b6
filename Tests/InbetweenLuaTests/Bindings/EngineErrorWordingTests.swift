import InbetweenEngine
import XCTest

@testable import InbetweenLua

/// The one bridge from an engine error to Lua's text (EngineError+Lua.swift): each wording of
/// one error, with the messages the bindings gave before the bridge (as Tests/lua and the
/// binding tests read them through `bad argument #n to 'f' (...)`).
final class EngineErrorWordingTests: XCTestCase {
    func testEachWording() {
        let e = EngineError(parameter: "duration", value: "-1", rule: "must be >= 0")
        let rows: [(EngineError.LuaWording, String)] = [
            (.field, "field 'duration' must be >= 0, got -1"),
            (.parameterIs, "duration is -1: must be >= 0"),
            (.ruleGot, "must be >= 0, got -1"),
            (.ruleGotText("-1s"), "must be >= 0 (got '-1s')"),
            (.named, "duration -1 must be >= 0"),
            (
                .property(layer: "ball", key: "opacity"),
                "layer 'ball' property 'opacity' must be >= 0, got -1"
            ),
            (.layer, "layer '-1' must be >= 0"),
            (.rule, "must be >= 0"),
        ]
        for (wording, text) in rows { XCTAssertEqual(e.luaText(wording), text) }
        // A timeline position reads as a noun: the value keeps the quotes the engine gave it.
        let position = EngineError(
            parameter: "position", value: "\"intro*=2\"",
            rule: "is malformed: '=' must follow '+' or '-', found '*'")
        XCTAssertEqual(
            position.luaText(.named),
            "position \"intro*=2\" is malformed: '=' must follow '+' or '-', found '*'")
    }
}
