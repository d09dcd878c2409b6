local G = _G
_ENV = setmetatable({}, {__index = G, __newindex = function(_, k, v) rawset(G, k, v) end})
leaked = 42
