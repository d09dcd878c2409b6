import Foundation
import Inbetween

/// A batch's private staging folder inside the output folder: workers write each output there
/// and the batch that owns the folder renames it into place, so an output appears whole or not
/// at all, and only the run that wrote it moves it.
///
/// The name is `.inbetween-batch-HOST-PID-RANDOM` and the folder is made with `mkdir`, which
/// fails rather than shares when the name exists. The PID alone was not enough: two array
/// tasks on different nodes, or in containers with their own PID namespaces, have the same
/// PID, shared one folder and took each other's files (issue 13).
///
/// Inside, the file `owner` says who made it (boot id, PID namespace, PID, host) and carries an
/// exclusive `flock` for the batch's whole life. The kernel drops the lock when the process
/// ends however it ends (`kill -9`, a scheduler's time-out), so a later run can tell a dead
/// batch's leftovers from a live batch's folder. See `removeStale`.
final class StagingFolder {
    static let prefix = ".inbetween-batch-"
    static let ownerFile = "owner"

    let path: String
    /// Holds the lock until the process ends; close-on-exec so workers do not hold it too.
    private let ownerFD: Int32

    /// Makes a fresh folder in `outputFolder`.
    init(in outputFolder: String) throws {
        let me = Owner.current
        var made: String?
        // A clash of 64 random bits is not expected at all; a few attempts cover a broken
        // random source without looping forever.
        for _ in 0..<8 {
            let random = String(UInt64.random(in: .min ... .max), radix: 16)
            let candidate = (outputFolder as NSString).appendingPathComponent(
                "\(StagingFolder.prefix)\(me.hostForName)-\(me.pid)-\(random)")
            if mkdir(candidate, 0o700) == 0 {
                made = candidate
                break
            }
            if errno != EEXIST {
                throw OutputError.cannotWriteInto(outputFolder, reason: String(cString: strerror(errno)))
            }
        }
        guard let made else { throw CommandError("cannot make a staging folder in \(outputFolder)") }
        path = made
        let fd = open(made + "/" + StagingFolder.ownerFile, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            rmdir(made)
            throw OutputError.cannotWriteInto(outputFolder, reason: reason)
        }
        // A file system without flock (some cluster file systems refuse it) still works: the
        // folder is then judged by its PID alone, and only from the same boot and namespace.
        _ = flock(fd, LOCK_EX | LOCK_NB)
        let text = Array(me.text.utf8)
        _ = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        ownerFD = fd
    }

    /// Removes the folder and everything in it (staged outputs of jobs that did not finish).
    func remove() {
        try? FileManager.default.removeItem(atPath: path)
        close(ownerFD)
    }

    /// Removes the staging folders in `outputFolder` whose batch is provably gone, and returns
    /// how many it removed. Provably gone means: made on this machine in this boot (same boot
    /// id; another node's folder on a shared file system is never judged from here, because a
    /// PID means nothing across machines and some cluster file systems keep locks per node),
    /// and either its lock is free — the kernel released it when the process ended — or, where
    /// the file system has no locks, its PID is not alive in our own PID namespace.
    @discardableResult
    static func removeStale(in outputFolder: String) -> Int {
        guard let names = stagingNames(in: outputFolder) else { return 0 }
        let me = Owner.current
        var removed = 0
        for name in names {
            let folder = (outputFolder as NSString).appendingPathComponent(name)
            // O_RDWR: NFS implements flock as a POSIX lock, which needs a writable descriptor.
            let fd = open(folder + "/" + ownerFile, O_RDWR | O_CLOEXEC | O_NOFOLLOW)
            // No owner file: a folder being made this instant, or one from an older version.
            guard fd >= 0 else { continue }
            defer { close(fd) }
            guard let owner = Owner(reading: fd), owner.boot == me.boot, !me.boot.isEmpty else { continue }
            let stale: Bool
            if flock(fd, LOCK_EX | LOCK_NB) == 0 {
                stale = true
            } else if errno == EWOULDBLOCK {
                stale = false
            } else {
                stale = owner.pidNamespace == me.pidNamespace && kill(owner.pid, 0) != 0 && errno == ESRCH
            }
            if stale, (try? FileManager.default.removeItem(atPath: folder)) != nil { removed += 1 }
        }
        return removed
    }

