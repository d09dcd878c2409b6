import Foundation
import Inbetween

/// A progress line on stderr for long work: drawn only when stderr is a terminal, only once
/// the work has taken more than a second (short runs stay silent), at most ten times a second,
/// and erased when done. With a known total it is a bar with a percentage and time left;
/// without one (a run whose natural end is not known yet) it counts frames and scene time.
final class ProgressBar {
    static let delay = 1.0
    static let interval = 0.1

    let label: String
    var total: Int?
    private let enabled: Bool
    private let start = Date()
    private var lastDraw = Date.distantPast
    private var drawn = false

    init(label: String, total: Int? = nil, enabled: Bool = isatty(STDERR_FILENO) != 0) {
        self.label = label
        self.total = total
        self.enabled = enabled
    }

    /// `done` units finished; `detail` is shown after the counts (e.g. "t = 12.5 s"). An
    /// autoclosure: called per frame, and the text is made only when a line is drawn.
    func update(_ done: Int, detail: @autoclosure () -> String = "") {
        guard enabled else { return }
        let now = Date()
        let elapsed = now.timeIntervalSince(start)
        guard elapsed >= ProgressBar.delay, now.timeIntervalSince(lastDraw) >= ProgressBar.interval else {
            return
        }
        lastDraw = now
        var line = "\r\(label) "
        if let total, total > 0 {
            let width = 30
            let filled = min(width, width * done / total)
            let rate = Double(done) / elapsed
            let left = rate > 0 ? Double(total - done) / rate : 0
            line +=
                "[" + String(repeating: "=", count: filled) + String(repeating: " ", count: width - filled)
                + "] "
            line += "\(100 * done / total)% \(done)/\(total), \(Int(left.rounded())) s left"
        } else {
            line += "\(done)"
        }
        let detail = detail()
        if !detail.isEmpty { line += "  " + detail }
        Diagnostics.writeRaw(line + "\u{1B}[K")
        drawn = true
    }

    /// Erases the line if one was drawn.
    func finish() {
        if drawn { Diagnostics.writeRaw("\r\u{1B}[K") }
        drawn = false
    }
}
