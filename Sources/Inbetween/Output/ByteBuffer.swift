/// Growable bytes that the hot writers fill through a raw pointer.
///
/// Why not `[UInt8]`: appending a byte to an array checks uniqueness and capacity each time,
/// and an array stored in a class costs an exclusivity check per access; together those were
/// most of the time of writing a number. Here a writer asks once for room for everything it
/// may write (`reserve`), writes through the pointer, and says where it stopped (`advance`).
package final class ByteBuffer {
    // Unchecked (the three fields): a buffer belongs to one writer on one thread, and a
    // run-time exclusivity check on each reserve and advance cost more than the frame's row.
    @exclusivity(unchecked) private(set) var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private(set) var capacity: Int
    /// Bytes written so far, at `base`.
    @exclusivity(unchecked) private(set) var count = 0

    package init(capacity: Int = 4096) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    package var isEmpty: Bool { count == 0 }

    /// The bytes written so far; valid until the next write.
    package var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// Room for at least `n` more bytes; returns where to write them. The pointer is valid
    /// until the next call that writes; hand the end back with `advance(to:)`.
    @inline(__always)
    package func reserve(_ n: Int) -> UnsafeMutablePointer<UInt8> {
        if capacity - count < n { grow(count + n) }
        #if DEBUG
            reserved = count + n
        #endif
        return base + count
    }

    #if DEBUG
        /// Where the room of the last `reserve` ends (debug builds check `advance` against it).
        private var reserved = 0
    #endif

    /// Takes the bytes written from `reserve`'s pointer up to `end`. Debug builds stop a writer
    /// that went past the room it reserved (or before the bytes already taken).
    @inline(__always)
    package func advance(to end: UnsafeMutablePointer<UInt8>) {
        #if DEBUG
            precondition(
                end - base >= count && end - base <= reserved,
                "ByteBuffer: advanced to \(end - base), outside the room reserved (\(count)...\(reserved))")
        #endif
        count = end - base
    }

    /// Appends a copy of `count` bytes already written, from offset `start`.
    package func appendCopy(from start: Int, count n: Int) {
        let p = reserve(n)
        p.update(from: base + start, count: n)
        advance(to: p + n)
    }

    package func append(_ byte: UInt8) {
        let p = reserve(1)
        p.pointee = byte
        advance(to: p + 1)
    }

    package func append(_ raw: UnsafeRawBufferPointer) {
        guard raw.count > 0 else { return }
        let p = reserve(raw.count)
        UnsafeMutableRawPointer(p).copyMemory(from: raw.baseAddress!, byteCount: raw.count)
        advance(to: p + raw.count)
    }

    package func append<C: Collection>(contentsOf bytes: C) where C.Element == UInt8 {
        let done: Void? = bytes.withContiguousStorageIfAvailable { append(UnsafeRawBufferPointer($0)) }
        if done == nil { append(contentsOf: Array(bytes)) }
    }

    package func append(_ text: String) {
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    package func removeAll() { count = 0 }

    private func grow(_ needed: Int) {
        ByteBuffer.grow(&base, count: count, capacity: &capacity, toHold: needed)
    }

    /// Doubles `capacity` until `needed` bytes fit, moving the `count` bytes at `base` into the
    /// new block (shared with TrackSpill, which keeps the same three fields in a struct).
    package static func grow(
        _ base: inout UnsafeMutablePointer<UInt8>, count: Int, capacity: inout Int, toHold needed: Int
    ) {
        var size = capacity
        while size < needed { size *= 2 }
        resize(&base, count: count, capacity: &capacity, to: size)
    }

    /// Moves the `count` bytes at `base` into a new block of exactly `size` bytes.
    package static func resize(
        _ base: inout UnsafeMutablePointer<UInt8>, count: Int, capacity: inout Int, to size: Int
    ) {
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        bigger.update(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity = size
    }
}
