import InbetweenEngine

extension Runtime {
    /// The scene the script has built so far (a copy): before sampling, what the script's
    /// top-level code left; inside `sceneObserver`, the scene after an event's handlers.
    package var scene: Scene { state.scene }
}
