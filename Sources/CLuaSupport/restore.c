// A run's copies of the host's tables (Lua/environment.lua): `copy` makes them, and `restore`
// puts them back as they were made, so that a batch worker can hand the next job the same
// tables instead of copying them again (a copy per job cost about a fifth of a small job's
// time). In C because both visit every entry of every copy (a few hundred) per run, where Lua's
// `next` and `rawset` calls cost more than the visit itself.
//
// Most jobs change none of the copies, and `restore` first checks that cheaply: each copy keeps
// a snapshot of what its traversal gave when it was last put back (`Snapshot`), and a copy
// whose traversal gives the same keys and values, in the same order, and nothing more, holds
// exactly what it held then. Only a copy that differs is put back entry by entry against its
// original. (A tiny batch job, 14 copies of 162 entries: the full comparison cost 70.8K
// instructions of the worker's 456K, about 400 an entry; the snapshot's 54K, about 300, half
// of it `lua_next` finding its key again, which nothing in Lua's API avoids. Telling that a
// table gained a key without visiting it would need a hook on every write, and a raw write has
// none.)
#include "CLuaSupport.h"

#include <stdint.h>
#include <string.h>

// More keys than this in a copy beyond the original's: the run grew it, and a table does not
// shrink when its keys are cleared, so a fresh copy is better than holding the growth.
#define IB_RESTORE_MAX_EXTRA 256

