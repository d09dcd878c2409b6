import Foundation
import Inbetween

/// How many CPUs this process may use: the default number of batch workers.
///
/// Not the machine's cores (`activeProcessorCount` counts those here): a Slurm task given one
/// CPU of a 64-core node, or `taskset -c 0`, has an affinity mask of one CPU, and 64 workers
/// on it only take turns. The mask comes from sched_getaffinity(2); a cgroup CPU quota
/// (how Kubernetes applies a pod's CPU limit) lowers the count further, rounded up.
enum UsableCPUs {
    static var count: Int {
        var n = affinityCount ?? ProcessInfo.processInfo.activeProcessorCount
        if let quota = cgroupQuota { n = min(n, quota) }
        return max(1, n)
    }

    /// sched_getaffinity(0, ...) bits set; nil when it is unavailable. Through the library's
    /// `ProcessCPUs`, which calls CLuaSupport's C function directly (looked up with dlsym, it
    /// was never found in the static executable `scripts/install` builds, and the mask was
    /// ignored).
    static var affinityCount: Int? { ProcessCPUs.affinityCount }

    /// The CFS quota of our cgroup in CPUs, rounded up; nil when there is none. cgroup v2:
    /// `QUOTA PERIOD` in /sys/fs/cgroup/<group>/cpu.max ("max PERIOD" = no quota); cgroup v1
    /// (the `cpu` controller's line in /proc/self/cgroup): cpu.cfs_quota_us (-1 = none) over
    /// cpu.cfs_period_us. (Linux's Documentation/admin-guide/cgroup-v2.rst, "cpu.max", and
    /// Documentation/scheduler/sched-bwc.rst.) Darwin has no cgroups: nil there.
    static var cgroupQuota: Int? {
        #if os(Linux)
            guard let cgroup = try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8) else {
                return nil
            }
            func read(_ path: String) -> [Substring] {
                ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(whereSeparator: {
                    $0 == " " || $0 == "\n"
                })
            }
            func cpus(_ quota: Substring, _ period: Substring) -> Int? {
                guard let q = Double(quota), let p = Double(period), q > 0, p > 0 else { return nil }
                return Int((q / p).rounded(.up))
            }
            for line in cgroup.split(separator: "\n") {
                let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
                guard fields.count == 3 else { continue }
                let group = String(fields[2])
                if fields[0] == "0" && fields[1].isEmpty {
                    let max = read("/sys/fs/cgroup" + group + "/cpu.max")
                    if max.count == 2, let n = cpus(max[0], max[1]) { return n }
                } else if fields[1].split(separator: ",").contains("cpu") {
                    let base = "/sys/fs/cgroup/" + fields[1] + group
                    let quota = read(base + "/cpu.cfs_quota_us")
                    let period = read(base + "/cpu.cfs_period_us")
                    if let q = quota.first, let p = period.first, let n = cpus(q, p) { return n }
                }
            }
            return nil
        #else
            return nil
        #endif
    }
}
