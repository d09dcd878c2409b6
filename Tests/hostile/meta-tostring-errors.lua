-- expect: inbetween: meta-tostring-errors.lua:2: cannot describe
local t = setmetatable({}, {__tostring = function() error("cannot describe") end})
return tostring(t)
