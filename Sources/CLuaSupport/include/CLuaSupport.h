#ifndef INBETWEEN_CLUASUPPORT_H
#define INBETWEEN_CLUASUPPORT_H
// The C side of the Lua host. Lua reports errors with longjmp; a longjmp that crosses a Swift
// frame skips its cleanup (deinit, defer, releases: a 16 MB array was seen leaking that way).
// So Swift never calls an API function that may raise: Lua code runs only inside ib_pcall,
// Swift functions are called through ib_trampoline and hand errors back as return codes, and
// the trampoline (C) is the only place that raises.
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include "../../CLua/lua54.h"  /* Lua 5.4's headers on Debian's and Homebrew's layouts */

/// A Swift function callable from Lua. Returns the number of results pushed (>= 0) or one of
/// the IB_RAISE codes below, with the error's material on the stack top.
typedef int (*ib_SwiftFunction)(lua_State *L, void *context);

#define IB_RAISE (-1)       /* top: the error value, raised as it is */
#define IB_RAISE_WHERE (-2) /* top: a message string, raised with "chunk:line: " in front */
#define IB_RAISE_ARG (-3)   /* top: message, below it the argument index: luaL_argerror */
#define IB_RAISE_TYPE (-4)  /* top: expected type name, below it the argument index: luaL_typeerror */

/// New state with the counting allocator (memoryLimit 0 = unlimited), a panic handler and a
/// warning function that collects warnings. NULL when even that fails.
lua_State *ib_newstate(size_t memoryLimit);
void ib_close(lua_State *L);
size_t ib_memoryused(lua_State *L);
size_t ib_memorylimit(lua_State *L);
void ib_setmemorylimit(lua_State *L, size_t limit);

/// Pushes a C closure that calls `fn(L, context)` through the trampoline.
void ib_pushswiftfunction(lua_State *L, ib_SwiftFunction fn, void *context, const char *name);

/// lua_pcall with the allocator allowed to fail. With `traceback`, a message handler turns the
/// error into a string (via __tostring when it has one) and appends a traceback.
int ib_pcall(lua_State *L, int nargs, int nresults, int traceback);

/// f(x) for the function kept at registry[ref], called as ib_pcall(L, 1, 1, 1) would: LUA_OK
/// with the number in *result when f returned a finite number (the stack as it was); an error
/// status with the message (and traceback) on the top; or IB_CALL_NOTFINITE with what f
/// returned on the top.
int ib_callnumber(lua_State *L, lua_Integer ref, double x, double *result);
#define IB_CALL_NOTFINITE 100

/// f(xs[j]) into xs[j] for j = 0, 1, ... n - 1, in one protected call: what n calls of
/// ib_callnumber compute, each call's setting up (the handler, the function from the registry,
/// the protected call) paid once. *good is how many leading values are f's and may be used:
/// n; or j, with the status and what ib_callnumber leaves on the top, when f failed at xs[j]
/// (xs[j] is then left as it was); or j, with LUA_OK, when a limit fired (ib_stopreason)
/// during or after the call that computed xs[j].
int ib_callnumbers(lua_State *L, lua_Integer ref, double *xs, int n, int *good);

/// Loads a text chunk (binary chunks are refused). Pushes the function or an error message.
int ib_loadtext(lua_State *L, const char *text, size_t length, const char *chunkname);

/// Loads one of the binary's own compiled chunks (ib_hostcompiled, ib_shippedcompiled; never
/// anything a user wrote) as if it had been parsed from `chunkname` ("@path", "=[inbetween
/// kit]"): the chunk's recorded source name is replaced by that one, so errors and debug
/// information name the file actually loaded. Pushes the function or an error message.
int ib_loadcompiledas(lua_State *L, const unsigned char *chunk, size_t length, const char *chunkname);

/// luaL_tolstring in protected mode: pushes the string (or the error). Returns a status.
int ib_tostring(lua_State *L, int index);