// Whether a script could tell the values at a and b apart: raw equality, and for numbers the
// same subtype too (an integer 0 and a float 0.0 are raw-equal but print as 0 and 0.0), and for
// floats the same bits (0.0 and -0.0 are raw-equal but print as 0.0 and -0.0).
static int same(lua_State *L, int a, int b) {
    if (!lua_rawequal(L, a, b)) return 0;
    if (lua_type(L, a) != LUA_TNUMBER) return 1;
    if (lua_isinteger(L, a) != lua_isinteger(L, b)) return 0;
    if (lua_isinteger(L, a)) return 1;
    lua_Number x = lua_tonumber(L, a), y = lua_tonumber(L, b);
    return memcmp(&x, &y, sizeof x) == 0;
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

// A value as the snapshot compares it: its type (floats apart from integers) and what tells it
// apart from every other value of that type: the object for strings, tables, functions,
// userdata and threads (`lua_topointer`; a long string equal to another but not the same
// object counts as different, which only sends the copy down the full comparison), the bits
// for numbers (0.0 and -0.0 differ) and booleans.
typedef struct {
    int tag;
    uint64_t bits;
} Identity;

typedef struct {
    Identity key, value;
} SnapshotEntry;

// What a copy's traversal gave right after it was put back, with its metatable. The objects
// named are kept alive by the snapshot's user value (a table listing them), so no other object
// can take one's address while the snapshot is in use.
typedef struct {
    lua_Integer count;
    const void *metatable;
    SnapshotEntry entries[];
} Snapshot;

#define IB_TAG_FLOAT (LUA_NUMTYPES + 1)  // floats; integers keep LUA_TNUMBER

_Static_assert(sizeof(lua_Number) <= sizeof(uint64_t), "a float's bits fit an identity");

static inline Identity identify(lua_State *L, int i) {
    Identity id = {lua_type(L, i), 0};
    switch (id.tag) {
    case LUA_TNUMBER:
        if (lua_isinteger(L, i)) {
            id.bits = (uint64_t)lua_tointeger(L, i);
        } else {
            lua_Number x = lua_tonumber(L, i);
            memcpy(&id.bits, &x, sizeof x);
            id.tag = IB_TAG_FLOAT;
        }
        break;
    case LUA_TBOOLEAN: id.bits = (uint64_t)lua_toboolean(L, i); break;
    default: id.bits = (uint64_t)(uintptr_t)lua_topointer(L, i); break;
    }
    return id;
}

static inline int identical(Identity a, Identity b) { return a.tag == b.tag && a.bits == b.bits; }

// Whether an identity tells its value apart from every other: an object without an address
// (`lua_topointer` gives NULL for strings in Lua 5.3, and a light userdata may be NULL) would
// look like any other of its type, so a copy holding one keeps no snapshot and is always
// compared in full.
static inline int identified(Identity id) {
    return id.tag == LUA_TNUMBER || id.tag == IB_TAG_FLOAT || id.tag == LUA_TBOOLEAN || id.bits != 0;
}

// Whether the copy at `copy` holds exactly what `snapshot` recorded. `lua_next` visits every
// key whose value is not nil exactly once, so the same sequence of keys and values of the same
// length means the same entries: anything a run added (a global, `rawset`, `table.insert`, a
// write from C), removed or replaced shows as a difference.
static int unchanged(lua_State *L, int copy, const Snapshot *snapshot) {
    lua_Integer i = 0, count = snapshot->count;
    const SnapshotEntry *entries = snapshot->entries;
    lua_pushnil(L);
    while (lua_next(L, copy)) {  // key value
        if (i >= count || !identical(identify(L, -2), entries[i].key) ||
            !identical(identify(L, -1), entries[i].value)) {
            lua_settop(L, -3);
            return 0;
        }
        lua_settop(L, -2);
        i++;
    }
    if (i != count) return 0;
    const void *metatable = NULL;
    if (lua_getmetatable(L, copy)) {
        metatable = lua_topointer(L, -1);
        lua_settop(L, -2);
    }
    return metatable == snapshot->metatable;
}

// Pushes a snapshot of the copy at `copy`, which has `count` entries (it was just put back),
// or false when it has more or holds a value without an address (then the next restore
// compares in full). False, not nil: `copies` is a sequence read with `lua_rawlen`, and a nil
// in its middle could end it there, leaving the copies after it never put back.
static void snapshot(lua_State *L, int copy, lua_Integer count) {
    luaL_checkstack(L, 6, "snapshot of a copy");
    Snapshot *s = lua_newuserdatauv(L, sizeof(Snapshot) + (size_t)count * sizeof(SnapshotEntry), 1);
    s->count = count;
    s->metatable = NULL;
    lua_createtable(L, (int)(2 * count + 1), 0);  // snapshot, what it names
    lua_Integer i = 0;
    lua_pushnil(L);
    while (lua_next(L, copy)) {  // snapshot names key value
        if (i >= count) {
            lua_pop(L, 4);
            lua_pushboolean(L, 0);
            return;
        }
        s->entries[i].key = identify(L, -2);
        s->entries[i].value = identify(L, -1);
        if (!identified(s->entries[i].key) || !identified(s->entries[i].value)) {
            lua_pop(L, 4);
            lua_pushboolean(L, 0);
            return;
        }
        lua_rawseti(L, -3, 2 * i + 2);
        lua_pushvalue(L, -1);
        lua_rawseti(L, -3, 2 * i + 1);
        i++;
    }
    s->count = i;
    if (lua_getmetatable(L, copy)) {
        s->metatable = lua_topointer(L, -1);
        lua_rawseti(L, -2, 2 * count + 1);
    }
    lua_setiuservalue(L, -2, 1);
}

// restore(copies, seen) -> boolean: `copies` is {copy, original, count, snapshot, copy, ...}
// (snapshot: false until the copy is first put back). False when a copy grew too much to keep
// (then the copies are half restored: drop them). Raises only out of memory (putting back a
// key the run removed, or a snapshot, may allocate).
static int restore(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_Integer n = (lua_Integer)lua_rawlen(L, 1);
    for (lua_Integer i = 1; i + 3 <= n; i += 4) {
        lua_rawgeti(L, 1, i);
        int top = lua_gettop(L);
        if (lua_type(L, top) != LUA_TTABLE) {
            return luaL_error(L, "restore: entry %d is not a copy and its original", (int)i);
        }
        if (lua_rawgeti(L, 1, i + 3) == LUA_TUSERDATA && unchanged(L, top, lua_touserdata(L, -1))) {
            lua_settop(L, top - 1);
            continue;
        }
        lua_pop(L, 1);
        lua_rawgeti(L, 1, i + 1);
        lua_rawgeti(L, 1, i + 2);
        lua_Integer count = lua_tointeger(L, -1);
        lua_pop(L, 1);
        if (lua_type(L, top + 1) != LUA_TTABLE) {
            return luaL_error(L, "restore: entry %d is not a copy and its original", (int)i);
        }
        int ok = restoreone(L, top, top + 1, 2, count);
        if (!ok) {
            lua_pushboolean(L, 0);
            return 1;
        }
        snapshot(L, top, count);
        lua_rawseti(L, 1, i + 3);
        lua_settop(L, top - 1);
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
    lua_pushboolean(L, 0);
    lua_rawseti(L, copies, length + 4);
}

// copy(t, seen, copies, shared, G) -> the copy of t: a new table with t's entries and
// metatable, where each table among the values that is G or marked in `shared` is replaced by
// its copy, made the same way once (`seen` maps originals to copies). Each copy is listed in
// `copies` as copy, original, entry count and false (no snapshot yet), for `restore`.
// Lua/environment.lua made the same copies in Lua; here they cost a fifth of the time, and
// every run and plugin makes them.
static int copy(lua_State *L) {
    for (int i = 1; i <= 5; i++) luaL_checktype(L, i, LUA_TTABLE);
    lua_settop(L, 5);
    copyone(L, 1, 2, 3, 4, 5);
    return 1;
}

void ib_pushcopy(lua_State *L) { lua_pushcfunction(L, copy); }
