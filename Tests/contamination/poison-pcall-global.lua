_G.pcall = function() return false, "poisoned" end
pcall = _G.pcall
