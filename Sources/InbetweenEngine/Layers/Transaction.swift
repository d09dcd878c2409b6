/// CATransaction's animation settings: the changes a script makes to layer properties while a
/// transaction is open become implicit animations with this duration and timing function.
///
/// Choices where Core Animation's behaviour does not carry over to scripts:
/// - Outside any transaction a property change is immediate (CA would open an implicit
///   transaction with 0.25 s; a script states its transactions explicitly, so a bare
///   `l.opacity = 0` means "now").
/// - `duration == 0` also means an immediate change. (A CA animation whose duration is 0
///   falls back to 0.25 s, which is never what a script writing `duration = 0` means.)
/// - The completion is an opaque token: the engine reports it on the event that ends the
///   transaction and the host runs whatever callback it registered under that token.
public struct Transaction: Sendable {
    /// CATransaction's default `animationDuration`, in seconds.
    public static let defaultDuration = 0.25

    /// Seconds; 0 turns implicit animations off (see above).
    public var duration: Double
    /// CA's default for implicit animations is `kCAMediaTimingFunctionDefault`.
    public var timingFunction: TimingFunction
    /// `setDisableActions:`: property changes are immediate.
    public var disableActions: Bool
    /// Reported once, on the event after which none of the transaction's animations runs any
    /// more (`setCompletionBlock:`). nil: no completion.
    public var completionToken: Int?

    public init(
        duration: Double = Transaction.defaultDuration,
        timingFunction: TimingFunction = .default,
        disableActions: Bool = false,
        completionToken: Int? = nil
    ) throws {
        try EngineError.requireFinite(duration, "duration")
        guard duration >= 0 else {
            throw EngineError(parameter: "duration", value: duration, rule: "must be >= 0")
        }
        self.duration = duration
        self.timingFunction = timingFunction
        self.disableActions = disableActions
        self.completionToken = completionToken
    }

    /// Whether a property change inside this transaction animates.
    public var animatesChanges: Bool { !disableActions && duration > 0 }
}
