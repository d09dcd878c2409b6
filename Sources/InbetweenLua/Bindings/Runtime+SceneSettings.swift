extension Runtime {
    /// What the script's `scene{...}` asked for (frame rate, span, canvas size).
    public var settings: SceneSettings { state.settings }
}
