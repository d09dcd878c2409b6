import Foundation
import Inbetween

/// `inbetween __bench-write FRAMES csv|json shortest|P FILE` (hidden): the frame writers'
/// throughput for scripts/bench (goal 3). Writes FRAMES frames of one point track through the
/// real `CSVFrameWriter`/`JSONFrameWriter` into FILE and prints ns per number written (three a
/// frame: the time and the point's x and y — the numbers scripts/benchmarks/printf_numbers.c prints).
/// It is a command of the installed binary so that the bench measures the process users run.
enum BenchWriteCommand {
    static func run(_ args: inout Arguments) throws -> Int32 {
        guard let frames = args.next().flatMap(Int.init), let format = args.next(), let mode = args.next(),
            let file = args.next()
        else { throw UsageError("__bench-write FRAMES csv|json shortest|P FILE") }
        try args.finish()
        guard format == "csv" || format == "json" else {
            throw UsageError("__bench-write writes csv or json")
        }
        let outputFormat = try OutputFormat(
            name: format, precision: mode == "shortest" ? nil : Int(mode) ?? 6)
        let track = Track(layer: "ball", keyPath: "position")
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        let start = Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
        let sink = try ByteSink(path: file)
        var writer = outputFormat.makeWriter(
            sink: sink, fps: 240, source: "a script", model: try Scene(), history: nil)
        // A point from the first frame, so the CSV header is as wide as the rows (two values).
        var frame = SampledFrame(
            index: 0, time: 0, tracks: [track], values: [.point(InbetweenEngine.Point(x: 0, y: 0))])
        for i in 0..<frames {
            let t = Double(i) / 240
            frame.index = i
            frame.time = t
            frame.values[0] = Value.point(InbetweenEngine.Point(x: 150 + 100 * sin(t), y: 300 * cos(0.5 * t)))
            try writer.write(frame)
        }
        try writer.finish(
            SamplingSummary(
                frameCount: frames, startTime: 0, endTime: Double(frames - 1) / 240,
                tracks: [track], eventCount: 0))
        try sink.commit()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        let elapsed = Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9 - start
        var info = stat()
        _ = stat(file, &info)
        print(String(format: "%.3f %d", elapsed * 1e9 / Double(3 * frames), Int(info.st_size)))
        return 0
    }
}
