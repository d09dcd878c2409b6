// The CPUs this process may run on, for the default number of batch workers (UsableCPUs.swift).
// Called directly, not looked up with dlsym: the installed executable is static, where dlsym
// finds nothing, so `taskset -c 0 inbetween batch ...` ran two workers on one CPU (issue 31).
#if defined(__linux__)
#define _GNU_SOURCE /* sched_getaffinity and the CPU_* macros: glibc and musl */
#include <sched.h>
#endif

#include "CLuaSupport.h"

int ib_affinitycpus(void) {
#if defined(__linux__)
    // 8192 CPUs' worth of bits: the kernel refuses a mask smaller than its own (EINVAL).
    enum { most = 8192 };
    cpu_set_t *set = CPU_ALLOC(most);
    if (set == NULL) return 0;
    size_t size = CPU_ALLOC_SIZE(most);
    CPU_ZERO_S(size, set);
    int count = sched_getaffinity(0, size, set) == 0 ? CPU_COUNT_S(size, set) : 0;
    CPU_FREE(set);
    return count;
#else
    return 0; /* no affinity masks (Darwin): the caller counts the active processors */
#endif
}
