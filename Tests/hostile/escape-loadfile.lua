-- expect: inbetween: escape-loadfile.lua:2: attempt to call a nil value (global 'loadfile'); loadfile is not available in the sandbox (--trusted gives scripts Lua's full standard library)
local f = loadfile("/etc/passwd")
