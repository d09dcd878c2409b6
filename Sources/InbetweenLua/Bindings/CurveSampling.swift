import CLua
import CLuaSupport
import InbetweenEngine

/// Sampling one easing at many inputs with no per-sample host overhead.
///
/// A protected call from Swift into Lua costs about 40 ns against 25 ns for the same call made
/// inside a Lua loop (measured for issue 6), so an easing written in Lua is sampled by a small
/// Lua loop, one call per chunk of 4,096 samples into a table that is reused and so stays in
/// cache (one table of all N cost more in page faults than the loop itself). On a uniform grid
/// the loop computes each x itself; explicit inputs go in as one table (ib_pushnumbers), and
/// each chunk comes back in one C call (ib_readnumbers) rather than two or three Swift->C calls
/// per number. Easings the engine knows (presets, CSS functions) are evaluated in Swift.
extension Runtime {
    /// Registry key of the compiled sampling loop.
    static let samplerKey = "inbetween.sampler"
    static let unrolledKey = "inbetween.sampler.unrolled"

    /// Samples per call of the unrolled sampler: as many as fit in a Lua function's 255
    /// registers with its parameters and one call's function and argument.
    static let unrolledChunk = 240

    /// `return fn(x_(first + 1)), ..., fn(x_(first + 240))`, x_i = xs[i] or, without xs,
    /// (i - 1) / (n - 1) (see SamplePoints): the results land on the stack, where the host
    /// reads them (ib_readstack), with neither a loop nor a table store per sample. The last
    /// call is parenthesised so that it, too, yields exactly one value.
    static let unrolledSource: String = {
        let count = unrolledChunk
        let listed = (1...count).map { "fn(xs[first + \($0)])" }
        let computed = (0..<count).map { "fn((first + \($0)) / last)" }
        func list(_ calls: [String]) -> String {
            (calls.dropLast() + ["(\(calls.last!))"]).joined(separator: ",\n    ")
        }
        return """
            return function(fn, xs, first, n)
              if xs then return
                \(list(listed))
              end
              local last = n - 1
              return
                \(list(computed))
            end
            """
    }()

    /// The loop for the rest (fewer than 240 samples): `out[k] = fn(x_(first + k))` for
    /// k = 1..count; results are checked when read back, so the loop does nothing but call.
    static let samplerSource = """
        return function(fn, xs, out, first, count, n)
          if xs then
            for k = 1, count do out[k] = fn(xs[first + k]) end
          elseif n == 1 then
            out[1] = fn(0.0)
          else
            local last, i = n - 1, first - 1
            for k = 1, count do
              i = i + 1
              out[k] = fn(i / last)
            end
          end
        end
        """

    /// y = easing(x) for each x, where `spec` is anything `timing(named:)` accepts (preset,
    /// registered easing with optional arguments, CSS function).
    /// Throws `LuaError`: an unknown name (with the closest known names), a Lua error raised by
    /// the easing (with its position), or a result that is not a finite number.
    package func sample(spec: String, at points: SamplePoints) throws(LuaError) -> [Double] {
        if TimingFunction.named(spec) == nil {
            let found: Bool
            do {
                found = try pushRegisteredEasing(spec)
            } catch {
                throw raisedError(error)
            }
            if found { return try sampleFunctionOnTop(name: spec, at: points) }
        }
        let function: TimingFunction
        do {
            function = try timing(named: spec)
        } catch let error as LuaRaise {
            throw raisedError(error)
        } catch {
            throw LuaError(kind: .runtime, message: String(describing: error))
        }
        let xs = points.xs
        let ys = try sample(function, at: xs)
        try Runtime.checkFinite(ys, at: xs, what: "timing '\(spec)'")
        return ys
    }

    /// A NaN or infinite y is an error naming the curve and the first such x: the engine's
    /// curves take any finite x, but their arithmetic can overflow (a control point y of
    /// 1e308, a path whose x span is a denormal, a spring sampled at t = 1e308).
    package static func checkFinite(_ ys: [Double], at xs: [Double], what: String) throws(LuaError) {
        guard let i = ys.firstIndex(where: { !$0.isFinite }) else { return }
        throw LuaError(
            kind: .runtime,
            message: "\(what) is \(ys[i].isNaN ? "NaN (not a number)" : "infinite") at t = "
                + "\(LuaFormat.number(xs[i])): a finite input overflowed (doubles end near 1.8e308)")
    }

    /// `sample(spec:at:)` at explicit inputs.
    package func sample(spec: String, at xs: [Double]) throws(LuaError) -> [Double] {
        try sample(spec: spec, at: .explicit(xs))
    }

    /// The same for a script that returns an easing: a Lua function (sampled in Lua) or
    /// anything else `timing(at:)` accepts (a timing object, a name, a CSS string).
    package func sample(file path: String, at points: SamplePoints) throws(LuaError) -> [Double] {
        try sample(script: .file(path), at: points)
    }

