// TODO(engine-values merge): build the real CABasicAnimation once BasicAnimation has its API.
extension Animation {
    /// The animation a CALayer default action makes for a property change in a transaction.
    static func implicit(keyPath: String, from: Value, to: Value, transaction: Transaction)
        throws -> Animation
    {
        .basic(BasicAnimation())
    }
}
