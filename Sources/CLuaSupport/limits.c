// Instruction, time and interrupt limits without a hook on the fast path.
//
// A count hook that is always set makes Lua-heavy code about 2x slower whatever its interval
// (with any hook set the VM calls luaG_traceexec on every instruction), so a budget runs with
// no hook at all, as lua.c does, and a watchdog thread arms one when it is needed:
// - time limit: at the deadline the watchdog marks the run stopped and arms a hook that
//   raises on every instruction, so a script that swallows the error with pcall is stopped
//   again at its next instruction;
// - instruction limit: no VM can run more than IB_MAX_RATE instructions a second, so before
//   limit / IB_MAX_RATE seconds have passed the limit cannot have been reached and nothing is
//   counted. Then the watchdog arms a count hook and the hook counts from there. The count is a
//   lower bound (what ran before arming is not counted), so the limit never fires before that
//   many instructions really ran; the price is the slower, hooked tail near the limit;
// - Ctrl-C: the SIGINT handler marks every run interrupted, like lua.c's laction.
// The watchdog does not call lua_sethook itself: it sends IB_ARM_SIGNAL to the thread running
// Lua, and the handler arms the hook there (lua_sethook may be called from a signal handler on
// the thread it acts on; from another thread it would race with the VM freeing CallInfos).
#include "host.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define IB_MAX_RATE 1e9          /* instructions per second; this machine runs ~2e8 */
#define IB_COUNT_INTERVAL 1000   /* instructions between two calls of the counting hook */
#define IB_MAX_RUNS 64           /* budgets running at once in one process */
#define IB_ARM_SIGNAL SIGURG     /* ignored by default, so a late one does no harm */

static pthread_mutex_t runsLock = PTHREAD_MUTEX_INITIALIZER;
static ib_Host *runs[IB_MAX_RUNS];
static int wakePipe[2] = {-1, -1};
// When the watchdog will next look at the runs on its own (-1: not before it is woken), under
// runsLock. A budget whose first deadline is no earlier needs no wake-up: a batch worker begins
// a budget per job, and waking the watchdog each time cost a context switch per job.
static double watchdogNext = -1;
static pthread_once_t watchdogOnce = PTHREAD_ONCE_INIT;
static volatile sig_atomic_t interruptPending;
static double hardExitGrace;            // 0 = never
static void (*hardExitCleanup)(void);
// The host whose budget runs on this thread, for the arming signal's handler.
static __thread ib_Host *currentHost __attribute__((tls_model("initial-exec")));

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void wake(void) {
    if (wakePipe[1] >= 0) {
        char c = 1;
        ssize_t n = write(wakePipe[1], &c, 1);  // a full pipe means a wake-up is pending anyway
        (void)n;
    }
}

static void ib_hook(lua_State *L, lua_Debug *ar);

// Arms the hook on every thread the host is running (main state and resumed coroutines).
static void arm(ib_Host *h, int count) {
    lua_sethook(h->main, ib_hook, LUA_MASKCOUNT, count);
    int depth = h->depth;
    for (int i = 0; i < depth; i++) lua_sethook(h->chain[i], ib_hook, LUA_MASKCOUNT, count);
}

static void armHandler(int sig) {
    (void)sig;
    int saved = errno;
    ib_Host *h = currentHost;
    if (h != NULL && h->budgetActive) {
        if (atomic_load(&h->stop)) arm(h, 1);
        else if (atomic_load(&h->countRequested)) arm(h, IB_COUNT_INTERVAL);
    }
    errno = saved;
}

static const char *describe(ib_Host *h, int reason, char *buffer, size_t size) {
    switch (reason) {
    case IB_STOP_INSTRUCTIONS: snprintf(buffer, size, "instruction limit (%llu) exceeded", h->instructionLimit); break;
    case IB_STOP_TIME: snprintf(buffer, size, "time limit (%g s) exceeded", h->timeLimit); break;
    case IB_STOP_MEMORY: snprintf(buffer, size, "memory limit (%zu bytes) exceeded", h->limit); break;
    case IB_STOP_INTERRUPT: snprintf(buffer, size, "interrupted"); break;
    default: snprintf(buffer, size, "stopped"); break;
    }
    return buffer;
}

