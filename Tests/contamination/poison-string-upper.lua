string.upper = function() return "POISON" end
function string.trim(s) return s end
