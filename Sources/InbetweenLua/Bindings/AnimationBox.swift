import InbetweenEngine

/// An animation living in Lua as an `animation` userdata, with the script's `onStart` and
/// `onStop(finished)` callbacks (CAAnimationDelegate's animationDidStart/animationDidStop),
/// which run when the layer it is added to reaches those events during sampling.
final class AnimationBox {
    let animation: Animation
    let kind: String
    let onStart: LuaReference?
    let onStop: LuaReference?

    init(_ animation: Animation, kind: String, onStart: LuaReference?, onStop: LuaReference?) {
        self.animation = animation
        self.kind = kind
        self.onStart = onStart
        self.onStop = onStop
    }
}
