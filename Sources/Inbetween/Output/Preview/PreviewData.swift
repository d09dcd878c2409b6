import InbetweenEngine

/// The preview's frames as one JavaScript statement, `window.inbetweenLoad({...});`: inline in
/// the HTML page, and (with `--watch`) also in the sibling `NAME.data.js` that an open page
/// re-loads to pick up a new version without a server. The object is JSON:
///
/// - `fps`, `times` (every frame's scene time, seconds), `title`, `live` (the data file's
///   name when watching, else null), `stage` (the script's `scene{size}` as [w, h], else null);
/// - `layers[]`: `name`, `from` (the first frame a layer made by a callback exists at; absent
///   for 0) and `props`: per drawn key path either `c` (the value at every frame) or `v` (one
///   value per frame);
/// - for a scene with a layer tree only, `draw[]`: per frame, what the stage shows back to
///   front (null for a frame before the scene had a tree: drawn flat, as a flat scene), each
///   `{"n": layer name, "o": its opacity inside its groups, "m": the 16 entries of the map from
///   the layer's own coordinates (origin at its bounds' top-left corner) to the stage, "c":
///   clips, "g": groups}` (`c` and `g` left out when empty): a clip is `[width, height,
///   cornerRadius, m]` (an ancestor's bounds, `masksToBounds`), a group `[name, opacity]` (a
///   subtree composited then faded, `allowsGroupOpacity`). A replicator's copies (`NAME[i]`)
///   are then in `layers` too, after the scene's layers, with the values they are drawn with;
/// - `charts[]`: `title`, `unit`, `kind` and `v`, for the charts under the stage;
/// - `version`, last: a hash of the rest, so the page swaps data only when something changed
///   (written as the data streams out, `PreviewFrameWriter`, so it can only follow it).
///
/// Values: a number (scalar), an array (point, size, rect, color r g b a in 0–1, transform as
/// Core Animation's 16 entries m11...m44 row by row) or, for a path, `{"e": "MCCZ", "p": [...]}`
/// (one letter per element: move, line, quad, curve, close; then every point's x and y).
/// Numbers are written shortest round-trip (unless `--precision` asks for fewer decimals), so
/// the page reads exactly the engine's doubles.
package enum PreviewData {
    /// FNV-1a, 64 bits: a cheap fingerprint of the data (not a security measure).
    package struct FNV1a {
        package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

        package init() {}

        package mutating func add(_ bytes: [UInt8]) {
            for b in bytes {
                value ^= UInt64(b)
                value = value &* 0x100_0000_01b3
            }
        }
    }

    /// A plane's map as CATransform3D's 16 entries (row vectors), z passed through: what CSS
    /// matrix3d() takes in the same order.
    static func matrix(_ p: Projection) -> [Double] {
        let h = p.h
        return [h[0], h[1], 0, h[2], h[3], h[4], 0, h[5], 0, 0, 1, 0, h[6], h[7], 0, h[8]]
    }

    /// The name a page loads the data file by: its file name.
    package static func fileName(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
    }

    package static func value(_ v: Value, _ format: NumberFormat, into out: inout [UInt8]) {
        switch v {
        case .scalar(let x):
            number(x, format, into: &out)
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
            numbers(v.components, format, into: &out)
            out.append(UInt8(ascii: "}"))
        default:
            numbers(v.components, format, into: &out)
        }
    }

    package static func numbers(_ xs: [Double], _ format: NumberFormat, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (i, x) in xs.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            number(x, format, into: &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    /// JSON has no infinities or NaN: they become null (the page skips such a frame's value).
    package static func number(_ x: Double, _ format: NumberFormat, into out: inout [UInt8]) {
        guard x.isFinite else {
            out += Array("null".utf8)
            return
        }
        format.append(x, to: &out)
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
        case .array: return "array"
        }
    }
}
