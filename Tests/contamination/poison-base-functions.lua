ipairs = function() return function() end end
tostring = function() return "POISON" end
type = function() return "POISON" end
getmetatable = function() return {} end
