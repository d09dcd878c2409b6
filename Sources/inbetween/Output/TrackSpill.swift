import Foundation
import InbetweenEngine

/// One JSON track's times or values while sampling: bytes in memory up to `limit`, then
/// appended to an unlinked temporary file, so a ten-minute run at 240 fps holds no more than a
/// short one. Short runs (a batch of 600-frame scripts) never touch the disk.
final class TrackSpill {
    /// Per buffer; a JSON document has two per track.
    static let limit = 256 * 1024

    var bytes: [UInt8] = []
    private var fd: Int32 = -1
    private var spilled = false

    var isEmpty: Bool { bytes.isEmpty && !spilled }

    deinit {
        if fd >= 0 { close(fd) }
    }

    func spillIfFull() throws {
        guard bytes.count >= TrackSpill.limit else { return }
        if fd < 0 {
            var template = Array("\(NSTemporaryDirectory())/inbetween-spill-XXXXXX".utf8CString)
            fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else { throw CommandError("cannot create a temporary file (\(String(cString: strerror(errno))))") }
            // Unlinked at once: the file goes away with the process, whatever happens.
            template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        }
        try writeAll(fd, bytes)
        bytes.removeAll(keepingCapacity: true)
        spilled = true
    }

    /// Everything collected, in order, into `sink`.
    func drain(into sink: ByteSink) throws {
        if spilled {
            try sink.flush()
            guard lseek(fd, 0, SEEK_SET) == 0 else { throw CommandError("cannot read back a temporary file") }
            var chunk = [UInt8](repeating: 0, count: 1 << 20)
            while true {
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
                if n < 0 && errno == EINTR { continue }
                guard n >= 0 else { throw CommandError("cannot read back a temporary file") }
                if n == 0 { break }
                sink.buffer.append(contentsOf: chunk[0..<n])
                try sink.flush()
            }
        }
        sink.buffer.append(contentsOf: bytes)
        sink.flushIfFull()
    }
}

/// write(2) until every byte is out.
func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws {
    var offset = 0
    while offset < bytes.count {
        let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
        if n < 0 {
            if errno == EINTR { continue }
            throw CommandError("cannot write a temporary file (\(String(cString: strerror(errno))))")
        }
        offset += n
    }
}

extension Value {
    /// The numbers `components` lists, without building an array (the writers' hot path).
    @inline(__always)
    func forEachComponent(_ body: (Double) -> Void) {
        switch self {
        case .scalar(let v): body(v)
        case .point(let p): body(p.x); body(p.y)
        case .size(let s): body(s.width); body(s.height)
        case .rect(let r): body(r.origin.x); body(r.origin.y); body(r.size.width); body(r.size.height)
        case .color(let c): body(c.red); body(c.green); body(c.blue); body(c.alpha)
        case .transform(let t): for v in t.m { body(v) }
        case .vector(let v): for x in v { body(x) }
        case .path(let p): for point in p.points { body(point.x); body(point.y) }
        }
    }

    var componentCount: Int {
        var n = 0
        forEachComponent { _ in n += 1 }
        return n
    }
}
