-- expect: inbetween: escape-load-env.lua:4: attempt to index a nil value (local 'io')
local f = load("return io", "chunk", "t", _G)
local io = f()
io.open("pwned.txt", "w")
