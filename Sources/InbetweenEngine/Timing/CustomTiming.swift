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
    public init(
        name: String, identity: (any AnyObject & Sendable)? = nil,
        _ function: @escaping @Sendable (Double) -> Double
    ) {
        self.name = name
        self.identity = identity
        self.function = function
    }
}
