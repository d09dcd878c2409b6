import Foundation
import InbetweenEngine
import InbetweenLua

/// `inbetween plot SCRIPT.lua -o FILE.svg`: what a script animates, as pictures — one
/// value-over-time chart per animated (layer, key path), a series per component, and for
/// point-valued tracks (positions) the motion path in the layer's y-down space with a dot per
/// frame. A plot needs every frame at once, so frames are kept (unlike `run`'s outputs).
enum ScriptPlot {
    /// `script` has already run in `runtime` (PlotCommand ran it to see what it returns); the
    /// scene it built is sampled here.
    static func render(script: String, runtime: Runtime, fps: Double?, title: String?) throws -> [UInt8] {
        var tracks: [Track] = []
        var samples: [Track: [(time: Double, value: Value)]] = [:]
        try runtime.sampleScene(SamplingRequest(fps: fps)) { frame in
            for (track, value) in zip(frame.tracks, frame.values) {
                if samples[track] == nil { tracks.append(track) }
                samples[track, default: []].append((frame.time, value))
            }
        }
        var charts: [SVGChart] = []
        let motion = tracks.filter { track in
            if case .point = samples[track]?.first?.value { return true } else { return false }
        }
        if !motion.isEmpty {
            charts.append(SVGChart.motionPath(motion.map { track in
                (name: track.description, points: samples[track]!.map { s in
                    let c = s.value.components
                    return (x: c[0], y: c[1])
                })
            }, title: "motion"))
        }
        for track in tracks {
            let rows = samples[track]!
            guard let first = rows.first?.value else { continue }
            let names = componentNames(first)
            guard !names.isEmpty else { continue }
            let series = names.enumerated().map { i, name in
                (name: name, points: rows.map { (x: $0.time, y: $0.value.components[i]) })
            }
            charts.append(SVGChart.lines(series: series, title: track.description, yLabel: track.keyPath))
        }
        guard !charts.isEmpty else { throw CommandError("\(script): the script animates nothing to plot") }
        return SVGChart.stacked(charts, title: title ?? script)
    }

    /// Series names for a value's components; none for paths (too many to read as lines).
    static func componentNames(_ v: Value) -> [String] {
        switch v {
        case .scalar: return ["value"]
        case .point: return ["x", "y"]
        case .size: return ["width", "height"]
        case .rect: return ["x", "y", "width", "height"]
        case .color: return ["red", "green", "blue", "alpha"]
        case .transform: return (1...4).flatMap { r in (1...4).map { "m\(r)\($0)" } }
        case .vector(let a): return a.indices.map { "v\($0)" }
        case .path: return []
        }
    }
}
