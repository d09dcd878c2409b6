/// A custom timing function given as a closure (the Lua layer passes script functions here).
///
/// The closure must be `@Sendable`: animations are values that may be sampled on any thread.
/// The engine does not check its results; whoever builds it (the Lua bindings) is the one
/// that can report a bad return value with a script line.
public struct CustomTiming: Sendable {
    public var name: String
    public var function: @Sendable (Double) -> Double
    /// What `function` calls, when the maker knows that two timing functions with this same
    /// object and name compute the same values (a registered easing's Lua function): track
    /// plans then share one evaluation (`TrackPlanSharing`). Nil: never shared.
    public var identity: (any AnyObject & Sendable)?
    /// `function` of each value, in place, for sampling many frames at once: returns how many
    /// leading values are computed and may be used (all, unless the maker's function failed:
    /// a Lua easing's error or a limit, which the caller learns of as it does after `function`).
    /// The same values as `function` one at a time. Nil: `function` is called per value.
    public var many: (@Sendable (UnsafeMutableBufferPointer<Double>) -> Int)?
    public init(
        name: String, identity: (any AnyObject & Sendable)? = nil,
        many: (@Sendable (UnsafeMutableBufferPointer<Double>) -> Int)? = nil,
        _ function: @escaping @Sendable (Double) -> Double
    ) {
        self.name = name
        self.identity = identity
        self.many = many
        self.function = function
    }
}
