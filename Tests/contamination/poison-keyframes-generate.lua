keyframes.generate = function() return {3.5, 3.5, 3.5, 3.5}, {0, 0.33, 0.66, 1} end
