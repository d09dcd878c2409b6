/// Reading and writing a part of a value by the names Core Animation's key paths use:
/// `x`/`y` of a point, `width`/`height` of a size, `origin`/`size` of a rect (and their parts),
/// and the transform's `scale`, `rotation` and `translation` families ("Key-Value Coding
/// Extensions" in Apple's Core Animation Programming Guide).
enum KeyPathComponent {
    static func read(_ base: Value, _ path: [String], keyPath: String) throws -> Value {
        guard let first = path.first else { return base }
        let rest = Array(path.dropFirst())
        switch (base, first) {
        case (.point(let p), "x") where rest.isEmpty: return .scalar(p.x)
        case (.point(let p), "y") where rest.isEmpty: return .scalar(p.y)
        case (.size(let s), "width") where rest.isEmpty: return .scalar(s.width)
        case (.size(let s), "height") where rest.isEmpty: return .scalar(s.height)
        case (.rect(let r), "origin"): return try read(.point(r.origin), rest, keyPath: keyPath)
        case (.rect(let r), "size"): return try read(.size(r.size), rest, keyPath: keyPath)
        case (.transform(let t), _):
            if let part = TransformKeyPath(path) { return part.read(t) }
        default: break
        }
        throw unknown(base, keyPath)
    }

    static func write(_ value: Value, into base: Value, _ path: [String], keyPath: String) throws
        -> Value
    {
        guard let first = path.first else {
            let fitted = value.converted(toKindOf: base)
            guard fitted.isAnimatable(to: base) else { throw wrongKind(value, base, keyPath) }
            return fitted
        }
        let rest = Array(path.dropFirst())
        switch (base, first) {
        case (.point(var p), "x") where rest.isEmpty:
            p.x = try scalar(value, keyPath)
            return .point(p)
        case (.point(var p), "y") where rest.isEmpty:
            p.y = try scalar(value, keyPath)
            return .point(p)
        case (.size(var s), "width") where rest.isEmpty:
            s.width = try scalar(value, keyPath)
            return .size(s)
        case (.size(var s), "height") where rest.isEmpty:
            s.height = try scalar(value, keyPath)
            return .size(s)
        case (.rect(var r), "origin"):
            if case .point(let p) = try write(value, into: .point(r.origin), rest, keyPath: keyPath) {
                r.origin = p
            }
            return .rect(r)
        case (.rect(var r), "size"):
            if case .size(let s) = try write(value, into: .size(r.size), rest, keyPath: keyPath) {
                r.size = s
            }
            return .rect(r)
        case (.transform(let t), _):
            if let part = TransformKeyPath(path) {
                return .transform(try part.write(value, into: t, keyPath: keyPath))
            }
        default: break
        }
        throw unknown(base, keyPath)
    }

    static func scalar(_ value: Value, _ keyPath: String) throws -> Double {
        guard case .scalar(let x) = value else { throw wrongKind(value, .scalar(0), keyPath) }
        return x
    }

    static func unknown(_ base: Value, _ keyPath: String) -> EngineError {
        EngineError(
            parameter: "keyPath", value: keyPath,
            rule: "no such part of a \(base.kindName) value")
    }

    static func wrongKind(_ value: Value, _ expected: Value, _ keyPath: String) -> EngineError {
        EngineError(
            parameter: keyPath, value: value.kindName,
            rule: "expects a \(expected.kindName) value")
    }
}
