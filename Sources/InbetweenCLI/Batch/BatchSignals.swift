import Foundation
import Inbetween

/// SIGINT (Ctrl-C), SIGTERM (what Slurm and Kubernetes send on cancel or time-out) and SIGHUP
/// for a running batch. The handler only writes the signal's number into a pipe, which the
/// pool's poll loop watches beside the workers' pipes (the self-pipe trick): the loop then
/// stops dispatching, ends the workers, keeps the outputs already finished, removes its
/// staging folder and the batch exits 128 + the signal. The handler stays installed, so a
/// second signal while that happens does not cut the clean-up short.
enum BatchSignals {
    static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// The pipe's ends; the handler reads `writeEnd`, which is set before the handler is
    /// installed (so the handler never runs a lazy global initializer).
    nonisolated(unsafe) static var writeEnd: Int32 = -1
    nonisolated(unsafe) static var readEnd: Int32 = -1

    /// Installs the handlers (once); returns the read end to poll.
    static func install() throws -> Int32 {
        if readEnd >= 0 { return readEnd }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw CommandError("batch: cannot make a pipe (\(String(cString: strerror(errno))))")
        }
        for fd in ends {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, O_NONBLOCK)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
        var action = sigaction()
        action.__sigaction_handler = .init(sa_handler: { signal in
            let saved = errno
            var byte = UInt8(truncatingIfNeeded: signal)
            _ = write(BatchSignals.writeEnd, &byte, 1)
            errno = saved
        })
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        for signal in handled { sigaction(signal, &action, nil) }
        return readEnd
    }

    /// The first signal received and not yet taken, without waiting.
    static func take() -> Int32? {
        var byte: UInt8 = 0
        guard readEnd >= 0, read(readEnd, &byte, 1) == 1 else { return nil }
        return Int32(byte)
    }

    static func name(_ signal: Int32) -> String {
        switch signal {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        default: "signal \(signal)"
        }
    }
}
