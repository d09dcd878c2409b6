-- expect: inbetween: escape-env-games.lua:3: attempt to index a nil value (global 'io'); io is not available in the sandbox (--trusted gives scripts Lua's full standard library)
local _ENV = setmetatable({}, {__index = _G})
local f = io.open("pwned.txt", "w")
