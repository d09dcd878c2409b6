import Foundation

/// How many CPUs this process may use: the default number of batch workers.
///
/// Not the machine's cores (`activeProcessorCount` counts those here): a Slurm task given one
/// CPU of a 64-core node, or `taskset -c 0`, has an affinity mask of one CPU, and 64 workers
/// on it only take turns. The mask comes from sched_getaffinity(2); a cgroup v2 CPU quota
/// (`cpu.max`, how Kubernetes applies a pod's CPU limit) lowers the count further, rounded up.
enum UsableCPUs {
    static var count: Int {
        var n = affinityCount ?? ProcessInfo.processInfo.activeProcessorCount
        if let quota = cgroupQuota { n = min(n, quota) }
        return max(1, n)
    }

    /// sched_getaffinity(0, ...) bits set; nil when it is unavailable. Looked up with dlsym:
    /// Swift's Glibc module leaves out the _GNU_SOURCE declarations.
    static var affinityCount: Int? {
        typealias Call = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32
        guard let symbol = dlsym(nil, "sched_getaffinity") else { return nil }
        let call = unsafeBitCast(symbol, to: Call.self)
        // 8192 CPUs' worth of bits: the kernel refuses a mask smaller than its own (EINVAL).
        var mask = [UInt8](repeating: 0, count: 1024)
        let status = mask.withUnsafeMutableBytes { call(0, $0.count, $0.baseAddress!) }
        guard status == 0 else { return nil }
        let bits = mask.reduce(0) { $0 + $1.nonzeroBitCount }
        return bits > 0 ? bits : nil
    }

    /// `QUOTA PERIOD` in /sys/fs/cgroup/<our cgroup>/cpu.max ("max PERIOD" = no quota).
    static var cgroupQuota: Int? {
        guard let cgroup = try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8),
              let line = cgroup.split(separator: "\n").first(where: { $0.hasPrefix("0::") })
        else { return nil }
        let path = "/sys/fs/cgroup" + line.dropFirst(3) + "/cpu.max"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard fields.count == 2, let quota = Double(fields[0]), let period = Double(fields[1]), period > 0
        else { return nil }
        return Int((quota / period).rounded(.up))
    }
}
