import InbetweenEngine

/// A timing function a host found by name (`InbetweenHost.easing(named:)`), to call from the
/// app's own animation code: `try easing(0.5)`.
///
/// Not `Sendable`. An easing a plugin or script wrote in Lua (`bounceOut`, `backOut(2.5)`)
/// runs in its host's Lua state, which is not thread-safe: call it on the host's thread (or in
/// the actor that owns the host). It keeps its host alive, and an error inside it — a Lua
/// error, a result that is not a finite number, a limit of `HostOptions.Limits` — is thrown
/// to the caller. A preset or CSS function (`easeOut`, `cubic-bezier(...)`, `steps(4)`) is
/// pure Swift: `timingFunction` hands it out as a `Sendable` engine value that any thread may
/// use, with no host.
public struct Easing {
    /// The name it was asked for by.
    public let name: String
    /// The engine's timing function, when it runs no Lua (a preset, a CSS function): `Sendable`,
    /// usable on any thread without the host. Nil for an easing written in Lua.
    public var timingFunction: TimingFunction? { host == nil ? function : nil }
    let function: TimingFunction
    /// The host whose Lua state the function calls into; nil when it calls none.
    let host: InbetweenHost?

    init(name: String, function: TimingFunction, host: InbetweenHost) {
        self.name = name
        self.function = function
        self.host = function.callsLua ? host : nil
    }

    /// y = f(x). Defined for every finite x (outside [0, 1] the function is extrapolated).
    /// - Throws: `ScriptError` when a Lua easing fails or reaches a limit.
    public func callAsFunction(_ x: Double) throws(ScriptError) -> Double {
        guard let host else { return function(x) }
        return try host.evaluating { function(x) }
    }

    /// f(x) for each x.
    public func values(at xs: [Double]) throws(ScriptError) -> [Double] {
        guard let host else { return xs.map { function($0) } }
        return try host.evaluating { xs.map { function($0) } }
    }
}

@available(
    *, unavailable, message: "an Easing may call into its host's Lua state: use it on the host's thread"
)
extension Easing: Sendable {}

extension TimingFunction {
    /// Whether evaluating it calls a Lua function (only the Lua layer makes `.custom` ones).
    var callsLua: Bool {
        switch self {
        case .custom: return true
        case .reversed(let f), .mirrored(let f), .outIn(let f): return f.callsLua
        case .cubic, .steps, .piecewiseLinear: return false
        }
    }
}
