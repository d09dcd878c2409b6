import CLua
import CLuaSupport

/// A Lua function kept in the registry so Swift can call it later: how script-defined easings
/// become engine timing functions. Calls are protected; an error (or a result that is not a
/// finite number) is kept as the host's `pendingError` and the call returns 0, because the
/// engine's timing functions cannot throw. Whoever drives sampling checks
/// `LuaHost.throwPendingError()` afterwards.
package final class LuaReference: @unchecked Sendable {
    // @unchecked: a reference is only ever used on the thread that owns its host.
    // unowned(unsafe), read only while `liveness.isAlive`: a reference may outlive its host (a
    // timing function an app keeps), and may be released by a `__gc` while the host is closing,
    // after its deinit cleared `isAlive`. Not weak: a weak reference gives the host a side
    // table, which sends every retain and release of it down the slow path, and an easing
    // call paid for two weak loads on every frame.
    unowned(unsafe) let host: LuaHost
    let liveness: LuaHostLiveness
    let ref: Int32
    package let name: String
    /// Where the function was defined, for error messages ("script.lua:3"); empty for a C
    /// function, or once the host is gone. Found when first asked for: mostly only an error
    /// needs it, and every easing a batch job names makes a reference (lua_getinfo and a
    /// formatted string per job). The same text as at the reference's making: it depends on
    /// the function alone.
    package private(set) lazy var definedAt: String = findDefinedAt()

    /// Takes a reference to the function at `index`.
    package init(host: LuaHost, index: Int32, name: String) {
        self.host = host
        liveness = host.liveness
        self.name = name
        host.stack.pushValue(index)
        ref = luaL_ref(host.L, clua_registryindex())
    }

    private func findDefinedAt() -> String {
        guard liveness.isAlive else { return "" }
        push()
        defer { host.stack.pop() }
        // On the stack, not the heap.
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 512) { buffer in
            ib_definedat(host.L, -1, buffer.baseAddress!, buffer.count)
            return String(cString: buffer.baseAddress!)
        }
    }

    deinit {
        if liveness.isAlive { luaL_unref(host.L, clua_registryindex(), ref) }
    }

    package func push() {
        guard liveness.isAlive else { return }
        lua_rawgeti(host.L, clua_registryindex(), lua_Integer(ref))
    }

    /// f(x) as a number; 0 with `pendingError` set when it fails.
    package func evaluate(_ x: Double) -> Double {
        guard liveness.isAlive else { return 0 }
        var y = 0.0
        let status = ib_callnumber(host.L, lua_Integer(ref), x, &y)
        if status == LUA_OK { return y }
        recordFailure(status, at: x)
        return 0
    }

    /// f(x) for each x, in place, in one protected call (`ib_callnumbers`); returns how many
    /// leading values are f's. Fewer than all: f failed at the next one (`pendingError` is
    /// set, as `evaluate` sets it) or a limit fired (`ib_stopreason`).
    package func evaluateMany(_ xs: UnsafeMutableBufferPointer<Double>) -> Int {
        guard liveness.isAlive, let base = xs.baseAddress else { return 0 }
        var good: Int32 = 0
        let status = ib_callnumbers(host.L, lua_Integer(ref), base, Int32(xs.count), &good)
        if status != LUA_OK { recordFailure(status, at: xs[Int(good)]) }
        return Int(good)
    }

    /// The error of a failed `evaluate`, on the stack top, popped and kept as `pendingError`.
    @inline(never)
    private func recordFailure(_ status: Int32, at x: Double) {
        guard status == IB_CALL_NOTFINITE else {
            host.recordPendingError(host.popError(status: status))
            return
        }
        let s = host.stack
        defer { s.pop() }
        let got = s.type(at: -1) == LUA_TNUMBER ? LuaFormat.number(s.number(at: -1) ?? 0) : s.typeName(at: -1)
        let (chunk, line, _) = LuaError.splitPosition(definedAt + ": ")
        host.recordPendingError(
            host.expandingChunk(
                LuaError(
                    kind: .runtime, chunk: chunk, line: line,
                    message:
                        "easing '\(name)' must return a finite number, got \(got) (at t = \(LuaFormat.number(x)))"
                )))
    }
}

/// Whether a host is still there, for what may outlive it (see LuaReference.host).
final class LuaHostLiveness {
    // Unchecked: a plain flag, read once per easing call on the host's thread.
    @exclusivity(unchecked) var isAlive = true
}

extension LuaHost {
    /// Keeps the first error of a batch of callback calls.
    package func recordPendingError(_ error: LuaError) {
        if pendingError == nil { pendingError = error }
    }

    /// Throws (and clears) the error recorded by callbacks, if any.
    package func throwPendingError() throws(LuaError) {
        if let error = pendingError {
            pendingError = nil
            throw error
        }
    }
}
