import Foundation
import Inbetween

/// What a batch tells the user: a progress line on stderr while it runs (only on a terminal:
/// jobs done / total, rate, time left) and a summary at the end (succeeded, failed with each
/// distinct first error line and how many jobs had it, skipped, output bytes, wall time).
final class BatchReport {
    let total: Int
    let skipped: Int
    private let start = Date()
    private let showProgress: Bool
    private var lastDraw = Date.distantPast
    private(set) var succeeded = 0
    private(set) var failures: [(index: Int, origin: String, message: String)] = []
    private(set) var bytes = 0
    /// Worker processes the batch ran on (0 when there was nothing to run).
    var workers = 0

    init(total: Int, skipped: Int, showProgress: Bool = isatty(STDERR_FILENO) != 0) {
        self.total = total
        self.skipped = skipped
        self.showProgress = showProgress
    }

    var done: Int { succeeded + failures.count }
    var failed: Int { failures.count }

    /// The outcome of job `index` (its position in the list, which orders the failures).
    func record(_ index: Int, _ job: BatchJob, _ outcome: JobOutcome) {
        switch outcome {
        case .succeeded(let n):
            succeeded += 1
            bytes += n
        case .failed(let message):
            // Cut at the first newline's byte: splitting the String walked its characters, 3 s
            // for a 16 MB message in a debug build.
            var first =
                message.utf8.firstIndex(of: UInt8(ascii: "\n")).map { String(message[..<$0]) } ?? message
            if first.utf8.last == UInt8(ascii: "\r") { first.removeLast() }
            failures.append((index, job.origin, first))
        }
        drawProgress()
    }

    /// At most ten times a second, and always for the last job.
    private func drawProgress() {
        guard showProgress else { return }
        let now = Date()
        guard done == total || now.timeIntervalSince(lastDraw) >= 0.1 else { return }
        lastDraw = now
        let elapsed = max(now.timeIntervalSince(start), 1e-9)
        let rate = Double(done) / elapsed
        let left = rate > 0 ? Double(total - done) / rate : 0
        let width = 30
        let filled = total == 0 ? width : width * done / total
        let bar = String(repeating: "=", count: filled) + String(repeating: " ", count: width - filled)
        var line =
            "\r[\(bar)] \(done)/\(total) jobs  \(BatchReport.fixed(rate, decimals: 1))/s  ETA \(BatchReport.clock(left))"
        if failed > 0 { line += "  \(failed) failed" }
        if done == total { line += "\r\u{1B}[K" }  // clear the bar before the summary
        Diagnostics.writeRaw(line)
    }

    /// The end-of-batch summary (stderr); `stoppedBy` is the signal that stopped the batch.
    func summary(stoppedBy signal: Int32? = nil) -> String {
        let wall = Date().timeIntervalSince(start)
        var text = "batch: "
        if let signal { text += "stopped by \(BatchSignals.name(signal)): " }
        text += "\(succeeded) succeeded, \(failed) failed"
        if signal != nil { text += ", \(total - done) not run" }
        if skipped > 0 { text += ", \(skipped) skipped (output exists)" }
        text += "; \(BatchReport.size(bytes)) written in \(BatchReport.fixed(wall, decimals: 2)) s"
        if workers > 0 { text += " by \(workers) worker" + (workers == 1 ? "" : "s") }
        // A stopped batch never drew its last progress line, which clears the bar.
        if showProgress && done < total { text = "\r\u{1B}[K" + text }
        // One line per distinct first error line, at its first job: a script that fails the
        // same way for every row of a manifest is one problem, not a thousand lines.
        let ordered = failures.sorted(by: { $0.index < $1.index })
        var repeats: [String: Int] = [:]
        for failure in ordered { repeats[failure.message, default: 0] += 1 }
        for failure in ordered {
            guard let count = repeats.removeValue(forKey: failure.message) else { continue }
            text += "\n  failed: \(failure.origin): \(failure.message)"
            if count > 1 {
                text += " (and \(count - 1) more job\(count == 2 ? "" : "s") with the same error)"
            }
        }
        if signal != nil && done < total { text += "\n  rerun with --skip-existing to run the rest" }
        return text
    }

    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded(.up))
        return s >= 3600
            ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
            : String(format: "%d:%02d", s / 60, s % 60)
    }

    /// `value` with `decimals` digits after the point (NumberFormat's `fixed`: what `%.Nf`
    /// shows but for a value half way between two, and no "-0.00"). Not `String(format:)`:
    /// its first calls cost the batch 400K instructions each (locale, boxed arguments), 0.3 ms
    /// of the summary at the end of every batch.
    static func fixed(_ value: Double, decimals: Int) -> String {
        value.isFinite ? NumberFormat.fixed(decimals).string(value) : "\(value)"
    }

    static func size(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) bytes" }
        if bytes < 1 << 20 { return BatchReport.fixed(Double(bytes) / 1024, decimals: 1) + " KiB" }
        return BatchReport.fixed(Double(bytes) / 1_048_576, decimals: 1) + " MiB"
    }
}
