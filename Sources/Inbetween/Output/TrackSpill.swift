import Foundation
import InbetweenEngine

/// One JSON track's times or values while sampling: bytes in memory up to its `TrackSpills`'
/// limit, then appended to the run's one spill file as a chunk, so a ten-minute run holds no
/// more than a short one, and a scene of any size holds one descriptor (issue 31: a file per
/// buffer ran out of descriptors at 1,000 layers under `ulimit -n 1024`). Short runs (a batch
/// of 600-frame scripts) never touch the disk.
///
/// A struct of plain fields (a pointer, counts, chunk indices), kept in a `TrackSpills`: the
/// JSON writer touches two of these per track per frame, and as classes each touch cost a
/// retain and a release (14% of writing a frame).
struct TrackSpill {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Bytes in memory, at `base`.
    private(set) var count = 0
    /// Where this buffer's last chunk in the spill file ends (-1: none). Each chunk is followed
    /// in the file by its length and where the buffer's chunk before it ends (a trailer of two
    /// Int64s), so the chunks are found again from the last without a list in memory that
    /// would grow with the run.
    fileprivate var lastChunkEnd = -1

    fileprivate init(capacity: Int = 1024) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    /// Frees the memory; only `TrackSpills` calls it, once.
    fileprivate func free() { base.deallocate() }

    var isEmpty: Bool { count == 0 && lastChunkEnd < 0 }

    /// Room for at least `n` more bytes (see `ByteBuffer.reserve`).
    @inline(__always)
    mutating func reserve(_ n: Int) -> UnsafeMutablePointer<UInt8> {
        if capacity - count < n { grow(count + n) }
        return base + count
    }

    @inline(__always)
    mutating func advance(to end: UnsafeMutablePointer<UInt8>) {
        count = end - base
    }

    private mutating func grow(_ needed: Int) {
        // Doubling, but never past the cap when the cap holds what is needed: a buffer is
        // spilled once it reaches the limit, so doubling past it would only be slack.
        if needed <= TrackSpills.cappedCapacity {
            let size = min(max(needed, 2 * capacity), TrackSpills.cappedCapacity)
            ByteBuffer.resize(&base, count: count, capacity: &capacity, to: size)
        } else {
            ByteBuffer.grow(&base, count: count, capacity: &capacity, toHold: needed)
        }
    }
}

/// A writer's spills (the JSON writer's two per track, times at 2i and values at 2i + 1; the
/// preview's one per changing column), in memory it owns, and the one temporary file they
/// spill into: each spill appends a chunk at the file's end, with a trailer linking it to the
/// buffer's chunk before; `drain` reads a buffer's chunks back in order (as often as asked).
final class TrackSpills {
    /// Valid until the next `addTrack`.
    private(set) var spills: UnsafeMutablePointer<TrackSpill>
    private var capacity = 4
    private(set) var count = 0

    /// The bytes every buffer together may hold before spilling, and so the writer's memory,
    /// whatever the scene: a buffer's limit is this over the number of buffers, between
    /// `smallestLimit` and `largestLimit`. (With a fixed 32 KiB limit, 1,000 layers held
    /// 225 MB at 60 s and 71 MB at 10 s; 10,000 layers 2.1 GB.)
    static let budget = 4 << 20
    /// Large, for the few buffers of a small scene: one frame adds at most a few hundred bytes
    /// to a buffer, so a spill every 32 KiB is a large write, and a short run never spills.
    static let largestLimit = 32 * 1024
    /// A spill costs a write and a 16-byte trailer however small it is.
    static let smallestLimit = 512
    /// The most a buffer grows to by doubling: the largest limit plus room for one frame's
    /// value (only a value wider than this slack, such as a long path, makes it larger).
    static let cappedCapacity = largestLimit + 4096

    /// The current limit of every buffer (see `budget`).
    private(set) var limit = largestLimit

    private var fd: Int32 = -1
    private var fileSize = 0

    init() { spills = .allocate(capacity: capacity) }

