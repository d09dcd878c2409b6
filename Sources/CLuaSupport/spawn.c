// Starts an encoder (ffmpeg) that must not outlive the process that feeds it (FFmpegProcess).
//
// posix_spawn cannot do it: what a child must do to die with its parent is a call in the child
// itself, between fork and exec. So: fork, then in the child only async-signal-safe calls
// (the process has other threads, whose locks the child inherits held), then exec.
//
// - Linux: prctl(PR_SET_PDEATHSIG, SIGKILL) asks the kernel to kill the child when the thread
//   that forked it ends, which for the command line and a batch worker is the process's end,
//   however it ends (kill -9 included); the encoder is started and waited for on one thread.
//   A parent that died before the prctl is caught by comparing getppid() with the parent's
//   PID read before the fork.
// - Darwin has no such request. There the child outlives a parent killed by SIGKILL; it then
//   sees its input end and finishes as if the frames had ended, writing only into the staging
//   path it was given (a staging file beside the output, or a batch's staging folder, which
//   the next batch in that folder removes). Every other way the command ends kills it first
//   (FFmpegProcess.kill, StagedFiles' signal handlers).
#if defined(__linux__)
#include <sys/prctl.h>
#endif
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "CLuaSupport.h"

pid_t ib_spawnencoder(const char *path, char *const argv[], char *const envp[], int input, int messages,
                      const int *closing, int closingCount, int *error) {
    // The child's exec failure comes back through a close-on-exec pipe: it closes unread when
    // exec succeeds, and carries errno when it does not.
    int report[2];
    if (pipe(report) != 0) {
        *error = errno;
        return -1;
    }
    fcntl(report[0], F_SETFD, FD_CLOEXEC);
    fcntl(report[1], F_SETFD, FD_CLOEXEC);
    pid_t parent = getpid();
    pid_t child = fork();
    if (child < 0) {
        *error = errno;
        close(report[0]);
        close(report[1]);
        return -1;
    }
    if (child == 0) {
#if defined(__linux__)
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent) _exit(127);
#else
        (void)parent;
#endif
        // A process group of its own: a terminal's Ctrl-C reaches the command, which stops
        // the encoder itself (FFmpegProcess).
        setpgid(0, 0);
        // dup2 clears close-on-exec on the copies.
        int null = open("/dev/null", O_WRONLY);
        if (input >= 0) dup2(input, STDIN_FILENO);
        if (null >= 0) dup2(null, STDOUT_FILENO);
        if (messages >= 0) dup2(messages, STDERR_FILENO);
        if (null > STDERR_FILENO) close(null);
        for (int i = 0; i < closingCount; i++)
            if (closing[i] != report[1]) close(closing[i]);
        execve(path, argv, envp);
        int failure = errno;
        ssize_t written = write(report[1], &failure, sizeof failure);
        (void)written;
        _exit(127);
    }
    close(report[1]);
    int failure = 0;
    ssize_t n;
    do {
        n = read(report[0], &failure, sizeof failure);
    } while (n < 0 && errno == EINTR);
    close(report[0]);
    if (n == sizeof failure) {
        int status;
        while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
        *error = failure;
        return -1;
    }
    *error = 0;
    return child;
}
