#include "CLuaSupport.h"
#include "host.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

ib_Host *ib_hostof(lua_State *L) {
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return (ib_Host *)ud;
}
#define host_of ib_hostof

// The counting allocator. When Swift code is running (canFail == 0) a refusal would make Lua
// raise through a Swift frame, so it records the overrun and the trampoline raises afterwards.
static void *ib_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    ib_Host *h = (ib_Host *)ud;
    size_t old = ptr ? osize : 0;  // for a new block, osize encodes the object's type
    if (nsize == 0) {
        free(ptr);
        h->used -= old;
        return NULL;
    }
    if (h->limit != 0 && nsize > old && h->used - old + nsize > h->limit) {
        if (h->canFail) {
            // Inside a budget, a refused retry (after Lua's emergency collection) is a limit
            // that stays hit (see limits.c); the first refusal may still be rescued by it.
            int retry = h->refusedBlock == ptr && h->refusedOld == old && h->refusedNew == nsize;
            if (h->budgetActive && h->memoryRefusals++ == 0)
                ib_currentwhere(h, h->memoryWhere, sizeof h->memoryWhere);
            if (retry && h->budgetActive) ib_stopnow(h, IB_STOP_MEMORY, 1);
            h->refusedBlock = ptr;
            h->refusedOld = old;
            h->refusedNew = nsize;
            return NULL;
        }
        h->exceeded = 1;
    }
    void *block = realloc(ptr, nsize);
    if (block == NULL) {
        if (h->canFail) return NULL;
        fputs("inbetween: out of memory outside a protected Lua call\n", stderr);
        abort();
    }
    h->used = h->used - old + nsize;
    if (h->refusedBlock == ptr && h->refusedOld == old && h->refusedNew == nsize) h->refusedNew = 0;  // rescued
    return block;
}

static int ib_panic(lua_State *L) {
    const char *msg = lua_tostring(L, -1);
    fprintf(stderr, "inbetween: unprotected Lua error (%s)\n", msg ? msg : "?");
    abort();
    return 0;
}

// A script whose finalizers all fail could produce millions of warnings; keep the first ones.
#define IB_MAX_WARNINGS 100

static void append_warning(ib_Host *h, const char *text, int ends) {
    if (h->warningCount >= IB_MAX_WARNINGS) {
        if (ends) h->warningsDropped++;
        return;
    }
    if (ends) h->warningCount++;
    size_t n = strlen(text);
    char *grown = realloc(h->warnings, h->warningsLength + n + 2);
    if (grown == NULL) return;
    h->warnings = grown;
    memcpy(h->warnings + h->warningsLength, text, n);
    h->warningsLength += n;
    if (ends) h->warnings[h->warningsLength++] = '\n';
    h->warnings[h->warningsLength] = '\0';
}

// Lua's warning function: pieces are joined until one arrives with tocont == 0. Control
// messages ("@on", "@off") are ignored: warnings are always collected.
static void ib_warn(void *ud, const char *msg, int tocont) {
    ib_Host *h = (ib_Host *)ud;
    if (!h->warningContinues && msg[0] == '@') return;
    append_warning(h, msg, !tocont);
    h->warningContinues = tocont;
}

lua_State *ib_newstate(size_t memoryLimit) {
    ib_Host *h = calloc(1, sizeof(ib_Host));
    if (h == NULL) return NULL;
    lua_State *L = lua_newstate(ib_alloc, h);
    if (L == NULL) {
        free(h);
        return NULL;
    }
    h->main = L;
    h->slot = -1;
    h->limit = memoryLimit;
    lua_atpanic(L, ib_panic);
    lua_setwarnf(L, ib_warn, h);
    return L;
}

void ib_close(lua_State *L) {
    ib_Host *h = host_of(L);
    ib_endbudget(L);
    lua_sethook(L, NULL, 0, 0);
    h->canFail = 0;
    h->limit = 0;  // finalizers still run during lua_close; let them allocate
    lua_close(L);
    free(h->warnings);
    free(h);
}

size_t ib_memoryused(lua_State *L) { return host_of(L)->used; }
size_t ib_memorylimit(lua_State *L) { return host_of(L)->limit; }
void ib_setmemorylimit(lua_State *L, size_t limit) { host_of(L)->limit = limit; }

