/// Examples whose content only `render` draws so far: the independent renderers' comparisons
/// (Chromium drawing the preview, rlottie drawing the Lottie export) leave them out, since those
/// outputs name the content as not drawn. Each is checked against hand-worked pixels instead
/// (GradientDrawingTests for the gradient).
enum ExampleContent {
    static let drawnByRenderOnly: Set<String> = ["21-gradient-loading-bar"]
}
