-- expect: inbetween: escape-io-open.lua:2: attempt to index a nil value (global 'io')
local f = io.open("pwned.txt", "w")
f:write("x")
