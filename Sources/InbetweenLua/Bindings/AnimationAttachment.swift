import InbetweenEngine

extension Runtime {
    /// What an animation must meet to go on a layer, whichever path puts it there:
    /// `l:add`, `l:retarget`, and `tl:add` (for each of its layers, stagger or not, when the
    /// timeline is built, so the error names that line) and the timeline's cue that adds it
    /// later (`attach`). A replicator's property belongs to replicators, and an animated
    /// `instanceCount` must leave the scene's copies within the memory limit
    /// (`checkAnimatedCopiesFit`). `argument` is the animation's place in the call;
    /// `model`, the layer's `instanceCount` as it will be when the animation runs (a
    /// retarget sets it), when not the current one.
    func admit(_ animation: Animation, toLayer name: String, argument: Int32, model: Double? = nil) throws {
        try checkReplicatorKeyPaths(animation, on: name, argument: argument)
        try checkGradientKeyPaths(animation, on: name, argument: argument)
        try checkAnimatedCopiesFit(animation, on: name, argument: argument, model: model)
    }

    /// Puts `animation` on layer `name` (`Scene.add`) once `admit` allows it; the one way
    /// the bindings attach an animation. `change` runs first, inside the same engine call:
    /// a retarget's new model value. Returns the key used.
    func attach(
        _ animation: Animation, toLayer name: String, forKey key: String?, in transaction: Transaction?,
        argument: Int32, model: Double? = nil, change: () throws -> Void = {}
    ) throws -> String {
        try admit(animation, toLayer: name, argument: argument, model: model)
        return try engineCall {
            try change()
            return try state.scene.add(animation, forKey: key, toLayer: name, in: transaction)
        }
    }
}
