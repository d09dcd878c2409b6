-- expect: inbetween: escape-package-loadlib.lua:2: attempt to index a nil value (global 'package')
local open = package.loadlib("liblua5.4.so", "luaopen_io")
