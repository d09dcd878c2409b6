import InbetweenEngine

extension Runtime {
    /// The scene's layers as the script has built them so far (model values and animations),
    /// in creation order: what a host needs to sample whole layers rather than animated tracks.
    package var layers: [Layer] { state.scene.layers }
}
