import Foundation
import InbetweenEngine

/// Writes sampled frames as they come (streaming); `finish` closes the document.
protocol FrameWriter {
    mutating func write(_ frame: SampledFrame) throws
    mutating func finish(_ summary: SamplingSummary) throws
}

/// Numbers as text: shortest round-trip by default, or fixed decimals.
struct NumberStyle {
    var precision: Int?

    func format(_ v: Double) -> String {
        if let precision {
            var s = String(format: "%.\(precision)f", v)
            if s.hasPrefix("-"), s.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) { s.removeFirst() }
            return s
        }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return "\(v)"
    }
}

/// `time,layer,keyPath,v0[,v1,...]`: one row per frame per track. The header counts the value
/// columns of the widest track known at the first frame; a wider track that appears later
/// (added by a callback) writes more columns on its rows.
struct CSVFrameWriter: FrameWriter {
    var out: TextOutput
    var numbers: NumberStyle
    private var wroteHeader = false

    init(out: TextOutput, numbers: NumberStyle) {
        self.out = out
        self.numbers = numbers
    }

    mutating func write(_ frame: SampledFrame) throws {
        if !wroteHeader {
            let width = max(1, frame.values.map(\.components.count).max() ?? 1)
            out.write("time,layer,keyPath," + (0..<width).map { "v\($0)" }.joined(separator: ",") + "\n")
            wroteHeader = true
        }
        let time = numbers.format(frame.time)
        for (track, value) in zip(frame.tracks, frame.values) {
            var row = time + "," + csvField(track.layer) + "," + csvField(track.keyPath)
            for c in value.components { row += "," + numbers.format(c) }
            out.write(row + "\n")
        }
    }

    mutating func finish(_ summary: SamplingSummary) throws {
        if !wroteHeader { out.write("time,layer,keyPath,v0\n") }
        try out.flush()
    }

    private func csvField(_ s: String) -> String {
        s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" })
            ? "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : s
    }
}

/// `{"fps":60,"start":0,"end":1,"tracks":[{"layer":"ball","keyPath":"position",
/// "times":[...],"values":[[150,32],...]}]}`: track-major, so each track's times and values
/// are spilled to temporary files while sampling and joined at the end; memory stays flat
/// however long the run.
struct JSONFrameWriter: FrameWriter {
    var out: TextOutput
    var numbers: NumberStyle
    let fps: Double
    private var spills: [Track: (times: TextOutput, values: TextOutput, count: Int)] = [:]
    private var order: [Track] = []
    private let folder: URL

    init(out: TextOutput, numbers: NumberStyle, fps: Double) throws {
        self.out = out
        self.numbers = numbers
        self.fps = fps
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("inbetween-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    mutating func write(_ frame: SampledFrame) throws {
        let time = numbers.format(frame.time)
        for (track, value) in zip(frame.tracks, frame.values) {
            if spills[track] == nil {
                let n = order.count
                spills[track] = (try TextOutput(file: folder.appendingPathComponent("\(n).t").path),
                                 try TextOutput(file: folder.appendingPathComponent("\(n).v").path), 0)
                order.append(track)
            }
            let separator = spills[track]!.count == 0 ? "" : ","
            spills[track]!.times.write(separator + time)
            let c = value.components
            let text: String
            if case .scalar = value { text = numbers.format(c[0]) } else {
                text = "[" + c.map(numbers.format).joined(separator: ",") + "]"
            }
            spills[track]!.values.write(separator + text)
            spills[track]!.count += 1
        }
    }

    mutating func finish(_ summary: SamplingSummary) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        out.write("{\"fps\":\(numbers.format(fps)),\"start\":\(numbers.format(summary.startTime)),\"end\":\(numbers.format(summary.endTime)),\"tracks\":[")
        for (i, track) in order.enumerated() {
            var spill = spills[track]!
            try spill.times.flush()
            try spill.values.flush()
            out.write(i == 0 ? "\n" : ",\n")
            out.write("{\"layer\":\(jsonString(track.layer)),\"keyPath\":\(jsonString(track.keyPath)),\"times\":[")
            try out.append(contentsOf: spill.times.path!)
            out.write("],\"values\":[")
            try out.append(contentsOf: spill.values.path!)
            out.write("]}")
        }
        out.write("\n]}\n")
        try out.flush()
    }
}
