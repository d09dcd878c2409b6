/// Something that happens at a scene time and that the host reacts to with a script callback:
/// CAAnimationDelegate's `animationDidStart:` / `animationDidStop:finished:`, and the end of a
/// transaction (`CATransaction`'s completion block).
public struct AnimationEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The animation's active interval began (after its beginTime delay).
        case start
        /// `finished` is true when it ran to its end, false when it was removed or replaced
        /// by another animation under the same key first (as in Core Animation).
        case stop(finished: Bool)
        /// A transaction that created no animation at all ended (at its commit); `layer` and
        /// `key` are empty and `completionToken` is set.
        case transactionCompleted
        /// A time the host asked to be woken at (`Scene.schedule(cue:at:)`), e.g. a timeline's
        /// next add or callback; `layer` and `key` are empty.
        case cue(Int)
    }

    /// Scene time in seconds.
    public var time: Double
    /// The layer's name (empty for `.transactionCompleted`).
    public var layer: String
    /// The animation's key on that layer (empty for `.transactionCompleted`).
    public var key: String
    public var kind: Kind
    /// Set on the one event after which no animation of that transaction remains running:
    /// the host runs the transaction's completion after handling the event itself.
    public var completionToken: Int?

    public init(time: Double, layer: String, key: String, kind: Kind, completionToken: Int? = nil) {
        self.time = time
        self.layer = layer
        self.key = key
        self.kind = kind
        self.completionToken = completionToken
    }
}