// The hook is C so that it can raise: it runs on the Lua thread between two instructions.
static void ib_hook(lua_State *L, lua_Debug *ar) {
    ib_Host *h = ib_hostof(L);
    if (!h->budgetActive) {
        lua_sethook(L, NULL, 0, 0);
        return;
    }
    int reason = atomic_load(&h->stop);
    if (reason == 0) {
        h->counted += IB_COUNT_INTERVAL;
        if (h->instructionLimit == 0 || h->counted < h->instructionLimit) return;
        ib_stopnow(h, IB_STOP_INSTRUCTIONS, 0);
        reason = atomic_load(&h->stop);
    }
    (void)ar;
    char where[256];
    ib_userwhere(L, 0, where, sizeof where);
    if (h->stopWhere[0] == '\0') memcpy(h->stopWhere, where, sizeof where);
    lua_sethook(L, ib_hook, LUA_MASKCOUNT, 1);  // and again at every further instruction
    char text[128];
    // Not luaL_error: inside a hook its level-1 position is the caller of the running function.
    lua_pushfstring(L, "%s%s%s", where, where[0] ? " " : "", describe(h, reason, text, sizeof text));
    lua_error(L);
}

void ib_stopnow(ib_Host *h, int reason, int onLuaThread) {
    int expected = 0;
    if (!atomic_compare_exchange_strong(&h->stop, &expected, reason)) return;
    h->stoppedAt = now();
    if (onLuaThread) {
        if (h->stopWhere[0] == '\0') ib_currentwhere(h, h->stopWhere, sizeof h->stopWhere);
        arm(h, 1);
    }
}

// Why a run that a limit stopped has not stopped `hardExitGrace` seconds later, and where its
// Lua code is: the hook runs only between VM instructions, so a long C function (a string
// pattern that backtracks, a huge string.rep) or a finalizer (hooks are off inside __gc,
// lgc.c's GCTM) never sees it. Read from the watchdog thread while the Lua thread is stuck:
// lua_getstack and lua_getinfo without "f"/"L" only read the call stack, and the process ends
// right after.
static void stuckWhere(ib_Host *h, char *where, size_t whereSize, char *why, size_t whySize) {
    lua_State *L = ib_running(h);
    lua_Debug ar;
    where[0] = '\0';
    snprintf(why, whySize, "the script does not stop");
    if (!lua_getstack(L, 0, &ar) || !lua_getinfo(L, "Sn", &ar)) {
        // No Lua code is running: the host is (the renderer, an exporter, waiting for ffmpeg).
        if (h->activity[0])
            snprintf(why, whySize, "still %s %g s later, outside the script (the limits stop only Lua code)",
                     h->activity, hardExitGrace);
        return;
    }
    if (ar.name != NULL && strcmp(ar.name, "__gc") == 0) {
        snprintf(why, whySize, "still running %g s later in a __gc metamethod (finalizers run with the limits' hook off)",
                 hardExitGrace);
    } else if (strcmp(ar.what, "C") == 0) {
        snprintf(why, whySize, "still running %g s later inside the C function '%s', which the limits cannot interrupt (a string pattern that backtracks?)",
                 hardExitGrace, ar.name ? ar.name : "?");
    }
    ib_userwhere(L, 0, where, whereSize);
}

