/// What a script does to a layer, at the scene's current time (`time`): the calls the Lua
/// bindings make from top-level code and from event handlers. Each names the layer and
/// throws when the scene has no layer of that name. Each acts at the layer's local time now
/// (`changeTime(ofLayer:)`), which is `time` unless the layer has a clock of its own.
extension Scene {
    /// `layer:add(animation, key)`; returns the key used (generated when `key` is nil).
    @discardableResult
    public mutating func add(
        _ animation: Animation, forKey key: String?, toLayer layer: String,
        in transaction: Transaction? = nil
    ) throws -> String {
        let now = currentLocalTime(ofLayer: layer)
        return try modifyLayer(named: layer) {
            try $0.add(
                animation, forKey: key, at: now,
                completionToken: transaction?.completionToken)
        }
    }

    /// `layer.keyPath = value`: implicit animation inside an animating transaction, an
    /// immediate model change otherwise. Returns the implicit animation's key, if any.
    @discardableResult
    public mutating func setValue(
        _ value: Value, forKeyPath keyPath: String, ofLayer layer: String,
        in transaction: Transaction?
    ) throws -> String? {
        let now = currentLocalTime(ofLayer: layer)
        return try modifyLayer(named: layer) {
            try $0.setValue(value, forKeyPath: keyPath, at: now, in: transaction)
        }
    }

    /// `layer:remove(key)`.
    public mutating func removeAnimation(forKey key: String, fromLayer layer: String) throws {
        let now = currentLocalTime(ofLayer: layer)
        try modifyLayer(named: layer) { try $0.removeAnimation(forKey: key, at: now) }
    }

    /// `layer:removeAll()`.
    public mutating func removeAllAnimations(fromLayer layer: String) throws {
        let now = currentLocalTime(ofLayer: layer)
        try modifyLayer(named: layer) { try $0.removeAllAnimations(at: now) }
    }

    /// A presentation value at the scene's current time.
    public func presentationValue(forKeyPath keyPath: String, ofLayer layer: String) throws
        -> Value
    {
        guard let l = indexByName[layer] else {
            throw EngineError(parameter: "layer", value: layer, rule: "no layer with this name")
        }
        return try layers[l].presentationValue(
            forKeyPath: keyPath, at: presentationTime(ofLayer: l, atSceneTime: time))
    }

    /// The layer's local time now, for a change made to it (the scene time for an unknown
    /// name: the change then throws, naming it).
    public func currentLocalTime(ofLayer layer: String) -> Double {
        indexByName[layer].map { changeTime(ofLayer: $0) } ?? time
    }
}
