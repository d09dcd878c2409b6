import CLua
import InbetweenEngine

/// A layer's CAMediaTiming properties in Lua (`l.speed`, `l.timeOffset`, `l.beginTime`,
/// `l.duration`, `l.repeatCount`, `l.repeatDuration`, `l.autoreverses`, `l.fillMode`), read and
/// set like its other properties and given in `layer{...}`, and `l:convertTime(t, {from = ...})`
/// / `{to = ...}`. Setting one acts at the scene's time (`now()`): from the top of a script at
/// 0, from a callback at its event's time; it never animates, in a transaction or not
/// (CALayer's timing properties are not animatable).
extension Runtime {
    /// The names, in CAMediaTiming's order.
    static let layerTimingKeys = [
        "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses",
        "fillMode",
    ]

    /// Pushes the timing property `key` of layer `l`: a number, a boolean (`autoreverses`) or a
    /// fill mode's name.
    func pushLayerTiming(_ l: LayerHandle, _ key: String, _ s: LuaStack) throws {
        guard let layer = state.scene[l.name] else {
            throw LuaRaise.message("layer '\(l.name)' is not in the scene")
        }
        let t = layer.timing
        switch key {
        case "beginTime": s.push(t.beginTime)
        case "duration": s.push(t.duration)
        case "speed": s.push(t.speed)
        case "timeOffset": s.push(t.timeOffset)
        case "repeatCount": s.push(t.repeatCount)
        case "repeatDuration": s.push(t.repeatDuration)
        case "autoreverses": s.push(t.autoreverses)
        default: s.push(t.fillMode.rawValue)
        }
    }

    /// `l.key = value` for a timing property, the value at stack index 3.
    func setLayerTiming(_ l: LayerHandle, _ key: String, _ s: LuaStack) throws {
        guard var t = state.scene[l.name]?.timing else {
            throw LuaRaise.message("layer '\(l.name)' is not in the scene")
        }
        func fail(_ rule: String) -> LuaRaise {
            .message("layer '\(l.name)' property '\(key)' \(rule), got \(describe(s))")
        }
        func number(allowInfinity: Bool = false, nonNegative: Bool = false) throws -> Double {
            guard s.type(at: 3) == LUA_TNUMBER, let v = s.number(at: 3) else {
                throw fail("must be a number")
            }
            guard v.isFinite || (allowInfinity && v == .infinity) else {
                throw fail("must be a finite number")
            }
            if nonNegative && v < 0 { throw fail("must be 0 or positive") }
            return v
        }
        switch key {
        case "beginTime": t.beginTime = try number()
        case "duration": t.duration = try number(allowInfinity: true, nonNegative: true)
        case "speed": t.speed = try number()
        case "timeOffset": t.timeOffset = try number()
        case "repeatCount": t.repeatCount = try number(allowInfinity: true, nonNegative: true)
        case "repeatDuration": t.repeatDuration = try number(allowInfinity: true, nonNegative: true)
        case "autoreverses":
            guard s.type(at: 3) == LUA_TBOOLEAN else { throw fail("must be a boolean") }
            t.autoreverses = lua_toboolean(s.L, 3) != 0
        default:
            guard s.type(at: 3) == LUA_TSTRING, let name = s.string(at: 3),
                let mode = Runtime.fillModeNames[name]
            else {
                throw fail("must be one of \(Runtime.sortedFillModeNames.joined(separator: ", "))")
            }
            t.fillMode = mode
        }
        try engineCall { try state.scene.setTiming(t, ofLayer: l.name) }
    }

    /// The value at stack index 3 for a message: a number as Lua prints it, a string quoted.
    private func describe(_ s: LuaStack) -> String {
        switch s.type(at: 3) {
        case LUA_TNUMBER: return s.number(at: 3).map(LuaFormat.number) ?? "a number"
        case LUA_TSTRING: return "'\(s.string(at: 3) ?? "")'"
        default: return s.typeName(at: 3)
        }
    }

    /// The timing fields of `layer{...}`, read as an animation's (`mediaTiming(_:)`); nil when
    /// none is given.
    func layerTimingFields(_ r: TableReader) throws -> MediaTiming? {
        let timing = try mediaTiming(r)
        return timing.isDefault ? nil : timing
    }

    /// `l:convertTime(t [, {from = other} | {to = other}])`: CALayer's `convertTime:fromLayer:`
    /// or `convertTime:toLayer:`, the other layer nil or false for the stage (scene time). With
    /// no table, or one naming neither, `t` is converted from the stage, as QA1673's
    /// `[layer convertTime:CACurrentMediaTime() fromLayer:nil]` (`l:convertTime(now())`); since
    /// `{to = nil}` is that same empty table, the stage as a destination is written `{to = false}`.
    func layerConvertTime(_ s: LuaStack) throws -> Int32 {
        let l: LayerHandle = try host.checkObject(1, SceneBindings.layerType)
        let t = try s.checkNumber(2)
        let partner = try conversionPartner(s, at: 3)
        let converted = try engineCall {
            switch partner {
            case .to(let to): try state.scene.convertTime(t, from: l.name, to: to)
            case .from(let from): try state.scene.convertTime(t, from: from, to: l.name)
            }
        }
        s.push(converted)
        return 1
    }
}
