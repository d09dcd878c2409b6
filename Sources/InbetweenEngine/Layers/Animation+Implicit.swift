extension Animation {
    /// The animation a CALayer default action makes for a property change in a transaction:
    /// a CABasicAnimation of the property from its presentation value to its new model value,
    /// with the transaction's duration and timing function, starting at once (beginTime 0).
    static func implicit(keyPath: String, from: Value, to: Value, transaction: Transaction)
        throws -> Animation
    {
        .basic(
            try BasicAnimation(
                keyPath: keyPath, fromValue: from, toValue: to,
                timing: MediaTiming(duration: transaction.duration),
                timingFunction: transaction.timingFunction))
    }
}
