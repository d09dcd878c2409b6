import CLua
import CLuaSupport

/// What one budget (one script run) may spend. Zero turns a limit off. The defaults never bite
/// a normal script: a billion VM instructions is several seconds of pure Lua on this machine,
/// the examples stay under 10 MB of Lua memory, and sampling a minute at 60 fps is 3,601 frames.
package struct LuaLimits: Hashable, Sendable {
    /// VM instructions (a lower bound is counted; see CLuaSupport/limits.c).
    package var instructions: Int
    /// Bytes the Lua state may hold (the counting allocator).
    package var memory: Int
    /// Wall-clock seconds.
    package var seconds: Double
    /// Frames one sample request may produce.
    package var frames: Int

    package init(instructions: Int = 0, memory: Int = 0, seconds: Double = 0, frames: Int = 0) {
        self.instructions = instructions
        self.memory = memory
        self.seconds = seconds
        self.frames = frames
    }

    package static let defaults = LuaLimits(
        instructions: 1_000_000_000, memory: 1 << 30, seconds: 60,
        frames: 10_000_000)
    package static let none = LuaLimits()
}

/// Which limit stopped a script (carried by `LuaError.limit`; the CLI names the flag).
package enum LuaLimit: String, Hashable, Sendable {
    case instructions, memory, time, frames, interrupt

    init?(stopReason: Int32) {
        switch stopReason {
        case IB_STOP_INSTRUCTIONS: self = .instructions
        case IB_STOP_TIME: self = .time
        case IB_STOP_MEMORY: self = .memory
        case IB_STOP_INTERRUPT: self = .interrupt
        default: return nil
        }
    }
}

extension LuaHost {
    /// The limits of the next budget; the memory limit applies at once.
    package var limits: LuaLimits {
        get { storedLimits }
        set {
            storedLimits = newValue
            memoryLimit = max(0, newValue.memory)
            ib_setlimits(L, UInt64(max(0, newValue.instructions)), max(0, newValue.seconds))
        }
    }

    /// Lua needs this much C stack on any thread that runs it (the manual's LUAI_MAXCCALLS
    /// of 200 nested C calls, plus the Swift frames of bindings in between).
    package static let minimumStackSize = 256 * 1024

    /// Starts the instruction and time budget on the calling thread, which must be the one
    /// that runs the Lua code; a limit that fired in an earlier budget is cleared.
    package func beginBudget() throws(LuaError) {
        let stackSize = ib_threadstacksize()
        if stackSize != 0 && stackSize < LuaHost.minimumStackSize {
            throw LuaError(
                kind: .runtime,
                message:
                    "this thread has \(stackSize / 1024) KiB of stack; Lua needs at least \(LuaHost.minimumStackSize / 1024) KiB"
            )
        }
        switch ib_beginbudget(mainState) {
        case 0:
            // Garbage a previous script left near the cap (a bomb stopped by the memory
            // limit) is not always freed by Lua's emergency collection in 5.4.4 (seen: a 64 MiB
            // table survived it and the next script failed to load), so collect it now.
            if memoryLimit > 0, memoryUsed > memoryLimit / 2 {
                if ib_collect(L) != LUA_OK { stack.pop() }
            }
            return
        case IB_BUDGET_FULL: throw LuaError(kind: .runtime, message: "too many Lua budgets running at once")
        default: throw LuaError(kind: .runtime, message: "cannot start the watchdog thread for the limits")
        }
    }

    package func endBudget() { ib_endbudget(mainState) }

    /// Runs `body` inside a budget.
    package func withBudget<T>(_ body: () throws -> T) throws -> T {
        try beginBudget()
        defer { endBudget() }
        return try body()
    }

    /// The limit that fired in the current budget, as an error, or nil.
    package var stopError: LuaError? {
        guard let limit = LuaLimit(stopReason: ib_stopreason(mainState)) else { return nil }
        var whereText = [CChar](repeating: 0, count: 256)
        var message = [CChar](repeating: 0, count: 256)
        ib_stopdescription(mainState, &whereText, whereText.count, &message, message.count)
        let position = String(
            decoding: whereText.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let (chunk, line, _) = LuaError.splitPosition(position + " ")
        return LuaError(
            kind: limit == .interrupt ? .interrupted : .limit, chunk: chunk, line: line,
            message: text, limit: limit)
    }

    /// Throws the limit that fired, if one did: Swift loops that run no Lua (sampling pure
    /// engine animations) check this between steps.
    package func throwIfStopped() throws(LuaError) {
        if let e = stopError { throw e }
    }

    /// What the host does outside Lua from now on ("drawing frames"; nil: nothing): a limit
    /// that fires there names it, not the script, in its error and in the hard exit's message.
    package func setActivity(_ what: String?) {
        ib_setactivity(mainState, what)
    }

    /// Instructions counted so far in this budget (a lower bound; 0 until counting began).
    package var instructionsCounted: Int { Int(ib_instructionscounted(mainState)) }
}

/// Ctrl-C for a command-line host. Process-wide: `install` replaces the process's SIGINT
/// handler and starts the limits' watchdog thread (which also installs the SIGURG handler it
/// arms hooks with), and a run still going after a limit fired may end the whole process.
/// Only the command line calls it; the library (`InbetweenHost`) never does.
package enum LuaInterrupts {
    /// Installs the SIGINT handler: running budgets stop with "interrupted" at their next
    /// instruction. A run still going `hardExitAfter` seconds after a limit fired (hooks are
    /// off inside __gc metamethods) ends the process after `cleanup`.
    package static func install(hardExitAfter: Double, cleanup: @convention(c) () -> Void) {
        ib_installinterrupthandler(hardExitAfter, cleanup)
    }

    package static var interrupted: Bool { ib_interrupted() != 0 }
}
