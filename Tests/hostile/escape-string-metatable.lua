-- expect: inbetween: escape-string-metatable.lua:2: attempt to index a boolean value
local index = getmetatable("").__index
index.dump = nil
