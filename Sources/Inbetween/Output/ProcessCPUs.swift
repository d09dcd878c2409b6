import CLuaSupport

/// The CPUs this process may run on, for the command line's worker count: the bits of
/// sched_getaffinity(0, ...), or nil when it is unavailable. The call is a C function of
/// CLuaSupport (Swift's Glibc module leaves out the _GNU_SOURCE declarations); the command line
/// reaches it here, as it reaches the host only through the library.
package enum ProcessCPUs {
    package static var affinityCount: Int? {
        let bits = Int(ib_affinitycpus())
        return bits > 0 ? bits : nil
    }
}