char *ib_takewarnings(lua_State *L) {
    ib_Host *h = host_of(L);
    if (h->warningsDropped > 0) {
        char note[96];
        snprintf(note, sizeof note, "(%zu more warnings not shown)", h->warningsDropped);
        h->warningCount = 0;
        append_warning(h, note, 1);
    }
    char *w = h->warnings;
    h->warnings = NULL;
    h->warningsLength = 0;
    h->warningCount = 0;
    h->warningsDropped = 0;
    return w;
}

// The only place a Swift function's error is raised: Swift has returned, so no Swift frame
// lies between here and the protected call that catches it.
static int ib_trampoline(lua_State *L) {
    ib_SwiftFunction fn = (ib_SwiftFunction)lua_touserdata(L, lua_upvalueindex(1));
    void *context = lua_touserdata(L, lua_upvalueindex(2));
    ib_Host *h = host_of(L);
    int saved = h->canFail;
    // The arguments the function was called with: what IB_RAISE_TYPE's argument refers to,
    // whatever the function pushed since (an absent argument is "no value", never one of them).
    int nargs = lua_gettop(L);
    h->canFail = 0;
    int n = fn(L, context);
    h->canFail = saved;
    if (h->exceeded) {
        h->exceeded = 0;
        if (h->budgetActive) {
            ib_stopnow(h, IB_STOP_MEMORY, 1);
            return luaL_error(L, "memory limit (%I bytes) exceeded", (lua_Integer)h->limit);
        }
        lua_pushliteral(L, "not enough memory");
        return lua_error(L);
    }
    switch (n) {
    case IB_RAISE:
        return lua_error(L);
    case IB_RAISE_WHERE:
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
        return lua_error(L);
    case IB_RAISE_ARG: {
        int arg = (int)lua_tointeger(L, -2);
        return luaL_argerror(L, arg, lua_tostring(L, -1));
    }
    case IB_RAISE_TYPE: {
        int arg = (int)lua_tointeger(L, -2);
        if (arg > nargs || arg < 1)  // luaL_typeerror would describe a value this function pushed
            return luaL_argerror(L, arg, lua_pushfstring(L, "%s expected, got no value", lua_tostring(L, -1)));
        return luaL_typeerror(L, arg, lua_tostring(L, -1));
    }
    default:
        return n;
    }
}

void ib_pushswiftfunction(lua_State *L, ib_SwiftFunction fn, void *context, const char *name) {
    (void)name;
    lua_pushlightuserdata(L, (void *)fn);
    lua_pushlightuserdata(L, context);
    lua_pushcclosure(L, ib_trampoline, 2);
}

// Like lua.c's message handler: non-string errors are described through __tostring when they
// have one, then a traceback is appended.
static int ib_msghandler(lua_State *L) {
    const char *msg = lua_tostring(L, 1);
    if (msg == NULL) {
        if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
            msg = lua_tostring(L, -1);
        else
            msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    }
    luaL_traceback(L, L, msg, 1);
    return 1;
}

// lua_pcall with the allocator allowed to refuse (canFail, see ib_alloc) for the call's length.
static int pcall_refusable(lua_State *L, int nargs, int nresults, int handler) {
    ib_Host *h = host_of(L);
    int saved = h->canFail;
    h->canFail = 1;
    if (!saved) h->exceeded = 0;  // an overrun outside any call cannot be undone; do not blame this one
    int status = lua_pcall(L, nargs, nresults, handler);
    h->canFail = saved;
    h->exceeded = 0;
    return status;
}

int ib_pcall(lua_State *L, int nargs, int nresults, int traceback) {
    int base = 0;
    if (traceback) {
        base = lua_gettop(L) - nargs;
        lua_pushcfunction(L, ib_msghandler);
        lua_insert(L, base);
    }
    int status = pcall_refusable(L, nargs, nresults, base);
    if (traceback) lua_remove(L, base);
    return status;
}

