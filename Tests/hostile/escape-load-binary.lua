-- expect: inbetween: escape-load-binary.lua:3: attempt to load a binary chunk (mode is 't')
local chunk = "\27LuaT\0\25\147\r\n\26\n"
assert(load(chunk))
