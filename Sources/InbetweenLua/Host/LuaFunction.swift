import CLua
import CLuaSupport

/// A Swift function callable from Lua: reads its arguments from the stack, pushes its results
/// and returns how many; throws `LuaRaise` (or any error, reported as a message) to fail.
package typealias LuaFunction = (LuaStack) throws -> Int32

/// Holds a Swift closure behind the raw pointer the C trampoline passes back.
final class LuaFunctionBox {
    let name: String
    let body: LuaFunction
    /// The host keeps its boxes alive, never the other way round. unowned(unsafe): the
    /// host's deinit closes the state, whose finalizers call Swift functions while the host
    /// is being destroyed (still in memory, but a checked unowned reference would trap).
    unowned(unsafe) let host: LuaHost
    init(name: String, host: LuaHost, body: @escaping LuaFunction) {
        self.name = name
        self.host = host
        self.body = body
    }
}

/// Stack kept free for Lua's own C recursion below a Swift function (see luaFunctionEntry).
let luaStackReserve = 192 * 1024

/// The one entry point the trampoline calls. It is a file-scope function on purpose: Swift 6
/// crashed when an inline `@convention(c)` closure made on the main actor was later called by
/// Lua from another thread. It never lets a Lua error cross it: errors become return codes.
func luaFunctionEntry(_ state: OpaquePointer?, _ context: UnsafeMutableRawPointer?) -> Int32 {
    let stack = LuaStack(state!)
    // Lua bounds its own C recursion (200 nested C calls, which fits in 256 KiB), but each
    // Lua -> Swift -> Lua round trip adds Swift frames that can be several KiB in debug
    // builds; 100 of them overflowed a 512 KiB Dispatch thread. So below this much stack left
    // the call fails as Lua's own overflow does, leaving Lua its share of the stack.
    if ib_stackremaining() < luaStackReserve {
        LuaStack(state!).push("stack overflow (Lua and the host call each other too deeply)")
        return IB_RAISE_WHERE
    }
    let box = Unmanaged<LuaFunctionBox>.fromOpaque(context!).takeUnretainedValue()
    // Called from inside a coroutine, the function works on that coroutine's stack.
    let host = box.host
    let outer = host.L
    host.L = state!
    defer { host.L = outer }
    do {
        return try box.body(stack)
    } catch let raise as LuaRaise {
        switch raise {
        case .argument(let index, let message):
            stack.push(Int(index))
            stack.push(message)
            return IB_RAISE_ARG
        case .type(let index, let expected):
            stack.push(Int(index))
            stack.push(expected)
            return IB_RAISE_TYPE
        case .message(let message):
            stack.push(message)
            return IB_RAISE_WHERE
        case .value:
            return IB_RAISE
        }
    } catch let error as LuaError {
        // A nested script error keeps its own position.
        stack.push(error.positionedMessage)
        return IB_RAISE
    } catch {
        stack.push(String(describing: error))
        return IB_RAISE_WHERE
    }
}
