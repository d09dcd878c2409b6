import CLua
import InbetweenEngine

/// The stroke and corner styles in Lua, by Core Animation's names (`LayerStyles`):
/// `lineCap = "round"`, `lineJoin = "bevel"`, `fillRule = "evenOdd"` (or the string constant
/// `"even-odd"`), `cornerCurve = "continuous"`, `maskedCorners = {"layerMinXMinYCorner", ...}`
/// (or the mask's raw value, 0 to 15), `lineDashPattern = {10, 5}` (nil or `{}`: a solid
/// line). They read back the same way; the engine keeps indices, masks and vectors.
extension Runtime {
    /// The value at `index` for the style property `key`, or nil when `key` is no style.
    func styleValue(at index: Int32, forKey key: String) throws(ValueProblem) -> Value? {
        switch key {
        case "lineDashPattern": return try dashPattern(at: index)
        case "maskedCorners": return try cornerMask(at: index)
        default:
            guard let names = LayerStyles.names[key] else { return nil }
            let s = host.stack
            let listed = StyleBindings.alternatives(names)
            guard s.type(at: index) == LUA_TSTRING, let text = s.string(at: index) else {
                throw ValueProblem(rule: "must be \(listed), got \(s.typeName(at: index))")
            }
            guard let i = LayerStyles.index(of: text, for: key) else {
                let known = names + (LayerStyles.constants[key].map { Array($0.keys).sorted() } ?? [])
                let hint = Suggestions.phrase(Suggestions.closest(to: text, in: known))
                throw ValueProblem(rule: "must be \(listed), got '\(text)'\(hint)")
            }
            return .scalar(Double(i))
        }
    }

    /// CAShapeLayer's `lineDashPattern`: lengths, painted and unpainted in turn; nil or empty
    /// for a solid line. Each length is finite and at least 0 (the engine also refuses a
    /// pattern of zeros only, `LayerStyles.validate`).
    private func dashPattern(at index: Int32) throws(ValueProblem) -> Value {
        let s = host.stack
        let i = s.absolute(index)
        switch s.type(at: i) {
        case LUA_TNIL: return .vector([])
        case LUA_TTABLE: break
        default: throw ValueProblem(rule: "must be an array of lengths, got \(s.typeName(at: i))")
        }
        var lengths: [Double] = []
        for k in 0..<s.rawLength(i) {
            s.rawIndex(i, Int64(k + 1))
            defer { s.pop() }
            guard s.type(at: -1) == LUA_TNUMBER, let v = s.number(at: -1), v.isFinite, v >= 0 else {
                throw ValueProblem(
                    rule: "item \(k + 1) must be a finite length of at least 0, got \(s.describeBriefly(-1))")
            }
            lengths.append(v)
        }
        if !lengths.isEmpty && lengths.allSatisfy({ $0 == 0 }) {
            throw ValueProblem(rule: "must have a length above 0 (nil or {} for a solid line)")
        }
        return .vector(lengths)
    }

    /// CALayer's `maskedCorners`: an array of CACornerMask's names, or its raw value.
    private func cornerMask(at index: Int32) throws(ValueProblem) -> Value {
        let s = host.stack
        let i = s.absolute(index)
        if s.type(at: i) == LUA_TNUMBER, let x = s.number(at: i) {
            guard let m = Int(exactly: x), (0...15).contains(m) else {
                throw ValueProblem(
                    rule: "must be a whole number from 0 to 15 (a CACornerMask), got \(s.describeBriefly(i))")
            }
            return .scalar(Double(m))
        }
        guard s.type(at: i) == LUA_TTABLE else {
            throw ValueProblem(
                rule:
                    "must be an array of corners (\(LayerStyles.corners.joined(separator: ", "))), got \(s.typeName(at: i))"
            )
        }
        var mask = 0
        for k in 0..<s.rawLength(i) {
            s.rawIndex(i, Int64(k + 1))
            defer { s.pop() }
            let name = s.type(at: -1) == LUA_TSTRING ? s.string(at: -1) ?? "" : ""
            guard let bit = LayerStyles.corners.firstIndex(of: name) else {
                let hint = Suggestions.phrase(
                    Suggestions.closest(to: name, in: LayerStyles.corners, limit: 1))
                throw ValueProblem(
                    rule: "item \(k + 1) must be one of \(StyleBindings.alternatives(LayerStyles.corners)), "
                        + "got \(s.describeBriefly(-1))\(hint)")
            }
            mask |= 1 << bit
        }
        return .scalar(Double(mask))
    }

    /// Pushes the style `key` of `l` by its names (nil for no dash pattern) and returns 1, or
    /// returns nil when `key` is no style.
    func pushStyleProperty(_ l: LayerHandle, _ key: String) throws -> Int32? {
        guard LayerStyles.notAnimatable.contains(key) else { return nil }
        let v = try layerProperty(l, key, argument: 2) { try $0.value(forKeyPath: key) }
        let s = host.stack
        switch (key, v) {
        case ("lineDashPattern", .vector(let lengths)):
            if lengths.isEmpty { s.pushNil() } else { s.push(lengths) }
        case ("maskedCorners", .scalar(let x)):
            let names = LayerStyles.cornerNames(Int(x))
            s.newTable(arrayCount: Int32(names.count))
            for (k, name) in names.enumerated() {
                s.push(name)
                s.setRawIndex(-2, Int64(k + 1))
            }
        default:
            guard let name = LayerStyles.name(of: v, for: key) else { return nil }
            s.push(name)
        }
        return 1
    }
}

enum StyleBindings {
    /// `'a', 'b' or 'c'`.
    static func alternatives(_ names: [String]) -> String {
        let quoted = names.map { "'\($0)'" }
        return quoted.count < 2
            ? quoted.joined()
            : quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
    }
}
