-- refused: setmetatable with __gc; and a __gc added later does not mark the table
local ok = pcall(setmetatable, {}, {__gc = function() while true do end end})
assert(not ok)
local mt = {}
keep = setmetatable({}, mt)
mt.__gc = function() while true do end end
