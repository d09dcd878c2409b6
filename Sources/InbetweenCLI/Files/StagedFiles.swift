import Foundation
import Inbetween

/// The staging files of atomic outputs (see ByteSink) not yet renamed into place, kept where a
/// signal handler can read them: `SIGTERM`, `SIGHUP` and a second Ctrl-C end the process
/// (with the signal's own status, as the shell expects) after unlinking them, and the hard exit
/// after a limit that could not stop a script does the same (CLI.hardExitGrace).
///
/// Fixed slots of C strings rather than a Swift array: a handler may only read memory and call
/// async-signal-safe functions (unlink, signal, raise), never allocate or take a lock.
enum StagedFiles {
    /// More outputs than any command writes at once.
    static let capacity = 16
    nonisolated(unsafe) static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
        return slots
    }()

    static var paths: [String] {
        (0..<capacity).compactMap { slots[$0].map { String(cString: $0) } }
    }

    /// A fresh staging file beside `file` (mkstemp: a unique name no one else is using), with
    /// the old file's mode and owner when there is one, else 0644 less the umask.
    static func create(beside file: String, path: String, mode existing: stat?) throws -> (
        fd: Int32, path: String
    ) {
        // The folder and name by hand, not through URL: its first use costs run-time type
        // metadata at every start-up (goal 4 of issue 6).
        let folder = OutputTarget.folder(of: file)
        let name = file.lastIndex(of: "/").map { String(file[file.index(after: $0)...]) } ?? file
        var template = Array(StagedFiles.template(folder: folder, name: name).utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw OutputTarget.failure(path) }
        let staging = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        add(staging)
        if let existing {
            // Replacing a file keeps what it was: its permission bits, and its owner when we
            // may set it (root); a failed chown leaves ours, as cp does.
            fchmod(fd, existing.st_mode & 0o7777)
            if geteuid() == 0 { _ = fchown(fd, existing.st_uid, existing.st_gid) }
        } else {
            // mkstemp's 0600 would make outputs private; give them the usual 0644 less the umask.
            let mask = umask(0)
            umask(mask)
            fchmod(fd, 0o644 & ~mask)
        }
        return (fd, staging)
    }

    /// `FOLDER/.NAME.tmp-XXXXXX` for mkstemp/mkdtemp, with NAME cut (at a character's first
    /// byte) so the staging name fits in 255 bytes, the longest file name of Linux's file
    /// systems (NAME_MAX): an output named with 244 to 255 bytes was refused ("File name too
    /// long") for its staging name's 12 bytes more.
    static func template(folder: String, name: String) -> String {
        let room = 255 - ".".utf8.count - ".tmp-XXXXXX".utf8.count
        var kept = Substring(name)
        while kept.utf8.count > room { kept = kept.dropLast() }
        return "\(folder)/.\(kept).tmp-XXXXXX"
    }

    static func add(_ path: String) {
        for i in 0..<capacity where slots[i] == nil {
            slots[i] = strdup(path)
            return
        }
    }

    static func remove(_ path: String) {
        for i in 0..<capacity {
            guard let slot = slots[i], String(cString: slot) == path else { continue }
            slots[i] = nil
            free(slot)
        }
    }

    /// Async-signal-safe: stops the writers (`processes`), then reads the slots and unlinks,
    /// and empties and removes the staging folder of frames.
    static func unlinkAll() {
        for i in 0..<processCapacity where processes[i] > 0 { kill(processes[i], SIGKILL) }
        for i in 0..<capacity {
            if let slot = slots[i] { unlink(slot) }
        }
        removeFrameFolder()
    }

    // MARK: The staging folder of `render -o DIR/`

    /// Its path, then room for a frame's name (FrameFolderOutput); nil when there is none. A
    /// handler cannot list a folder (opendir allocates), but it knows the names in it: the
    /// frames `00000.png`, `00001.png`, ... (RenderFileKind.frameFileName), written in order.
    nonisolated(unsafe) static var frameFolder: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) static var frameFolderLength = 0
    /// Frames given to the folder so far (the highest index written, plus one): the handler
    /// removes these and the one being written, then any further names it finds.
    nonisolated(unsafe) static var framesWritten = 0
    /// Room for "/" and a frame's name: 20 digits (any Int) and ".png".
    static let frameNameRoom = 1 + 20 + 4 + 1

    static func addFrameFolder(_ path: String) {
        removeFrameFolderSlot()
        let bytes = Array(path.utf8)
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + frameNameRoom)
        for (i, b) in bytes.enumerated() { buffer[i] = CChar(bitPattern: b) }
        buffer[bytes.count] = 0
        framesWritten = 0
        frameFolderLength = bytes.count
        frameFolder = buffer
    }

    /// Forgets the folder (renamed into place, or removed by its owner).
    static func removeFrameFolderSlot() {
        guard let buffer = frameFolder else { return }
        frameFolder = nil
        buffer.deallocate()
    }

    /// Async-signal-safe: unlink(2) of each frame's name, then rmdir(2).
    private static func removeFrameFolder() {
        guard let buffer = frameFolder else { return }
        let written = framesWritten
        var index = 0
        var misses = 0
        // Every frame written and the one being written; past those, names until two in a
        // row are missing (frames go in order, and a writer on another thread may be one ahead).
        while index <= written || misses < 2 {
            writeFrameName(index, into: buffer + frameFolderLength)
            if unlink(buffer) == 0 { misses = 0 } else { misses += 1 }
            index += 1
        }
        buffer[frameFolderLength] = 0
        rmdir(buffer)
    }

    /// "/NNNNN.png" (at least five digits, as RenderFileKind.frameFileName), by hand: a handler
    /// may not format with String.
    private static func writeFrameName(_ index: Int, into end: UnsafeMutablePointer<CChar>) {
        var value = index
        var count = 0
        // The digits backwards, on the stack (24 bytes: an Int has at most 19 digits).
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &scratch) { room in
            repeat {
                room[count] = UInt8(48 + value % 10)
                value /= 10
                count += 1
            } while value > 0 || count < 5
            end[0] = 47  // "/"
            for i in 0..<count { end[1 + i] = CChar(bitPattern: room[count - 1 - i]) }
        }
        // ".png" and the terminating zero.
        end[1 + count] = 46
        end[2 + count] = 112
        end[3 + count] = 110
        end[4 + count] = 103
        end[5 + count] = 0
    }

    /// Child processes writing staged files (render's ffmpeg): killed before the files are
    /// removed, or one that outlived the command would write them again (a GIF's palette is
    /// written when its input ends, which the command's death is).
    static let processCapacity = 4
    nonisolated(unsafe) static let processes: UnsafeMutablePointer<pid_t> = {
        let slots = UnsafeMutablePointer<pid_t>.allocate(capacity: processCapacity)
        slots.initialize(repeating: 0, count: processCapacity)
        return slots
    }()

    /// Follows a writer process: `running` when it starts, not when it has been reaped.
    static func track(process pid: pid_t, running: Bool) {
        for i in 0..<processCapacity where processes[i] == (running ? 0 : pid) {
            processes[i] = running ? pid : 0
            return
        }
    }

    /// The handler Lua's Ctrl-C handling installed (it stops running scripts at their next
    /// instruction and restores the default action for a second Ctrl-C).
    nonisolated(unsafe) static var luaInterruptHandler: (@convention(c) (Int32) -> Void)?
    nonisolated(unsafe) static var interruptSeen: sig_atomic_t = 0

    /// Installs the handlers; call after `LuaInterrupts.install`.
    static func installSignalHandlers() {
        _ = slots  // initialized now, never inside a handler
        _ = processes
        _ = (frameFolder, frameFolderLength, framesWritten)
        for sig in [SIGTERM, SIGHUP] { install(sig, removeAndDie) }
        var old = sigaction()
        sigaction(SIGINT, nil, &old)
        luaInterruptHandler = old.__sigaction_handler.sa_handler
        install(SIGINT, interrupt)
    }

    private static func install(_ sig: Int32, _ handler: @convention(c) (Int32) -> Void) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0  // no SA_RESTART: a blocked open() of a FIFO returns EINTR
        sigaction(sig, &action, nil)
    }
}

/// Unlinks the staging files, then ends the process by the same signal.
private func removeAndDie(_ sig: Int32) {
    StagedFiles.unlinkAll()
    signal(sig, SIG_DFL)
    raise(sig)
}

/// The first Ctrl-C stops the script (Lua's handler; the run then fails with "interrupted",
/// status 130, and removes its staging file itself); a second one ends the process at once.
private func interrupt(_ sig: Int32) {
    if StagedFiles.interruptSeen == 0 {
        StagedFiles.interruptSeen = 1
        StagedFiles.luaInterruptHandler?(sig)
        // Lua's handler restored the default action; keep ours for the second Ctrl-C.
        var action = sigaction()
        action.__sigaction_handler.sa_handler = interrupt
        sigemptyset(&action.sa_mask)
        sigaction(SIGINT, &action, nil)
        return
    }
    removeAndDie(sig)
}