/// luaL_testudata without raising: the userdata's block when `index` is a userdata whose
/// metatable is the registry's `tname`, else NULL.
void *ib_testudata(lua_State *L, int index, const char *tname);

/// luaL_newmetatable without raising (the allocator cannot fail while Swift runs).
int ib_newmetatable(lua_State *L, const char *tname);

/// Opens the standard libraries in protected mode.
int ib_openlibs(lua_State *L);

/// "chunk:line:" of the Lua function `level` levels up the stack (1 = the caller of the
/// running C function), or "" when it has none. Never raises.
void ib_where(lua_State *L, int level, char *buffer, size_t size);

/// Warnings Lua emitted (errors in __gc among them) since the last call, newline-separated;
/// the caller frees the result with free(). NULL when there were none.
char *ib_takewarnings(lua_State *L);

/// "chunk:line" where the Lua function at `index` was defined ("" for C functions). Never raises.
void ib_definedat(lua_State *L, int index, char *buffer, size_t size);

// MARK: limits (limits.c) and coroutines (coroutines.c)

#define IB_STOP_INSTRUCTIONS 1
#define IB_STOP_TIME 2
#define IB_STOP_MEMORY 3
#define IB_STOP_INTERRUPT 4

#define IB_BUDGET_FULL (-1)        /* too many budgets running in this process */
#define IB_BUDGET_NOWATCHDOG (-2)  /* the watchdog thread could not be started */

/// Instruction (0 = none) and wall-clock (seconds, 0 = none) limits of the next budgets.
void ib_setlimits(lua_State *L, unsigned long long maxInstructions, double timeoutSeconds);
/// Starts a budget on the calling thread (which must be the one running Lua): the clocks
/// start now, a previous stop is cleared. 0 or an IB_BUDGET error.
int ib_beginbudget(lua_State *L);
/// Ends the budget and removes the hook. Safe to call when none is running.
void ib_endbudget(lua_State *L);
/// The IB_STOP reason of the limit that fired in the current or last budget, or 0.
int ib_stopreason(lua_State *L);
/// Where the limit fired ("chunk:line:" or "") and what it says ("instruction limit (N) exceeded").
void ib_stopdescription(lua_State *L, char *where, size_t whereSize, char *message, size_t messageSize);
/// Instructions the counting hook saw (a lower bound of those run; see limits.c).
unsigned long long ib_instructionscounted(lua_State *L);
/// How many CPUs sched_getaffinity(2) lets this process run on; 0 when unknown (cpus.c).
int ib_affinitycpus(void);
/// Writes the running executable's path into `buffer` (NUL-terminated); its length, or 0 when
/// it is unknown (executable.c: /proc/self/exe on Linux, _NSGetExecutablePath on Darwin).
size_t ib_executablepath(char *buffer, size_t size);
/// What the host is doing outside Lua for this state ("drawing frames"; NULL: nothing), for a
/// limit's message: a limit that fires there is not the script's (limits.c).
void ib_setactivity(lua_State *L, const char *what);
/// Starts `path` with `argv` and `envp` in a process group of its own, `input` as its stdin,
/// /dev/null as its stdout, `messages` as its stderr and the `closing` descriptors closed;
/// on Linux it is killed when the calling thread ends (spawn.c). Its PID, or -1 with `*error`
/// set to errno.
pid_t ib_spawnencoder(const char *path, char *const argv[], char *const envp[], int input, int messages,
                      const int *closing, int closingCount, int *error);