    deinit {
        for i in 0..<count { spills[i].free() }
        spills.deallocate()
        if fd >= 0 { close(fd) }
    }

    /// Two new empty spills at the end.
    func addTrack() { add(2) }

    /// `n` new empty spills at the end.
    func add(_ n: Int) {
        while count + n > capacity {
            let bigger = UnsafeMutablePointer<TrackSpill>.allocate(capacity: 2 * capacity)
            bigger.moveInitialize(from: spills, count: count)
            spills.deallocate()
            spills = bigger
            capacity *= 2
        }
        for i in 0..<n { (spills + count + i).initialize(to: TrackSpill()) }
        count += n
        limit = min(TrackSpills.largestLimit, max(TrackSpills.smallestLimit, TrackSpills.budget / count))
    }

    /// Spills buffer `i` when it holds its limit.
    @inline(__always)
    func spillIfFull(_ i: Int) throws {
        if spills[i].count >= limit { try spill(i) }
    }

    private func spill(_ i: Int) throws {
        if fd < 0 {
            var template = Array("\(NSTemporaryDirectory())/inbetween-spill-XXXXXX".utf8CString)
            fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else {
                throw OutputError.temporaryFile(action: "create", reason: String(cString: strerror(errno)))
            }
            // Unlinked at once: the file goes away with the process, whatever happens.
            template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        }
        let spill = spills + i
        let length = spill.pointee.count
        // The trailer after the bytes, in the buffer's own slack (room reserved, so no copy).
        var trailer = (Int64(length), Int64(spill.pointee.lastChunkEnd))
        let end = spill.pointee.reserve(16)
        withUnsafeBytes(of: &trailer) {
            UnsafeMutableRawPointer(end).copyMemory(from: $0.baseAddress!, byteCount: 16)
        }
        try writeAll(fd, UnsafeRawBufferPointer(start: spill.pointee.base, count: length + 16))
        fileSize += length + 16
        spill.pointee.lastChunkEnd = fileSize
        spill.pointee.advance(to: spill.pointee.base)
    }

    /// Reads exactly `count` bytes at `offset` of the spill file into `out`.
    private func read(_ out: UnsafeMutableRawPointer, _ count: Int, at offset: Int) throws {
        var done = 0
        while done < count {
            let n = pread(fd, out + done, count - done, off_t(offset + done))
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw OutputError.temporaryFile(action: "read back", reason: nil) }
            done += n
        }
    }

    /// Everything buffer `i` collected, in order, into `sink`.
    func drain(_ i: Int, into sink: ByteSink) throws {
        if spills[i].lastChunkEnd >= 0 {
            try sink.flush()
            // The chunks from the last back to the first (one track's, freed after it).
            var chunks: [(offset: Int, length: Int)] = []
            var end = spills[i].lastChunkEnd
            while end >= 0 {
                var trailer: (Int64, Int64) = (0, 0)
                try withUnsafeMutableBytes(of: &trailer) { try read($0.baseAddress!, 16, at: end - 16) }
                let length = Int(trailer.0)
                chunks.append((end - 16 - length, length))
                end = Int(trailer.1)
            }
            for chunk in chunks.reversed() {
                var offset = chunk.offset
                var left = chunk.length
                while left > 0 {
                    // Straight into the sink's buffer, at most 64 KiB at a time (a larger read
                    // is one more peak the long run pays for).
                    let n = min(left, 64 * 1024)
                    let room = sink.buffer.reserve(n)
                    try read(room, n, at: offset)
                    sink.buffer.advance(to: room + n)
                    sink.flushIfFull()
                    offset += n
                    left -= n
                }
            }
        }
        sink.buffer.append(UnsafeRawBufferPointer(start: spills[i].base, count: spills[i].count))
        sink.flushIfFull()
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
        throw OutputError.temporaryFile(action: "write", reason: String(cString: strerror(failure)))
    }
}

/// `writeAll` of an array.
package func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { try writeAll(fd, $0) }
}
