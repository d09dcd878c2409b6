import CLua
import CLuaSupport
import Foundation
import InbetweenEngine

/// A timing function living in Lua as a `timing` userdata: callable (`tf(x)`), with
/// `tf:controlPoint(i)` like getControlPointAtIndex.
final class TimingBox {
    let function: TimingFunction
    let name: String
    init(_ function: TimingFunction, name: String) {
        self.function = function
        self.name = name
    }
}

/// The `timing` library. Wherever a timing function is expected, a preset name
/// (`easeInEaseOut`, `kCAMediaTimingFunctionEaseIn`, `ease-in-out`), a registered easing
/// name (`bounceOut`, `backOut(2.5)`), a CSS string (`cubic-bezier(...)`, `steps(...)`,
/// `linear(...)`), a timing object or a Lua function works.
enum TimingBindings {
    static let typeName = "timing"

    static func install(in runtime: Runtime) {
        runtime.host.registerClass(
            typeName, methods: runtime.bind(methods), metamethods: runtime.bind(metamethods))
        runtime.host.register(library: "timing", runtime.bind(functions))
        installPresets(in: runtime)
    }

    /// A timing object's methods, like CAMediaTimingFunction's.
    static let methods: [(String, RuntimeFunction)] = [
        ("controlPoint", controlPoint),
        ("name", name),
    ]
    static let metamethods: [(String, RuntimeFunction)] = [
        ("__call", call),
        ("__tostring", describe),
    ]
    /// The `timing` library's functions.
    static let functions: [(String, RuntimeFunction)] = [
        ("cubic", cubic),
        ("steps", steps),
        ("path", path),
        ("get", get),
        ("reverse", { runtime, _ in try push(runtime, TimingFunction.reversed, "reverse") }),
        ("mirror", { runtime, _ in try push(runtime, TimingFunction.mirrored, "mirror") }),
        ("outIn", { runtime, _ in try push(runtime, TimingFunction.outIn, "outIn") }),
        ("names", names),
    ]

    /// `tf:controlPoint(i)`: getControlPointAtIndex, for i in 0...3.
    static func controlPoint(_ runtime: Runtime, _ s: LuaStack) throws -> Int32 {
        let box: TimingBox = try runtime.host.checkObject(1, typeName)
        let i = try s.checkInteger(2)
        guard (0...3).contains(i) else {
            throw LuaRaise.argument(2, "index must be 0, 1, 2 or 3, got \(i)")
        }
        guard let p = box.function.controlPoint(at: i) else {
            throw LuaRaise.argument(1, "'\(box.name)' is not a cubic Bézier timing function")
        }
        try runtime.pushPoint(p)
        return 1
    }

    static func name(_ runtime: Runtime, _ s: LuaStack) throws -> Int32 {
        let box: TimingBox = try runtime.host.checkObject(1, typeName)
        s.push(box.name)
        return 1
    }

    /// `tf(x)`: the eased progress at x.
    static func call(_ runtime: Runtime, _ s: LuaStack) throws -> Int32 {
        let box: TimingBox = try runtime.host.checkObject(1, typeName)
        let x = try s.checkFinite(2, "x")
        let y = box.function(x)
        try runtime.host.throwPendingError()
        s.push(y)
        return 1
    }

    static func describe(_ runtime: Runtime, _ s: LuaStack) throws -> Int32 {
        let box: TimingBox = try runtime.host.checkObject(1, typeName)
        s.push("timing(\(box.name))")
        return 1
    }

    /// `timing.cubic(x1, y1, x2, y2)`: CAMediaTimingFunction's control points.
    static func cubic(_ runtime: Runtime, _ s: LuaStack) throws -> Int32 {
        let v = try (1...4).map {
            try s.checkFinite(Int32($0), ["x1", "y1", "x2", "y2"][$0 - 1])
        }
        do {
            let c = try CubicBezier(v[0], v[1], v[2], v[3])
            let name = "cubic-bezier(\(v.map(LuaFormat.number).joined(separator: ", ")))"
            runtime.pushTiming(.cubic(c), name: name)
            return 1
        } catch let e as EngineError {
            let arg: Int32 = e.parameter == "x2" ? 3 : 1
            throw LuaRaise.argument(arg, e.luaText(.parameterIs))
        }
    }

    /// `timing.steps(n [, position])`: CSS steps() with its jump positions.
    static func steps(_ runtime: Runtime, _ s: LuaStack) throws -> Int32 {
        let n = try s.checkInteger(1)
        let positionName = s.isNoneOrNil(2) ? "jump-end" : try s.checkString(2)
        guard let position = Steps.Position(rawValue: positionName) else {
            let valid = Steps.Position.allCases.map(\.rawValue).joined(separator: ", ")
            throw LuaRaise.argument(
                2, "step position must be one of \(valid), got '\(positionName)'")
        }
        do {
            runtime.pushTiming(
                .steps(try Steps(n, position)), name: "steps(\(n), \(positionName))")
        } catch let e as EngineError {
            throw LuaRaise.argument(1, e.luaText(.ruleGot))
        }
        return 1
    }

    /// `timing.path(data [, {height =, originY =}])`: an easing drawn as SVG path data
    /// (PathEasing), evaluated exactly.
    static func path(_ runtime: Runtime, _ s: LuaStack) throws -> Int32 {
        let data = try s.checkString(1)
        var height: Double?
        var originY: Double?
        if !s.isNoneOrNil(2) {
            let r = try TableReader(s, at: 2, argument: 2)
            height = try r.number("height")
            originY = try r.number("originY")
            try r.finish()
        }
        do {
            runtime.pushTiming(
                try .path(data, height: height, originY: originY), name: "path(\(data))")
        } catch let e as EngineError {
            let arg: Int32 = e.parameter == "path" ? 1 : 2
            throw LuaRaise.argument(
                arg,
                e.luaText(e.parameter == "path" ? .rule : .parameterIs))
        }
        return 1
    }

