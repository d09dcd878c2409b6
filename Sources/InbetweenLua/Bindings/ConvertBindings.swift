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
        var presentation = false
        let partner = try conversionPartner(s, at: 3) { r in
            presentation =
                try r.with("presentation") { i -> Bool in
                    guard s.type(at: i) == LUA_TBOOLEAN else {
                        throw r.fail("presentation", "must be a boolean, got \(s.typeName(at: i))")
                    }
                    return lua_toboolean(s.L, i) != 0
                } ?? false
        }
        let time = presentation ? state.scene.time : nil
        let converted = try engineCall {
            switch partner {
            case .to(let to): try state.scene.convert(point, from: l.name, to: to, at: time)
            case .from(let from): try state.scene.convert(point, from: from, to: l.name, at: time)
            }
        }
        try pushValue(.point(converted))
        return 1
    }
}

/// The other layer of `l:convert` and `l:convertTime`: the table `{from = other}` or
/// `{to = other}`, other false for the stage; no table, or one naming neither, is from the stage.
enum ConversionPartner {
    case from(String?)
    case to(String?)
}

extension Runtime {
    /// Reads the table at `index` (see `ConversionPartner`); `extra` reads the caller's other
    /// keys before the table is checked for unknown ones.
    func conversionPartner(_ s: LuaStack, at index: Int32, extra: (TableReader) throws -> Void = { _ in })
        throws -> ConversionPartner
    {
        guard !s.isNoneOrNil(index) else { return .from(nil) }
        let r = try TableReader(s, at: index)
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
        try extra(r)
        try r.finish()
        if fromField != nil && toField != nil {
            throw r.fail("to", "is given together with 'from'; convert from one or to one")
        }
        if let toField { return .to(toField) }
        return .from(fromField ?? nil)
    }
}