static void *watchdog(void *unused) {
    (void)unused;
    for (;;) {
        double t = now(), next = -1;
        pthread_mutex_lock(&runsLock);
        int interrupt = interruptPending;
        for (int i = 0; i < IB_MAX_RUNS; i++) {
            ib_Host *h = runs[i];
            if (h == NULL) continue;
            int signal = 0;
            if (interrupt) { ib_stopnow(h, IB_STOP_INTERRUPT, 0); signal = 1; }
            if (h->timeDeadline > 0 && t >= h->timeDeadline) { ib_stopnow(h, IB_STOP_TIME, 0); signal = 1; }
            if (h->countAt > 0 && t >= h->countAt && !atomic_load(&h->countRequested)) {
                atomic_store(&h->countRequested, 1);
                signal = 1;
            }
            int stop = atomic_load(&h->stop);
            if (signal || stop) pthread_kill(h->thread, IB_ARM_SIGNAL);
            // Hooks are off inside __gc metamethods (lgc.c's GCTM), so a finalizer that loops
            // is deaf to the hook. The CLI asks for a hard exit after a grace period.
            if (stop && hardExitGrace > 0 && t >= h->stoppedAt + hardExitGrace) {
                char text[128], line[512], where[256], why[200];
                stuckWhere(h, where, sizeof where, why, sizeof why);
                const char *at = h->stopWhere[0] ? h->stopWhere : where;
                int n = snprintf(line, sizeof line, "inbetween: %s%s%s; %s, exiting\n",
                                 at, at[0] ? " " : "", describe(h, stop, text, sizeof text), why);
                // The message first: the clean-up ends the host's children (ffmpeg), and the
                // thread waiting for one would report its death before the real cause.
                ssize_t w = write(2, line, (size_t)n);
                (void)w;
                // And the last word: from here stderr goes nowhere, so a thread that sees the
                // child end while the clean-up runs cannot add a second line after it.
                int quiet = open("/dev/null", O_WRONLY);
                if (quiet >= 0) dup2(quiet, 2);
                if (hardExitCleanup) hardExitCleanup();
                _exit(stop == IB_STOP_INTERRUPT ? 130 : 1);
            }
            double candidates[3] = {
                stop ? 0.2 + t : (h->timeDeadline > 0 ? h->timeDeadline : -1),
                (!atomic_load(&h->countRequested) && h->countAt > 0) ? h->countAt : -1,
                -1};
            for (int k = 0; k < 2; k++)
                if (candidates[k] >= 0 && (next < 0 || candidates[k] < next)) next = candidates[k];
        }
        watchdogNext = next;
        pthread_mutex_unlock(&runsLock);
        int timeout = next < 0 ? -1 : (int)((next - now()) * 1000.0) + 1;
        if (timeout < 0 && next >= 0) timeout = 0;
        struct pollfd p = {.fd = wakePipe[0], .events = POLLIN};
        if (poll(&p, 1, timeout) > 0) {
            char drain[64];
            while (read(wakePipe[0], drain, sizeof drain) > 0) {}
        }
    }
    return NULL;
}

static void startWatchdog(void) {
    if (pipe(wakePipe) != 0) return;
    fcntl(wakePipe[0], F_SETFL, O_NONBLOCK);
    fcntl(wakePipe[1], F_SETFL, O_NONBLOCK);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = armHandler;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(IB_ARM_SIGNAL, &sa, NULL);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 256 * 1024);  // it never runs Lua
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_t thread;
    pthread_create(&thread, &attr, watchdog, NULL);
    pthread_attr_destroy(&attr);
}

void ib_setlimits(lua_State *L, unsigned long long maxInstructions, double timeoutSeconds) {
    ib_Host *h = ib_hostof(L);
    h->instructionLimit = maxInstructions;
    h->timeLimit = timeoutSeconds > 0 ? timeoutSeconds : 0;
}

