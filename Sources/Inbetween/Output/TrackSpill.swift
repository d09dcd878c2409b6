import Foundation
import InbetweenEngine

/// One JSON track's times or values while sampling: bytes in memory up to `limit`, then
/// appended to an unlinked temporary file, so a ten-minute run at 240 fps holds no more than a
/// short one. Short runs (a batch of 600-frame scripts) never touch the disk.
///
/// A struct of plain fields (a pointer, counts, a descriptor), kept in a `TrackSpills`: the JSON
/// writer touches two of these per track per frame, and as classes each touch cost a retain
/// and a release (14% of writing a frame).
package struct TrackSpill {
    /// Per buffer; a JSON document has two per track. Small, because the buffers of every track
    /// are alive at once and the doubling growth below overshoots: at 256 KiB each grew to
    /// 512 KiB, and a two-track ten-minute run peaked 4 MiB above a one-second one (goal 6 of
    /// `scripts/bench`). One frame adds at most a few hundred bytes to a buffer, so a spill
    /// every 32 KiB is still a large write.
    package static let limit = 32 * 1024
    /// The most a buffer grows to by doubling: the limit plus room for one frame's value (only
    /// a value wider than this slack, such as a long path, makes it larger).
    package static let cappedCapacity = limit + 4096

    private(set) var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Bytes in memory, at `base`.
    private(set) var count = 0
    private var fd: Int32 = -1
    private var spilled = false

    fileprivate init(capacity: Int = 4096) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    /// Frees the memory and the temporary file; only `TrackSpills` calls it, once.
    fileprivate func free() {
        base.deallocate()
        if fd >= 0 { close(fd) }
    }

    package var isEmpty: Bool { count == 0 && !spilled }

    /// Room for at least `n` more bytes (see `ByteBuffer.reserve`).
    @inline(__always)
    package mutating func reserve(_ n: Int) -> UnsafeMutablePointer<UInt8> {
        if capacity - count < n { grow(count + n) }
        return base + count
    }

    @inline(__always)
    package mutating func advance(to end: UnsafeMutablePointer<UInt8>) {
        count = end - base
    }

    private mutating func grow(_ needed: Int) {
        // Doubling, but never past the cap when the cap holds what is needed: a buffer is
        // spilled once it reaches the limit, so doubling 32 KiB to 64 KiB would only be slack.
        if needed <= TrackSpill.cappedCapacity {
            let size = min(max(needed, 2 * capacity), TrackSpill.cappedCapacity)
            ByteBuffer.resize(&base, count: count, capacity: &capacity, to: size)
        } else {
            ByteBuffer.grow(&base, count: count, capacity: &capacity, toHold: needed)
        }
    }

    @inline(__always)
    package mutating func spillIfFull() throws {
        if count >= TrackSpill.limit { try spill() }
    }

    private mutating func spill() throws {
        if fd < 0 {
            var template = Array("\(NSTemporaryDirectory())/inbetween-spill-XXXXXX".utf8CString)
            fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else {
                throw CommandError("cannot create a temporary file (\(String(cString: strerror(errno))))")
            }
            // Unlinked at once: the file goes away with the process, whatever happens.
            template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        }
        try writeAll(fd, UnsafeRawBufferPointer(start: base, count: count))
        count = 0
        spilled = true
    }

    /// Everything collected, in order, into `sink`.
    package func drain(into sink: ByteSink) throws {
        if spilled {
            try sink.flush()
            guard lseek(fd, 0, SEEK_SET) == 0 else { throw CommandError("cannot read back a temporary file") }
            // Small, like the buffers: a larger chunk is one more peak the long run pays for.
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
                if n < 0 && errno == EINTR { continue }
                guard n >= 0 else { throw CommandError("cannot read back a temporary file") }
                if n == 0 { break }
                chunk.withUnsafeBytes { sink.buffer.append(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
                try sink.flush()
            }
        }
        sink.buffer.append(UnsafeRawBufferPointer(start: base, count: count))
        sink.flushIfFull()
    }
}

/// The JSON writer's spills, two per track (times at 2i, values at 2i + 1), in memory it owns.
package final class TrackSpills {
    /// Valid until the next `addTrack`.
    private(set) var spills: UnsafeMutablePointer<TrackSpill>
    private var capacity = 4
    private(set) var count = 0

    package init() { spills = .allocate(capacity: capacity) }

    deinit {
        for i in 0..<count { spills[i].free() }
        spills.deallocate()
    }

    /// Two new empty spills at the end.
    package func addTrack() {
        if count + 2 > capacity {
            let bigger = UnsafeMutablePointer<TrackSpill>.allocate(capacity: 2 * capacity)
            bigger.moveInitialize(from: spills, count: count)
            spills.deallocate()
            spills = bigger
            capacity *= 2
        }
        (spills + count).initialize(to: TrackSpill())
        (spills + count + 1).initialize(to: TrackSpill())
        count += 2
    }
}

/// write(2) until every byte is out; 0, or the errno of the failure.
package func writeFully(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
    var offset = 0
    while offset < bytes.count {
        let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
        if n < 0 {
            if errno == EINTR { continue }
            return errno
        }
        offset += n
    }
    return 0
}

/// `writeFully`, failing with an error that names a temporary file.
package func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws {
    let failure = writeFully(fd, bytes)
    if failure != 0 {
        throw CommandError("cannot write a temporary file (\(String(cString: strerror(failure))))")
    }
}

/// `writeAll` of an array.
package func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { try writeAll(fd, $0) }
}
