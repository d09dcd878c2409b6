import CLua
import InbetweenEngine

/// Reading the fields every animation shares, under Core Animation's names.
extension Runtime {
    static let fillModeNames: [String: FillMode] = [
        "removed": .removed, "forwards": .forwards, "backwards": .backwards, "both": .both,
        "kCAFillModeRemoved": .removed, "kCAFillModeForwards": .forwards,
        "kCAFillModeBackwards": .backwards, "kCAFillModeBoth": .both,
    ]
    /// Their names in order, for the message that lists them (sorted once, not per animation).
    static let sortedFillModeNames = fillModeNames.keys.sorted()

    /// CAMediaTiming: beginTime, duration, speed, timeOffset, repeatCount, repeatDuration,
    /// autoreverses, fillMode.
    func mediaTiming(_ r: TableReader) throws -> MediaTiming {
        var t = MediaTiming()
        if let v = try r.number("beginTime") { t.beginTime = v }
        if let v = try r.number(
            "duration", where: { $0 >= 0 }, rule: "must be 0 (the 0.25 s default) or positive")
        {
            t.duration = v
        }
        if let v = try r.number("speed") { t.speed = v }
        if let v = try r.number("timeOffset") { t.timeOffset = v }
        if let v = try r.number(
            "repeatCount", where: { $0 >= 0 }, rule: "must be 0 or positive (math.huge repeats forever)",
            allowInfinity: true)
        {
            t.repeatCount = v
        }
        if let v = try r.number(
            "repeatDuration", where: { $0 >= 0 }, rule: "must be 0 or positive",
            allowInfinity: true)
        {
            t.repeatDuration = v
        }
        if let v = try r.bool("autoreverses") { t.autoreverses = v }
        if let name = try r.choice("fillMode", Runtime.sortedFillModeNames) {
            t.fillMode = Runtime.fillModeNames[name]!
        }
        do {
            try t.validate()
        } catch let e as EngineError {
            throw r.fail(e.parameter, "\(e.rule), got \(e.value)")
        }
        return t
    }

    /// `timingFunction` (or its short alias `timing`): any timing spec.
    func timingFunctionField(_ r: TableReader) throws -> TimingFunction? {
        var result: TimingFunction?
        for key in ["timingFunction", "timing"] {
            if let f = try r.with(
                key,
                { i -> TimingFunction in
                    do { return try timing(at: i) } catch let raise as LuaRaise {
                        if case .argument(_, let m) = raise { throw r.fail(key, m) }
                        throw raise
                    }
                })
            {
                result = f
            }
        }
        return result
    }

    /// A value field (`fromValue`, `toValue`...), also under its short alias.
    func valueField(_ r: TableReader, _ key: String, alias: String? = nil) throws -> Value? {
        var result: Value?
        // The key, then its alias, without an array of the two (three fields per animation).
        func read(_ k: String) throws {
            if let v = try r.with(
                k,
                { i -> Value in
                    do { return try value(at: i) } catch { throw r.fail(k, error.rule) }
                })
            {
                if result != nil { throw r.fail(k, "is given together with '\(key)'; use one") }
                result = v
            }
        }
        try read(key)
        if let alias { try read(alias) }
        return result
    }

    /// `keyPath`, which must name a property a layer has.
    func keyPathField(_ r: TableReader, required: Bool = true) throws -> String? {
        guard let keyPath = try r.string("keyPath") else {
            if required {
                throw r.fail("keyPath", "is required (e.g. 'position', 'opacity', 'transform.scale')")
            }
            return nil
        }
        guard PropertyValues.isKnownKeyPath(keyPath) else {
            let hint = Suggestions.closest(to: keyPath, in: PropertyValues.knownKeyPaths)
            throw r.fail("keyPath", "is not a layer property, got '\(keyPath)'\(Suggestions.phrase(hint))")
        }
        return keyPath
    }

    /// `onStart` / `onStop` callbacks.
    func callbackField(_ r: TableReader, _ key: String) throws -> LuaReference? {
        try r.with(key) { i -> LuaReference in
            guard host.stack.type(at: i) == LUA_TFUNCTION else {
                throw r.fail(key, "must be a function, got \(host.stack.typeName(at: i))")
            }
            return LuaReference(host: host, index: i, name: key)
        }
    }
}

/// "did you mean" suggestions by edit distance.
enum Suggestions {
    static func closest(to word: String, in candidates: [String], limit: Int = 3) -> [String] {
        let target = Array(word.lowercased())
        func distance(_ a: [Character], _ b: [Character]) -> Int {
            if a.isEmpty { return b.count }
            if b.isEmpty { return a.count }
            var row = Array(0...b.count)
            for i in 1...a.count {
                var prev = row[0]
                row[0] = i
                for j in 1...b.count {
                    let cur = row[j]
                    row[j] = min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] == b[j - 1] ? 0 : 1))
                    prev = cur
                }
            }
            return row[b.count]
        }
        let cutoff = max(2, target.count / 3)
        var scored: [(name: String, distance: Int)] = []
        for name in candidates {
            let d = distance(target, Array(name.lowercased()))
            if d <= cutoff { scored.append((name, d)) }
        }
        scored.sort { a, b in a.distance != b.distance ? a.distance < b.distance : a.name < b.name }
        return scored.prefix(limit).map { $0.name }
    }

    /// "; did you mean 'a' or 'b'?" or "".
    static func phrase(_ names: [String]) -> String {
        names.isEmpty ? "" : "; did you mean \(names.map { "'\($0)'" }.joined(separator: " or "))?"
    }
}
