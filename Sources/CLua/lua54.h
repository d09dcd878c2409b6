#ifndef INBETWEEN_CLUA_LUA54_H
#define INBETWEEN_CLUA_LUA54_H
// Lua 5.4's three headers, wherever the package manager put them. With pkg-config (SwiftPM
// reads lua5.4.pc, Package.swift) its -I makes the plain names work on every layout below;
// the others are for a build whose compiler has only the default search paths:
// - Debian and Ubuntu (liblua5.4-dev): /usr/include/lua5.4/lua.h; lua5.4.pc has
//   -I/usr/include/lua5.4 and -llua5.4.
// - Homebrew (formula lua@5.4, keg-only since the formula `lua` moved to 5.5): headers in
//   $(brew --prefix lua@5.4)/include/lua, linked again into include/lua5.4; lib/pkgconfig holds
//   lua.pc (-I${prefix}/include/lua, -llua) and the links lua5.4.pc and lua-5.4.pc; lib holds
//   liblua.5.4.dylib and the link liblua5.4.dylib (Homebrew/homebrew-core,
//   Formula/l/lua@5.4.rb, `def install`). SwiftPM adds $(brew --prefix)/opt/lua@5.4/lib/pkgconfig
//   to its pkg-config search because the target names `.brew(["lua@5.4"])`
//   (swift-package-manager, Sources/PackageLoading/Target+PkgConfig.swift,
//   pkgConfigSearchPath).
// Shared by CLua's shim.h and CLuaSupport.h, so that both see the same headers.
#if __has_include(<lua.h>)
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#elif __has_include(<lua5.4/lua.h>)
#include <lua5.4/lua.h>
#include <lua5.4/lauxlib.h>
#include <lua5.4/lualib.h>
#elif __has_include(<lua/lua.h>)
#include <lua/lua.h>
#include <lua/lauxlib.h>
#include <lua/lualib.h>
#else
#error "Lua 5.4's headers not found: install liblua5.4-dev (Debian) or lua@5.4 (Homebrew)"
#endif

// Another Lua's headers may come first on a search path (Homebrew's `lua` is 5.5, its
// include/lua holds 5.5's lua.h); the host is written against 5.4's API and its limits.
#if defined(LUA_VERSION_NUM) && LUA_VERSION_NUM != 504
#error "Inbetween needs Lua 5.4 (LUA_VERSION_NUM 504): found another version's lua.h"
#endif

#endif
