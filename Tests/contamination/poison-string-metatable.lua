local mt = getmetatable("")
assert(mt == false, "the strings' metatable is reachable")
pcall(function() mt.__index = {upper = function() return "POISON" end} end)
pcall(setmetatable, "", {__index = {upper = function() return "POISON" end}})
