import CLua
import InbetweenEngine

/// CAGradientLayer in Lua: `gradientLayer{colors = {...}, locations = {...}, startPoint = ...,
/// endPoint = ..., type = "axial" | "radial" | "conic"}`. The engine has no layer kinds for
/// drawing (every layer carries every drawing property), so this is `layer{...}` under
/// CAGradientLayer's name; what makes a layer draw a gradient is a non-empty `colors`.
///
/// `colors` is an array of colors (each a color value or a color string) and `locations` an
/// array of numbers, both engine arrays (`Value.array`); `type` is CAGradientLayerType's name,
/// kept as a number (`GradientType`) and read back as its name. Core Animation does not
/// animate `type`, so an animation of it is refused and setting it never animates.
enum GradientBindings {
    static func install(in runtime: Runtime) {
        runtime.host.pushFunction("gradientLayer") { [unowned runtime] s in
            try runtime.makeLayer(s, kind: .layer)
        }
        runtime.host.setGlobal("gradientLayer")
    }

    /// The gradient properties whose Lua form is not the engine's general one.
    static let arrayProperties: Set<String> = ["colors", "locations"]
}

extension Runtime {
    /// The engine value of the gradient property `keyPath` at `index`, or nil when `keyPath`
    /// is not `colors`, `locations` or `type`.
    func gradientValue(at index: Int32, forKeyPath keyPath: String) throws(ValueProblem) -> Value? {
        switch keyPath {
        case "colors":
            return .array(try items(at: index, what: "colors") { i throws(ValueProblem) in try color(at: i) })
        case "locations":
            return .array(
                try items(at: index, what: "numbers") { i throws(ValueProblem) in try location(at: i) })
        case "type": return .scalar(Double(try gradientType(at: index).rawValue))
        default: return nil
        }
    }

    private func items(
        at index: Int32, what: String, _ item: (Int32) throws(ValueProblem) -> Value
    ) throws(ValueProblem) -> [Value] {
        let s = host.stack
        guard s.type(at: index) == LUA_TTABLE, !isAnyValue(index) else {
            throw ValueProblem(rule: "must be an array of \(what), got \(s.describeBriefly(index))")
        }
        let i = s.absolute(index)
        var out: [Value] = []
        for k in 0..<s.rawLength(i) {
            s.rawIndex(i, Int64(k + 1))
            defer { s.pop() }
            do { out.append(try item(s.top)) } catch {
                throw ValueProblem(rule: "item \(k + 1) \(error.rule)")
            }
        }
        return out
    }

    /// True when the table at `i` is one of the prelude's values (a point, a color...), not a
    /// plain array.
    private func isAnyValue(_ i: Int32) -> Bool {
        ["point", "size", "rect", "color", "transform", "path"].contains { isValue(i, $0) }
    }

    private func color(at i: Int32) throws(ValueProblem) -> Value {
        let s = host.stack
        if s.type(at: i) == LUA_TSTRING || (s.type(at: i) == LUA_TTABLE && isValue(i, "color")) {
            return try value(at: i)
        }
        throw ValueProblem(
            rule:
                "must be a color (color(r, g, b, a) or a string such as \"#ff8800\"), got \(s.describeBriefly(i))"
        )
    }

    private func location(at i: Int32) throws(ValueProblem) -> Value {
        let s = host.stack
        guard s.type(at: i) == LUA_TNUMBER, let v = s.number(at: i), v.isFinite else {
            throw ValueProblem(rule: "must be a finite number, got \(s.describeBriefly(i))")
        }
        return .scalar(v)
    }

    private func gradientType(at i: Int32) throws(ValueProblem) -> GradientType {
        let s = host.stack
        let names = GradientType.allCases.map(\.name)
        guard s.type(at: i) == LUA_TSTRING, let text = s.string(at: i) else {
            throw ValueProblem(
                rule:
                    "must be one of \(names.map { "'\($0)'" }.joined(separator: ", ")), got \(s.describeBriefly(i))"
            )
        }
        guard let t = GradientType(name: text) else {
            let hint = Suggestions.phrase(Suggestions.closest(to: text, in: names))
            throw ValueProblem(
                rule:
                    "must be one of \(names.map { "'\($0)'" }.joined(separator: ", ")), got '\(text)'\(hint)")
        }
        return t
    }

    /// `l.type` read as CAGradientLayerType's name: pushes it and returns 1, or nil for any
    /// other key.
    func pushGradientProperty(_ l: LayerHandle, _ key: String) throws -> Int32? {
        guard key == "type" else { return nil }
        let v = try layerProperty(l, key, argument: 2) { try $0.value(forKeyPath: key) }
        guard case .scalar(let code) = v else { return nil }
        host.stack.push(GradientType(code: code).name)
        return 1
    }

    /// Refuses an animation of `type`: CAGradientLayer's reference does not mark it
    /// animatable.
    func checkGradientKeyPaths(_ animation: Animation, on name: String, argument: Int32) throws {
        for keyPath in animation.keyPaths where LayerProperties.root(of: keyPath) == "type" {
            throw LuaRaise.argument(
                argument,
                "animation of 'type' on layer '\(name)': CAGradientLayer's type is not animatable; set l.type instead"
            )
        }
    }
}
