import InbetweenEngine

/// A value's numbers (the ones `Value.components` lists) written straight into reserved
/// memory: the writers' hot path, so no array of components and no closure per number.
extension Value {
    /// Room `write(_:separator:at:)` needs: each number and a separator before it.
    package func maxWrittenLength(_ numbers: NumberFormat) -> Int {
        componentCount * (numbers.maxLength + 1)
    }

    /// The components at `out`, each preceded by `separator`; returns the end. (JSON's
    /// `[x,y]` is this with the first separator overwritten by `[`.)
    @inline(__always)
    package func write(
        _ numbers: NumberFormat, separator: UInt8,
        at out: UnsafeMutablePointer<UInt8>
    ) -> UnsafeMutablePointer<UInt8> {
        // A plain function over an inout pointer: a nested closure capturing the pointer
        // boxed it on the heap, a malloc and an exclusivity check per number.
        var q = out
        switch self {
        case .scalar(let v): Value.put(v, numbers, separator, &q)
        case .point(let p):
            Value.put(p.x, numbers, separator, &q)
            Value.put(p.y, numbers, separator, &q)
        case .size(let s):
            Value.put(s.width, numbers, separator, &q)
            Value.put(s.height, numbers, separator, &q)
        case .rect(let r):
            Value.put(r.origin.x, numbers, separator, &q)
            Value.put(r.origin.y, numbers, separator, &q)
            Value.put(r.size.width, numbers, separator, &q)
            Value.put(r.size.height, numbers, separator, &q)
        case .color(let c):
            Value.put(c.red, numbers, separator, &q)
            Value.put(c.green, numbers, separator, &q)
            Value.put(c.blue, numbers, separator, &q)
            Value.put(c.alpha, numbers, separator, &q)
        case .transform(let t): for x in t.m { Value.put(x, numbers, separator, &q) }
        case .vector(let v): for x in v { Value.put(x, numbers, separator, &q) }
        case .array: for x in components { Value.put(x, numbers, separator, &q) }
        case .path(let p):
            for point in p.points {
                Value.put(point.x, numbers, separator, &q)
                Value.put(point.y, numbers, separator, &q)
            }
        }
        return q
    }

    @inline(__always)
    private static func put(
        _ x: Double, _ numbers: NumberFormat, _ separator: UInt8,
        _ q: inout UnsafeMutablePointer<UInt8>
    ) {
        q.pointee = separator
        q = numbers.write(x, at: q + 1)
    }
}
