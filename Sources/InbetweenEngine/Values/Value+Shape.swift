/// What makes two values combinable: the same kind and, for vectors and paths, the same shape.
extension Value {
    /// Core Animation's word for the kind, used in error messages.
    public var kindName: String {
        switch self {
        case .scalar: return "scalar"
        case .point: return "point"
        case .size: return "size"
        case .rect: return "rect"
        case .color: return "color"
        case .transform: return "transform"
        case .vector(let v): return "vector[\(v.count)]"
        case .path(let p): return "path[\(p.elements.count) elements]"
        }
    }

    /// True when `interpolate`, `add`, `subtract` and `distance` accept the pair.
    public func hasSameShape(as other: Value) -> Bool {
        switch (self, other) {
        case (.scalar, .scalar), (.point, .point), (.size, .size), (.rect, .rect),
            (.color, .color), (.transform, .transform):
            return true
        case (.vector(let a), .vector(let b)): return a.count == b.count
        case (.path(let a), .path(let b)): return a.hasSameStructure(as: b)
        default: return false
        }
    }

    static func requireSameShape(_ a: Value, _ b: Value, operation: String) throws {
        guard a.hasSameShape(as: b) else {
            throw EngineError(
                parameter: "value", value: "\(a.kindName) and \(b.kindName)",
                rule: "can only \(operation) values of the same kind and shape "
                    + "(paths need the same element structure)")
        }
    }

    /// A value of the same kind and shape as `self` holding `components` (the inverse of
    /// `components`). Throws when the count does not fit.
    public func withComponents(_ c: [Double]) throws -> Value {
        guard c.count == components.count else {
            throw EngineError(
                parameter: "components", value: "\(c.count) numbers",
                rule: "a \(kindName) has \(components.count) components")
        }
        switch self {
        case .scalar: return .scalar(c[0])
        case .point: return .point(Point(x: c[0], y: c[1]))
        case .size: return .size(Size(width: c[0], height: c[1]))
        case .rect: return .rect(Rect(x: c[0], y: c[1], width: c[2], height: c[3]))
        case .color: return .color(Color(red: c[0], green: c[1], blue: c[2], alpha: c[3]))
        case .transform: return .transform(Transform3D(m: c))
        case .vector: return .vector(c)
        case .path(let p):
            var points: [Point] = []
            points.reserveCapacity(c.count / 2)
            for i in stride(from: 0, to: c.count, by: 2) { points.append(Point(x: c[i], y: c[i + 1])) }
            return .path(p.replacingPoints(points))
        }
    }

    /// Points and sizes are both pairs; key paths such as `transform.translation` read as a
    /// size but users also give points. Returns `self` re-expressed as `template`'s kind when
    /// that is one of these two, otherwise `self` unchanged.
    public func converted(toKindOf template: Value) -> Value {
        switch (self, template) {
        case (.point(let p), .size): return .size(Size(width: p.x, height: p.y))
        case (.size(let s), .point): return .point(Point(x: s.width, y: s.height))
        default: return self
        }
    }
}