int ib_beginbudget(lua_State *L) {
    ib_Host *h = ib_hostof(L);
    ib_endbudget(L);
    // Only a time or instruction limit needs the watchdog (and the arming signal's handler):
    // a library host whose runs have neither leaves the process without either.
    if (h->timeLimit > 0 || h->instructionLimit > 0) {
        pthread_once(&watchdogOnce, startWatchdog);
        if (wakePipe[0] < 0) return IB_BUDGET_NOWATCHDOG;
    }
    h->counted = 0;
    atomic_store(&h->stop, 0);
    atomic_store(&h->countRequested, 0);
    h->stopWhere[0] = '\0';
    h->memoryRefusals = 0;
    h->memoryWhere[0] = '\0';
    h->exceeded = 0;
    h->thread = pthread_self();
    h->startedAt = now();
    h->timeDeadline = h->timeLimit > 0 ? h->startedAt + h->timeLimit : 0;
    h->countAt = h->instructionLimit > 0 ? h->startedAt + (double)h->instructionLimit / IB_MAX_RATE : 0;
    pthread_mutex_lock(&runsLock);
    int slot = -1;
    for (int i = 0; i < IB_MAX_RUNS && slot < 0; i++)
        if (runs[i] == NULL) slot = i;
    int needsWake = 0;
    if (slot >= 0) {
        runs[slot] = h;
        h->slot = slot;
        h->budgetActive = 1;
        currentHost = h;
        double first = h->timeDeadline;
        if (h->countAt > 0 && (first <= 0 || h->countAt < first)) first = h->countAt;
        needsWake = first > 0 && (watchdogNext < 0 || first < watchdogNext);
    }
    pthread_mutex_unlock(&runsLock);
    if (slot < 0) return IB_BUDGET_FULL;
    if (needsWake) wake();
    return 0;
}

void ib_endbudget(lua_State *L) {
    ib_Host *h = ib_hostof(L);
    if (!h->budgetActive) return;
    pthread_mutex_lock(&runsLock);
    runs[h->slot] = NULL;
    h->slot = -1;
    h->budgetActive = 0;
    if (currentHost == h) currentHost = NULL;
    pthread_mutex_unlock(&runsLock);
    lua_sethook(L, NULL, 0, 0);
    int depth = h->depth;
    for (int i = 0; i < depth; i++) lua_sethook(h->chain[i], NULL, 0, 0);
}

int ib_stopreason(lua_State *L) { return atomic_load(&ib_hostof(L)->stop); }

unsigned long long ib_instructionscounted(lua_State *L) { return ib_hostof(L)->counted; }

void ib_stopdescription(lua_State *L, char *where, size_t whereSize, char *message, size_t messageSize) {
    ib_Host *h = ib_hostof(L);
    snprintf(where, whereSize, "%s", h->stopWhere);
    describe(h, atomic_load(&h->stop), message, messageSize);
    // A time limit with no position fired and was seen outside Lua: it names what the host
    // was doing, not the script. (Ctrl-C stays "interrupted": the user knows why.)
    size_t used = strlen(message);
    if (atomic_load(&h->stop) == IB_STOP_TIME && h->stopWhere[0] == '\0' && h->activity[0] && used < messageSize)
        snprintf(message + used, messageSize - used, " while %s", h->activity);
}

void ib_setactivity(lua_State *L, const char *what) {
    ib_Host *h = ib_hostof(L);
    // The first byte last: the watchdog thread may read the text while it changes, and then
    // sees the old text's start or the whole new one, always terminated.
    h->activity[0] = '\0';
    if (what == NULL || what[0] == '\0') return;
    size_t n = strlen(what);
    if (n > sizeof h->activity - 1) n = sizeof h->activity - 1;
    memcpy(h->activity + 1, what + 1, n - 1);
    h->activity[n] = '\0';
    h->activity[0] = what[0];
}

static void interruptHandler(int sig) {
    (void)sig;
    interruptPending = 1;
    signal(SIGINT, SIG_DFL);  // a second Ctrl-C ends the process at once, as in lua.c
    wake();
}

void ib_installinterrupthandler(double hardExitAfter, void (*cleanup)(void)) {
    pthread_once(&watchdogOnce, startWatchdog);
    hardExitGrace = hardExitAfter;
    hardExitCleanup = cleanup;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = interruptHandler;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
}

int ib_interrupted(void) { return interruptPending; }
