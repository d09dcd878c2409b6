import CLua
import CLuaSupport
import InbetweenEngine

/// Sampling one easing at many inputs with no per-sample host overhead.
///
/// A protected call from Swift into Lua costs about 40 ns against 25 ns for the same call made
/// inside a Lua loop (measured for issue 6), so an easing written in Lua is sampled by a small
/// Lua loop that fills a preallocated table in one call; Swift then reads the table back raw.
/// Easings the engine knows (presets, CSS functions) are evaluated in Swift directly.
extension Runtime {
    /// Registry key of the compiled sampling loop.
    static let samplerKey = "inbetween.sampler"

    /// `for i = 1, n do out[i] = fn(xs[i]) end`; results are checked by Swift when read back,
    /// so the loop itself does nothing but call.
    static let samplerSource = """
        return function(fn, xs, out, n)
          for i = 1, n do out[i] = fn(xs[i]) end
        end
        """

    /// y = easing(x) for each x, where `spec` is anything `timing(named:)` accepts (preset,
    /// registered easing with optional arguments, CSS function).
    /// Throws `LuaError`: an unknown name (with the closest known names), a Lua error raised by
    /// the easing (with its position), or a result that is not a finite number.
    public func sample(spec: String, at xs: [Double]) throws(LuaError) -> [Double] {
        if TimingFunction.named(spec) == nil {
            let found: Bool
            do {
                found = try pushRegisteredEasing(spec)
            } catch {
                throw raisedError(error)
            }
            if found { return try sampleFunctionOnTop(name: spec, at: xs) }
        }
        let function: TimingFunction
        do {
            function = try timing(named: spec)
        } catch let error as LuaRaise {
            throw raisedError(error)
        } catch {
            throw LuaError(kind: .runtime, message: String(describing: error))
        }
        return try sample(function, at: xs)
    }

    /// The same for a script that returns an easing: a Lua function (sampled in Lua) or
    /// anything else `timing(at:)` accepts (a timing object, a name, a CSS string).
    public func sample(file path: String, at xs: [Double]) throws(LuaError) -> [Double] {
        let s = host.stack
        let base = s.top
        defer { s.top = base }
        let count = try host.run(file: path)
        guard count >= 1 else {
            throw LuaError(
                kind: .runtime, chunk: nil, line: nil,
                message: "\(path): must return an easing (a function of t), got nothing")
        }
        s.top = base + 1  // keep the first result only
        if s.type(at: -1) == LUA_TFUNCTION { return try sampleFunctionOnTop(name: path, at: xs) }
        if s.type(at: -1) == LUA_TUSERDATA || s.type(at: -1) == LUA_TSTRING,
            let function = try? timing(at: -1)
        {
            return try sample(function, at: xs)
        }
        throw LuaError(
            kind: .runtime, chunk: nil, line: nil,
            message: "\(path): must return an easing (a function of t), got \(s.typeName(at: -1))")
    }

    /// An engine timing function, evaluated in Swift. Custom functions that call back into Lua
    /// record their first error on the host, which is thrown here.
    public func sample(_ function: TimingFunction, at xs: [Double]) throws(LuaError) -> [Double] {
        let ys = xs.map { function($0) }
        try host.throwPendingError()
        return ys
    }

    /// Pushes the registered easing `spec` (`name` or `name(args)`) and returns true, or pushes
    /// nothing and returns false.
    private func pushRegisteredEasing(_ spec: String) throws(LuaRaise) -> Bool {
        let s = host.stack
        host.getGlobal("easing")
        guard s.type(at: -1) == LUA_TTABLE else {
            s.pop()
            return false
        }
        s.rawField(-1, "get")
        clua_remove(host.L, -2)
        s.push(spec)
        try host.callNested(arguments: 1, results: 1)
        if s.type(at: -1) == LUA_TFUNCTION { return true }
        s.pop()
        return false
    }

    /// Samples the Lua function on the stack top (popping it) in one call of the Lua loop.
    private func sampleFunctionOnTop(name: String, at xs: [Double]) throws(LuaError) -> [Double] {
        let s = host.stack
        let function = s.absolute(-1)
        defer { s.top = function - 1 }
        let definedAt = LuaReference(host: host, index: function, name: name).definedAt
        try pushSampler()
        s.pushValue(function)
        s.push(xs)
        s.newTable(arrayCount: Int32(clamping: xs.count))
        let out = s.absolute(-1)
        s.pushValue(out)
        clua_insert(host.L, function + 1)  // keep `out` below the call: sampler fn xs out n
        s.push(xs.count)
        try host.call(arguments: 4, results: 0)
        var ys = [Double]()
        ys.reserveCapacity(xs.count)
        for (i, x) in xs.enumerated() {
            let type = s.rawIndex(function + 1, Int64(i + 1))
            if type == LUA_TNUMBER, let y = s.number(at: -1), y.isFinite {
                ys.append(y)
                s.pop()
                continue
            }
            let got = type == LUA_TNUMBER ? LuaFormat.number(s.number(at: -1) ?? 0) : s.typeName(at: -1)
            let (chunk, line, _) = LuaError.splitPosition(definedAt + ": ")
            throw LuaError(
                kind: .runtime, chunk: chunk, line: line,
                message:
                    "easing '\(name)' must return a finite number, got \(got) (at t = \(LuaFormat.number(x)))"
            )
        }
        return ys
    }

    /// Pushes the sampling loop, compiling it on first use.
    private func pushSampler() throws(LuaError) {
        let s = host.stack
        s.push(Runtime.samplerKey)
        if lua_rawget(host.L, clua_registryindex()) == LUA_TFUNCTION { return }
        s.pop()
        try host.load(string: Runtime.samplerSource, chunkName: "=[inbetween sampler]")
        try host.call(arguments: 0, results: 1)
        s.push(Runtime.samplerKey)
        s.pushValue(-2)
        lua_rawset(host.L, clua_registryindex())
    }

    /// A `LuaRaise` caught outside a Lua call, as the `LuaError` the CLI reports.
    private func raisedError(_ error: LuaRaise) -> LuaError {
        switch error {
        case .argument(_, let message), .message(let message):
            return LuaError(kind: .runtime, message: message)
        case .type(_, let expected):
            return LuaError(kind: .runtime, message: "\(expected) expected")
        case .value:
            let text = host.describe(at: -1)
            host.stack.pop()
            return LuaError(kind: .runtime, luaMessage: text)
        }
    }
}
