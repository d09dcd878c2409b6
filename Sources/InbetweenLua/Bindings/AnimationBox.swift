import InbetweenEngine

/// An animation living in Lua as an `animation` userdata, with the script's `onStart` and
/// `onStop(finished)` callbacks (CAAnimationDelegate's animationDidStart/animationDidStop),
/// which run when the layer it is added to reaches those events during sampling.
final class AnimationBox {
    let animation: Animation
    let kind: String
    let onStart: LuaReference?
    let onStop: LuaReference?
    /// `beginFromCurrentState = true`: when added, it starts from the layer's presentation
    /// value (and a spring with its velocity, unless `handOffVelocity` is false because the
    /// script gave `initialVelocity` itself). See `Animation.beginningFromCurrentState`.
    let beginFromCurrentState: Bool
    let handOffVelocity: Bool
    /// Numbers the animations a script creates, so that the ones never added to a layer (or
    /// a group) can be listed with their lines (SceneState.animationsNotAdded).
    var serial = 0

    init(
        _ animation: Animation, kind: String, onStart: LuaReference?, onStop: LuaReference?,
        beginFromCurrentState: Bool = false, handOffVelocity: Bool = true
    ) {
        self.animation = animation
        self.kind = kind
        self.onStart = onStart
        self.onStop = onStop
        self.beginFromCurrentState = beginFromCurrentState
        self.handOffVelocity = handOffVelocity
    }
}
