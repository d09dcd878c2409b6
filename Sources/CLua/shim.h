#ifndef INBETWEEN_CLUA_SHIM_H
#define INBETWEEN_CLUA_SHIM_H
// Lua 5.4 headers for Swift, plus static inline wrappers for the API macros Swift cannot
// import. Only wrappers live here: anything that may raise a Lua error is in CLuaSupport.
#include "lua54.h"

static inline void clua_pop(lua_State *L, int n) { lua_settop(L, -(n) - 1); }
static inline void clua_newtable(lua_State *L) { lua_createtable(L, 0, 0); }
static inline int clua_isnil(lua_State *L, int i) { return lua_type(L, i) == LUA_TNIL; }
static inline int clua_isnoneornil(lua_State *L, int i) { return lua_type(L, i) <= 0; }
static inline const char *clua_tostring(lua_State *L, int i) { return lua_tolstring(L, i, NULL); }
static inline lua_Number clua_tonumber(lua_State *L, int i, int *isnum) { return lua_tonumberx(L, i, isnum); }
static inline lua_Integer clua_tointeger(lua_State *L, int i, int *isnum) { return lua_tointegerx(L, i, isnum); }
static inline int clua_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline int clua_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline void clua_insert(lua_State *L, int i) { lua_rotate(L, i, 1); }
static inline void clua_remove(lua_State *L, int i) { lua_rotate(L, i, -1); lua_settop(L, -2); }
static inline const char *clua_typename_at(lua_State *L, int i) { return lua_typename(L, lua_type(L, i)); }

#endif
