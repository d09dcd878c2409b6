#ifndef INBETWEEN_CLUASUPPORT_H
#define INBETWEEN_CLUASUPPORT_H
// The C side of the Lua host. Lua reports errors with longjmp; a longjmp that crosses a Swift
// frame skips its cleanup (deinit, defer, releases: a 16 MB array was seen leaking that way).
// So Swift never calls an API function that may raise: Lua code runs only inside ib_pcall,
// Swift functions are called through ib_trampoline and hand errors back as return codes, and
// the trampoline (C) is the only place that raises.
#include <stddef.h>
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

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

/// Loads a text chunk (binary chunks are refused). Pushes the function or an error message.
int ib_loadtext(lua_State *L, const char *text, size_t length, const char *chunkname);

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

/// Pushes a new table {values[0], ..., values[n-1]}. Never raises.
void ib_pushnumbers(lua_State *L, const double *values, size_t n);

/// Copies t[1..n] of the table at `index` into out[0..n-1] with raw access and returns n; at
/// the first entry that is not a finite number, returns its 0-based position and leaves that
/// value pushed (for the error message). Never raises.
size_t ib_readnumbers(lua_State *L, int index, size_t n, double *out);

/// The same for the n stack slots from `first` up. Never raises.
size_t ib_readstack(lua_State *L, int first, size_t n, double *out);
#endif
