/// Array values: CAGradientLayer's `colors` (an NSArray of CGColors) and `locations` (an
/// NSArray of NSNumbers), both "Animatable" in Apple's CAGradientLayer reference
/// (https://developer.apple.com/documentation/quartzcore/cagradientlayer).
///
/// Two arrays of the same length whose elements have the same shapes interpolate element by
/// element (the general component-wise path of `Value.interpolate`). Apple documents nothing
/// for arrays of different lengths, so they switch discretely at the midpoint, as Web
/// Animations animates a value it cannot interpolate ("discrete" animation type: the first
/// value while p < 0.5, the second from 0.5 on;
/// https://www.w3.org/TR/web-animations-1/#discrete). The same goes for an empty array, the
/// nil `colors` or `locations` of a fresh layer.
extension Value {
    /// True when an animation may go from `self` to `other`: the same shape, or two arrays
    /// whose items are all of one kind (their counts may differ: see the type's note).
    package func isAnimatable(to other: Value) -> Bool {
        if hasSameShape(as: other) { return true }
        guard case .array(let a) = self, case .array(let b) = other else { return false }
        guard let kind = (a.first ?? b.first).map(\.kindName) else { return true }
        return (a + b).allSatisfy { $0.kindName == kind }
    }

    /// The discrete switch between two arrays that do not interpolate element by element;
    /// nil for every other pair (interpolated as usual).
    static func discreteArraySwitch(_ a: Value, _ b: Value, _ t: Double) -> Value? {
        guard case .array = a, case .array = b, !a.hasSameShape(as: b), a.isAnimatable(to: b) else {
            return nil
        }
        return t < 0.5 ? a : b
    }
}
