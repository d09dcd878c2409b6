/// The start and end a basic (or spring) animation interpolates between, from whichever of
/// fromValue, toValue and byValue are set, as Apple's CABasicAnimation reference lists the
/// cases ("Setting Interpolation Values"). `current` is the key path's current presentation
/// value: the model value plus the effect of animations applied before this one.
///
/// | set            | from            | to                |
/// |----------------|-----------------|-------------------|
/// | from, to       | from            | to                |
/// | from, by       | from            | from + by         |
/// | by, to         | to − by         | to                |
/// | from           | from            | current           |
/// | to             | current         | to                |
/// | by             | current         | current + by      |
/// | none           | current         | current           |
/// | from, to, by   | error: Apple allows "no more than two" to be non-nil |
///
/// "None" interpolates, in Core Animation, between the previous and the current value in the
/// render tree; the engine keeps one value per key path, so both ends are the current value
/// (the layers code gives implicit animations an explicit fromValue instead).
enum InterpolationEndpoints {
    static func resolve(
        from: Value?, to: Value?, by: Value?, current: () throws -> Value?, keyPath: String
    ) throws -> (from: Value, to: Value) {
        func now(fitting template: Value?) throws -> Value {
            guard let c = try current() else {
                throw EngineError(
                    parameter: "keyPath", value: keyPath,
                    rule: "has no current value to animate from or to; set fromValue and toValue")
            }
            return template.map { c.converted(toKindOf: $0) } ?? c
        }
        switch (from, to, by) {
        case (let f?, let t?, nil): return (f, t)
        case (let f?, nil, let b?): return (f, try Value.add(f, b))
        case (nil, let t?, let b?): return (try Value.subtract(t, b), t)
        case (let f?, nil, nil): return (f, try now(fitting: f))
        case (nil, let t?, nil): return (try now(fitting: t), t)
        case (nil, nil, let b?):
            let c = try now(fitting: b)
            return (c, try Value.add(c, b))
        case (nil, nil, nil):
            let c = try now(fitting: nil)
            return (c, c)
        case (.some, .some, .some):
            throw EngineError(
                parameter: "byValue", value: "set with fromValue and toValue",
                rule: "no more than two of fromValue, toValue and byValue may be set")
        }
    }
}
