import Foundation
import InbetweenEngine

/// `run --format css`: one `@keyframes` block per layer, a keyframe per sampled frame at its
/// percentage of the run, and a rule that plays it (`.ball { animation: ball 1s linear both }`).
/// Percentages need the run's end, which a natural end only fixes at the last frame, so this
/// format keeps each layer's declarations until then (json and csv stream instead).
///
/// Core Animation properties map to CSS as follows; a layer's position becomes a translate of
/// the element's origin (give the element `translate: -50% -50%` or a matching offset to
/// centre it, as CALayer's default anchorPoint does):
/// position -> transform: translate(x, y); transform -> matrix3d (CATransform3D's m11...m44 in
/// row-vector order is exactly matrix3d's column-major order); transform.scale(.x/.y) ->
/// scale; transform.rotation(.z) -> rotate(rad); transform.translation -> translate;
/// opacity; backgroundColor, borderColor -> rgba(); borderWidth, cornerRadius -> px;
/// bounds -> width, height. Other key paths have no CSS counterpart and are listed in a comment.
struct CSSKeyframesWriter: FrameWriter {
    let sink: ByteSink
    let numbers: NumberFormat
    private var layers: [String] = []
    private var frames: [String: [(time: Double, declarations: String)]] = [:]
    private var skipped = Set<String>()

    init(sink: ByteSink, numbers: NumberFormat) {
        self.sink = sink
        self.numbers = numbers
    }

    mutating func write(_ frame: SampledFrame) throws {
        var perLayer: [String: [(String, Value)]] = [:]
        for (track, value) in zip(frame.tracks, frame.values) {
            if perLayer[track.layer] == nil, !layers.contains(track.layer) { layers.append(track.layer) }
            perLayer[track.layer, default: []].append((track.keyPath, value))
        }
        for (layer, properties) in perLayer {
            let (text, unmapped) = declarations(properties)
            skipped.formUnion(unmapped.map { "\(layer).\($0)" })
            frames[layer, default: []].append((frame.time, text))
        }
    }

    mutating func finish(_ summary: SamplingSummary) throws {
        let span = summary.endTime - summary.startTime
        if !skipped.isEmpty {
            sink.write("/* no CSS counterpart, left out: \(skipped.sorted().joined(separator: ", ")) */\n")
        }
        for layer in layers {
            let name = cssIdentifier(layer)
            sink.write("@keyframes \(name) {\n")
            for (time, text) in frames[layer] ?? [] {
                let percent = span > 0 ? (time - summary.startTime) / span * 100 : 0
                sink.write("  ")
                sink.write(percent, NumberFormat.compact(4))
                sink.write("% { \(text) }\n")
            }
            sink.write("}\n.\(name) { animation: \(name) ")
            sink.write(span, numbers)
            sink.write("s linear both; }\n")
        }
    }

    private func n(_ v: Double) -> String { numbers.string(v) }

    /// The declarations for one layer at one frame, and the key paths left out.
    private func declarations(_ properties: [(String, Value)]) -> (String, [String]) {
        var transforms: [String] = []
        var out: [String] = []
        var unmapped: [String] = []
        for (keyPath, value) in properties {
            let c = value.components
            switch (keyPath, value) {
            case ("position", .point(let p)): transforms.insert("translate(\(n(p.x))px, \(n(p.y))px)", at: 0)
            case ("transform", .transform(let t)):
                transforms.append("matrix3d(\(t.m.map(n).joined(separator: ", ")))")
            case ("transform.scale", .scalar(let s)): transforms.append("scale(\(n(s)))")
            case ("transform.scale.x", .scalar(let s)): transforms.append("scaleX(\(n(s)))")
            case ("transform.scale.y", .scalar(let s)): transforms.append("scaleY(\(n(s)))")
            case ("transform.rotation", .scalar(let r)), ("transform.rotation.z", .scalar(let r)):
                transforms.append("rotate(\(n(r))rad)")
            case ("transform.translation.x", .scalar(let v)): transforms.append("translateX(\(n(v))px)")
            case ("transform.translation.y", .scalar(let v)): transforms.append("translateY(\(n(v))px)")
            case ("transform.translation", _) where c.count >= 2:
                transforms.append("translate(\(n(c[0]))px, \(n(c[1]))px)")
            case ("opacity", .scalar(let o)): out.append("opacity: \(n(o));")
            case ("backgroundColor", .color(let col)): out.append("background-color: \(rgba(col));")
            case ("borderColor", .color(let col)): out.append("border-color: \(rgba(col));")
            case ("borderWidth", .scalar(let w)): out.append("border-width: \(n(w))px;")
            case ("cornerRadius", .scalar(let r)): out.append("border-radius: \(n(r))px;")
            case ("bounds", .rect(let r)):
                out.append("width: \(n(r.size.width))px; height: \(n(r.size.height))px;")
            default: unmapped.append(keyPath)
            }
        }
        if !transforms.isEmpty { out.insert("transform: \(transforms.joined(separator: " "));", at: 0) }
        return (out.joined(separator: " "), unmapped)
    }

    private func rgba(_ c: Color) -> String {
        func channel(_ v: Double) -> String { n((min(max(v, 0), 1) * 255 * 1000).rounded() / 1000) }
        return
            "rgba(\(channel(c.red)), \(channel(c.green)), \(channel(c.blue)), \(n(min(max(c.alpha, 0), 1))))"
    }

    /// Layer names as CSS identifiers: anything outside [A-Za-z0-9_-] becomes '_'.
    private func cssIdentifier(_ s: String) -> String {
        let mapped = s.unicodeScalars.map { u -> Character in
            (u.properties.isAlphabetic && u.isASCII) || ("0"..."9").contains(u) || u == "_" || u == "-"
                ? Character(u) : "_"
        }
        let id = String(mapped)
        return id.first.map { ("0"..."9").contains($0) } == true ? "_" + id : id
    }
}
