import CCairo
import InbetweenEngine

/// Frames laid out on one picture, `columns` × `rows`, left to right then top to bottom, each
/// with its time written under it ("0.25 s"): a strip of motion for documents and reviews.
/// Frames are drawn into the sheet as they are added, so it holds one picture however many
/// frames there are.
public final class ContactSheet {
    public let columns: Int
    public let rows: Int
    /// One frame's size in pixels.
    public let cellWidth: Int
    public let cellHeight: Int
    /// The sheet's size in pixels.
    public let width: Int
    public let height: Int
    /// Frames added so far.
    public private(set) var count = 0

    /// Space around and between the cells, and the label's strip under each, in points (times
    /// `scale`, or 1 when it is less: text smaller than 12 px is hard to read): 8 px gaps and
    /// 12 px text in a 20 px strip at scale 1.
    static let gap = 8.0, labelHeight = 20.0, fontSize = 12.0

    private let scale: Double
    private let surface: OpaquePointer
    private let cr: OpaquePointer

    /// - Parameters:
    ///   - columns: cells across the sheet.
    ///   - rows: cells down the sheet.
    ///   - cellWidth: the frames' width in pixels (every frame added must have it).
    ///   - cellHeight: the frames' height in pixels.
    ///   - scale: pixels per point, as the frames were drawn (gaps and labels grow with it).
    ///   - background: what the frames were drawn over: an opaque sheet is light grey between
    ///     the cells (so that a white frame shows its edges), a transparent one stays clear.
    /// - Throws: `EncodeError.badFrameSize` when the sheet would pass `RenderOptions.maximumPixels`.
    public init(
        columns: Int, rows: Int, cellWidth: Int, cellHeight: Int, scale: Double = 1,
        background: RenderOptions.Background = .color(Color(red: 1, green: 1, blue: 1))
    ) throws(EncodeError) {
        precondition(columns > 0 && rows > 0, "a sheet has at least one column and one row")
        self.columns = columns
        self.rows = rows
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        self.scale = max(scale, 1)
        let gap = Int((ContactSheet.gap * self.scale).rounded())
        let label = Int((ContactSheet.labelHeight * self.scale).rounded())
        let w = columns * (cellWidth + gap) + gap
        let h = rows * (cellHeight + label + gap) + gap
        try EncodeError.checkSize(width: w, height: h)
        width = w
        height = h
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h))
        cr = cairo_create(surface)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        switch background {
        case .transparent: cairo_set_source_rgba(cr, 0, 0, 0, 0)
        case .color: cairo_set_source_rgba(cr, 0.9, 0.9, 0.9, 1)
        }
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// The cell of the `index`-th frame: its top left corner in pixels.
    func origin(of index: Int) -> (x: Int, y: Int) {
        let gap = Int((ContactSheet.gap * scale).rounded())
        let label = Int((ContactSheet.labelHeight * scale).rounded())
        return (
            gap + (index % columns) * (cellWidth + gap),
            gap + (index / columns) * (cellHeight + label + gap)
        )
    }

    /// Draws the next frame into its cell with `label` under it (extra frames past the last
    /// cell are ignored).
    public func add(_ frame: RenderedFrame, label: String) throws(EncodeError) {
        guard frame.width == cellWidth, frame.height == cellHeight else {
            throw .frameMismatch(
                expected: "\(cellWidth)x\(cellHeight)", got: "\(frame.width)x\(frame.height)")
        }
        guard count < columns * rows else { return }
        let (x, y) = origin(of: count)
        count += 1
        // The frame as Cairo's premultiplied ARGB32, painted in place (SOURCE: its own alpha).
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(cellWidth)))
        let pixels = UnsafeMutableRawPointer.allocate(byteCount: stride * cellHeight, alignment: 4)
        defer { pixels.deallocate() }
        for row in 0..<cellHeight {
            let out = (pixels + row * stride).assumingMemoryBound(to: UInt32.self)
            for column in 0..<cellWidth {
                let k = (row * cellWidth + column) * 4
                let a = UInt32(frame.rgba[k + 3])
                // c · a / 255 rounded to nearest, as Cairo premultiplies.
                func premultiplied(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
                out[column] =
                    a << 24 | premultiplied(frame.rgba[k]) << 16 | premultiplied(frame.rgba[k + 1]) << 8
                    | premultiplied(frame.rgba[k + 2])
            }
        }
        let image = cairo_image_surface_create_for_data(
            pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(cellWidth),
            Int32(cellHeight),
            Int32(stride))
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cr, image, Double(x), Double(y))
        cairo_rectangle(cr, Double(x), Double(y), Double(cellWidth), Double(cellHeight))
        cairo_fill(cr)
        cairo_restore(cr)
        cairo_surface_destroy(image)

        // The label, centred under the cell in a sans-serif face (fontconfig's choice: DejaVu
        // Sans on Debian), dark grey.
        cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, ContactSheet.fontSize * scale)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, label, &extents)
        let baseline = Double(y + cellHeight) + (ContactSheet.labelHeight - 6) * scale
        cairo_move_to(cr, Double(x) + (Double(cellWidth) - extents.x_advance) / 2, baseline)
        cairo_set_source_rgba(cr, 0.2, 0.2, 0.2, 1)
        cairo_show_text(cr, label)
    }

    /// The sheet as a frame (straight RGBA), for a PNG or anything else.
    public func picture() -> RenderedFrame {
        CairoPicture.frame(of: surface, width: width, height: height)
    }

    /// The label of a frame at `time` seconds: up to three decimals, trailing zeros dropped.
    public static func label(time: Double) -> String {
        var text = String(format: "%.3f", time)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return (text == "-0" ? "0" : text) + " s"
    }
}
