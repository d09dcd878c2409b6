-- expect: inbetween: escape-io-open.lua:2: attempt to index a nil value (global 'io'); io is not available in the sandbox (--trusted gives scripts Lua's full standard library)
local f = io.open("pwned.txt", "w")
f:write("x")
