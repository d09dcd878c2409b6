/// The animatable properties a layer carries. Their names and Core Animation's defaults live
/// in the values module (`PropertyValues.layerDefaults`, with Apple's citations); this adds
/// what layers need on top: validation with messages that list the valid names, and value kinds.
package enum LayerProperties {
    /// Every property name (the root of a key path) with its default model value.
    public static let defaults: [String: Value] = Dictionary(
        uniqueKeysWithValues: PropertyValues.layerDefaults.map { ($0.keyPath, $0.value) })

    /// Property names in a fixed order (for listings and error messages).
    public static let names: [String] = defaults.keys.sorted()

    /// The property a key path belongs to: `position.x` -> `position`.
    public static func root(of keyPath: String) -> String {
        if let dot = keyPath.firstIndex(of: ".") { return String(keyPath[..<dot]) }
        return keyPath
    }

    /// Throws unless `keyPath` names a property or a part of one that `values` can address.
    static func validate(keyPath: String, in values: PropertyValues) throws {
        guard defaults[root(of: keyPath)] != nil else {
            throw EngineError(
                parameter: "keyPath", value: keyPath,
                rule: "must be a layer property or a part of one (\(names.joined(separator: ", ")))")
        }
        guard (try? values.value(forKeyPath: keyPath)) != nil else {
            throw EngineError(
                parameter: "keyPath", value: keyPath,
                rule: "is not an addressable part of '\(root(of: keyPath))'")
        }
    }

    /// The kind of a value, for "position expects a point" style errors.
    static func kindName(_ value: Value) -> String {
        switch value {
        case .scalar: return "number"
        case .point: return "point"
        case .size: return "size"
        case .rect: return "rect"
        case .color: return "color"
        case .transform: return "transform"
        case .vector: return "vector"
        case .path: return "path"
        case .array: return "array"
        }
    }
}