// One easing call per frame: what ib_pcall does with a traceback, without moving the handler
// under the function (pushed first instead), and with the registry lookup, the argument and
// the check of the result in the same C call (see CLuaSupport.h).
int ib_callnumber(lua_State *L, lua_Integer ref, double x, double *result) {
    int base = lua_gettop(L) + 1;
    lua_pushcfunction(L, ib_msghandler);
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
    lua_pushnumber(L, x);
    int status = pcall_refusable(L, 1, 1, base);
    if (status == LUA_OK && lua_type(L, -1) == LUA_TNUMBER) {
        double y = lua_tonumber(L, -1);
        if (isfinite(y)) {
            *result = y;
            lua_settop(L, base - 1);
            return LUA_OK;
        }
    }
    lua_remove(L, base);
    return status == LUA_OK ? IB_CALL_NOTFINITE : status;
}

// ib_callnumbers' state, handed to `callmany` as a light userdata.
typedef struct {
    double *xs;
    int n;
    int good;
    lua_Integer ref;
    int failed;  // f returned something that is not a finite number (left on the top)
} Many;

// Runs inside ib_callnumbers' protected call: an error raised by f unwinds to it, through C
// frames only. Stops at the first result that is not a finite number, and after the call in
// which a limit fired (the per-call check ib_callnumber's caller makes).
static int callmany(lua_State *L) {
    Many *m = lua_touserdata(L, 1);
    lua_rawgeti(L, LUA_REGISTRYINDEX, m->ref);  // 2: f
    for (int j = 0; j < m->n; j++) {
        lua_pushvalue(L, 2);
        lua_pushnumber(L, m->xs[j]);
        lua_call(L, 1, 1);
        double y = lua_tonumber(L, -1);  // what ib_callnumber checks: a number, not a string
        if (lua_type(L, -1) != LUA_TNUMBER || !isfinite(y)) {
            m->failed = 1;
            return 1;
        }
        m->xs[j] = y;
        lua_settop(L, 2);
        if (ib_stopreason(L) != 0) return 0;
        m->good = j + 1;
    }
    return 0;
}

// The traceback of an error in f, as ib_callnumber's: without the line `callmany` adds at the
// bottom ("[C]: in ?"), a frame no single call has. At the bottom when the frames are sampled
// from Swift, as every caller does; were they sampled under a Lua call, the line would stay,
// between the easing's frames and that call's.
static int ib_manyhandler(lua_State *L) {
    ib_msghandler(L);
    size_t length;
    const char *text = lua_tolstring(L, -1, &length);
    static const char tail[] = "\n\t[C]: in ?";
    size_t t = sizeof tail - 1;
    if (text != NULL && length >= t && memcmp(text + length - t, tail, t) == 0) {
        lua_pushlstring(L, text, length - t);
    }
    return 1;
}

int ib_callnumbers(lua_State *L, lua_Integer ref, double *xs, int n, int *good) {
    Many m = {xs, n, 0, ref, 0};
    int base = lua_gettop(L) + 1;
    lua_pushcfunction(L, ib_manyhandler);
    lua_pushcfunction(L, callmany);
    lua_pushlightuserdata(L, &m);
    int status = pcall_refusable(L, 1, 1, base);
    *good = m.good;
    if (status == LUA_OK && !m.failed) {
        lua_settop(L, base - 1);
        return LUA_OK;
    }
    lua_remove(L, base);
    return status == LUA_OK ? IB_CALL_NOTFINITE : status;
}

// A chunk handed to lua_load in up to four pieces (a text is one; a compiled chunk with its
// source name replaced is four, see ib_loadcompiledas).
typedef struct {
    const char *pieces[4];
    size_t sizes[4];
    int next;
} Pieces;

static const char *pieces_read(lua_State *L, void *data, size_t *size) {
    (void)L;
    Pieces *p = data;
    while (p->next < 4) {
        int i = p->next++;
        if (p->sizes[i] > 0) {
            *size = p->sizes[i];
            return p->pieces[i];
        }
    }
    *size = 0;
    return NULL;
}

// lua_load with the allocator allowed to refuse (canFail, see ib_alloc): loading runs inside
// Lua's own protection, so a refusal is an error status, not a raise through Swift.
static int load_pieces(lua_State *L, Pieces *pieces, const char *chunkname, const char *mode) {
    ib_Host *h = host_of(L);
    int saved = h->canFail;
    h->canFail = 1;
    if (!saved) h->exceeded = 0;
    int status = lua_load(L, pieces_read, pieces, chunkname, mode);
    h->canFail = saved;
    return status;
}

