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
            throw r.fail(e.parameter, e.luaText(.ruleGot))
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

    /// A value field (`fromValue`, `toValue`...) for `keyPath`, also under its short alias.
    func valueField(_ r: TableReader, _ key: String, alias: String? = nil, keyPath: String) throws -> Value? {
        var result: Value?
        // The key, then its alias, without an array of the two (three fields per animation).
        func read(_ k: String) throws {
            if let v = try r.with(
                k,
                { i -> Value in
                    do { return try value(at: i, forKeyPath: keyPath) } catch { throw r.fail(k, error.rule) }
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
