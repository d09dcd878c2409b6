import InbetweenEngine

/// How a `Renderer` draws a run: the picture's size and pixel density, what lies behind the
/// layers, and which frames.
public struct RenderOptions: Hashable, Sendable {
    /// What the layers are drawn over.
    public enum Background: Hashable, Sendable {
        /// Nothing: pixels outside every layer have alpha 0 (WebM with alpha, APNG, PNG).
        case transparent
        /// An opaque or translucent colour, in sRGB.
        case color(Color)
    }

    /// The picture's size in points, the scene's own units, from the scene's origin (its top
    /// left corner). nil: the script's `scene{ size = }`, or else the box from the origin to
    /// the far corner of everything drawn over the run, as the Lottie export sizes its canvas.
    public var size: Size?
    /// Pixels per point (2 for Retina): the picture is ceil(size × scale) pixels each way.
    public var scale: Double
    /// What the layers are drawn over (white unless told).
    public var background: Background
    /// The frame rate, the first frame's time and the last one's, overriding the script's
    /// `scene{ fps =, from =, to = }` as the CLI's `--fps`, `--from` and `--to` do.
    public var fps: Double?
    public var from: Double?
    public var to: Double?

    /// The largest picture side in pixels, and Cairo's own limit for an image surface (Cairo's
    /// `_cairo_image_surface_is_size_valid` refuses anything past 32767; 16384 keeps a frame
    /// of RGBA at most 1 GiB).
    public static let maximumPixels = 16384

    public init(
        size: Size? = nil, scale: Double = 1,
        background: Background = .color(Color(red: 1, green: 1, blue: 1)),
        fps: Double? = nil, from: Double? = nil, to: Double? = nil
    ) {
        self.size = size
        self.scale = scale
        self.background = background
        self.fps = fps
        self.from = from
        self.to = to
    }
}
