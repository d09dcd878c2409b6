-- expect: inbetween: meta-index-errors.lua:2: no field x
local t = setmetatable({}, {__index = function(_, k) error("no field " .. k) end})
return t.x
