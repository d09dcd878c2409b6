// CONTRACT STUB — the values helper fills this in (elements, arcs, flattening, arc length,
// tangents); the public names below are the contract.

/// A CGPath-like path: moveTo, lineTo, quadCurveTo, curveTo, closeSubpath, arcs.
public struct Path: Hashable, Sendable {
    public enum Element: Hashable, Sendable {
        case move(Point)
        case line(Point)
        case quad(control: Point, to: Point)
        case curve(control1: Point, control2: Point, to: Point)
        case close
    }
    public var elements: [Element]
    public init(_ elements: [Element] = []) { self.elements = elements }
}
