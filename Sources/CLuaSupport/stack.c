// C stack sizes: Lua needs at least 256 KiB on any thread that runs it (LuaLimits.swift), and
// the Swift functions it calls check what is left before going deeper (LuaFunction.swift).
#if !defined(__APPLE__)
#define _GNU_SOURCE  /* pthread_getattr_np: glibc and musl */
#endif
#include <pthread.h>
#include <stddef.h>

#include "CLuaSupport.h"

// This thread's stack, asked once per thread and remembered: on Linux, for the main thread
// pthread_getattr_np reads and parses /proc/self/maps, which cost a batch worker about 50 us
// per job (a budget begins per job), and a process's start-up that much for each of the two
// questions below. A thread's stack does not move or change size while it runs.
static __thread size_t stackSize __attribute__((tls_model("initial-exec")));
// The lowest address of the stack (stacks grow down on the platforms we run on).
static __thread char *stackLow __attribute__((tls_model("initial-exec")));

// Darwin has no pthread_getattr_np; its pthread_get_stackaddr_np gives the stack's highest
// address (its base, where it starts growing down) and pthread_get_stacksize_np its size.
// Not verified here: the project is built and tested on Linux only (README, "Platforms").
static int askStack(void) {
    void *address = NULL;
    size_t size = 0;
#if defined(__APPLE__)
    pthread_t self = pthread_self();
    char *base = (char *)pthread_get_stackaddr_np(self);
    size = pthread_get_stacksize_np(self);
    if (base == NULL || size == 0) return 0;
    address = base - size;
#else
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) != 0) return 0;
    pthread_attr_getstack(&attr, &address, &size);
    pthread_attr_destroy(&attr);
#endif
    if (address == NULL || size == 0) return 0;
    stackLow = (char *)address;
    stackSize = size;
    return 1;
}

size_t ib_threadstacksize(void) {
    if (stackSize == 0 && !askStack()) return 0;
    return stackSize;
}

size_t ib_stackremaining(void) {
    char here;
    if (stackLow == NULL && !askStack()) return (size_t)-1;
    return (size_t)(&here - stackLow);
}
