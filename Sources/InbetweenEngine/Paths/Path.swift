/// A CGPath-like path: moveTo, lineTo, quadCurveTo, curveTo, closeSubpath, arcs. Arcs are
/// stored as the cubic curves that approximate them (see `Path+Arc.swift`), as CGPath does.
///
/// Build it with the mutating methods (`move(to:)`, `line(to:)`, `quad(control:to:)`,
/// `curve(control1:control2:to:)`, `close()`, `addArc(...)`). A drawing element with no
/// current point (before any `move`) starts at the origin.
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

    public mutating func move(to p: Point) { elements.append(.move(p)) }
    public mutating func line(to p: Point) { elements.append(.line(p)) }
    public mutating func quad(control c: Point, to p: Point) {
        elements.append(.quad(control: c, to: p))
    }
    public mutating func curve(control1 c1: Point, control2 c2: Point, to p: Point) {
        elements.append(.curve(control1: c1, control2: c2, to: p))
    }
    public mutating func close() { elements.append(.close) }

    /// The point the next element starts from (CGPath's currentPoint), nil for an empty path.
    public var currentPoint: Point? {
        guard !elements.isEmpty else { return nil }
        var current = Point.zero
        var subpathStart = Point.zero
        for e in elements {
            switch e {
            case .move(let p):
                current = p
                subpathStart = p
            case .line(let p), .quad(_, let p), .curve(_, _, let p): current = p
            case .close: current = subpathStart
            }
        }
        return current
    }

    /// Same element kinds in the same order: the condition for morphing one path into another.
    public func hasSameStructure(as other: Path) -> Bool {
        guard elements.count == other.elements.count else { return false }
        return zip(elements, other.elements).allSatisfy { a, b in
            switch (a, b) {
            case (.move, .move), (.line, .line), (.quad, .quad), (.curve, .curve), (.close, .close):
                return true
            default: return false
            }
        }
    }

    /// Every point in element order, control points before end points (what interpolation
    /// and `Value.components` work on).
    public var points: [Point] {
        elements.flatMap { e -> [Point] in
            switch e {
            case .move(let p), .line(let p): return [p]
            case .quad(let c, let p): return [c, p]
            case .curve(let c1, let c2, let p): return [c1, c2, p]
            case .close: return []
            }
        }
    }

    /// The same structure with `points` replaced in order (the inverse of `points`).
    func replacingPoints(_ pts: [Point]) -> Path {
        var i = 0
        func next() -> Point {
            defer { i += 1 }
            return pts[i]
        }
        return Path(
            elements.map { e in
                switch e {
                case .move: return .move(next())
                case .line: return .line(next())
                case .quad: return .quad(control: next(), to: next())
                case .curve: return .curve(control1: next(), control2: next(), to: next())
                case .close: return .close
                }
            })
    }
}
