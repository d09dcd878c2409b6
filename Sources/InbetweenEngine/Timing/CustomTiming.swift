/// A custom timing function given as a closure (the Lua layer passes script functions here).
///
/// The closure must be `@Sendable`: animations are values that may be sampled on any thread.
/// The engine does not check its results; whoever builds it (the Lua bindings) is the one
/// that can report a bad return value with a script line.
public struct CustomTiming: Sendable {
    public var name: String
    public var function: @Sendable (Double) -> Double
    public init(name: String, _ function: @escaping @Sendable (Double) -> Double) {
        self.name = name
        self.function = function
    }
}
