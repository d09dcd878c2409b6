/// A key path parsed once, when the animation or track that uses it is made: its root, its
/// parts and, for `transform.*`, which part of the matrix. Reading and writing through it is
/// what `PropertyValues.value(forKeyPath:)` and `set(_:forKeyPath:)` do, without splitting the
/// string again on every frame (the split, its strings and arrays were a fifth of sampling).
///
/// A class: every animation applied on every frame hands its accessor on (to `PropertyEffect`,
/// to the store), and as a struct each hand-over retained and released its two strings and its
/// array (6% of sampling the goal-8 scene); a reference is one count. Immutable, and equal
/// exactly when the key paths are, since everything else is derived from the key path.
package final class KeyPathAccessor: Hashable, Sendable {
    /// As written (`position`, `position.x`, `transform.scale`).
    public let keyPath: String
    let root: String
    let rest: [String]
    /// The part of a transform `rest` names, when it names one.
    let transformPart: TransformKeyPath?
    /// `rest.isEmpty`, kept beside the other fields: asked on every read and write, and reading
    /// the array's count was a cache miss of its own in large scenes.
    let isRoot: Bool
    /// For a rotation or scale part, the key its animated value is recorded under
    /// (`PropertyValues.animatedParts`: the root and the part's one name), and the keys of the
    /// parts a write of it changes; nil otherwise.
    let animatedPartKey: String?
    let overlappingPartKeys: [String]

    public init(_ keyPath: String) {
        let (root, rest) = PropertyValues.split(keyPath)
        self.keyPath = keyPath
        self.root = root
        self.rest = rest
        let part = rest.isEmpty ? nil : TransformKeyPath(rest)
        transformPart = part
        isRoot = rest.isEmpty
        if let part, part.isDecomposed {
            animatedPartKey = root + "." + part.canonicalName
            overlappingPartKeys = part.overlapping.map { root + "." + $0.canonicalName }
        } else {
            animatedPartKey = nil
            overlappingPartKeys = []
        }
    }

    public static func == (a: KeyPathAccessor, b: KeyPathAccessor) -> Bool { a.keyPath == b.keyPath }

    /// Whether `keyPath` has this key path's root (`position.x` has `position`'s), without
    /// splitting it.
    func hasRoot(of keyPath: String) -> Bool {
        guard keyPath.hasPrefix(root) else { return false }
        let rest = keyPath.utf8.dropFirst(root.utf8.count)
        return rest.first.map { $0 == UInt8(ascii: ".") } ?? true
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(keyPath) }

    /// The part of `base` (the root's value) this key path names.
    func read(_ base: Value) throws -> Value {
        if isRoot { return base }
        if case .transform(let t) = base, let part = transformPart { return part.read(t) }
        return try KeyPathComponent.read(base, rest, keyPath: keyPath)
    }

    /// `base` with the part this key path names replaced by `value`.
    func write(_ value: Value, into base: Value) throws -> Value {
        if case .transform(let t) = base, let part = transformPart {
            return .transform(try part.write(value, into: t, keyPath: keyPath))
        }
        return try KeyPathComponent.write(value, into: base, rest, keyPath: keyPath)
    }
}

extension PropertyValues {
    /// `value(forKeyPath:)` through a parsed key path.
    public func value(at path: KeyPathAccessor) throws -> Value? {
        if !animatedParts.isEmpty, let key = path.animatedPartKey, let part = animatedParts[key] {
            return part
        }
        guard let base = values[path.root] ?? PropertyValues.defaultsByKeyPath[path.root] else {
            return nil
        }
        return try path.read(base)
    }

    /// `set(_:forKeyPath:)` through a parsed key path.
    public mutating func set(_ value: consuming Value, at path: KeyPathAccessor) throws {
        if path.isRoot {
            values[path.root] = value
            if !animatedParts.isEmpty { forgetAnimatedParts(of: path.root) }
            return
        }
        guard let base = values[path.root] ?? PropertyValues.defaultsByKeyPath[path.root] else {
            throw EngineError(
                parameter: "keyPath", value: path.keyPath,
                rule: "'\(path.root)' has no value to take a part of; set '\(path.root)' first")
        }
        values[path.root] = try path.write(value, into: base)
        if let key = path.animatedPartKey {
            for other in path.overlappingPartKeys { animatedParts[other] = nil }
            animatedParts[key] = value
        }
    }

    /// Drops the records of `root`'s parts (the whole root was written), or of every root.
    mutating func forgetAnimatedParts(of root: String? = nil) {
        guard let root else { return animatedParts.removeAll() }
        for key in animatedParts.keys where key.hasPrefix(root + ".") { animatedParts[key] = nil }
    }
}
