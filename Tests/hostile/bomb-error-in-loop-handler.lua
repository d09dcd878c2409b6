-- expect: ^inbetween: bomb%-error%-in%-loop%-handler%.lua:%d+: instruction limit %(10000000%) exceeded; raise it with %-%-max%-instructions$
local ok = pcall(function() while true do end end)
local n = 0
while true do n = n + 1 end
