/// Setting a property the way a script does it: inside a transaction the change animates
/// implicitly, as CALayer's default actions do; outside one it is immediate (see
/// `Transaction` for that choice).
extension Layer {
    /// `setValue:forKeyPath:` at scene time `time`, inside `transaction` (nil: none).
    ///
    /// When the transaction animates changes, this adds the CABasicAnimation Core Animation's
    /// default action would: keyPath and key are the property (the root of `keyPath`: setting
    /// `position.x` animates `position`, as CA's action for the `position` key does),
    /// fromValue is the property's presentation value at `time` before the change (so an
    /// interrupted motion continues from where it is seen), toValue the new model value,
    /// duration and timing function from the transaction. The new animation replaces one
    /// under the same key, which then stops unfinished. Returns the key of the animation
    /// added, or nil when the change was immediate.
    @discardableResult
    public mutating func setValue(
        _ value: Value, forKeyPath keyPath: String, at time: Double, in transaction: Transaction?
    ) throws -> String? {
        try EngineError.requireFinite(time, "time")
        // A property Core Animation does not animate changes at once, in a transaction too.
        guard let transaction, transaction.animatesChanges,
            !LayerStyles.notAnimatable.contains(LayerProperties.root(of: keyPath))
        else {
            try setModelValue(value, forKeyPath: keyPath)
            return nil
        }
        let property = LayerProperties.root(of: keyPath)
        // Validate before reading the presentation, so a bad key path reports itself.
        try LayerProperties.validate(keyPath: keyPath, in: modelValues)
        guard let from = try presentationValues(at: time)[property] else {
            throw EngineError(parameter: "keyPath", value: keyPath, rule: "has no value")
        }
        // Work on a copy so that a failure leaves the layer as it was.
        var changed = self
        try changed.setModelValue(value, forKeyPath: keyPath)
        let to = changed.modelValues[property]!
        // Fail here, at the script line that set the value, rather than at some later frame
        // (e.g. paths with different element structure cannot be interpolated).
        _ = try Value.interpolate(from, to, 0.5)
        let animation = try Animation.implicit(
            keyPath: property, from: from, to: to, transaction: transaction)
        modelValues = changed.modelValues
        return try add(
            animation, forKey: property, at: time, completionToken: transaction.completionToken)
    }
}
