import CLua
import InbetweenEngine

/// Lua values <-> engine `Value`s. Numbers are scalars; `point`, `size`, `rect`, `color`,
/// `transform` and `path` tables (made by the prelude's constructors) are their kinds; a string
/// is a color (`"#ff0000"`, `"red"`); an array of numbers is a vector.
extension Runtime {
    /// What went wrong, for the caller to word as a field or argument error.
    struct ValueProblem: Error {
        var rule: String
    }

    func value(at index: Int32) throws(ValueProblem) -> Value {
        let s = host.stack
        let i = s.absolute(index)
        switch s.type(at: i) {
        case LUA_TNUMBER:
            let v = s.number(at: i)!
            guard v.isFinite else {
                throw ValueProblem(rule: "must be a finite number, got \(LuaFormat.number(v))")
            }
            return .scalar(v)
        case LUA_TSTRING:
            let text = s.string(at: i)!
            do {
                return .color(try Color.parse(text))
            } catch {
                let hint = Suggestions.phrase(Suggestions.closest(to: text, in: Color.colorNames))
                throw ValueProblem(rule: "is not a color: \(error.rule) (got '\(text)'\(hint))")
            }
        case LUA_TTABLE:
            return try tableValue(at: i)
        default:
            throw ValueProblem(
                rule:
                    "must be a number, point, size, rect, color, transform, path or array of numbers, got \(s.typeName(at: i))"
            )
        }
    }

    /// The value at `index` given to the property `keyPath`: a string is a color only for a
    /// property that holds one; for any other it is refused with the kind the property takes,
    /// not with the color syntax (`opacity = "half"` wants a number).
    func value(at index: Int32, forKeyPath keyPath: String) throws(ValueProblem) -> Value {
        if let gradient = try gradientValue(at: index, forKeyPath: keyPath) { return gradient }
        let s = host.stack
        // What reaches here is animated (a from, to or keyframe value) or a number-like
        // property; the styles are set through `styleValue`.
        if LayerStyles.notAnimatable.contains(LayerProperties.root(of: keyPath)) {
            throw ValueProblem(
                rule: "cannot be animated: Core Animation does not animate '\(keyPath)' (set it instead)")
        }
        if s.type(at: index) == LUA_TSTRING, let model = PropertyValues.defaultValue(forKeyPath: keyPath),
            let expected = Runtime.expectedKind(model)
        {
            throw ValueProblem(rule: "must be \(expected), got string '\(s.string(at: index) ?? "")'")
        }
        return try value(at: index)
    }

    /// How a message names what a property of `model`'s kind takes; nil for a color (a string
    /// is one).
    static func expectedKind(_ model: Value) -> String? {
        switch model {
        case .scalar: "a number"
        case .point: "a point (point(x, y))"
        case .size: "a size (size(width, height))"
        case .rect: "a rect (rect(x, y, width, height))"
        case .transform: "a transform"
        case .vector: "an array of numbers"
        case .path: "a path"
        case .array: "an array"
        case .color: nil
        }
    }

    private func numbers(_ i: Int32, _ keys: [String]) throws(ValueProblem) -> [Double] {
        let s = host.stack
        var out: [Double] = []
        for key in keys {
            s.rawField(i, key)
            defer { s.pop() }
            guard s.type(at: -1) == LUA_TNUMBER, let v = s.number(at: -1), v.isFinite else {
                throw ValueProblem(
                    rule: "field '\(key)' must be a finite number, got \(s.describeBriefly(-1))")
            }
            out.append(v)
        }
        return out
    }

    private func array(_ i: Int32) throws(ValueProblem) -> [Double] {
        let s = host.stack
        let n = s.rawLength(i)
        var out: [Double] = []
        out.reserveCapacity(n)
        for k in 0..<n {
            s.rawIndex(i, Int64(k + 1))
            defer { s.pop() }
            guard s.type(at: -1) == LUA_TNUMBER, let v = s.number(at: -1), v.isFinite else {
                throw ValueProblem(
                    rule: "item \(k + 1) must be a finite number, got \(s.describeBriefly(-1))")
            }
            out.append(v)
        }
        return out
    }

    private func tableValue(at i: Int32) throws(ValueProblem) -> Value {
        if isValue(i, "point") {
            let v = try numbers(i, ["x", "y"])
            return .point(Point(x: v[0], y: v[1]))
        }
        if isValue(i, "size") {
            let v = try numbers(i, ["width", "height"])
            return .size(Size(width: v[0], height: v[1]))
        }
        if isValue(i, "rect") {
            let v = try numbers(i, ["x", "y", "width", "height"])
            return .rect(Rect(x: v[0], y: v[1], width: v[2], height: v[3]))
        }
        if isValue(i, "color") {
            let v = try numbers(i, ["r", "g", "b", "a"])
            return .color(Color(red: v[0], green: v[1], blue: v[2], alpha: v[3]))
        }
        if isValue(i, "transform") {
            let s = host.stack
            s.rawField(i, "m")
            defer { s.pop() }
            let m = try array(s.top)
            guard m.count == 16 else {
                throw ValueProblem(rule: "a transform needs 16 numbers, got \(m.count)")
            }
            return .transform(Transform3D(m: m))
        }
        if isValue(i, "path") {
            return .path(try path(at: i))
        }
        return .vector(try array(i))
    }

