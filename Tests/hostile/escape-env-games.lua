-- expect: inbetween: escape-env-games.lua:3: attempt to index a nil value (global 'io')
local _ENV = setmetatable({}, {__index = _G})
local f = io.open("pwned.txt", "w")
