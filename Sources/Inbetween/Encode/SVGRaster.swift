import CCairo
import Foundation

/// Draws the SVG documents Inbetween's charts are (what `SVGWriter` writes: `plot -o x.svg`)
/// with Cairo, for `plot -o x.png`. The PNG is the same document, read back, so that the SVG
/// stays the one description of a chart; no SVG library is linked (librsvg would bring GLib,
/// Pango and Rust's runtime into a statically linked executable) and no tool is run.
///
/// It reads the part of SVG 1.1 that SVGWriter writes: nested `svg` viewports (placed at x, y,
/// clipped to their size), `g`, `rect`, `line`, `polyline`, `circle`, `path` (absolute M, L, Q,
/// C, Z), `text` (x, y, text-anchor, font-size, font-weight, `rotate(a cx cy)`) and `title`,
/// with inherited fill, stroke, stroke-width, stroke-dasharray, stroke-linejoin, fill-opacity
/// and stroke-opacity; colours as `#rgb`, `#rrggbb`, `rgb(r, g, b)`, `none`, `white`, `black`.
/// Anything else is an error naming it, never silently left out.
package enum SVGRaster {
    package struct Unsupported: Error, CustomStringConvertible {
        package var what: String
        package var description: String {
            "cannot draw the chart as PNG: \(what) is not in the SVG subset charts use"
        }
    }

    /// The document as a picture of its width × height (CSS pixels, rounded up) at `scale`.
    package static func render(_ svg: [UInt8], scale: Double = 1) throws(Unsupported) -> RenderedFrame {
        var painter = Painter(scale: scale)
        var reader = XMLReader(bytes: svg)
        while let event = try reader.next() {
            switch event {
            case .open(let name, let attributes, let empty):
                try painter.open(name, attributes)
                if empty { try painter.close(name, text: "") }
            case .close(let name, let text):
                try painter.close(name, text: text)
            }
        }
        guard let picture = painter.picture() else { throw Unsupported(what: "a document without <svg>") }
        return picture
    }

    // MARK: Reading

    enum Event {
        case open(String, [String: String], empty: Bool)
        /// `text`: the character data read since the element opened (for <text> and <title>).
        case close(String, text: String)
    }

    /// Elements, attributes and text of well-formed XML without DTDs or CDATA (what SVGWriter
    /// writes), with the five predefined entities.
    struct XMLReader {
        let bytes: [UInt8]
        var p = 0
        var text: [UInt8] = []

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func next() throws(Unsupported) -> Event? {
            while p < bytes.count {
                guard bytes[p] == UInt8(ascii: "<") else {
                    text.append(bytes[p])
                    p += 1
                    continue
                }
                p += 1
                if p < bytes.count && (bytes[p] == UInt8(ascii: "?") || bytes[p] == UInt8(ascii: "!")) {
                    while p < bytes.count && bytes[p] != UInt8(ascii: ">") { p += 1 }
                    p += 1
                    continue
                }
                let closing = p < bytes.count && bytes[p] == UInt8(ascii: "/")
                if closing { p += 1 }
                let name = word()
                if closing {
                    while p < bytes.count && bytes[p] != UInt8(ascii: ">") { p += 1 }
                    p += 1
                    let content = XMLReader.unescape(text)
                    text = []
                    return .close(name, text: content)
                }
                var attributes: [String: String] = [:]
                while true {
                    skipSpace()
                    guard p < bytes.count else { throw Unsupported(what: "an unfinished <\(name)>") }
                    if bytes[p] == UInt8(ascii: "/") {
                        p += 2
                        text = []
                        return .open(name, attributes, empty: true)
                    }
                    if bytes[p] == UInt8(ascii: ">") {
                        p += 1
                        text = []
                        return .open(name, attributes, empty: false)
                    }
                    let key = word()
                    skipSpace()
                    guard p + 1 < bytes.count, bytes[p] == UInt8(ascii: "="),
                        bytes[p + 1] == UInt8(ascii: "\"")
                    else {
                        throw Unsupported(what: "attribute '\(key)' of <\(name)> without a quoted value")
                    }
                    p += 2
                    let start = p
                    while p < bytes.count && bytes[p] != UInt8(ascii: "\"") { p += 1 }
                    attributes[key] = XMLReader.unescape(Array(bytes[start..<min(p, bytes.count)]))
                    p += 1
                }
            }
            return nil
        }

        mutating func word() -> String {
            let start = p
            while p < bytes.count, !" \t\n\r/>=".utf8.contains(bytes[p]) { p += 1 }
            return String(decoding: bytes[start..<p], as: UTF8.self)
        }

        mutating func skipSpace() {
            while p < bytes.count, " \t\n\r".utf8.contains(bytes[p]) { p += 1 }
        }

        static func unescape(_ bytes: [UInt8]) -> String {
            var text = String(decoding: bytes, as: UTF8.self)
            guard text.contains("&") else { return text }
            for (entity, character) in [
                ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&"),
            ] {
                text = text.replacingOccurrences(of: entity, with: character)
            }
            return text
        }
    }

    // MARK: Drawing

    struct Painter {
        let scale: Double
        var surface: OpaquePointer?
        var cr: OpaquePointer?
        var width = 0, height = 0
        /// The inherited attributes, one level per open element.
        var styles: [[String: String]] = []
        /// Each open <svg>'s size, for `100%`.
        var viewports: [(width: Double, height: Double)] = []

        init(scale: Double) { self.scale = scale }

        static let inherited: Set<String> = [
            "fill", "stroke", "stroke-width", "stroke-dasharray", "stroke-linejoin", "fill-opacity",
            "stroke-opacity", "font-size", "font-weight", "font-family", "text-anchor",
        ]
        /// Attributes that place or describe an element (not its look).
        static let geometry: Set<String> = [
            "x", "y", "width", "height", "x1", "y1", "x2", "y2", "cx", "cy", "r", "points", "d", "transform",
            "class", "xmlns", "viewBox", "version", "encoding",
        ]

        mutating func open(_ name: String, _ attributes: [String: String]) throws(Unsupported) {
            for key in attributes.keys
            where !Painter.inherited.contains(key) && !Painter.geometry.contains(key) {
                throw Unsupported(what: "attribute '\(key)' of <\(name)>")
            }
            var style =
                styles.last ?? ["fill": "black", "stroke": "none", "stroke-width": "1", "font-size": "12"]
            for (key, value) in attributes where Painter.inherited.contains(key) { style[key] = value }
            styles.append(style)
            switch name {
            case "svg":
                let w = number(attributes["width"])
                let h = number(attributes["height"])
                if cr == nil {
                    width = Int((w * scale).rounded(.up))
                    height = Int((h * scale).rounded(.up))
                    surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
                    cr = cairo_create(surface)
                    cairo_scale(cr, scale, scale)
                }
                cairo_save(cr)
                cairo_translate(cr, number(attributes["x"]), number(attributes["y"]))
                cairo_rectangle(cr, 0, 0, w, h)
                cairo_clip(cr)
                viewports.append((w, h))
            case "g", "title", "text":
                break
            case "rect", "line", "polyline", "circle", "path":
                guard let cr else { throw Unsupported(what: "<\(name)> outside <svg>") }
                try shape(name, attributes, cr)
                try paint(style, cr, closed: name != "line")
            default:
                throw Unsupported(what: "element <\(name)>")
            }
            if name == "text" { pendingText = attributes }
        }

        var pendingText: [String: String] = [:]

        mutating func close(_ name: String, text: String) throws(Unsupported) {
            let style = styles.removeLast()
            switch name {
            case "svg":
                cairo_restore(cr)
                viewports.removeLast()
            case "text":
                guard let cr else { return }
                try drawText(text, pendingText, style, cr)
            default:
                break
            }
        }

        func picture() -> RenderedFrame? {
            guard let surface else { return nil }
            return CairoPicture.frame(of: surface, width: width, height: height)
        }

        func shape(_ name: String, _ a: [String: String], _ cr: OpaquePointer) throws(Unsupported) {
            cairo_new_path(cr)
            switch name {
            case "rect":
                let viewport = viewports.last ?? (0, 0)
                cairo_rectangle(
                    cr, number(a["x"]), number(a["y"]), length(a["width"], of: viewport.width),
                    length(a["height"], of: viewport.height))
            case "line":
                cairo_move_to(cr, number(a["x1"]), number(a["y1"]))
                cairo_line_to(cr, number(a["x2"]), number(a["y2"]))
            case "polyline":
                let values = numbers(a["points"] ?? "")
                var i = 0
                while i + 1 < values.count {
                    if i == 0 {
                        cairo_move_to(cr, values[0], values[1])
                    } else {
                        cairo_line_to(cr, values[i], values[i + 1])
                    }
                    i += 2
                }
            case "circle":
                cairo_new_sub_path(cr)
                cairo_arc(cr, number(a["cx"]), number(a["cy"]), number(a["r"]), 0, 2 * .pi)
                cairo_close_path(cr)
            default:
                try path(a["d"] ?? "", cr)
            }
        }

        /// Absolute M, L, Q, C and Z, as SVGChart.pathData writes them.
        func path(_ d: String, _ cr: OpaquePointer) throws(Unsupported) {
            var command: Character = "M"
            var values: [Double] = []
            var current = (x: 0.0, y: 0.0)
            func flush() throws(Unsupported) {
                switch (command, values.count) {
                case ("M", 2): cairo_move_to(cr, values[0], values[1])
                case ("L", 2): cairo_line_to(cr, values[0], values[1])
                case ("C", 6):
                    cairo_curve_to(cr, values[0], values[1], values[2], values[3], values[4], values[5])
                case ("Q", 4):
                    // A quadratic as the cubic it is: controls 2/3 of the way to its control point.
                    let c = (x: values[0], y: values[1])
                    let e = (x: values[2], y: values[3])
                    cairo_curve_to(
                        cr, current.x + 2 / 3 * (c.x - current.x), current.y + 2 / 3 * (c.y - current.y),
                        e.x + 2 / 3 * (c.x - e.x), e.y + 2 / 3 * (c.y - e.y), e.x, e.y)
                case ("Z", 0): cairo_close_path(cr)
                case (_, 0): return
                default: throw Unsupported(what: "path command \(command) with \(values.count) numbers")
                }
                if values.count >= 2 { current = (values[values.count - 2], values[values.count - 1]) }
                values = []
            }
            var token = ""
            for ch in d + " " {
                if "MLCQZ".contains(ch) || ch == " " || ch == "," {
                    if let v = Double(token) {
                        values.append(v)
                    } else if !token.isEmpty {
                        throw Unsupported(what: "path data '\(token)'")
                    }
                    token = ""
                    if "MLCQZ".contains(ch) {
                        try flush()
                        command = ch
                    }
                } else if ch.isLetter {
                    throw Unsupported(what: "path command \(ch)")
                } else {
                    token.append(ch)
                }
            }
            try flush()
        }

        func paint(_ style: [String: String], _ cr: OpaquePointer, closed: Bool) throws(Unsupported) {
            if closed, let fill = try Painter.color(style["fill"]) {
                cairo_set_source_rgba(cr, fill.0, fill.1, fill.2, number(style["fill-opacity"], default: 1))
                cairo_fill_preserve(cr)
            }
            if let stroke = try Painter.color(style["stroke"]) {
                cairo_set_source_rgba(
                    cr, stroke.0, stroke.1, stroke.2, number(style["stroke-opacity"], default: 1))
                cairo_set_line_width(cr, number(style["stroke-width"], default: 1))
                cairo_set_line_join(
                    cr, style["stroke-linejoin"] == "round" ? CAIRO_LINE_JOIN_ROUND : CAIRO_LINE_JOIN_MITER)
                let dashes = numbers(style["stroke-dasharray"] ?? "")
                cairo_set_dash(cr, dashes, Int32(dashes.count), 0)
                cairo_stroke_preserve(cr)
            }
            cairo_new_path(cr)
        }

        func drawText(_ text: String, _ a: [String: String], _ style: [String: String], _ cr: OpaquePointer)
            throws(Unsupported)
        {
            guard let fill = try Painter.color(style["fill"]), !text.isEmpty else { return }
            cairo_save(cr)
            // rotate(angle cx cy): about (cx, cy), as SVG 1.1 §7.6 defines it.
            if let transform = a["transform"], transform.hasPrefix("rotate(") {
                let r = numbers(String(transform.dropFirst(7).dropLast()))
                if r.count == 3 {
                    cairo_translate(cr, r[1], r[2])
                    cairo_rotate(cr, r[0] * .pi / 180)
                    cairo_translate(cr, -r[1], -r[2])
                }
            }
            // Helvetica or Arial as the document asks, through fontconfig's sans-serif (Liberation
            // Sans, Arial's metric twin, or DejaVu Sans on Debian).
            cairo_select_font_face(
                cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
                style["font-weight"] == "bold" ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
            cairo_set_font_size(cr, number(style["font-size"], default: 12))
            var extents = cairo_text_extents_t()
            cairo_text_extents(cr, text, &extents)
            var x = number(a["x"])
            switch style["text-anchor"] {
            case "middle": x -= extents.x_advance / 2
            case "end": x -= extents.x_advance
            default: break
            }
            cairo_move_to(cr, x, number(a["y"]))
            cairo_set_source_rgba(cr, fill.0, fill.1, fill.2, number(style["fill-opacity"], default: 1))
            cairo_show_text(cr, text)
            cairo_restore(cr)
        }

        func number(_ text: String?, default value: Double = 0) -> Double {
            text.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) } ?? value
        }

        func length(_ text: String?, of whole: Double) -> Double {
            guard let text, text.hasSuffix("%") else { return number(text) }
            return whole * number(String(text.dropLast())) / 100
        }

        func numbers(_ text: String) -> [Double] {
            text.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
        }

        /// nil for `none` (nothing painted).
        static func color(_ text: String?) throws(Unsupported) -> (Double, Double, Double)? {
            guard let text, text != "none" else { return nil }
            switch text {
            case "white": return (1, 1, 1)
            case "black": return (0, 0, 0)
            default: break
            }
            if text.hasPrefix("rgb(") {
                let parts = text.dropFirst(4).dropLast().split(separator: ",").compactMap {
                    Double($0.trimmingCharacters(in: .whitespaces))
                }
                guard parts.count == 3 else { throw Unsupported(what: "colour '\(text)'") }
                return (parts[0] / 255, parts[1] / 255, parts[2] / 255)
            }
            var hex = Array(text.dropFirst())
            if hex.count == 3 { hex = hex.flatMap { [$0, $0] } }
            guard text.hasPrefix("#"), hex.count == 6, let v = Int(String(hex), radix: 16) else {
                throw Unsupported(what: "colour '\(text)'")
            }
            return (Double(v >> 16 & 0xff) / 255, Double(v >> 8 & 0xff) / 255, Double(v & 0xff) / 255)
        }
    }
}
