import Foundation
import InbetweenEngine

/// Writes sampled frames as they come (streaming) into a `ByteSink`; `finish` closes the
/// document. Numbers go straight into the sink's buffer through `NumberFormat`: writing is
/// the hot path of `run` and `batch`, so no `String` is made per number.
protocol FrameWriter {
    mutating func write(_ frame: SampledFrame) throws
    mutating func finish(_ summary: SamplingSummary) throws
}

/// The frame formats of `run` and `batch`.
let frameFormats = ["json", "csv", "css", "swift"]

/// The writer for a format name (one of `frameFormats`); `source` names the script in
/// generated code.
func makeFrameWriter(format: String, sink: ByteSink, numbers: NumberFormat, fps: Double,
                     source: String = "a script") -> FrameWriter {
    switch format {
    case "csv": return CSVFrameWriter(sink: sink, numbers: numbers)
    case "css": return CSSKeyframesWriter(sink: sink, numbers: numbers)
    case "swift": return SwiftSnippetWriter(sink: sink, numbers: numbers, source: source, fps: fps)
    default: return JSONFrameWriter(sink: sink, numbers: numbers, fps: fps)
    }
}

/// `time,layer,keyPath,v0[,v1,...]`: one row per frame per track. The header counts the value
/// columns of the widest track known at the first frame; a wider track that appears later
/// (added by a callback) writes more columns on its rows.
struct CSVFrameWriter: FrameWriter {
    let sink: ByteSink
    let numbers: NumberFormat
    private var wroteHeader = false
    /// `,layer,keyPath` per track position, escaped once (tracks keep their positions).
    private var rowNames: [[UInt8]] = []
    private var time: [UInt8] = []

    init(sink: ByteSink, numbers: NumberFormat) {
        self.sink = sink
        self.numbers = numbers
    }

    mutating func write(_ frame: SampledFrame) throws {
        if !wroteHeader {
            let width = max(1, frame.values.map(\.componentCount).max() ?? 1)
            sink.write("time,layer,keyPath," + (0..<width).map { "v\($0)" }.joined(separator: ",") + "\n")
            wroteHeader = true
        }
        while rowNames.count < frame.tracks.count {
            let track = frame.tracks[rowNames.count]
            rowNames.append(Array(("," + csvField(track.layer) + "," + csvField(track.keyPath)).utf8))
        }
        time.removeAll(keepingCapacity: true)
        numbers.append(frame.time, to: &time)
        let numbers = self.numbers
        // The sink's buffer is taken out for the frame and put back after: appending to a
        // local array skips the exclusivity check each access to a class's property costs.
        var out = sink.buffer
        sink.buffer = []
        for i in 0..<frame.values.count {
            out.append(contentsOf: time)
            out.append(contentsOf: rowNames[i])
            frame.values[i].forEachComponent { c in
                out.append(UInt8(ascii: ","))
                numbers.append(c, to: &out)
            }
            out.append(UInt8(ascii: "\n"))
        }
        sink.buffer = out
        sink.flushIfFull()
    }

    mutating func finish(_ summary: SamplingSummary) throws {
        if !wroteHeader { sink.write("time,layer,keyPath,v0\n") }
    }

    private func csvField(_ s: String) -> String {
        s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" })
            ? "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : s
    }
}

/// `{"fps":60,"start":0,"end":1,"tracks":[{"layer":"ball","keyPath":"position",
/// "times":[...],"values":[[150,32],...]}]}`: track-major, so each track's times and values
/// are collected per track (spilling to temporary files past a bound, see `TrackSpill`) and
/// joined at the end; memory stays flat however long the run.
struct JSONFrameWriter: FrameWriter {
    let sink: ByteSink
    let numbers: NumberFormat
    let fps: Double
    private var spills: [(times: TrackSpill, values: TrackSpill)] = []
    private var tracks: [Track] = []
    private var frames = 0

    init(sink: ByteSink, numbers: NumberFormat, fps: Double) {
        self.sink = sink
        self.numbers = numbers
        self.fps = fps
    }

    mutating func write(_ frame: SampledFrame) throws {
        while tracks.count < frame.tracks.count {
            tracks.append(frame.tracks[tracks.count])
            spills.append((TrackSpill(), TrackSpill()))
        }
        let numbers = self.numbers
        for i in 0..<frame.values.count {
            let (times, values) = spills[i]
            // Local arrays while appending (see CSVFrameWriter.write), put back after.
            var t = times.bytes, v = values.bytes
            times.bytes = []
            values.bytes = []
            if !t.isEmpty || !times.isEmpty {
                t.append(UInt8(ascii: ","))
                v.append(UInt8(ascii: ","))
            }
            numbers.append(frame.time, to: &t)
            let value = frame.values[i]
            if case .scalar(let x) = value {
                numbers.append(x, to: &v)
            } else {
                v.append(UInt8(ascii: "["))
                var first = true
                value.forEachComponent { c in
                    if !first { v.append(UInt8(ascii: ",")) }
                    first = false
                    numbers.append(c, to: &v)
                }
                v.append(UInt8(ascii: "]"))
            }
            times.bytes = t
            values.bytes = v
            try times.spillIfFull()
            try values.spillIfFull()
        }
        frames += 1
    }

    mutating func finish(_ summary: SamplingSummary) throws {
        sink.write("{\"fps\":")
        sink.write(fps, numbers)
        sink.write(",\"start\":")
        sink.write(summary.startTime, numbers)
        sink.write(",\"end\":")
        sink.write(summary.endTime, numbers)
        sink.write(",\"tracks\":[")
        for (i, track) in tracks.enumerated() {
            sink.write(i == 0 ? "\n" : ",\n")
            sink.write("{\"layer\":\(jsonString(track.layer)),\"keyPath\":\(jsonString(track.keyPath)),\"times\":[")
            try spills[i].times.drain(into: sink)
            sink.write("],\"values\":[")
            try spills[i].values.drain(into: sink)
            sink.write("]}")
        }
        sink.write("\n]}\n")
    }
}
