/// The preview page's player: plain JavaScript and CSS, no library, no network. It draws each
/// layer as Core Animation composes it and plays the frames PreviewData wrote.
///
/// Geometry (Core Animation's layer model; Apple, "Core Animation Programming Guide: Layers
/// Have Their Own Geometry"): a point q of the layer, measured from its bounds' top-left
/// corner, lands at (q − anchorPoint·size − (0, 0, anchorPointZ)) · transform + (position,
/// zPosition) in the stage (its superlayer), with CATransform3D's row vectors. CSS matrix3d()
/// lists its 16 numbers in the same order as CATransform3D's m11...m44 (translation last but
/// one), so the composed matrix is written as it is, with transform-origin 0 0.
///
/// Exactness: Chromium lays boxes out in LayoutUnits of 1/64 px, so a width of 123.4567 px
/// would be cut to 123.453125. Each layer box is therefore sized to a whole number of
/// LayoutUnits at or above the bounds (ceil(w·64)/64) and scaled back to the bounds in the
/// transform, which Chromium applies in floating point; the path inside is scaled the other
/// way so that it keeps the layer's own coordinates. Between two frames the page interpolates
/// linearly for display; at a frame time it shows the frame's values unchanged.
package enum PreviewPlayer {
    /// The page's style sheet (player.css beside this file).
    package static let style = text(PackageResources.player_css)
    /// The controls under the stage (controls.html).
    package static let controls = text(PackageResources.controls_html)
    /// The player (player.js): reads the frames PreviewData wrote and draws them.
    package static let script = text(PackageResources.player_js)

    /// A file's text as it is written into the page: without the newline that ends the file,
    /// since the page puts each part on its own line.
    private static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.last == 0x0A ? bytes.dropLast() : bytes[...], as: UTF8.self)
    }
}
