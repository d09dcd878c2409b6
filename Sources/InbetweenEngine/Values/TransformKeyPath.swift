/// The `transform.*` key paths Core Animation defines ("CATransform3D Key Paths"):
/// `rotation.x/y/z` and `rotation` (= z), `scale.x/y/z` and `scale` (the average of the three
/// when read, all three when written), `translation.x/y/z` and `translation` (x and y as a
/// size). Rotation and scale read the decomposition in `Transform3D+Decomposition.swift`;
/// writing them rebuilds the matrix from its components. Translations are entries m41..m43
/// and are read and written directly, so they never disturb the rest of the matrix.
enum TransformKeyPath: Hashable, Sendable {
    case rotation(axis: Int)
    case scale(axis: Int)
    case uniformScale
    case translation(axis: Int)
    case translationXY

    /// The names after `transform.`, for `knownKeyPaths`.
    static let names = [
        "rotation", "rotation.x", "rotation.y", "rotation.z",
        "scale", "scale.x", "scale.y", "scale.z",
        "translation", "translation.x", "translation.y", "translation.z",
    ]

    init?(_ path: [String]) {
        // A switch, not a [String: Int] table: this ran per frame before key paths were parsed
        // once, and built the table each time.
        func axis(_ name: String) -> Int? {
            switch name {
            case "x": return 0
            case "y": return 1
            case "z": return 2
            default: return nil
            }
        }
        switch (path.first, path.count) {
        case ("rotation", 1): self = .rotation(axis: 2)
        case ("scale", 1): self = .uniformScale
        case ("translation", 1): self = .translationXY
        case (let family?, 2):
            guard let axis = axis(path[1]) else { return nil }
            switch family {
            case "rotation": self = .rotation(axis: axis)
            case "scale": self = .scale(axis: axis)
            case "translation": self = .translation(axis: axis)
            default: return nil
            }
        default: return nil
        }
    }

    /// Whether a read decomposes the matrix (rotation and scale), rather than reading the
    /// entries a write set (translation): only those read back other than written.
    var isDecomposed: Bool {
        switch self {
        case .rotation, .scale, .uniformScale: return true
        case .translation, .translationXY: return false
        }
    }

    /// The part's one name (`rotation` and `rotation.z` are one part), after the root and a dot.
    var canonicalName: String {
        switch self {
        case .rotation(let axis): return "rotation." + ["x", "y", "z"][axis]
        case .scale(let axis): return "scale." + ["x", "y", "z"][axis]
        case .uniformScale: return "scale"
        case .translation(let axis): return "translation." + ["x", "y", "z"][axis]
        case .translationXY: return "translation"
        }
    }

    /// The other parts a write of this one changes the reading of: one scale axis changes the
    /// average, and the average every axis. A rotation is recomposed with the others' values
    /// (equal angles, whichever reading), so it changes none.
    var overlapping: [TransformKeyPath] {
        switch self {
        case .scale: return [.uniformScale]
        case .uniformScale: return [.scale(axis: 0), .scale(axis: 1), .scale(axis: 2)]
        default: return []
        }
    }

    func read(_ t: Transform3D) -> Value {
        switch self {
        case .translation(let axis): return .scalar(t.m[12 + axis])
        case .translationXY: return .size(Size(width: t.m[12], height: t.m[13]))
        case .rotation(let axis): return .scalar(t.decomposed.rotation[axis])
        case .scale(let axis):
            let s = t.decomposedScale
            return .scalar(axis == 0 ? s.x : axis == 1 ? s.y : s.z)
        case .uniformScale:
            let s = t.decomposedScale
            return .scalar((s.x + s.y + s.z) / 3)
        }
    }

    func write(_ value: Value, into t: Transform3D, keyPath: String) throws -> Transform3D {
        var out = t
        switch self {
        case .translation(let axis):
            out.m[12 + axis] = try KeyPathComponent.scalar(value, keyPath)
            return out
        case .translationXY:
            guard case .size(let s) = value.converted(toKindOf: .size(.zero)) else {
                throw KeyPathComponent.wrongKind(value, .size(.zero), keyPath)
            }
            out.m[12] = s.width
            out.m[13] = s.height
            return out
        case .rotation(let axis):
            var c = t.decomposed
            c.rotation[axis] = try KeyPathComponent.scalar(value, keyPath)
            return Transform3D(components: c)
        case .scale(let axis):
            let v = try KeyPathComponent.scalar(value, keyPath)
            if let scaled = t.rescaledDiagonal(axis == 0 ? v : nil, axis == 1 ? v : nil, axis == 2 ? v : nil)
            {
                return scaled
            }
            var c = t.decomposed
            c.scale[axis] = try KeyPathComponent.scalar(value, keyPath)
            return Transform3D(components: c)
        case .uniformScale:
            let s = try KeyPathComponent.scalar(value, keyPath)
            if let scaled = t.rescaledDiagonal(s, s, s) { return scaled }
            var c = t.decomposed
            c.scale = [s, s, s]
            return Transform3D(components: c)
        }
    }
}
