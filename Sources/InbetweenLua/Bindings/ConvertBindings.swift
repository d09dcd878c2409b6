import CLua
import InbetweenEngine

/// `l:convert(point(x, y), {to = other} | {from = other} [, presentation = true])`: CALayer's
/// `convertPoint:toLayer:` and `convertPoint:fromLayer:` (`Scene.convert`), the other layer
/// false for the stage; with no table, or one naming neither, the point is converted from the
/// stage, as `l:convertTime` converts a time (`{to = nil}` is that same empty table, so the
/// stage as a destination is written `{to = false}`). The model values place the layers, as a
/// CALayer's own conversions do; `presentation = true` converts through the presentation
/// values at the scene's time now, as its presentation layer would.
enum ConvertBindings {
    /// The layer methods, for the layer class's method table.
    static func methods(_ runtime: Runtime) -> [(String, LuaFunction)] {
        [("convert", { [unowned runtime] s in try runtime.layerConvert(s) })]
    }
}

extension Runtime {
    func layerConvert(_ s: LuaStack) throws -> Int32 {
        let l: LayerHandle = try host.checkObject(1, SceneBindings.layerType)
        let given: Value
        do {
            given = try value(at: 2)
        } catch {
            throw LuaRaise.argument(2, "point expected: \(error.rule)")
        }
        guard case .point(let point) = given else {
            throw LuaRaise.argument(
                2, "point expected, got \(given.kindName == "scalar" ? "number" : given.kindName)")
        }
        var from: String?
        var to: String?
        var toGiven = false
        var presentation = false
        if !s.isNoneOrNil(3) {
            let r = try TableReader(s, at: 3)
            func other(_ key: String) throws -> String?? {
                try r.with(key) { i -> String? in
                    if s.type(at: i) == LUA_TBOOLEAN && lua_toboolean(s.L, i) == 0 { return nil }
                    guard let other: LayerHandle = host.object(at: i, SceneBindings.layerType) else {
                        throw r.fail(key, "must be a layer, or false for the stage, got \(s.typeName(at: i))")
                    }
                    return other.name
                }
            }
            let fromField = try other("from")
            let toField = try other("to")
            presentation =
                try r.with("presentation") { i -> Bool in
                    guard s.type(at: i) == LUA_TBOOLEAN else {
                        throw r.fail("presentation", "must be a boolean, got \(s.typeName(at: i))")
                    }
                    return lua_toboolean(s.L, i) != 0
                } ?? false
            try r.finish()
            if fromField != nil && toField != nil {
                throw r.fail("to", "is given together with 'from'; convert from one or to one")
            }
            from = fromField ?? nil
            if let toField {
                toGiven = true
                to = toField
            }
        }
        let time = presentation ? state.scene.time : nil
        let converted = try engineCall {
            toGiven
                ? try state.scene.convert(point, from: l.name, to: to, at: time)
                : try state.scene.convert(point, from: from, to: l.name, at: time)
        }
        try pushValue(.point(converted))
        return 1
    }
}
