import Foundation
import InbetweenEngine

/// `inbetween plot SCRIPT.lua -o FILE.svg`: what a script animates, as pictures — one
/// value-over-time chart per animated (layer, key path), a series per component, all on one
/// time axis, with units on the value axes and lines broken where a value jumps; colours as
/// a swatch band with each channel in its own colour; paths as outlines at several times; and
/// for point-valued tracks (positions) the motion path in the layer's y-down space with a dot
/// per frame. In a scene with a layer tree the motion paths are every layer's `position` in
/// the stage's space, through its superlayers at each frame, animated or not (a dot fixed in
/// a turning parent draws its circle); other point tracks keep their own space. A plot needs
/// every frame at once, so frames are kept (unlike `run`'s outputs).
package enum ScriptPlot {
    /// `script` has already run in `host` (`inbetween plot` ran it to see what it returns); the
    /// scene it built is sampled here.
    package static func render(script: String, host: CommandHost, fps: Double?, title: String?) throws
        -> [UInt8]
    {
        var tracks: [Track] = []
        var samples: [Track: [(time: Double, value: Value)]] = [:]
        // A tree's positions in the stage's space, per layer in scene order (nil: no stage
        // point at that frame).
        var stageLayers: [String] = []
        var stagePoints: [String: [Point?]] = [:]
        try host.sample(SamplingRequest(fps: fps)) { frame in
            for (track, value) in zip(frame.tracks, frame.values) {
                if samples[track] == nil { tracks.append(track) }
                samples[track, default: []].append((frame.time, value))
            }
            for (layer, point) in host.stagePositions(at: frame.time) {
                if stagePoints[layer] == nil { stageLayers.append(layer) }
                stagePoints[layer, default: []].append(point)
            }
        }
        let times = samples.values.flatMap { $0.map(\.time) }
        let timeRange = (times.min() ?? 0, times.max() ?? 1)
        var charts: [SVGChart] = []
        let tree = !stageLayers.isEmpty
        let motion = tracks.filter { track in
            // In a tree, positions come from the stage's space below.
            if tree && track.keyPath == "position" { return false }
            if case .point = samples[track]?.first?.value { return true } else { return false }
        }
        var paths = motion.map { track in
            let rows = samples[track]!.map(\.value.components)
            return SVGChart.Series(
                name: track.description, points: rows.map { (x: $0[0], y: $0[1]) },
                breaks: JumpBreaks.indices(rows))
        }
        // Every layer whose stage position moves; a frame with no stage point breaks its line.
        for layer in stageLayers {
            let points = stagePoints[layer]!
            let kept = points.compactMap { $0 }
            guard let first = kept.first, kept.contains(where: { $0 != first }) else { continue }
            let rows = kept.map { [$0.x, $0.y] }
            var breaks = JumpBreaks.indices(rows)
            var k = 0
            for p in points {
                if p == nil { breaks.insert(k - 1) } else { k += 1 }
            }
            paths.append(
                SVGChart.Series(
                    name: "\(layer).position", points: rows.map { (x: $0[0], y: $0[1]) }, breaks: breaks))
        }
        if !paths.isEmpty {
            charts.append(
                SVGChart.motionPath(paths, title: tree ? "motion (positions in the stage's space)" : "motion")
            )
        }
        for track in tracks {
            let rows = samples[track]!
            guard let first = rows.first?.value else { continue }
            let unit = ValueUnits.unit(of: track.keyPath)
            if case .path = first {
                charts.append(outlines(track, rows, unit: unit))
                continue
            }
            let names = componentNames(first)
            guard !names.isEmpty else { continue }
            let components = rows.map(\.value.components)
            let breaks = JumpBreaks.indices(components)
            var series = names.enumerated().map { i, name in
                SVGChart.Series(
                    name: name, points: zip(rows, components).map { (x: $0.time, y: $1[i]) },
                    breaks: breaks)
            }
            var chart: SVGChart
            if case .color = first {
                for i in series.indices { series[i].color = channelColors[i] }
                chart = SVGChart.lines(
                    series: series, title: track.description,
                    yLabel: "\(track.keyPath) (\(unit))", timeRange: timeRange)
                chart.swatches = swatches(rows)
            } else {
                chart = SVGChart.lines(
                    series: series, title: track.description,
                    yLabel: "\(track.keyPath) (\(unit))", timeRange: timeRange)
            }
            charts.append(chart)
        }
        guard !charts.isEmpty else { throw CommandError("\(script): the script animates nothing to plot") }
        return SVGChart.stacked(charts, title: title ?? script)
    }

    /// Red, green, blue and alpha channels drawn in their own colours.
    package static let channelColors = ["#d62728", "#2ca02c", "#1f5fd6", "#7f7f7f"]

    /// How many outlines a path-valued track is drawn with (first and last frame included).
    package static let outlineCount = 6

    /// A path-valued track as an onion skin: its outline at evenly spaced frames, earlier
    /// ones fainter.
    static func outlines(_ track: Track, _ rows: [(time: Double, value: Value)], unit: String) -> SVGChart {
        let count = min(outlineCount, rows.count)
        let picks = (0..<count).map { k in
            count > 1 ? Int((Double(k * (rows.count - 1)) / Double(count - 1)).rounded()) : 0
        }
        let shapes = picks.enumerated().compactMap { k, i -> SVGChart.Series? in
            guard case .path(let path) = rows[i].value else { return nil }
            let shade = count > 1 ? 0.3 + 0.7 * Double(k) / Double(count - 1) : 1
            return SVGChart.Series(
                name: "t = \(NumberFormat.compact(3).string(rows[i].time)) s", points: [],
                color: "#0072B2", outline: path, opacity: shade)
        }
        return SVGChart.outlines(shapes, title: "\(track.description) (\(unit)), outlines at \(count) times")
    }

    /// One swatch per frame, reaching halfway to the frames on either side.
    static func swatches(_ rows: [(time: Double, value: Value)]) -> [(from: Double, to: Double, color: Color)]
    {
        rows.indices.compactMap { i in
            guard case .color(let c) = rows[i].value else { return nil }
            let from = i > 0 ? (rows[i - 1].time + rows[i].time) / 2 : rows[i].time
            let to = i + 1 < rows.count ? (rows[i].time + rows[i + 1].time) / 2 : rows[i].time
            return (from, to, c)
        }
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
        case .array(let items):
            return items.enumerated().flatMap { k, item in componentNames(item).map { "[\(k)] \($0)" } }
        }
    }
}
