/* scripts/bench's launcher: runs one command as its direct child and reports what the kernel
 * counted for that child alone. A small C parent, so the peak RSS is the command's own: with
 * posix_spawn from Python, ru_maxrss came out as the Python parent's peak (the child's high
 * water mark starts from the parent's memory when it is spawned with a shared address space).
 * Written for this benchmark.
 * usage: measure [-o FILE] COMMAND [ARGS...]  ->  prints "wall_s cpu_s max_rss_kib status"
 *        (-o FILE: the command's stdout goes to FILE) */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
    int first = 1;
    const char *out = NULL;
    if (argc > 2 && strcmp(argv[1], "-o") == 0) { out = argv[2]; first = 3; }
    if (first >= argc) { fprintf(stderr, "usage: measure [-o FILE] COMMAND [ARGS...]\n"); return 2; }
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    pid_t pid = fork();
    if (pid < 0) return 1;
    if (pid == 0) {
        if (out) {
            int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
            if (fd < 0 || dup2(fd, 1) < 0) _exit(127);
            close(fd);
        }
        execvp(argv[first], argv + first);
        _exit(127);
    }
    int status;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) < 0) return 1;
    clock_gettime(CLOCK_MONOTONIC, &b);
    double wall = (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9;
    double cpu = ru.ru_utime.tv_sec + ru.ru_stime.tv_sec + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
    printf("%.6f %.6f %ld %d\n", wall, cpu, ru.ru_maxrss, WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
    return 0;
}
