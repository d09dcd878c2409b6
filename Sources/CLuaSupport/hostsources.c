// The host's own Lua code (Sources/InbetweenLua/Lua/*.lua), compiled into the binary with C23's
// #embed: the executable needs no resource files at run time, so a static binary copied or
// installed anywhere has them, and a build always has the current text (clang lists embedded
// files in its dependency output, so editing a .lua file rebuilds this one). The .lua files
// are checked by `luac5.4 -p` and luacheck in the tests (HostLuaSourcesTests).
#pragma clang diagnostic ignored "-Wc23-extensions"
#include <string.h>
#include "CLuaSupport.h"

static const char kit_lua[] = {
#embed "../InbetweenLua/Lua/kit.lua"
, 0};
static const char values_lua[] = {
#embed "../InbetweenLua/Lua/values.lua"
, 0};
static const char easings_lua[] = {
#embed "../InbetweenLua/Lua/easings.lua"
, 0};
static const char plugins_lua[] = {
#embed "../InbetweenLua/Lua/plugins.lua"
, 0};
static const char environment_lua[] = {
#embed "../InbetweenLua/Lua/environment.lua"
, 0};
static const char sandbox_lua[] = {
#embed "../InbetweenLua/Lua/sandbox.lua"
, 0};

static const struct { const char *name; const char *text; size_t length; } sources[] = {
    {"kit", kit_lua, sizeof kit_lua - 1},
    {"values", values_lua, sizeof values_lua - 1},
    {"easings", easings_lua, sizeof easings_lua - 1},
    {"plugins", plugins_lua, sizeof plugins_lua - 1},
    {"environment", environment_lua, sizeof environment_lua - 1},
    {"sandbox", sandbox_lua, sizeof sandbox_lua - 1},
};

const char *ib_hostsource(const char *name, size_t *length) {
    for (size_t i = 0; i < sizeof sources / sizeof sources[0]; i++) {
        if (strcmp(sources[i].name, name) == 0) {
            *length = sources[i].length;
            return sources[i].text;
        }
    }
    *length = 0;
    return NULL;
}
