import Foundation
import InbetweenEngine

/// One JSON track's times or values while sampling: bytes in memory up to `limit`, then
/// appended to an unlinked temporary file, so a ten-minute run at 240 fps holds no more than a
/// short one. Short runs (a batch of 600-frame scripts) never touch the disk.
final class TrackSpill {
    /// Per buffer; a JSON document has two per track.
    static let limit = 256 * 1024

    let bytes = ByteBuffer(capacity: 4096)
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
        try writeAll(fd, bytes.bytes)
        bytes.removeAll()
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
                chunk.withUnsafeBytes { sink.buffer.append(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
                try sink.flush()
            }
        }
        sink.buffer.append(bytes.bytes)
        sink.flushIfFull()
    }
}

/// write(2) until every byte is out; 0, or the errno of the failure.
func writeFully(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
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
func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws {
    let failure = writeFully(fd, bytes)
    if failure != 0 {
        throw CommandError("cannot write a temporary file (\(String(cString: strerror(failure))))")
    }
}

/// `writeAll` of an array.
func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { try writeAll(fd, $0) }
}
