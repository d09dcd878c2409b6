import Foundation

/// The text of each frame's time, kept across the jobs of a batch worker: jobs at one frame
/// rate have the same times (frame i at i / fps), and copying a number's text costs a tenth of
/// writing it (about 700 instructions per CSV row of a small job went to the time). Keyed by
/// frame index and checked bit for bit against the time, so a job with other times gets its
/// own text, written as before.
package final class TimeTexts {
    package let numbers: NumberFormat
    /// Frames kept: enough for ten minutes at 60 fps (about 20 bytes each).
    package static let capacity = 36_000
    // Unchecked (the three arrays): read once per row on the worker's one thread, where the
    // run-time exclusivity checks cost more than copying the text.
    @exclusivity(unchecked) private var times: [Double] = []
    /// The texts, end to end, in memory of our own: read through an array, each row's copy
    /// retained and released the array (about 80 instructions a row of a tiny batch job).
    private var texts: UnsafeMutablePointer<UInt8>
    private var textCount = 0
    private var textCapacity = 1024
    /// Frame i's text is `texts[ends[i - 1]..<ends[i]]` (from 0 for frame 0).
    @exclusivity(unchecked) private var ends: [Int] = []

    package init(numbers: NumberFormat) {
        self.numbers = numbers
        texts = .allocate(capacity: textCapacity)
    }

    deinit { texts.deallocate() }

    /// Writes `time`, the time of frame `index`, at `out` and returns the end; the same bytes as
    /// `numbers.write(time, at:)`.
    package func write(_ time: Double, frame index: Int, at out: UnsafeMutablePointer<UInt8>)
        -> UnsafeMutablePointer<
            UInt8
        >
    {
        if index < times.count {
            guard times[index].bitPattern == time.bitPattern else { return numbers.write(time, at: out) }
            let start = index == 0 ? 0 : ends[index - 1]
            let count = ends[index] - start
            out.update(from: texts + start, count: count)
            return out + count
        }
        let end = numbers.write(time, at: out)
        if index == times.count && index < TimeTexts.capacity {
            let count = end - out
            if textCount + count > textCapacity {
                let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * (textCapacity + count))
                grown.update(from: texts, count: textCount)
                texts.deallocate()
                texts = grown
                textCapacity = 2 * (textCapacity + count)
            }
            (texts + textCount).update(from: out, count: count)
            textCount += count
            times.append(time)
            ends.append(textCount)
        }
        return end
    }
}
