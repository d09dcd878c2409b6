setmetatable(_G, {__index = function() return "POISON" end})
setmetatable(math, {__index = function() return function() return 0.5 end end})
setmetatable(easing, {__index = function() return function() return 0.5 end end})
math.sin = nil
