/// A minimal SVG (XML) writer: elements with attributes, escaped text, numbers with two
/// decimals (a hundredth of a pixel is below what any renderer shows). Self-contained: no
/// external tool is needed to make a picture.
package struct SVGWriter {
    private(set) var bytes: [UInt8] = []
    /// Coordinates in pixels: two decimals, trailing zeros dropped.
    package static let coordinate = NumberFormat.compact(2)

    package init(width: Double, height: Double, title: String) {
        append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        append("<svg xmlns=\"http://www.w3.org/2000/svg\"")
        attribute("width", width)
        attribute("height", height)
        append(" viewBox=\"0 0 ")
        number(width)
        append(" ")
        number(height)
        append("\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">\n")
        element("title", [], text: title)
        // A white background: the picture must read the same on a dark page.
        element("rect", [("width", "100%"), ("height", "100%"), ("fill", "white")])
    }

    /// Closes the document and returns its text.
    package mutating func finish() -> [UInt8] {
        append("</svg>\n")
        return bytes
    }

    /// `<name a="v" .../>`, or `<name ...>text</name>` when text is given.
    package mutating func element(_ name: String, _ attributes: [(String, String)], text: String? = nil) {
        append("<" + name)
        for (key, value) in attributes {
            append(" \(key)=\"")
            escape(value)
            append("\"")
        }
        guard let text else {
            append("/>\n")
            return
        }
        append(">")
        escape(text)
        append("</\(name)>\n")
    }

    /// `<polyline points="x,y x,y ..."/>` written straight into the buffer (curves have
    /// thousands of points).
    package mutating func polyline(_ points: [(Double, Double)], _ attributes: [(String, String)]) {
        append("<polyline")
        for (key, value) in attributes {
            append(" \(key)=\"")
            escape(value)
            append("\"")
        }
        append(" points=\"")
        for (i, p) in points.enumerated() {
            if i > 0 { append(" ") }
            number(p.0)
            append(",")
            number(p.1)
        }
        append("\"/>\n")
    }

    package mutating func open(_ name: String, _ attributes: [(String, String)]) {
        append("<" + name)
        for (key, value) in attributes {
            append(" \(key)=\"")
            escape(value)
            append("\"")
        }
        append(">\n")
    }

    package mutating func close(_ name: String) { append("</\(name)>\n") }

    /// A pixel value as attribute text.
    package static func px(_ v: Double) -> String { coordinate.string(v) }

    // MARK: bytes

    private mutating func attribute(_ name: String, _ value: Double) {
        append(" \(name)=\"")
        number(value)
        append("\"")
    }

    private mutating func number(_ v: Double) { SVGWriter.coordinate.append(v, to: &bytes) }

    private mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// Markup made by another SVGWriter (a nested chart), copied as it is.
    package mutating func embed(_ markup: String) { append(markup) }

    /// XML's five predefined entities; control characters other than tab and newline are not
    /// allowed in XML 1.0 at all and become U+FFFD.
    private mutating func escape(_ text: String) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": append("&amp;")
            case "<": append("&lt;")
            case ">": append("&gt;")
            case "\"": append("&quot;")
            case "'": append("&apos;")
            case "\t", "\n": bytes.append(UInt8(scalar.value))
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    append("\u{FFFD}")
                } else {
                    append(String(scalar))
                }
            }
        }
    }
}
