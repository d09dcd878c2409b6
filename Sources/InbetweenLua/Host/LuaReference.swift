import CLua
import CLuaSupport

/// A Lua function kept in the registry so Swift can call it later: how script-defined easings
/// become engine timing functions. Calls are protected; an error (or a result that is not a
/// finite number) is kept as the host's `pendingError` and the call returns 0, because the
/// engine's timing functions cannot throw. Whoever drives sampling checks
/// `LuaHost.throwPendingError()` afterwards.
public final class LuaReference: @unchecked Sendable {
    // @unchecked: a reference is only ever used on the thread that owns its host.
    // Weak: the reference may be released by a `__gc` while the host itself is closing.
    weak var host: LuaHost?
    let ref: Int32
    public let name: String
    /// Where the function was defined, for error messages ("script.lua:3").
    public let definedAt: String

    /// Takes a reference to the function at `index`.
    public init(host: LuaHost, index: Int32, name: String) {
        self.host = host
        self.name = name
        var buffer = [CChar](repeating: 0, count: 512)
        ib_definedat(host.L, index, &buffer, buffer.count)
        definedAt = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        host.stack.pushValue(index)
        ref = luaL_ref(host.L, clua_registryindex())
    }

    deinit {
        if let host { luaL_unref(host.L, clua_registryindex(), ref) }
    }

    public func push() {
        guard let host else { return }
        lua_rawgeti(host.L, clua_registryindex(), lua_Integer(ref))
    }

    /// f(x) as a number; 0 with `pendingError` set when it fails.
    public func evaluate(_ x: Double) -> Double {
        guard let host else { return 0 }
        let s = host.stack
        push()
        s.push(x)
        let status = ib_pcall(host.L, 1, 1, 1)
        if status != LUA_OK {
            host.recordPendingError(host.popError(status: status))
            return 0
        }
        defer { s.pop() }
        if s.type(at: -1) == LUA_TNUMBER, let y = s.number(at: -1), y.isFinite { return y }
        let got = s.type(at: -1) == LUA_TNUMBER ? LuaFormat.number(s.number(at: -1) ?? 0) : s.typeName(at: -1)
        let (chunk, line, _) = LuaError.splitPosition(definedAt + ": ")
        host.recordPendingError(
            host.expandingChunk(
                LuaError(
                    kind: .runtime, chunk: chunk, line: line,
                    message:
                        "easing '\(name)' must return a finite number, got \(got) (at t = \(LuaFormat.number(x)))"
                )))
        return 0
    }
}

extension LuaHost {
    /// Keeps the first error of a batch of callback calls.
    public func recordPendingError(_ error: LuaError) {
        if pendingError == nil { pendingError = error }
    }

    /// Throws (and clears) the error recorded by callbacks, if any.
    public func throwPendingError() throws(LuaError) {
        if let error = pendingError {
            pendingError = nil
            throw error
        }
    }
}
