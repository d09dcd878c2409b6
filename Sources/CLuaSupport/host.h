#ifndef INBETWEEN_CLUASUPPORT_HOST_H
#define INBETWEEN_CLUASUPPORT_HOST_H
// Private to CLuaSupport: the per-state bookkeeping every C file here shares.
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include "CLuaSupport.h"

// Coroutines may nest (resume inside resume, close inside close) this deep. Lua 5.4.4 bounds
// resume nesting by its C-call limit (200) but not close nesting: closing coroutines whose
// __close handlers close others ~20,000 deep overflows the C stack (fixed upstream in 5.4.5).
#define IB_MAX_NESTING 200

typedef struct ib_Host {
    lua_State *main;
    size_t used;      // bytes Lua holds now
    size_t limit;     // 0 = no limit
    int canFail;      // the allocator may refuse only while Lua code runs under ib_pcall
    int exceeded;     // an allocation passed the limit while it could not fail
    char *warnings;   // collected warnings, '\n'-separated
    size_t warningsLength;
    size_t warningCount;
    size_t warningsDropped;
    int warningContinues;
    // The last refused request: Lua retries a failed allocation once after an emergency
    // collection, and only a refused retry is a limit hit.
    void *refusedBlock;
    size_t refusedOld, refusedNew;
    unsigned long memoryRefusals;         // in this budget
    char memoryWhere[256];                // where the first refusal happened

    // Limits (limits.c). `stop` is written by the watchdog, the SIGINT handler and the Lua
    // thread, read by the hook: atomic.
    unsigned long long instructionLimit;  // 0 = none
    double timeLimit;                     // seconds, 0 = none
    unsigned long long counted;           // instructions seen by the counting hook
    _Atomic int stop;                     // IB_STOP_* once a limit fired, else 0
    _Atomic int countRequested;           // the watchdog asks the Lua thread to start counting
    int budgetActive;
    int slot;                             // index in the watchdog's table, -1 when none
    pthread_t thread;                     // the thread running the budget
    double startedAt, timeDeadline, countAt, stoppedAt;
    char stopWhere[256];                  // "chunk:line:" where the limit fired
    char activity[96];                    // what the host does outside Lua ("" when nothing)

    // Coroutines being resumed or closed, outermost first (coroutines.c), so that an armed
    // hook reaches the thread that is actually running.
    lua_State *chain[IB_MAX_NESTING];
    volatile sig_atomic_t depth;
} ib_Host;

ib_Host *ib_hostof(lua_State *L);
/// The innermost running thread of the host (the main state when no coroutine runs).
lua_State *ib_running(ib_Host *h);
/// Records that a limit fired (the first reason wins) and, on the Lua thread, arms the hook.
void ib_stopnow(ib_Host *h, int reason, int onLuaThread);
/// Where the innermost running Lua function is, as "chunk:line:" ("" when unknown).
void ib_currentwhere(ib_Host *h, char *buffer, size_t size);
/// The innermost position, from stack level `firstLevel` out, in a chunk the user wrote (not
/// the host's own): "chunk:line:" and 1, or "" and 0.
int ib_userwhere(lua_State *L, int firstLevel, char *buffer, size_t size);
#endif
