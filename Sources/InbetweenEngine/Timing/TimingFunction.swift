// CONTRACT STUB — the timing helper replaces the bodies; the public signatures below are the
// contract other engine parts and the Lua layer build on. Do not remove or rename them.

/// A function from input progress to output progress (CAMediaTimingFunction and CSS easing
/// functions). Defined for every finite x, not only [0, 1].
public indirect enum TimingFunction: Sendable {
    case cubic(CubicBezier)
    case steps(Steps)
    case piecewiseLinear(PiecewiseLinear)
    case custom(CustomTiming)
    /// f(1 - x) mirrored: turns an "in" easing into its "out" form.
    case reversed(TimingFunction)
    /// First half runs f, second half runs reversed(f): "in" -> "inOut".
    case mirrored(TimingFunction)
    /// First half runs reversed(f), second half f: "in" -> "outIn".
    case outIn(TimingFunction)

    public func callAsFunction(_ x: Double) -> Double { x }

    /// Control points 0...3 like `getControlPointAtIndex:values:`; nil when the function is not
    /// a cubic Bézier or the index is outside 0...3.
    public func controlPoint(at index: Int) -> Point? { nil }

    public static let linear = TimingFunction.cubic(CubicBezier.unchecked(0, 0, 1, 1))
    public static let easeIn = TimingFunction.cubic(CubicBezier.unchecked(0.42, 0, 1, 1))
    public static let easeOut = TimingFunction.cubic(CubicBezier.unchecked(0, 0, 0.58, 1))
    public static let easeInEaseOut = TimingFunction.cubic(CubicBezier.unchecked(0.42, 0, 0.58, 1))
    public static let `default` = TimingFunction.cubic(CubicBezier.unchecked(0.25, 0.1, 0.25, 1))

    /// Core Animation names (`easeIn`, `kCAMediaTimingFunctionEaseIn`) and CSS keywords
    /// (`ease-in`, `ease`, `linear`, `step-start`, `step-end`).
    public static func named(_ name: String) -> TimingFunction? { nil }
    public static var presetNames: [String] { ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"] }

    /// Parses CSS easing syntax: keywords, `cubic-bezier(...)`, `steps(...)`, `linear(...)`.
    public static func parse(css: String) throws -> TimingFunction { .linear }
}

/// A custom timing function given as a closure (the Lua layer passes script functions here).
public struct CustomTiming: Sendable {
    public var name: String
    public var function: @Sendable (Double) -> Double
    public init(name: String, _ function: @escaping @Sendable (Double) -> Double) {
        self.name = name
        self.function = function
    }
}

/// `functionWithControlPoints::::` — the curve from (0,0) to (1,1) with two control points.
public struct CubicBezier: Hashable, Sendable {
    public let x1: Double, y1: Double, x2: Double, y2: Double
    /// Throws when an x lies outside [0, 1] or any value is not finite.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) throws {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }
    static func unchecked(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> CubicBezier {
        try! CubicBezier(x1, y1, x2, y2)
    }
    public func solve(_ x: Double) -> Double { x }
}

/// CSS `steps(n, <step-position>)`.
public struct Steps: Hashable, Sendable {
    public enum Position: String, Hashable, Sendable, CaseIterable {
        case jumpStart = "jump-start", jumpEnd = "jump-end", jumpNone = "jump-none", jumpBoth = "jump-both"
        case start, end
    }
    public let count: Int
    public let position: Position
    public init(_ count: Int, _ position: Position = .end) throws {
        self.count = count; self.position = position
    }
    public func evaluate(_ x: Double) -> Double { x }
}

/// CSS `linear(...)`: control points (output, input) after the spec's input-fixing steps.
public struct PiecewiseLinear: Hashable, Sendable {
    public struct Stop: Hashable, Sendable {
        public var output: Double
        public var input: Double?
        public init(output: Double, input: Double? = nil) { self.output = output; self.input = input }
    }
    /// The resolved control points: `inputs` non-decreasing, same count as `outputs`.
    public private(set) var inputs: [Double] = []
    public private(set) var outputs: [Double] = []
    public init(_ stops: [Stop]) throws {}
    public func evaluate(_ x: Double) -> Double { x }
}
