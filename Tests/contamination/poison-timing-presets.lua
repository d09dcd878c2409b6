timing.easeIn = timing.linear
timing.get = function() return timing.linear end
