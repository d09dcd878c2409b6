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
        case .array(let items): return "array[\(items.count)]"
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
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.hasSameShape(as: $1) }
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
        case .array(let items):
            var out: [Value] = []
            out.reserveCapacity(items.count)
            var start = 0
            for item in items {
                let n = item.componentCount
                out.append(try item.withComponents(Array(c[start..<start + n])))
                start += n
            }
            return .array(out)
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

extension Value {
    /// How many numbers `components` holds, without making the array. (Inlinable, as is
    /// `firstNonFiniteComponent`: the writers and the frame stream ask per value per frame, and
    /// a call across the module boundary copied the value out of its array first.)
    @inlinable
    public var componentCount: Int {
        switch self {
        case .scalar: return 1
        case .point, .size: return 2
        case .rect, .color: return 4
        case .transform(let t): return t.m.count
        case .vector(let v): return v.count
        case .path(let p): return 2 * p.points.count
        case .array(let items): return items.reduce(0) { $0 + $1.componentCount }
        }
    }

    /// The index (into `components`) of the first number that is infinite or NaN, or nil
    /// when all are finite. Checked on every sampled value before it reaches an output, so it
    /// reads the numbers in place rather than through `components`.
    @inlinable
    public var firstNonFiniteComponent: Int? {
        switch self {
        case .scalar(let v): return v.isFinite ? nil : 0
        case .point(let p): return !p.x.isFinite ? 0 : !p.y.isFinite ? 1 : nil
        case .size(let s): return !s.width.isFinite ? 0 : !s.height.isFinite ? 1 : nil
        case .rect(let r):
            return Value.firstNonFinite([r.origin.x, r.origin.y, r.size.width, r.size.height])
        case .color(let c): return Value.firstNonFinite([c.red, c.green, c.blue, c.alpha])
        case .transform(let t): return Value.firstNonFinite(t.m)
        case .vector(let v): return Value.firstNonFinite(v)
        case .path(let p):
            for (i, point) in p.points.enumerated() {
                if !point.x.isFinite { return 2 * i }
                if !point.y.isFinite { return 2 * i + 1 }
            }
            return nil
        case .array(let items):
            var start = 0
            for item in items {
                if let k = item.firstNonFiniteComponent { return start + k }
                start += item.componentCount
            }
            return nil
        }
    }

    @usableFromInline
    static func firstNonFinite(_ numbers: [Double]) -> Int? {
        numbers.firstIndex { !$0.isFinite }
    }

    /// A name for component `i` after the track's key path: `x`/`y` of a point, `width` /
    /// `height` of a size, `origin.x` ... of a rect, `red` ... of a color, `m11` ... of a
    /// transform, `[i]` otherwise (vectors, paths' numbers).
    public func componentName(_ i: Int) -> String {
        switch self {
        case .scalar: return ""
        case .point: return [".x", ".y"][i]
        case .size: return [".width", ".height"][i]
        case .rect: return [".origin.x", ".origin.y", ".size.width", ".size.height"][i]
        case .color: return [" (red)", " (green)", " (blue)", " (alpha)"][i]
        case .transform: return " (m\(i / 4 + 1)\(i % 4 + 1))"
        case .vector, .path: return "[\(i)]"
        case .array(let items):
            // `colors[1] (red)`: the element's index, then the element's own part.
            var start = 0
            for (k, item) in items.enumerated() {
                let n = item.componentCount
                if i < start + n { return "[\(k)]" + item.componentName(i - start) }
                start += n
            }
            return "[\(i)]"
        }
    }
}
