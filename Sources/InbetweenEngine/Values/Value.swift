// CONTRACT STUB — the values helper fills in the bodies and adds files beside this one; the
// public signatures below are the contract the animations, layers and Lua layer build on.

/// Every kind of value an animation can drive. Interpolation is component-wise and never
/// clamped (back and elastic easings overshoot).
public enum Value: Hashable, Sendable {
    case scalar(Double)
    case point(Point)
    case size(Size)
    case rect(Rect)
    case color(Color)
    case transform(Transform3D)
    case vector([Double])
    case path(Path)

    /// a + (b - a) * t, component-wise; throws when the two values are of different kinds or
    /// shapes (paths with different element structure, vectors of different lengths).
    public static func interpolate(_ a: Value, _ b: Value, _ t: Double) throws -> Value { a }

    /// a + b component-wise (additive / cumulative / byValue animations).
    public static func add(_ a: Value, _ b: Value) throws -> Value { a }

    /// b - a component-wise.
    public static func subtract(_ b: Value, _ a: Value) throws -> Value { b }

    /// Euclidean distance between the component vectors (paced keyframe animation).
    public static func distance(_ a: Value, _ b: Value) throws -> Double { 0 }

    /// The value's numbers in a fixed order (what outputs write per frame).
    public var components: [Double] { [] }
}

/// RGBA, each channel nominally in [0, 1] (not clamped while interpolating).
public struct Color: Hashable, Sendable {
    public var red: Double, green: Double, blue: Double, alpha: Double
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    /// `#rgb`, `#rrggbb`, `#rrggbbaa` and UIKit's named colors (`red`, `blue`, `clear`...).
    public static func parse(_ text: String) throws -> Color { Color(red: 0, green: 0, blue: 0) }
}

/// CATransform3D: a 4x4 matrix in Core Animation's row-vector convention.
public struct Transform3D: Hashable, Sendable {
    public var m: [Double]  // 16 entries, row-major m11 m12 ... m44
    public init(m: [Double]) { self.m = m }
    public static let identity = Transform3D(m: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
}

/// The values of one layer, addressed by Core Animation key paths. Sub-paths such as
/// `position.x`, `bounds.size.width`, `transform.scale`, `transform.scale.x`,
/// `transform.rotation.z` and `transform.translation` read and write a part of the root value
/// (`transform` key paths decompose the matrix like Core Animation does).
public struct PropertyValues: Hashable, Sendable {
    public var values: [String: Value]
    public init(_ values: [String: Value] = [:]) { self.values = values }
    public subscript(keyPath: String) -> Value? {
        get { values[keyPath] }
        set { values[keyPath] = newValue }
    }
}