    /// `sample(file:at:)` for a script from any source (standard input among them).
    package func sample(script: ScriptSource, at points: SamplePoints) throws(LuaError) -> [Double] {
        let s = host.stack
        let base = s.top
        defer { s.top = base }
        let count = try runScript(script)
        let path = script.name
        guard count >= 1 else {
            throw LuaError(
                kind: .runtime, chunk: nil, line: nil,
                message: "\(path): must return an easing (a function of t), got nothing")
        }
        s.top = base + 1  // keep the first result only
        if s.type(at: -1) == LUA_TFUNCTION { return try sampleFunctionOnTop(name: path, at: points) }
        if s.type(at: -1) == LUA_TUSERDATA || s.type(at: -1) == LUA_TSTRING,
            let function = try? timing(at: -1)
        {
            return try sample(function, at: points.xs)
        }
        throw LuaError(
            kind: .runtime, chunk: nil, line: nil,
            message: "\(path): must return an easing (a function of t), got \(s.typeName(at: -1))")
    }

    /// An engine timing function, evaluated in Swift. Custom functions that call back into Lua
    /// record their first error on the host, which is thrown here.
    package func sample(_ function: TimingFunction, at xs: [Double]) throws(LuaError) -> [Double] {
        let ys = function.evaluate(xs)
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

    /// Samples the Lua function on the stack top (popping it): 240 samples per call of the
    /// unrolled sampler, the rest with the loop.
    private func sampleFunctionOnTop(name: String, at points: SamplePoints) throws(LuaError) -> [Double] {
        let s = host.stack
        let function = s.absolute(-1)
        defer { s.top = function - 1 }
        let n = points.count
        let chunk = Runtime.unrolledChunk
        try pushSampler(key: Runtime.samplerKey, source: Runtime.samplerSource)
        let sampler = s.absolute(-1)
        try pushSampler(key: Runtime.unrolledKey, source: Runtime.unrolledSource)
        let unrolled = s.absolute(-1)
        switch points {
        case .uniform: s.pushNil()
        case .explicit(let xs):
            xs.withUnsafeBufferPointer { ib_pushnumbers(host.L, $0.baseAddress, $0.count) }
        }
        let xs = s.absolute(-1)
        s.newTable(arrayCount: Int32(chunk))
        let out = s.absolute(-1)
        let base = s.top
        // Room for a chunk of results (a C caller must provide it); fails only without memory.
        guard lua_checkstack(host.L, Int32(chunk) + LUA_MINSTACK) != 0 else {
            throw LuaError(kind: .memory, message: "not enough memory to sample '\(name)'")
        }
        var failure: (index: Int, error: LuaError?)?
        let ys = [Double](unsafeUninitializedCapacity: n) { buffer, count in
            count = 0
            while count < n {
                let size = min(chunk, n - count)
                let whole = size == chunk
                for slot in whole ? [unrolled, function, xs] : [sampler, function, xs, out] {
                    s.pushValue(slot)
                }
                s.push(count)
                if !whole { s.push(size) }
                s.push(n)
                do throws(LuaError) {
                    _ = try host.call(arguments: whole ? 4 : 6, results: whole ? Int32(chunk) : 0)
                } catch {
                    failure = (count, error)
                    return
                }
                let target = buffer.baseAddress! + count
                let read =
                    whole
                    ? ib_readstack(host.L, base + 1, size, target) : ib_readnumbers(host.L, out, size, target)
                count += read
                if read < size {
                    failure = (count, nil)  // the bad value is on the stack top
                    return
                }
                s.top = base
            }
        }
        guard let failure else { return ys }
        if let error = failure.error { throw error }
        let got = s.type(at: -1) == LUA_TNUMBER ? LuaFormat.number(s.number(at: -1) ?? 0) : s.typeName(at: -1)
        let definedAt = LuaReference(host: host, index: function, name: name).definedAt
        let (chunkName, line, _) = LuaError.splitPosition(definedAt + ": ")
        throw LuaError(
            kind: .runtime, chunk: chunkName, line: line,
            message:
                "easing '\(name)' must return a finite number, got \(got) (at t = \(LuaFormat.number(points.x(at: failure.index))))"
        )
    }

    /// Pushes a sampling function, compiling it on first use.
    private func pushSampler(key: String, source: String) throws(LuaError) {
        let s = host.stack
        s.push(key)
        if lua_rawget(host.L, clua_registryindex()) == LUA_TFUNCTION { return }
        s.pop()
        try host.load(string: source, chunkName: "=[inbetween sampler]")
        _ = try host.call(arguments: 0, results: 1)
        s.push(key)
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
            // A limit that fired is named as one (with the flag that raises it), wherever in
            // the host's Lua it happened to stop.
            return host.stopError ?? LuaError(kind: .runtime, luaMessage: text)
        }
    }
}
