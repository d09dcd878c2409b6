math.sin = function() return 0.5 end
