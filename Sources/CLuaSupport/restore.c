// A run's copies of the host's tables (Lua/environment.lua): `copy` makes them, and `restore`
// puts them back as they were made, so that a batch worker can hand the next job the same
// tables instead of copying them again (a copy per job cost about a fifth of a small job's
// time). In C because both visit every entry of every copy (a few hundred) per run, where Lua's
// `next` and `rawset` calls cost more than the visit itself.
#include "CLuaSupport.h"

// More keys than this in a copy beyond the original's: the run grew it, and a table does not
// shrink when its keys are cleared, so a fresh copy is better than holding the growth.
#define IB_RESTORE_MAX_EXTRA 256

// Whether a script could tell the values at a and b apart: raw equality, and for numbers the
// same subtype too (an integer 0 and a float 0.0 are raw-equal but print as 0 and 0.0).
static int same(lua_State *L, int a, int b) {
    if (!lua_rawequal(L, a, b)) return 0;
    return lua_type(L, a) != LUA_TNUMBER || lua_isinteger(L, a) == lua_isinteger(L, b);
}

// With a key on top, replaces it by what the copy must hold under it: the template's value,
// or, for a table that was copied too, its copy (`seen` maps originals to copies). Returns the
// template value's type. (The fewest API calls: this runs for every entry of every copy.)
static int toexpected(lua_State *L, int template, int seen) {
    int type = lua_rawget(L, template);
    if (type == LUA_TTABLE) {
        lua_pushvalue(L, -1);
        if (lua_rawget(L, seen) != LUA_TNIL) lua_copy(L, -1, -2);
        lua_pop(L, 1);
    }
    return type;
}

// Makes the copy at `copy` hold exactly what the template holds (through `seen`), with the
// template's metatable. `count` is how many entries the template has. Returns 0 when the copy
// grew too much to keep.
static int restoreone(lua_State *L, int copy, int template, int seen, lua_Integer count) {
    lua_Integer kept = 0, extra = 0;
    lua_pushnil(L);
    while (lua_next(L, copy)) {  // key value
        lua_pushvalue(L, -2);
        int type = toexpected(L, template, seen);  // key value expected
        if (type == LUA_TNIL) {
            if (++extra > IB_RESTORE_MAX_EXTRA) {
                lua_pop(L, 3);
                return 0;
            }
        } else {
            kept++;
        }
        if (!same(L, -1, -2)) {
            // Changing or clearing a key that exists is allowed while traversing (manual, next).
            lua_pushvalue(L, -3);
            lua_pushvalue(L, -2);
            lua_rawset(L, copy);
        }
        lua_pop(L, 2);  // key
    }
    if (kept != count) {  // the run removed some: put them back
        lua_pushnil(L);
        while (lua_next(L, template)) {  // key value
            lua_pop(L, 1);
            lua_pushvalue(L, -1);
            if (lua_rawget(L, copy) == LUA_TNIL) {
                lua_pop(L, 1);
                lua_pushvalue(L, -1);
                lua_pushvalue(L, -1);
                toexpected(L, template, seen);  // key key expected
                lua_rawset(L, copy);
            } else {
                lua_pop(L, 1);
            }
        }
    }
    int copyHas = lua_getmetatable(L, copy);
    int templateHas = lua_getmetatable(L, template);
    if (copyHas != templateHas || (copyHas && !lua_rawequal(L, -1, -2))) {
        if (templateHas) {
            lua_pushvalue(L, -1);
        } else {
            lua_pushnil(L);
        }
        lua_setmetatable(L, copy);
    }
    lua_pop(L, copyHas + templateHas);
    return 1;
}

// restore(copies, seen) -> boolean: `copies` is {copy, original, count, copy, original, ...}.
// False when a copy grew too much to keep (then the copies are half restored: drop them).
// Raises only out of memory (putting back a key the run removed may allocate).
static int restore(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_Integer n = (lua_Integer)lua_rawlen(L, 1);
    for (lua_Integer i = 1; i + 2 <= n; i += 3) {
        lua_rawgeti(L, 1, i);
        lua_rawgeti(L, 1, i + 1);
        lua_rawgeti(L, 1, i + 2);
        lua_Integer count = lua_tointeger(L, -1);
        lua_pop(L, 1);
        int top = lua_gettop(L);
        if (lua_type(L, top - 1) != LUA_TTABLE || lua_type(L, top) != LUA_TTABLE) {
            return luaL_error(L, "restore: entry %d is not a copy and its original", (int)i);
        }
        int ok = restoreone(L, top - 1, top, 2, count);
        lua_settop(L, top - 2);
        if (!ok) {
            lua_pushboolean(L, 0);
            return 1;
        }
    }
    lua_pushboolean(L, 1);
    return 1;
}

void ib_pushrestore(lua_State *L) { lua_pushcfunction(L, restore); }

// Pushes a copy of the table at `t` (see copy below). The other indices are absolute.
static void copyone(lua_State *L, int t, int seen, int copies, int shared, int globals) {
    luaL_checkstack(L, 8, "copying the globals");
    lua_newtable(L);
    int out = lua_gettop(L);
    lua_pushvalue(L, t);
    lua_pushvalue(L, out);
    lua_rawset(L, seen);
    lua_Integer n = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) {  // key value
        if (lua_type(L, -1) == LUA_TTABLE) {
            int copied = lua_rawequal(L, -1, globals);
            if (!copied) {
                lua_pushvalue(L, -1);
                lua_rawget(L, shared);
                copied = lua_toboolean(L, -1);
                lua_pop(L, 1);
            }
            if (copied) {
                lua_pushvalue(L, -1);
                if (lua_rawget(L, seen) == LUA_TNIL) {  // key value nil
                    lua_pop(L, 1);
                    copyone(L, lua_gettop(L), seen, copies, shared, globals);
                }
                lua_replace(L, -2);  // key copy
            }
        }
        lua_pushvalue(L, -2);
        lua_insert(L, -2);  // key key value
        lua_rawset(L, out);
        n++;
    }
    if (lua_getmetatable(L, t)) lua_setmetatable(L, out);
    lua_Integer length = (lua_Integer)lua_rawlen(L, copies);
    lua_pushvalue(L, out);
    lua_rawseti(L, copies, length + 1);
    lua_pushvalue(L, t);
    lua_rawseti(L, copies, length + 2);
    lua_pushinteger(L, n);
    lua_rawseti(L, copies, length + 3);
}

// copy(t, seen, copies, shared, G) -> the copy of t: a new table with t's entries and
// metatable, where each table among the values that is G or marked in `shared` is replaced by
// its copy, made the same way once (`seen` maps originals to copies). Each copy is listed in
// `copies` as copy, original, entry count, for `restore`. Lua/environment.lua made the same
// copies in Lua; here they cost a fifth of the time, and every run and plugin makes them.
static int copy(lua_State *L) {
    for (int i = 1; i <= 5; i++) luaL_checktype(L, i, LUA_TTABLE);
    lua_settop(L, 5);
    copyone(L, 1, 2, 3, 4, 5);
    return 1;
}

void ib_pushcopy(lua_State *L) { lua_pushcfunction(L, copy); }
