rawset(animation, "basic", function() error("poisoned") end)
rawset(easing, "get", function() return function() return 0.5 end end)
rawset(timing, "easeIn", timing.linear)
rawset(_G, "color", function() return 0 end)
