import InbetweenEngine

/// The preview's frames as one JavaScript statement, `window.inbetweenLoad({...});`: inline in
/// the HTML page, and (with `--watch`) also in the sibling `NAME.data.js` that an open page
/// re-loads to pick up a new version without a server. The object is JSON:
///
/// - `version`: a hash of the rest, so the page swaps data only when something changed;
/// - `fps`, `times` (every frame's scene time, seconds), `title`, `live` (the data file's
///   name when watching, else null), `stage` (the script's `scene{size}` as [w, h], else null);
/// - `layers[]`: `name`, `from` (the first frame a layer made by a callback exists at; absent
///   for 0) and `props`: per drawn key path either `c` (the value at every frame) or `v` (one
///   value per frame);
/// - `charts[]`: `title`, `unit`, `kind` and `v`, for the charts under the stage.
///
/// Values: a number (scalar), an array (point, size, rect, color r g b a in 0–1, transform as
/// Core Animation's 16 entries m11...m44 row by row) or, for a path, `{"e": "MCCZ", "p": [...]}`
/// (one letter per element: move, line, quad, curve, close; then every point's x and y).
/// Numbers are written shortest round-trip, so the page reads exactly the engine's doubles.
package enum PreviewData {
    package static func script(_ scene: PreviewScene, title: String, live: String?) -> [UInt8] {
        var body: [UInt8] = []
        func text(_ s: String) { body.append(contentsOf: s.utf8) }
        text(",\"title\":")
        string(title, into: &body)
        text(",\"live\":")
        if let live { string(live, into: &body) } else { text("null") }
        text(",\"stage\":")
        if let size = scene.stageSize {
            numbers([size.width, size.height], into: &body)
        } else {
            text("null")
        }
        text(",\"fps\":")
        number(scene.fps, into: &body)
        text(",\"times\":[")
        for (i, t) in scene.times.enumerated() {
            if i > 0 { text(",") }
            number(t, into: &body)
        }
        text("],\n\"layers\":[")
        for (l, layer) in scene.layers.enumerated() {
            text(l > 0 ? ",\n{\"name\":" : "{\"name\":")
            string(layer.name, into: &body)
            if layer.firstFrame > 0 { text(",\"from\":\(layer.firstFrame)") }
            text(",\"props\":{")
            for (k, column) in layer.columns.enumerated() where !column.values.isEmpty {
                if k > 0 { text(",") }
                string(column.keyPath, into: &body)
                if column.isConstant {
                    text(":{\"c\":")
                    value(column.values[0], into: &body)
                } else {
                    text(":{\"v\":[")
                    for (i, v) in column.values.enumerated() {
                        if i > 0 { text(",") }
                        value(v, into: &body)
                    }
                    text("]")
                }
                text("}")
            }
            text("}}")
        }
        text("],\n\"charts\":[")
        for (c, chart) in scene.charts.enumerated() {
            text(c > 0 ? ",\n{\"title\":" : "{\"title\":")
            string(chart.title, into: &body)
            text(",\"unit\":")
            string(chart.unit, into: &body)
            text(",\"kind\":")
            string(chart.values.first.map(LayerPropertyKind.name) ?? "scalar", into: &body)
            text(",\"v\":[")
            for (i, v) in chart.values.enumerated() {
                if i > 0 { text(",") }
                value(v, into: &body)
            }
            text("]}")
        }
        text("]")
        var out = Array("window.inbetweenLoad({\"version\":\"\(hash(body))\"".utf8)
        out += body
        out += Array("});\n".utf8)
        return out
    }

    /// FNV-1a, 64 bits, in hex: a cheap fingerprint of the data (not a security measure).
    package static func hash(_ bytes: [UInt8]) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes {
            h ^= UInt64(b)
            h = h &* 0x100_0000_01b3
        }
        return String(h, radix: 16)
    }

    package static func value(_ v: Value, into out: inout [UInt8]) {
        switch v {
        case .scalar(let x):
            number(x, into: &out)
        case .path(let path):
            out += Array("{\"e\":\"".utf8)
            for element in path.elements {
                switch element {
                case .move: out.append(UInt8(ascii: "M"))
                case .line: out.append(UInt8(ascii: "L"))
                case .quad: out.append(UInt8(ascii: "Q"))
                case .curve: out.append(UInt8(ascii: "C"))
                case .close: out.append(UInt8(ascii: "Z"))
                }
            }
            out += Array("\",\"p\":".utf8)
            numbers(v.components, into: &out)
            out.append(UInt8(ascii: "}"))
        default:
            numbers(v.components, into: &out)
        }
    }

    package static func numbers(_ xs: [Double], into out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (i, x) in xs.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            number(x, into: &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    /// JSON has no infinities or NaN: they become null (the page skips such a frame's value).
    package static func number(_ x: Double, into out: inout [UInt8]) {
        guard x.isFinite else {
            out += Array("null".utf8)
            return
        }
        NumberFormat.shortest.append(x, to: &out)
    }

    /// A JSON string that is also safe inside an HTML <script> element: `<` is written as
    /// \u003c, so no `</script>` can end the element early.
    package static func string(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += Array("\\\"".utf8)
            case "\\": out += Array("\\\\".utf8)
            case "<": out += Array("\\u003c".utf8)
            case "\n": out += Array("\\n".utf8)
            case "\u{2028}": out += Array("\\u2028".utf8)
            case "\u{2029}": out += Array("\\u2029".utf8)
            default:
                if scalar.value < 0x20 {
                    out += Array(String(format: "\\u%04x", scalar.value).utf8)
                } else {
                    out += Array(String(scalar).utf8)
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

/// The kind names the page's charts switch on (LayerProperties.kindName's words, but
/// `scalar` for numbers).
package enum LayerPropertyKind {
    package static func name(_ v: Value) -> String {
        switch v {
        case .scalar: return "scalar"
        case .point: return "point"
        case .size: return "size"
        case .rect: return "rect"
        case .color: return "color"
        case .transform: return "transform"
        case .vector: return "vector"
        case .path: return "path"
        }
    }
}
