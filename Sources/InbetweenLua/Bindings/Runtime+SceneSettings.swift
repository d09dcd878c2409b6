extension Runtime {
    /// What the script's `scene{...}` asked for (frame rate, span, canvas size).
    package var settings: SceneSettings { state.settings }
}