int ib_loadtext(lua_State *L, const char *text, size_t length, const char *chunkname) {
    Pieces pieces = {{text}, {length}, 0};
    return load_pieces(L, &pieces, chunkname, "t");
}

int ib_loadcompiledas(lua_State *L, const unsigned char *chunk, size_t length, const char *chunkname) {
    // Lua 5.4's dump (ldump.c, luaU_dump): a header of 31 bytes with 8-byte integers and floats
    // (signature, version, format, LUAC_DATA, three sizes, a test integer and float), one
    // byte for the main function's upvalue count, then that function's source name as a size
    // (the length + 1, 0 for none; 7 bits a byte, most significant first, the last byte
    // marked by its high bit) and the bytes. Nested functions record no source of their own
    // and take their parent's when loaded. The callers' files are checked to come from this
    // very Lua release (ib_compiledchunk), whose format this is.
    const size_t prefix = 4 + 1 + 1 + 6 + 3 + sizeof(lua_Integer) + sizeof(lua_Number) + 1;
    size_t at = prefix, old = 0;
    unsigned char b = 0;
    if (length > prefix && memcmp(chunk, LUA_SIGNATURE, 4) == 0) {
        do {
            b = chunk[at++];
            old = (old << 7) | (b & 0x7f);
        } while ((b & 0x80) == 0 && at < length && at - prefix < 10);
    }
    if ((b & 0x80) == 0 || old == 0 || old - 1 > length - at) {
        lua_pushstring(L, "malformed compiled chunk");
        return LUA_ERRSYNTAX;
    }
    at += old - 1;
    size_t name = strlen(chunkname);
    unsigned char size[10];
    int n = 0;
    for (size_t x = name + 1; n == 0 || x != 0; x >>= 7) size[n++] = x & 0x7f;
    unsigned char ordered[10];
    for (int i = 0; i < n; i++) ordered[i] = size[n - 1 - i];
    ordered[n - 1] |= 0x80;
    Pieces pieces = {
        {(const char *)chunk, (const char *)ordered, chunkname, (const char *)chunk + at},
        {prefix, (size_t)n, name, length - at},
        0,
    };
    return load_pieces(L, &pieces, chunkname, "b");
}

static int tostring_protected(lua_State *L) {
    luaL_tolstring(L, 1, NULL);
    return 1;
}

int ib_tostring(lua_State *L, int index) {
    index = lua_absindex(L, index);
    lua_pushcfunction(L, tostring_protected);
    lua_pushvalue(L, index);
    return ib_pcall(L, 1, 1, 0);
}

void *ib_testudata(lua_State *L, int index, const char *tname) {
    void *block = lua_touserdata(L, index);
    if (block == NULL || !lua_getmetatable(L, index)) return NULL;
    lua_pushstring(L, tname);
    lua_rawget(L, LUA_REGISTRYINDEX);
    int same = lua_rawequal(L, -1, -2);
    lua_settop(L, -3);
    return same ? block : NULL;
}

int ib_newmetatable(lua_State *L, const char *tname) {
    lua_pushstring(L, tname);
    lua_rawget(L, LUA_REGISTRYINDEX);
    if (lua_type(L, -1) != LUA_TNIL) return 0;  // leaves the existing one on the stack
    lua_settop(L, -2);
    lua_createtable(L, 0, 2);
    lua_pushstring(L, tname);
    lua_setfield(L, -2, "__name");  // a fresh table without metatable: rawset semantics
    lua_pushstring(L, tname);
    lua_pushvalue(L, -2);
    lua_rawset(L, LUA_REGISTRYINDEX);
    return 1;
}

static int openlibs_protected(lua_State *L) {
    luaL_openlibs(L);
    return 0;
}

int ib_openlibs(lua_State *L) {
    lua_pushcfunction(L, openlibs_protected);
    return ib_pcall(L, 0, 0, 0);
}

