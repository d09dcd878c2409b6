// coroutine.resume, coroutine.wrap and coroutine.close with two additions to the standard
// ones: nesting is bounded (IB_MAX_NESTING; see host.h for the 5.4.4 crash it prevents) and
// the host knows which coroutines are running, so that a limit's hook reaches them (hooks are
// per thread) and follows into every coroutine resumed after it was armed.
#include <string.h>
#include "host.h"

#include <stdio.h>

static int nestingError(lua_State *L) {
    lua_pushfstring(L, "coroutines nested too deep (limit %d)", IB_MAX_NESTING);
    return -1;
}

static void push(ib_Host *h, lua_State *co) {
    h->chain[h->depth] = co;
    atomic_signal_fence(memory_order_seq_cst);  // the arming signal handler reads the chain
    h->depth = h->depth + 1;
}

static void pop(ib_Host *h) { h->depth = h->depth - 1; }

// The host's hook (a limit's) follows into the coroutine; a script's own debug hooks do not.
static void followHook(lua_State *L, lua_State *co) {
    lua_Hook hook = lua_gethook(L);
    if (hook != NULL && ib_hostof(L)->budgetActive && lua_gethook(co) != hook)
        lua_sethook(co, hook, lua_gethookmask(L), lua_gethookcount(L));
}

// Resumes `co` with `narg` values from L's top. Returns the number of results moved to L, or
// -1 with an error value on L's top.
static int resume(lua_State *L, lua_State *co, int narg) {
    ib_Host *h = ib_hostof(L);
    if (h->depth >= IB_MAX_NESTING) return nestingError(L);
    if (!lua_checkstack(co, narg)) {
        lua_pushliteral(L, "too many arguments to resume");
        return -1;
    }
    lua_xmove(L, co, narg);
    followHook(L, co);
    push(h, co);
    int nres = 0;
    int status = lua_resume(co, L, narg, &nres);
    pop(h);
    if (status == LUA_OK || status == LUA_YIELD) {
        if (!lua_checkstack(L, nres + 1)) {
            lua_pop(co, nres);
            lua_pushliteral(L, "too many results to resume");
            return -1;
        }
        lua_xmove(co, L, nres);
        return nres;
    }
    lua_xmove(co, L, 1);
    return -1;
}

// lua_resetthread (runs pending __close handlers) inside the nesting bound.
static int closeThread(lua_State *L, lua_State *co) {
    ib_Host *h = ib_hostof(L);
    if (h->depth >= IB_MAX_NESTING) {
        nestingError(L);
        return lua_error(L);
    }
    followHook(L, co);
    push(h, co);
    int status = lua_resetthread(co);
    pop(h);
    return status;
}

static lua_State *checkCoroutine(lua_State *L, int arg) {
    lua_State *co = lua_tothread(L, arg);
    luaL_argexpected(L, co != NULL, arg, "coroutine");
    return co;
}

static int coResume(lua_State *L) {
    lua_State *co = checkCoroutine(L, 1);
    int n = resume(L, co, lua_gettop(L) - 1);
    if (n < 0) {
        lua_pushboolean(L, 0);
        lua_insert(L, -2);
        return 2;
    }
    lua_pushboolean(L, 1);
    lua_insert(L, -(n + 1));
    return n + 1;
}

static int wrapped(lua_State *L) {
    lua_State *co = lua_tothread(L, lua_upvalueindex(1));
    int n = resume(L, co, lua_gettop(L));
    if (n >= 0) return n;
    int status = lua_status(co);
    if (status != LUA_OK && status != LUA_YIELD) {  // the coroutine died: close its variables
        status = closeThread(L, co);
        lua_xmove(co, L, 1);  // the error, possibly replaced by a __close handler's
    }
    if (lua_type(L, -1) == LUA_TSTRING) {  // add where the wrapper was called
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
    }
    return lua_error(L);
}

static int coWrap(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_State *co = lua_newthread(L);
    lua_pushvalue(L, 1);
    lua_xmove(L, co, 1);
    lua_pushcclosure(L, wrapped, 1);
    return 1;
}

// Only suspended and dead coroutines may be closed, as in the standard library.
static int coClose(lua_State *L) {
    lua_State *co = checkCoroutine(L, 1);
    lua_Debug ar;
    int status = lua_status(co);
    int closable = co != L && (status == LUA_YIELD || status != LUA_OK ||
                               lua_getstack(co, 0, &ar) == 0);
    if (!closable) return luaL_error(L, "cannot close a %s coroutine", co == L ? "running" : "normal");
    status = closeThread(L, co);
    if (status == LUA_OK) {
        lua_pushboolean(L, 1);
        return 1;
    }
    lua_pushboolean(L, 0);
    lua_xmove(co, L, 1);
    return 2;
}

static int install(lua_State *L) {
    lua_getglobal(L, "coroutine");
    if (lua_type(L, -1) != LUA_TTABLE) return 0;
    lua_pushcfunction(L, coResume);
    lua_setfield(L, -2, "resume");
    lua_pushcfunction(L, coWrap);
    lua_setfield(L, -2, "wrap");
    lua_pushcfunction(L, coClose);
    lua_setfield(L, -2, "close");
    return 0;
}

int ib_installcoroutines(lua_State *L) {
    lua_pushcfunction(L, install);
    return ib_pcall(L, 0, 0, 0);
}

lua_State *ib_running(ib_Host *h) {
    int depth = h->depth;
    return depth > 0 ? h->chain[depth - 1] : h->main;
}

// The host's own Lua chunks ("=[inbetween NAME]", Runtime+Boot) are skipped: a position inside
// them (`[inbetween values]:47:`) means nothing to the reader of a script, the caller's does.
static int isHostChunk(const lua_Debug *ar) { return strncmp(ar->short_src, "[inbetween ", 11) == 0; }

int ib_userwhere(lua_State *L, int firstLevel, char *buffer, size_t size) {
    lua_Debug ar;
    buffer[0] = '\0';
    for (int level = firstLevel; level < firstLevel + 8 && lua_getstack(L, level, &ar); level++) {
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0 && !isHostChunk(&ar)) {
            snprintf(buffer, size, "%s:%d:", ar.short_src, ar.currentline);
            return 1;
        }
    }
    return 0;
}

void ib_currentwhere(ib_Host *h, char *buffer, size_t size) { ib_userwhere(ib_running(h), 0, buffer, size); }
