// The host's own Lua code (Sources/InbetweenLua/Lua/*.lua), compiled into the binary with C23's
// #embed: the executable needs no resource files at run time, so a static binary copied or
// installed anywhere has them, and a build always has the current text (clang lists embedded
// files in its dependency output, so editing a .lua file rebuilds this one). The .lua files
// are checked by `luac5.4 -p` and luacheck in the tests (HostLuaSourcesTests).
//
// Beside each text, the same file compiled (Lua/compiled/NAME.luac, written by
// HostBytecodeTests with INBETWEEN_RECORD=1): parsing the host's 35 KB of Lua was about a sixth
// of a process's start-up, and loading the compiled form takes a tenth of that. A compiled file
// is used only when it was made from exactly the text built in (a hash of the text is in its
// header) by the same Lua release as the one linked, so a stale or foreign file costs speed,
// never behaviour: the text is loaded instead, and HostBytecodeTests fails until it is
// recorded again.
#pragma clang diagnostic ignored "-Wc23-extensions"
#include <stdint.h>
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

static const unsigned char kit_luac[] = {
#embed "../InbetweenLua/Lua/compiled/kit.luac"
};
static const unsigned char values_luac[] = {
#embed "../InbetweenLua/Lua/compiled/values.luac"
};
static const unsigned char easings_luac[] = {
#embed "../InbetweenLua/Lua/compiled/easings.luac"
};
static const unsigned char plugins_luac[] = {
#embed "../InbetweenLua/Lua/compiled/plugins.luac"
};
static const unsigned char environment_luac[] = {
#embed "../InbetweenLua/Lua/compiled/environment.luac"
};
static const unsigned char sandbox_luac[] = {
#embed "../InbetweenLua/Lua/compiled/sandbox.luac"
};

static const struct {
    const char *name;
    const char *text;
    size_t length;
    const unsigned char *compiled;
    size_t compiledLength;
} sources[] = {
    {"kit", kit_lua, sizeof kit_lua - 1, kit_luac, sizeof kit_luac},
    {"values", values_lua, sizeof values_lua - 1, values_luac, sizeof values_luac},
    {"easings", easings_lua, sizeof easings_lua - 1, easings_luac, sizeof easings_luac},
    {"plugins", plugins_lua, sizeof plugins_lua - 1, plugins_luac, sizeof plugins_luac},
    {"environment", environment_lua, sizeof environment_lua - 1, environment_luac, sizeof environment_luac},
    {"sandbox", sandbox_lua, sizeof sandbox_lua - 1, sandbox_luac, sizeof sandbox_luac},
};

// The plugins shipped in plugins/, built in twice: their text, so that a library host and a
// copied binary have the presets with no folder beside them (a host that finds no shipped
// folder loads these, under the names "plugins/NAME.lua"), and their compiled form (Lua/
// compiled/plugins/NAME.luac): a plugin file whose text is exactly one of these loads the
// compiled form under its own path (ib_loadcompiledas), so the shipped plugins cost no parsing
// either. An edited copy is parsed. HostBytecodeTests fails when a file of plugins/ is missing
// here, or differs from what is built in.
static const char coreanimation_lua[] = {
#embed "../../plugins/coreanimation.lua"
, 0};
static const unsigned char coreanimation_luac[] = {
#embed "../InbetweenLua/Lua/compiled/plugins/coreanimation.luac"
};
static const char css_lua[] = {
#embed "../../plugins/css.lua"
, 0};
static const unsigned char css_luac[] = {
#embed "../InbetweenLua/Lua/compiled/plugins/css.luac"
};
static const char custom_lua[] = {
#embed "../../plugins/custom.lua"
, 0};
static const unsigned char custom_luac[] = {
#embed "../InbetweenLua/Lua/compiled/plugins/custom.luac"
};
static const char penner_lua[] = {
#embed "../../plugins/penner.lua"
, 0};
static const unsigned char penner_luac[] = {
#embed "../InbetweenLua/Lua/compiled/plugins/penner.luac"
};
static const char springs_lua[] = {
#embed "../../plugins/springs.lua"
, 0};
static const unsigned char springs_luac[] = {
#embed "../InbetweenLua/Lua/compiled/plugins/springs.luac"
};