    /// `timing.get(spec)`: whatever names a timing function, as a timing object.
    static func get(_ runtime: Runtime, _ s: LuaStack) throws -> Int32 {
        runtime.pushTiming(try runtime.timing(at: 1), name: s.string(at: 1) ?? "custom")
        return 1
    }

    /// `timing.reverse(f)`, `mirror` and `outIn`: a timing function made from argument 1.
    private static func push(
        _ runtime: Runtime, _ make: (TimingFunction) -> TimingFunction, _ name: String
    ) throws -> Int32 {
        runtime.pushTiming(make(try runtime.timing(at: 1)), name: name)
        return 1
    }

    /// `timing.names()`: the preset names, in order.
    static func names(_ runtime: Runtime, _ s: LuaStack) throws -> Int32 {
        s.newTable()
        for (i, name) in TimingFunction.presetNames.enumerated() {
            s.push(name)
            s.setRawIndex(-2, Int64(i + 1))
        }
        return 1
    }

    /// Presets as fields: timing.easeIn(0.5), timing.default:controlPoint(1).
    private static func installPresets(in runtime: Runtime) {
        let host = runtime.host
        host.getGlobal("timing")
        for name in TimingFunction.presetNames {
            if let f = TimingFunction.named(name) {
                runtime.pushTiming(f, name: name)
                host.stack.setRawField(-2, name)
            }
        }
        host.stack.pop()
    }
}

extension Runtime {
    func pushTiming(_ f: TimingFunction, name: String) {
        host.pushObject(TimingBox(f, name: name), TimingBindings.typeName)
    }

    func pushPoint(_ p: Point) throws {
        try pushValue(.point(p))
    }

    /// Resolves the Lua value at `index` to a timing function (see TimingBindings).
    package func timing(at index: Int32) throws -> TimingFunction {
        let s = host.stack
        let i = s.absolute(index)
        if let box: TimingBox = host.object(at: i, TimingBindings.typeName) { return box.function }
        switch s.type(at: i) {
        case LUA_TFUNCTION:
            let ref = LuaReference(host: host, index: i, name: "function")
            return .custom(
                CustomTiming(
                    name: ref.definedAt.isEmpty ? "function" : ref.definedAt, many: ref.evaluateMany,
                    ref.evaluate))
        case LUA_TSTRING:
            return try timing(named: s.string(at: i)!, argument: i)
        default:
            throw LuaRaise.argument(
                i,
                "timing function expected (a name, a CSS string, a timing object or a function), got \(s.typeName(at: i))"
            )
        }
    }

    /// Preset names first (Core Animation's and CSS keywords), then registered easings
    /// (`name` or `name(args)`), then CSS function syntax.
    package func timing(named spec: String, argument: Int32 = 1) throws -> TimingFunction {
        if let f = TimingFunction.named(spec) { return f }
        if let f = try registeredEasing(spec) { return f }
        // CSS as a browser reads it: keywords in any case, with comments or escapes
        // (`ease /**/`, `Ease\2d in-out`) as well as the functions.
        if !spec.hasPrefix("spring") {
            do {
                return try TimingFunction.parse(css: spec)
            } catch let e as EngineError {
                let head = spec.drop(while: \.isWhitespace).lowercased()
                if ["cubic-bezier(", "steps(", "linear(", "path("].contains(where: { head.hasPrefix($0) }) {
                    throw LuaRaise.argument(argument, e.luaText(.rule))
                }
            }
        }
        throw LuaRaise.argument(
            argument, "unknown timing function '\(spec)'\(Suggestions.phrase(closestNames(to: spec)))")
    }

    /// A registered easing as a custom timing function, or nil.
    func registeredEasing(_ spec: String) throws -> TimingFunction? {
        let s = host.stack
        pushRegistry("easing")
        guard s.type(at: -1) == LUA_TTABLE else {
            s.pop()
            return nil
        }
        s.rawField(-1, "get")
        clua_remove(host.L, -2)
        s.push(spec)
        try host.callNested(arguments: 1, results: 1)
        defer { s.pop() }
        guard s.type(at: -1) == LUA_TFUNCTION else { return nil }
        // The same function as the last time this spec was asked for (a plain name's `get`
        // returns the registered function itself): the same timing function, so that 10,000
        // keyframe animations naming `bounceOut` share one reference (each made its own, with
        // a registry slot and a closure: 1.3 MB at 10,000 layers, and a cache line per track
        // on every frame). The cached reference keeps its function alive, so an equal address
        // is that function, never a new one made where a collected one was.
        let function = lua_topointer(host.L, -1)
        if let cached = state.easings[spec], cached.function == function { return cached.timing }
        let ref = LuaReference(host: host, index: -1, name: spec)
        let timing = TimingFunction.custom(
            CustomTiming(name: spec, identity: ref, many: ref.evaluateMany, ref.evaluate))
        state.easings[spec] = (function, timing)
        return timing
    }

    /// Every name a timing spec may use: presets and registered easings.
    package func knownTimingNames() -> [String] {
        var names = TimingFunction.presetNames
        let s = host.stack
        pushRegistry("easing")
        if s.type(at: -1) == LUA_TTABLE {
            s.rawField(-1, "names")
            if ib_pcall(host.L, 0, 1, 0) == LUA_OK, s.type(at: -1) == LUA_TTABLE {
                names += s.strings(at: -1)
            }
            s.pop()
        }
        s.pop()
        return names
    }

    /// Up to three known names closest to `spec` (for "did you mean").
    func closestNames(to spec: String) -> [String] {
        Suggestions.closest(to: spec, in: knownTimingNames())
    }
}
