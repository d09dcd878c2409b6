/// A read-only view of the animations attached to a layer, with where they sit on the scene's
/// clock: what exporters need to write each animation as what it is (a CABasicAnimation with
/// its beginTime, say) instead of sampled frames.
public struct AttachedAnimation: Sendable {
    /// The key it was added under.
    public var key: String
    public var animation: Animation
    /// Scene time of the add; the animation's beginTime counts from here.
    public var addedAt: Double
    /// Order of adds on the layer (unique per layer for its lifetime).
    public var serial: Int
}

extension Layer {
    /// The attached animations in the order added (later ones apply on top).
    public var attachedAnimations: [AttachedAnimation] {
        entries.map {
            AttachedAnimation(key: $0.key, animation: $0.animation, addedAt: $0.addedAt, serial: $0.serial)
        }
    }
}
