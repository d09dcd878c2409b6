// This program's own executable, for starting batch workers from it and finding the plugins
// shipped beside it (WorkerProcess.swift, PluginSearch.swift). argv[0] is no answer: a
// command found on PATH has only its name there.
//
// - Linux: /proc/self/exe, the kernel's link to the running file (proc(5)).
// - Darwin: _NSGetExecutablePath (dyld(3)), which may name a symbolic link or hold "..",
//   made canonical by realpath(3) as /proc/self/exe's target is.
// Anything else: 0, and the callers fall back to argv[0] as they say.
#if defined(__APPLE__)
#include <mach-o/dyld.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#endif
#include <stddef.h>
#include <unistd.h>

#include "CLuaSupport.h"

size_t ib_executablepath(char *buffer, size_t size) {
    if (buffer == NULL || size < 2) return 0;
#if defined(__linux__)
    ssize_t n = readlink("/proc/self/exe", buffer, size - 1);
    if (n <= 0) return 0;
    buffer[n] = 0;
    return (size_t)n;
#elif defined(__APPLE__)
    uint32_t length = (uint32_t)size;
    if (_NSGetExecutablePath(buffer, &length) != 0) return 0;
    char *resolved = realpath(buffer, NULL);
    if (resolved == NULL) return strlen(buffer);
    size_t n = strlen(resolved);
    if (n >= size) {
        free(resolved);
        return strlen(buffer);
    }
    memcpy(buffer, resolved, n + 1);
    free(resolved);
    return n;
#else
    return 0;
#endif
}
