-- expect: inbetween: escape-debug.lua:2: attempt to index a nil value (global 'debug'); debug is not available in the sandbox (--trusted gives scripts Lua's full standard library)
local registry = debug.getregistry()