// "source:line:" (or "source:line" without the colon) into buffer, cut to its size as
// snprintf would: snprintf cost two thirds of `ib_where`, which every animation made calls.
static void put_place(char *buffer, size_t size, const char *source, int line, int colon) {
    if (size == 0) return;
    char digits[16];
    int n = 0;
    unsigned value = (unsigned)line;
    do {
        digits[n++] = (char)('0' + value % 10);
        value /= 10;
    } while (value > 0 && n < (int)sizeof digits);
    size_t at = 0;
    for (const char *c = source; *c && at + 1 < size; c++) buffer[at++] = *c;
    if (at + 1 < size) buffer[at++] = ':';
    while (n > 0 && at + 1 < size) buffer[at++] = digits[--n];
    if (colon && at + 1 < size) buffer[at++] = ':';
    buffer[at] = '\0';
}

void ib_where(lua_State *L, int level, char *buffer, size_t size) {
    lua_Debug ar;
    if (size > 0) buffer[0] = '\0';
    if (lua_getstack(L, level, &ar) && lua_getinfo(L, "Sl", &ar) && ar.currentline > 0)
        put_place(buffer, size, ar.short_src, ar.currentline, 1);
}

void ib_definedat(lua_State *L, int index, char *buffer, size_t size) {
    lua_Debug ar;
    buffer[0] = '\0';
    lua_pushvalue(L, index);
    if (lua_getinfo(L, ">S", &ar) && ar.linedefined > 0)
        snprintf(buffer, size, "%s:%d", ar.short_src, ar.linedefined);
}

const char *ib_memoryrefused(lua_State *L) {
    ib_Host *h = host_of(L);
    return h->budgetActive && h->memoryRefusals > 0 ? h->memoryWhere : NULL;
}

static int collect_protected(lua_State *L) {
    lua_gc(L, LUA_GCCOLLECT);
    return 0;
}

int ib_collect(lua_State *L) {
    lua_pushcfunction(L, collect_protected);
    return ib_pcall(L, 0, 0, 0);
}

void ib_gcrunning(lua_State *L, int running) {
    lua_gc(L, running ? LUA_GCRESTART : LUA_GCSTOP);
}

// Bulk copies for curve sampling (Runtime.sample): one call per batch instead of two or three
// Swift->C calls per number. Only non-raising API calls: the table is created with its final
// array size, so lua_rawseti never grows it, and raw access runs no metamethods.
#include <limits.h>
#include <math.h>

int ib_countstringkeys(lua_State *L, int index) {
    index = lua_absindex(L, index);
    int n = 0;
    lua_pushnil(L);
    while (lua_next(L, index)) {  // raises only for a key not in the table: never here
        n += lua_type(L, -2) == LUA_TSTRING;
        lua_pop(L, 1);
    }
    return n;
}

void ib_pushnumbers(lua_State *L, const double *values, size_t n) {
    lua_createtable(L, n > INT_MAX ? INT_MAX : (int)n, 0);
    for (size_t i = 0; i < n; i++) {
        lua_pushnumber(L, values[i]);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
}

size_t ib_readnumbers(lua_State *L, int index, size_t n, double *out) {
    int t = lua_absindex(L, index);
    // Pushing every value and dropping them together saves a lua_settop per number (a third of
    // the cost); lua_checkstack only fails when memory does, and then each is popped at once.
    int keep = n <= INT_MAX && lua_checkstack(L, (int)n);
    int base = lua_gettop(L);
    for (size_t i = 0; i < n; i++) {
        int ok = lua_rawgeti(L, t, (lua_Integer)i + 1) == LUA_TNUMBER;
        double v = lua_tonumberx(L, -1, NULL);
        if (!ok || !isfinite(v)) {
            lua_rotate(L, base + 1, 1);  // the bad value to the bottom of what was pushed
            lua_settop(L, base + 1);     // and only it stays
            return i;
        }
        out[i] = v;
        if (!keep) lua_settop(L, -2);
    }
    lua_settop(L, base);
    return n;
}

size_t ib_readstack(lua_State *L, int first, size_t n, double *out) {
    for (size_t i = 0; i < n; i++) {
        int index = first + (int)i;
        double v = lua_tonumberx(L, index, NULL);
        if (lua_type(L, index) != LUA_TNUMBER || !isfinite(v)) {
            lua_pushvalue(L, index);  // for the error message
            return i;
        }
        out[i] = v;
    }
    return n;
}
