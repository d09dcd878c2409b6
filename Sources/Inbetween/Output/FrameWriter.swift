import Foundation
import InbetweenEngine
import InbetweenLua

/// Writes sampled frames as they come (streaming) into a `ByteSink`; `finish` closes the
/// document. Numbers go straight into the sink's buffer through `NumberFormat`: writing is
/// the hot path of `run` and `batch`, so no `String` is made per number.
package protocol FrameWriter {
    mutating func write(_ frame: SampledFrame) throws
    mutating func finish(_ summary: SamplingSummary) throws
}

/// `time,layer,keyPath,v0[,v1,...]`: one row per frame per track, every row as wide as the
/// header (Python's `csv` and pandas read it as a table). The header has one value column per
/// number of the widest value the run can hold (`SampledFrame.widestValue`, known at the
/// first frame: the widest track then, or 16, a transform, when callbacks may still add
/// tracks); narrower values leave their last fields empty. A value wider than that (a path or
/// vector added by a callback) is an error naming the track rather than a ragged row.
package struct CSVFrameWriter: FrameWriter {
    package let sink: ByteSink
    package let numbers: NumberFormat
    private var width = 0
    /// `,layer,keyPath` per track position, escaped once, end to end (tracks keep their
    /// positions); track i's ends at `nameEnds[i]`.
    private var names: [UInt8] = []
    private var nameEnds: [Int] = []

    /// Frame times' texts from earlier jobs (nil: each time is written afresh).
    package let times: TimeTexts?

    package init(sink: ByteSink, numbers: NumberFormat, times: TimeTexts? = nil) {
        self.sink = sink
        self.numbers = numbers
        self.times = times.flatMap { $0.numbers == numbers ? $0 : nil }
    }

    package mutating func write(_ frame: SampledFrame) throws {
        if width == 0 {
            width = max(1, frame.widestValue)
            sink.write(CSVFrameWriter.header(width: width))
        }
        while nameEnds.count < frame.tracks.count {
            let track = frame.tracks[nameEnds.count]
            names.append(contentsOf: ("," + csvField(track.layer) + "," + csvField(track.keyPath)).utf8)
            nameEnds.append(names.count)
        }
        // Every value checked before a row is written: a frame is written whole or not at all.
        for (i, value) in frame.values.enumerated() where value.componentCount > width {
            throw CSVWidthError(
                track: frame.tracks[i], count: value.componentCount, width: width, time: frame.time)
        }
        // Row by row, each piece with the room it needs (`reserve` then `advance`, or `append`).
        // The frame's values and the names through buffer pointers: read as arrays, each was
        // retained and released per row (a tenth of the rows' cost in a tiny job).
        let out = sink.buffer
        let numbers = self.numbers
        let width = self.width
        let times = self.times
        frame.values.withUnsafeBufferPointer { values in
            names.withUnsafeBytes { names in
                var timeStart = 0
                var timeLength = 0
                for i in values.indices {
                    if i == 0 {
                        timeStart = out.count
                        let p = out.reserve(numbers.maxLength)
                        out.advance(
                            to: times?.write(frame.time, frame: frame.index, at: p)
                                ?? numbers.write(frame.time, at: p))
                        timeLength = out.count - timeStart
                    } else {
                        out.appendCopy(from: timeStart, count: timeLength)  // the first row's time
                    }
                    let from = i == 0 ? 0 : nameEnds[i - 1]
                    out.append(UnsafeRawBufferPointer(rebasing: names[from..<nameEnds[i]]))
                    let p = out.reserve(values[i].maxWrittenLength(numbers))
                    out.advance(to: values[i].write(numbers, separator: UInt8(ascii: ","), at: p))
                    for _ in values[i].componentCount..<width { out.append(UInt8(ascii: ",")) }
                    out.append(UInt8(ascii: "\n"))
                }
            }
        }
        sink.flushIfFull()
    }

    package static func header(width: Int) -> String {
        width >= 1 && width <= commonHeaders.count ? commonHeaders[width - 1] : makeHeader(width: width)
    }

    /// The headers up to a transform's 16 columns, made once: a batch worker wrote one per job,
    /// and building it cost as much as writing a dozen rows of a small job.
    private static let commonHeaders = (1...16).map { makeHeader(width: $0) }

    private static func makeHeader(width: Int) -> String {
        // Appended in a loop: `joined(separator:)` looked up a protocol conformance at run time
        // on its first use (about 400K instructions, in every batch worker's first job).
        var header = "time,layer,keyPath,"
        for i in 0..<width {
            if i > 0 { header += "," }
            header += "v" + String(i)
        }
        return header + "\n"
    }

    package mutating func finish(_ summary: SamplingSummary) throws {
        if width == 0 { sink.write(CSVFrameWriter.header(width: 1)) }
    }

    /// RFC 4180's quoting, decided on bytes as every CSV reader reads them: a comma, a quote,
    /// a newline or a carriage return (a `,` followed by a combining mark is one character to
    /// Swift, and a separator to pandas; a lone `\r` ends a row to Python's csv).
    private func csvField(_ s: String) -> String {
        guard s.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else {
            return s
        }
        return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

}

/// A value with more numbers than the CSV header has columns.
package struct CSVWidthError: Error, CustomStringConvertible {
    package var track: Track
    package var count: Int
    package var width: Int
    package var time: Double

    package var description: String {
        "layer '\(track.layer)' \(track.keyPath) has \(count) numbers at t = \(NumberFormat.shortest.string(time)) s, "
            + "more than the \(width) value columns of the CSV header; write it with --format json"
    }
}

/// `{"fps":60,"start":0,"end":1,"tracks":[{"layer":"ball","keyPath":"position",
/// "times":[...],"values":[[150,32],...]}]}`: track-major, so each track's times and values
/// are collected per track (spilling into one temporary file past a bound, see `TrackSpills`) and
/// joined at the end; memory stays flat however long the run.
package struct JSONFrameWriter: FrameWriter {
    package let sink: ByteSink
    package let numbers: NumberFormat
    package let fps: Double
    /// The run's layer tree, written as `"tree"` when it has one (see `TreeRecording`).
    package let tree: TreeRecording?
    private let spills = TrackSpills()
    private var tracks: [Track] = []
    private var frames = 0

    package init(sink: ByteSink, numbers: NumberFormat, fps: Double, tree: TreeRecording? = nil) {
        self.sink = sink
        self.numbers = numbers
        self.fps = fps
        self.tree = tree
    }

    package mutating func write(_ frame: SampledFrame) throws {
        while tracks.count < frame.tracks.count {
            tracks.append(frame.tracks[tracks.count])
            spills.addTrack()
        }
        let numbers = self.numbers
        let values = frame.values
        let spill = spills.spills
        // The time is written once, into the first track's times, and copied to the others.
        var timeStart: UnsafeMutablePointer<UInt8>?
        var timeLength = 0
        for i in 0..<values.count {
            let times = spill + 2 * i
            let comma = !times.pointee.isEmpty
            var t = times.pointee.reserve(numbers.maxLength + 1)
            if comma {
                t.pointee = UInt8(ascii: ",")
                t += 1
            }
            if i == 0 {
                timeStart = t
                let end = numbers.write(frame.time, at: t)
                timeLength = end - t
                t = end
            } else {
                t.update(from: timeStart!, count: timeLength)
                t += timeLength
            }
            times.pointee.advance(to: t)

            let out = times + 1
            var v: UnsafeMutablePointer<UInt8>
            // Matched in place: binding the element as a whole copies it (a retain for the
            // kinds that hold arrays) through an outlined copy.
            switch values[i] {
            case .scalar(let x):
                v = out.pointee.reserve(numbers.maxLength + 1)
                if comma {
                    v.pointee = UInt8(ascii: ",")
                    v += 1
                }
                v = numbers.write(x, at: v)
            case .point(let p):
                v = out.pointee.reserve(2 * numbers.maxLength + 4)
                if comma {
                    v.pointee = UInt8(ascii: ",")
                    v += 1
                }
                v.pointee = UInt8(ascii: "[")
                v = numbers.write(p.x, at: v + 1)
                v.pointee = UInt8(ascii: ",")
                v = numbers.write(p.y, at: v + 1)
                v.pointee = UInt8(ascii: "]")
                v += 1
            case let value:
                v = out.pointee.reserve(value.maxWrittenLength(numbers) + 3)
                if comma {
                    v.pointee = UInt8(ascii: ",")
                    v += 1
                }
                let open = v
                v = value.write(numbers, separator: UInt8(ascii: ","), at: v)
                // The first separator becomes `[`; no components (an empty array): `[]`.
                open.pointee = UInt8(ascii: "[")
                if v == open { v += 1 }
                v.pointee = UInt8(ascii: "]")
                v += 1
            }
            out.pointee.advance(to: v)
        }
        // After the loop: a spill empties a buffer the first track's time is copied from.
        for i in 0..<2 * values.count { try spills.spillIfFull(i) }
        frames += 1
    }

    package mutating func finish(_ summary: SamplingSummary) throws {
        sink.write("{\"fps\":")
        sink.write(fps, numbers)
        sink.write(",\"start\":")
        sink.write(summary.startTime, numbers)
        sink.write(",\"end\":")
        sink.write(summary.endTime, numbers)
        if let section = tree?.jsonSection(numbers) { sink.write(",\"tree\":" + section) }
        sink.write(",\"tracks\":[")
        for (i, track) in tracks.enumerated() {
            sink.write(i == 0 ? "\n" : ",\n")
            sink.write(
                "{\"layer\":\(jsonString(track.layer)),\"keyPath\":\(jsonString(track.keyPath)),\"times\":[")
            try spills.drain(2 * i, into: sink)
            sink.write("],\"values\":[")
            try spills.drain(2 * i + 1, into: sink)
            sink.write("]}")
        }
        sink.write("\n]}\n")
    }
}