    /// The names in `folder` that start with `prefix`, as FileManager's `contentsOfDirectory`
    /// lists them (an entry without an inode skipped, a name that is not UTF-8 repaired); nil
    /// when the folder cannot be opened. With readdir: FileManager's first listing looked up
    /// a conformance at run time, 240K instructions of every batch's start (callgrind), for
    /// an output folder that is usually new and empty.
    static func stagingNames(in folder: String) -> [String]? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        let mark = Array(prefix.utf8)
        var names: [String] = []
        while let entry = readdir(directory) {
            guard entry.pointee.d_ino != 0 else { continue }
            let name: String? = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                let bytes = UnsafeRawBufferPointer(rebasing: raw[..<strlen(raw.baseAddress!)])
                // Only names starting with the mark's bytes can start with its characters (a
                // character after it may still combine with its last, so they are asked too).
                guard bytes.starts(with: mark) else { return nil }
                let name = String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
                return name.hasPrefix(prefix) ? name : nil
            }
            if let name { names.append(name) }
        }
        return names
    }

    /// Who made a staging folder, as written in its `owner` file.
    struct Owner: Equatable {
        /// The boot's id: the same for every process and container of one boot of one kernel,
        /// and different on any other machine or boot. Empty when unknown: a folder is then
        /// never judged stale (left for its owner or a person to remove).
        var boot: String
        /// The PID namespace (`pid:[4026531836]`): a PID is only meaningful inside it. Empty
        /// on Darwin, which has one PID space per boot.
        var pidNamespace: String
        var pid: pid_t
        var host: String

        static let current = Owner(
            boot: bootID(), pidNamespace: pidNamespace(), pid: getpid(), host: hostName())

        /// The boot id, empty when it cannot be read; read once per batch, by the parent.
        /// Linux: /proc/sys/kernel/random/boot_id without the line's end (the kernel writes a
        /// UUID and a newline; random(4)). Darwin: the sysctl kern.bootsessionuuid, a UUID
        /// made at each boot.
        static func bootID() -> String {
            #if os(Linux)
                let text = try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8)
                return text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            #else
                var size = 0
                guard sysctlbyname("kern.bootsessionuuid", nil, &size, nil, 0) == 0, size > 1 else {
                    return ""
                }
                var buffer = [CChar](repeating: 0, count: size)
                guard sysctlbyname("kern.bootsessionuuid", &buffer, &size, nil, 0) == 0 else { return "" }
                return String(
                    decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            #endif
        }

        /// The PID namespace's link (`pid:[4026531836]`); empty when it cannot be read, and on
        /// Darwin, which has no PID namespaces (one empty name on both sides compares equal).
        static func pidNamespace() -> String {
            #if os(Linux)
                return (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/ns/pid")) ?? ""
            #else
                return ""
            #endif
        }

        /// gethostname, not ProcessInfo.hostName, which may ask DNS (slow on a cluster node).
        static func hostName() -> String {
            var buffer = [CChar](repeating: 0, count: 256)
            guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }

        init(boot: String, pidNamespace: String, pid: pid_t, host: String) {
            self.boot = boot
            self.pidNamespace = pidNamespace
            self.pid = pid
            self.host = host
        }

        /// Parses `key=value` lines; nil when the file is incomplete (being written).
        init?(reading fd: Int32) {
            var bytes = [UInt8](repeating: 0, count: 4096)
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { return nil }
            var fields: [String: String] = [:]
            for line in String(decoding: bytes[0..<n], as: UTF8.self).split(separator: "\n") {
                guard let eq = line.firstIndex(of: "=") else { continue }
                fields[String(line[..<eq])] = String(line[line.index(after: eq)...])
            }
            guard let boot = fields["boot"], let ns = fields["pidns"],
                let pid = fields["pid"].flatMap({ pid_t($0) }),
                let host = fields["host"]
            else { return nil }
            self.init(boot: boot, pidNamespace: ns, pid: pid, host: host)
        }

        var text: String { "boot=\(boot)\npidns=\(pidNamespace)\npid=\(pid)\nhost=\(host)\n" }

        /// The host name as it may appear in a file name (for people reading `ls -a`).
        var hostForName: String {
            let allowed = host.unicodeScalars.prefix(64).map {
                ($0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "."))
                    ? Character($0) : "_"
            }
            return allowed.isEmpty ? "host" : String(allowed)
        }
    }
}
