import Foundation

/// Where a `ByteSink`'s bytes go: standard output, a file (the command line's staging, see
/// its `FileDestination`), or memory.
package protocol ByteDestination: AnyObject {
    /// Names the destination in messages: the path given, or "standard output".
    var displayName: String { get }
    /// Writes all of `bytes`; returns 0, or the errno of the failure.
    func write(_ bytes: UnsafeRawBufferPointer) -> Int32
    /// Makes what was written final (a staging file renamed into place), once, after the
    /// last write succeeded. A destination that throws here has dropped what was written.
    func commit() throws
    /// Drops what was written where that can be done (a staging file is removed; bytes sent
    /// to a device or a pipe stay sent).
    func abandon()
}

/// A writer's output: a 64 KiB buffer in front of a `ByteDestination`, so that writing a
/// number costs an append, not a system call. `commit()` makes the output final; a sink
/// dropped without it abandons its destination (a failed run leaves no partial file).
package final class ByteSink {
    /// Big enough that a system call is rare, small enough to stay in cache.
    package static let bufferSize = 64 * 1024

    /// The bytes not yet written. Writers append here directly, then call `flushIfFull`.
    /// Room beyond `bufferSize` so that a writer's reservation for a whole frame rarely grows it.
    package let buffer = ByteBuffer(capacity: 2 * ByteSink.bufferSize)
    package let destination: ByteDestination
    private var finished = false

    package init(destination: ByteDestination) {
        self.destination = destination
    }

    deinit {
        if !finished { abandon() }
    }

    package func write(_ text: String) {
        buffer.append(text)
        flushIfFull()
    }

    package func write(_ byte: UInt8) {
        buffer.append(byte)
    }

    package func write(_ value: Double, _ format: NumberFormat) {
        format.append(value, to: buffer)
        flushIfFull()
    }

    /// Writers that append to `buffer` directly call this now and then.
    @inline(__always)
    package func flushIfFull() {
        if buffer.count >= ByteSink.bufferSize { try? flush() }
    }

    /// Writes out the buffer. Errors are remembered and reported by `commit()`. A buffer
    /// holding a non-finite number (NonFiniteOutput's marker) is not written: the output fails
    /// with a message naming what came before the number.
    package func flush() throws {
        bytesWritten += buffer.count
        defer { buffer.removeAll() }
        guard writeError == nil else { return }
        if let nonFinite = NonFiniteOutput.error(writing: destination.displayName, pending: buffer.bytes) {
            writeError = nonFinite.message
            throw nonFinite
        }
        let failure = destination.write(buffer.bytes)
        if failure != 0 {
            writeError = String(cString: strerror(failure))
            if failure == EPIPE {
                readerGone = true
                throw OutputClosed(destination: destination.displayName)
            }
            throw OutputError.cannotWrite(destination.displayName, reason: writeError!)
        }
    }

    /// Whether the output is a pipe (or FIFO) whose reader has gone (a write failed with
    /// EPIPE: `inbetween run x.lua | head`).
    package private(set) var readerGone = false

    /// Throws `OutputClosed` once the reader has gone: the run stops there rather than
    /// computing frames nobody reads.
    @inline(__always)
    package func checkReader() throws {
        if readerGone { throw OutputClosed(destination: destination.displayName) }
    }

    /// Throws, and abandons the output, when a number written so far was not finite
    /// (NonFiniteOutput): for a writer that writes a second output (the CSS export's page)
    /// only after this one holds good numbers.
    package func checkNumbers() throws {
        if readerGone {
            abandon()
            throw OutputClosed(destination: destination.displayName)
        }
        if let nonFinite = NonFiniteOutput.error(writing: destination.displayName, pending: buffer.bytes) {
            abandon()
            throw nonFinite
        }
        if let writeError, writeError.hasPrefix("cannot write ") {
            abandon()
            throw CommandError(writeError)
        }
    }

    private var writeError: String?
    /// Bytes handed to the destination so far (all of them after `commit`).
    package private(set) var bytesWritten = 0

    /// Flushes everything and makes it final (for a file, moves it into place).
    package func commit() throws {
        do {
            try flush()
        } catch {
            abandon()
            throw error
        }
        if readerGone {
            abandon()
            throw OutputClosed(destination: destination.displayName)
        }
        if let writeError {
            abandon()
            // An earlier flush that met a non-finite number left its whole message.
            if writeError.hasPrefix("cannot write ") { throw CommandError(writeError) }
            throw OutputError.cannotWrite(destination.displayName, reason: writeError)
        }
        finished = true
        try destination.commit()
    }

    /// Drops what was written (see `ByteDestination.abandon`).
    package func abandon() {
        guard !finished else { return }
        finished = true
        buffer.removeAll()
        destination.abandon()
    }
}

/// Standard output, or any descriptor written in place and left open.
package final class DescriptorDestination: ByteDestination {
    package let fd: Int32
    package let displayName: String

    package init(fd: Int32 = STDOUT_FILENO, displayName: String = "standard output") {
        self.fd = fd
        self.displayName = displayName
    }

    package func write(_ bytes: UnsafeRawBufferPointer) -> Int32 { writeFully(fd, bytes) }
    package func commit() throws {}
    package func abandon() {}
}

/// The output's reader has gone: a write to a pipe or FIFO failed with EPIPE (`inbetween run
/// x.lua | head -1`). The command line ends quietly on it, with status 141 as a process that
/// SIGPIPE ends (the convention of tools read through `head`; git's write_or_die.c does the
/// same); a library caller gets it as an error.
package struct OutputClosed: Error, CustomStringConvertible {
    package var destination: String
    package init(destination: String) { self.destination = destination }
    package var description: String { "cannot write \(destination) (\(String(cString: strerror(EPIPE))))" }
}

/// A command failure that is not Lua's and not a usage error: printed as `inbetween: message`,
/// exit status 1.
package struct CommandError: Error, CustomStringConvertible {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
