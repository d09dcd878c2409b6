import InbetweenEngine

extension ScriptRun {
    /// The stage as the frame `next()` returned last shows it: every drawn layer (and each copy
    /// a replicator draws, `NAME[i]`) with its matrix to the stage, composed opacity, clips and
    /// opacity groups, composed down the layer tree as Core Animation composes it
    /// (`SceneWorld`). What an app that draws without a tree (a canvas, a game engine) needs.
    /// nil before the first frame and once the run is over.
    ///
    /// ```swift
    /// while try run.next() != nil, let world = try run.world() {
    ///     for layer in world.layers where layer.drawsItself { draw(layer.bounds, layer.matrix, layer.opacity) }
    /// }
    /// ```
    /// - Throws: `ScriptError` when a layer's values cannot be computed at that time.
    public func world() throws(ScriptError) -> SceneWorld? {
        guard !ended, let time = lastFrameTime else { return nil }
        do {
            return try host.runtime.scene.world(at: time)
        } catch {
            throw ScriptError.wrap(error)
        }
    }
}