static const struct {
    const char *name;
    const char *text;
    size_t textLength;
    const unsigned char *compiled;
    size_t length;
} shipped[] = {
    {"coreanimation", coreanimation_lua, sizeof coreanimation_lua - 1, coreanimation_luac, sizeof coreanimation_luac},
    {"css", css_lua, sizeof css_lua - 1, css_luac, sizeof css_luac},
    {"custom", custom_lua, sizeof custom_lua - 1, custom_luac, sizeof custom_luac},
    {"penner", penner_lua, sizeof penner_lua - 1, penner_luac, sizeof penner_luac},
    {"springs", springs_lua, sizeof springs_lua - 1, springs_luac, sizeof springs_luac},
};

uint64_t ib_hosthash(const char *text, size_t length) {
    // FNV-1a over 8-byte words (then the tail byte by byte): a few microseconds for the whole
    // host, at every start-up. Not a defence against anyone, only a check that a compiled file
    // was made from this text.
    uint64_t h = 0xcbf29ce484222325u;
    size_t i = 0;
    for (; i + 8 <= length; i += 8) {
        uint64_t word;
        memcpy(&word, text + i, 8);
        h = (h ^ word) * 0x100000001b3u;
        h ^= h >> 29;
    }
    for (; i < length; i++) h = (h ^ (unsigned char)text[i]) * 0x100000001b3u;
    return h;
}

static uint64_t read64(const unsigned char *p) {
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = (v << 8) | p[i];
    return v;
}

static void write64(unsigned char *p, uint64_t v) {
    for (int i = 0; i < 8; i++, v >>= 8) p[i] = (unsigned char)v;
}

void ib_compiledheader(const char *text, size_t length, unsigned char header[IB_COMPILED_HEADER]) {
    memcpy(header, "IBLC", 4);
    write64(header + 4, (uint64_t)LUA_VERSION_RELEASE_NUM);
    write64(header + 12, (uint64_t)length);
    write64(header + 20, ib_hosthash(text, length));
}

const unsigned char *ib_compiledchunk(
    const char *text, size_t length, const unsigned char *compiled, size_t compiledLength,
    size_t *chunkLength) {
    *chunkLength = 0;
    if (compiledLength <= IB_COMPILED_HEADER || memcmp(compiled, "IBLC", 4) != 0) return NULL;
    if (read64(compiled + 4) != (uint64_t)LUA_VERSION_RELEASE_NUM) return NULL;
    if (read64(compiled + 12) != (uint64_t)length || read64(compiled + 20) != ib_hosthash(text, length)) {
        return NULL;
    }
    *chunkLength = compiledLength - IB_COMPILED_HEADER;
    return compiled + IB_COMPILED_HEADER;
}

const unsigned char *ib_hostcompiled(const char *name, size_t *length) {
    *length = 0;
    for (size_t i = 0; i < sizeof sources / sizeof sources[0]; i++) {
        if (strcmp(sources[i].name, name) == 0) {
            return ib_compiledchunk(
                sources[i].text, sources[i].length, sources[i].compiled, sources[i].compiledLength, length);
        }
    }
    return NULL;
}

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

const unsigned char *ib_shippedcompiled(const char *text, size_t length, size_t *chunkLength) {
    *chunkLength = 0;
    for (size_t i = 0; i < sizeof shipped / sizeof shipped[0]; i++) {
        // The length first: any other file (every batch job's script) costs no hashing.
        if (shipped[i].length > IB_COMPILED_HEADER && read64(shipped[i].compiled + 12) == (uint64_t)length) {
            const unsigned char *chunk =
                ib_compiledchunk(text, length, shipped[i].compiled, shipped[i].length, chunkLength);
            if (chunk) return chunk;
        }
    }
    return NULL;
}

const char *ib_shippedname(size_t index) {
    return index < sizeof shipped / sizeof shipped[0] ? shipped[index].name : NULL;
}

const char *ib_shippedtext(size_t index, size_t *length) {
    *length = 0;
    if (index >= sizeof shipped / sizeof shipped[0]) return NULL;
    *length = shipped[index].textLength;
    return shipped[index].text;
}