/// Bytes of stack of the calling thread (0 when unknown). Lua needs at least 256 KiB.
size_t ib_threadstacksize(void);
/// When the allocator refused a request in the running budget: where the first refusal
/// happened ("chunk:line:" or ""), else NULL.
const char *ib_memoryrefused(lua_State *L);
/// A full garbage collection in protected mode (finalizers may run). Returns a status.
int ib_collect(lua_State *L);
/// Stops (0) or restarts (1) the collector's automatic steps (lua_gc's STOP and RESTART; a
/// full collection and one that frees memory when an allocation fails still run). A restart
/// sets the collector's debt to zero, so that it starts a cycle at the next allocation: follow
/// it with a full collection, which sets the pause before the next cycle.
void ib_gcrunning(lua_State *L, int running);
/// Bytes of stack left below the caller on this thread.
size_t ib_stackremaining(void);
/// Ctrl-C stops every running budget with "interrupted" (a second Ctrl-C kills the process).
/// With `hardExitAfter` > 0, a run that has not stopped that many seconds after a limit fired
/// (hooks are off inside __gc) ends the process: `cleanup` runs, then _exit(1) or 130.
void ib_installinterrupthandler(double hardExitAfter, void (*cleanup)(void));
/// Whether Ctrl-C was pressed.
int ib_interrupted(void);
/// Replaces coroutine.resume, wrap and close with nesting-bounded versions that let the
/// limits' hook follow into coroutines.
int ib_installcoroutines(lua_State *L);

/// Pushes restore(copies, seen) for Lua/environment.lua (see restore.c). Never raises.
void ib_pushrestore(lua_State *L);

/// Pushes copy(t, seen, copies, shared, G) for Lua/environment.lua (see restore.c). Pushing
/// never raises; copy itself raises only out of memory, inside the host's protected call.
void ib_pushcopy(lua_State *L);

/// The text of the host's Lua file `name` (Sources/InbetweenLua/Lua/NAME.lua, embedded at build
/// time) and its length, or NULL when there is none of that name.
const char *ib_hostsource(const char *name, size_t *length);

/// The compiled form of the host's Lua file `name` (Lua/compiled/NAME.luac, see hostsources.c)
/// and its length, or NULL when it is not there or not usable: made from another text or by
/// another Lua release. Load it in binary mode; otherwise load the text.
const unsigned char *ib_hostcompiled(const char *name, size_t *length);

/// A compiled file's header: "IBLC", then as 8-byte little-endian numbers the Lua release that
/// made it (LUA_VERSION_RELEASE_NUM), the length and the ib_hosthash of the text it was made
/// from; then the chunk as lua_dump wrote it (with its debug information, for error lines).
#define IB_COMPILED_HEADER 28

/// The hash a compiled file's header holds for `text`.
uint64_t ib_hosthash(const char *text, size_t length);

/// The compiled form of a shipped plugin (Lua/compiled/plugins/NAME.luac) whose text is exactly
/// `text`, or NULL. Load it with ib_loadcompiledas, under the file's own chunk name.
const unsigned char *ib_shippedcompiled(const char *text, size_t length, size_t *chunkLength);

/// The name of the shipped plugin built in at `index` (from 0), or NULL past the last.
const char *ib_shippedname(size_t index);

/// The text of the shipped plugin built in at `index` (plugins/NAME.lua, byte for byte), or
/// NULL past the last.
const char *ib_shippedtext(size_t index, size_t *length);

/// Writes the header of a compiled file made from `text` by the linked Lua release.
void ib_compiledheader(const char *text, size_t length, unsigned char header[IB_COMPILED_HEADER]);

/// The chunk inside `compiled` when its header matches `text` and the linked Lua release, else
/// NULL (and 0 in chunkLength).
const unsigned char *ib_compiledchunk(
    const char *text, size_t length, const unsigned char *compiled, size_t compiledLength,
    size_t *chunkLength);

/// How many keys of the table at `index` are strings. Never raises.
int ib_countstringkeys(lua_State *L, int index);

/// Pushes a new table {values[0], ..., values[n-1]}. Never raises.
void ib_pushnumbers(lua_State *L, const double *values, size_t n);

/// Copies t[1..n] of the table at `index` into out[0..n-1] with raw access and returns n; at
/// the first entry that is not a finite number, returns its 0-based position and leaves that
/// value pushed (for the error message). Never raises.
size_t ib_readnumbers(lua_State *L, int index, size_t n, double *out);

/// The same for the n stack slots from `first` up. Never raises.
size_t ib_readstack(lua_State *L, int first, size_t n, double *out);
#endif
