utf8.char = function() return "POISON" end
os.date = function() return "POISON" end
coroutine.wrap = nil
string.rep = function() return "" end
table.concat = nil
