-- expect: inbetween: escape-package-loadlib.lua:2: attempt to index a nil value (global 'package'); package is not available in the sandbox (--trusted gives scripts Lua's full standard library)
local open = package.loadlib("liblua5.4.so", "luaopen_io")