    /// The engine path of a prelude `path` table (its `elements` list).
    func path(at i: Int32) throws(ValueProblem) -> Path {
        let s = host.stack
        s.rawField(i, "elements")
        defer { s.pop() }
        let list = s.top
        guard s.type(at: list) == LUA_TTABLE else { throw ValueProblem(rule: "a path needs its elements") }
        var path = Path()
        for k in 0..<s.rawLength(list) {
            s.rawIndex(list, Int64(k + 1))
            defer { s.pop() }
            let e = s.top
            s.rawIndex(e, 1)
            let op = s.string(at: -1) ?? "?"
            s.pop()
            let n = s.rawLength(e) - 1
            var v: [Double] = []
            for j in 0..<max(0, n) {
                s.rawIndex(e, Int64(j + 2))
                v.append(s.number(at: -1) ?? 0)
                s.pop()
            }
            func p(_ a: Int) -> Point { Point(x: v[a], y: v[a + 1]) }
            switch (op, v.count) {
            case ("move", 2): path.move(to: p(0))
            case ("line", 2): path.line(to: p(0))
            case ("quad", 4): path.quad(control: p(0), to: p(2))
            case ("curve", 6): path.curve(control1: p(0), control2: p(2), to: p(4))
            case ("close", 0): path.close()
            case ("arc", 6):
                do {
                    try path.addArc(
                        center: p(0), radius: v[2], startAngle: v[3], endAngle: v[4],
                        clockwise: v[5] != 0)
                } catch {
                    throw ValueProblem(
                        rule: "arc \(k + 1): \((error as? EngineError)?.description ?? "\(error)")")
                }
            default:
                throw ValueProblem(rule: "path element \(k + 1) ('\(op)') is malformed")
            }
        }
        return path
    }

    /// Pushes `value` as the Lua value scripts see (numbers, values.lua's tables). The tables
    /// are built here with the registry's metatables, never through the script's globals: a
    /// script that sets `point = nil` still gets points back. Never raises (the allocator
    /// cannot fail while Swift runs); `throws` is kept for the callers.
    package func pushValue(_ value: Value) throws(LuaRaise) {
        let s = host.stack
        func construct(_ type: String, _ fields: KeyValuePairs<String, Double>) {
            s.newTable(fieldCount: Int32(fields.count))
            for (key, v) in fields {
                s.push(v)
                s.setRawField(-2, key)
            }
            host.pushRegistry("inbetween." + type)
            lua_setmetatable(host.L, -2)
        }
        switch value {
        case .scalar(let v): s.push(v)
        case .point(let p): construct("point", ["x": p.x, "y": p.y])
        case .size(let z): construct("size", ["width": z.width, "height": z.height])
        case .rect(let r):
            construct(
                "rect", ["x": r.origin.x, "y": r.origin.y, "width": r.size.width, "height": r.size.height])
        case .color(let c): construct("color", ["r": c.red, "g": c.green, "b": c.blue, "a": c.alpha])
        case .vector(let v): s.push(v)
        case .array(let items):
            s.newTable(arrayCount: Int32(clamping: items.count))
            for (k, item) in items.enumerated() {
                try pushValue(item)
                s.setRawIndex(-2, Int64(k + 1))
            }
        case .transform(let t):
            construct("transform", [:])
            s.push(t.m)
            s.setRawField(-2, "m")
        case .path(let p):
            construct("path", [:])
            let table = s.top
            s.newTable(arrayCount: Int32(clamping: p.elements.count))
            for (k, e) in p.elements.enumerated() {
                switch e {
                case .move(let a): s.push(["move", a.x, a.y] as [Any])
                case .line(let a): s.push(["line", a.x, a.y] as [Any])
                case .quad(let c, let a): s.push(["quad", c.x, c.y, a.x, a.y] as [Any])
                case .curve(let c1, let c2, let a):
                    s.push(["curve", c1.x, c1.y, c2.x, c2.y, a.x, a.y] as [Any])
                case .close: s.push(["close"] as [Any])
                }
                s.setRawIndex(-2, Int64(k + 1))
            }
            s.setRawField(table, "elements")
        }
    }
}

extension LuaStack {
    /// A Lua array of strings and numbers (path elements).
    func push(_ items: [Any]) {
        newTable(arrayCount: Int32(items.count))
        for (k, item) in items.enumerated() {
            if let d = item as? Double { push(d) } else if let t = item as? String { push(t) }
            setRawIndex(-2, Int64(k + 1))
        }
    }
}

extension Error {
    var rule: String {
        if let e = self as? EngineError { return e.rule }
        if let p = self as? Runtime.ValueProblem { return p.rule }
        return String(describing: self)
    }
}
