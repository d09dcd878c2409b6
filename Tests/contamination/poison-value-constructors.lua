point = nil
transform = 42
path = print
color = function() return "POISON" end
